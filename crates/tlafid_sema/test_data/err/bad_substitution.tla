---- MODULE bad_substitution ----
---- MODULE Sub ----
CONSTANT c
Op == c
====
CONSTANT c
I == INSTANCE Sub WITH Op <- 1, c <- 2, c <- 3
====
