---- MODULE instances ----
EXTENDS Naturals
CONSTANT Procs
VARIABLES x, y, z
\* Implicit substitution of Procs and x; explicit y <- z, and c <- an expression.
C == INSTANCE Counter WITH y <- z, c <- Procs + 1
\* A parameterised instance: p is prepended to every operator of P.
P(p) == INSTANCE Counter WITH x <- p, y <- <<x, y>>, c <- p
Init == C!Init /\ P(3)!Init
Next == C!Step(2) \/ P(x)!Step(1)
Twice == C!Inner!Bump
====
