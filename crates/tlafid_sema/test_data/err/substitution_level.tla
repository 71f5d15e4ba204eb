---- MODULE substitution_level ----
---- MODULE Sub ----
CONSTANT c
VARIABLE v
Op == v = c
====
VARIABLE x
I == INSTANCE Sub WITH c <- x, v <- x
J == INSTANCE Sub WITH c <- 1, v <- x'
A == I!Op /\ J!Op
====
