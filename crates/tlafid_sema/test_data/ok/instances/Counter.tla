---- MODULE Counter ----
EXTENDS Naturals
CONSTANT Procs, c
VARIABLES x, y
Init == x = c /\ y = Procs
Step(n) == x' = x + n /\ y' = y
Inner == INSTANCE Bumper WITH v <- x
====
