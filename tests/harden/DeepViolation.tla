---- MODULE DeepViolation ----
\* Regression (issue 14, class 2): a counterexample 500 states long whose last state is a
\* value nested 500 deep, written as JSON and as ITF.
EXTENDS Naturals
VARIABLES x, n
Init == x = <<>> /\ n = 0
Next == x' = <<x>> /\ n' = n + 1
Shallow == n < 500
====
