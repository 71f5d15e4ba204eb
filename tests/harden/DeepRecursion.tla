---- MODULE DeepRecursion ----
\* Regression (issue 14, class 2): a recursive function definition evaluated 2,000 deep.
EXTENDS Naturals
VARIABLE x
f[n \in Nat] == IF n = 0 THEN 0 ELSE 1 + f[n - 1]
Init == x = f[2000]
Next == x' = x
====
