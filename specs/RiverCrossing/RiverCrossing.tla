--------------------------- MODULE RiverCrossing ----------------------------
(* The farmer must ferry a wolf, a goat and a cabbage across a river in a *)
(* boat that holds the farmer and at most one passenger. Left alone, the  *)
(* wolf eats the goat and the goat eats the cabbage. The invariant        *)
(* NotAllAcross claims the puzzle cannot be solved; TLC's breadth-first   *)
(* search refutes it with a shortest solution: seven crossings, so a      *)
(* counterexample of eight states.                                        *)
EXTENDS Naturals, FiniteSets

Items == {"farmer", "wolf", "goat", "cabbage"}

VARIABLE left   \* who is on the left bank; everyone else is on the right

Safe(bank) ==
  "farmer" \notin bank =>
    /\ ~ ({"wolf", "goat"} \subseteq bank)
    /\ ~ ({"goat", "cabbage"} \subseteq bank)

TypeOK == left \subseteq Items

Init == left = Items

\* The farmer crosses from `here` to the other bank with `load` (a set of at
\* most one item that is on his bank).
Cross ==
  LET here == IF "farmer" \in left THEN left ELSE Items \ left
  IN  \E load \in SUBSET (here \ {"farmer"}) :
        /\ Cardinality(load) <= 1
        /\ LET moving == load \cup {"farmer"}
               left2 == IF "farmer" \in left THEN left \ moving ELSE left \cup moving
           IN  /\ Safe(left2)
               /\ Safe(Items \ left2)
               /\ left' = left2

Next == Cross

Spec == Init /\ [][Next]_left

NotAllAcross == left /= {}
=============================================================================
