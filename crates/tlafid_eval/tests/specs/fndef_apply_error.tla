\* expect: error E071: <<3, 1>> is not in the domain of the function Near at fndef_apply_error.tla:8:27
---- MODULE fndef_apply_error ----
\* A function definition of two variables applied outside its domain.
EXTENDS Naturals
VARIABLES x
Near[a \in 1..2, b \in 1..2] == a + b > x
Init == x = 0
Next == \E a \in {1, 3} : Near[a, 1] /\ x' = x
====
