---- MODULE LongStep ----
\* Regression (issue 14, class 3): one successor computation of 2^44 quantifier bindings;
\* the time budget must stop it inside the step.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = IF \A a, b, c, d \in 1..4096 : a + b + c + d > 0 THEN x + 1 ELSE x
Small == x < 5
====
