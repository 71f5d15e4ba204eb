---- MODULE Tautology ----
\* Regression (issue 14, class 7): NonNegative holds in every state of the type domain, but
\* an exploration cut by its budget never yields a definite verdict (no "tautology").
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = (x + 1) % 100
TypeOK == x \in 0..99
NonNegative == x >= 0
====
