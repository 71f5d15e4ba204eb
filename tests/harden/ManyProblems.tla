---- MODULE ManyProblems ----
\* Regression (issue 14): a counterexample 3,000 states long, written as JSON and ITF; and
\* flags with huge values.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = x + 1
Small == x < 3000
====
