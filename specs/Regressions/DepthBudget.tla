---------------------------- MODULE DepthBudget ----------------------------
(* --max-depth: the last level allowed is expanded only up to its first new  *)
(* successor, which the budget refuses. Of the two initial states, the one   *)
(* with y = Stuck has no successor (a deadlock); with Stuck = 0 it comes     *)
(* first and is reported, with Stuck = 1 the budget's refusal comes first.   *)
EXTENDS Naturals

CONSTANT Stuck

VARIABLES x, y

Init == x = 0 /\ y \in {0, 1}

Next == y # Stuck /\ x < 3 /\ x' = x + 1 /\ UNCHANGED y
=============================================================================
