----------------------------- MODULE ManyInits -----------------------------
(* 5,000 initial states, enumerated in order and checked by several workers  *)
(* in batches of 512: the verdicts, counts and the initial state reported    *)
(* must be those of one worker (and TLC's). The last disjunct of Init makes   *)
(* the first initial state again: a duplicate, generated but not new.        *)
EXTENDS Naturals
VARIABLES x, y, z

Init == \/ /\ x \in 0..99
           /\ y \in 0..49
           /\ z = x % 7
        \/ x = 0 /\ y = 0 /\ z = 0

Next == /\ x' = (x + y) % 100
        /\ y' = y
        /\ z' = z

\* With -continue: no step leads to a state not initial.
Stay == UNCHANGED <<x, y, z>>

\* Violated by six initial states, the first met after some 3,000 others.
NotCorner == ~(x = 60 /\ y > 43)
\* Violated by four initial states, in four batches.
NotTop == ~(y = 49 /\ x % 25 = 0)
\* Holds in every state.
TypeOK == x \in 0..99 /\ y \in 0..49 /\ z \in 0..6
=============================================================================
