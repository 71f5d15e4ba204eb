---- MODULE ViewConstraint ----
\* A VIEW that forgets y, with a CONSTRAINT and an invariant over y: the successor (2, 1) is
\* outside the model while its view, 2, was seen with (2, 0). TLC evaluates the constraint
\* on it and, the state being outside the model, its invariant, which it violates: a checker
\* that took a seen view for a seen state would skip both and report no error.
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == \/ x < 3 /\ x' = x + 1 /\ UNCHANGED y
        \/ y' = 1 - y /\ UNCHANGED x
View == x
InModel == y = 0
NotTwoOne == ~(x = 2 /\ y = 1)
====
