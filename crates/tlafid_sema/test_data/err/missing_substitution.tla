---- MODULE missing_substitution ----
I == INSTANCE Sub
---- MODULE Sub ----
CONSTANT c
VARIABLE v
Op == c
====
====
