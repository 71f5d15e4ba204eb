---- MODULE MappedAbs ----
\* An abstract counter, instantiated by Mapped with y <- 2 * x.
EXTENDS Naturals
VARIABLE y
Up == y' = y + 1
GuardedUp == y < 2 /\ y' = y + 1
Fair == WF_y(Up)
GuardedFair == WF_y(GuardedUp)
\* ENABLED written here: TLC makes the substitution of y outside it, so y' is free.
Jump == y' = 7
CanJump == ENABLED Jump
====
