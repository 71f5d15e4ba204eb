------------------------- MODULE RefinementStepHigh -------------------------
(* The high level of RefinementStep: jobs are numbered as submitted and run   *)
(* in order; next is the number of the next job to run, -1 when none waits.   *)
EXTENDS Integers

VARIABLES total, next, finished

Init == total = 0 /\ next = -1 /\ finished = 0

Submit == /\ total' = total + 1
          /\ next' = IF next = -1 THEN total ELSE next
          /\ UNCHANGED finished

Run == /\ next # -1
       /\ finished' = finished + 1
       /\ next' = IF total > finished' THEN next + 1 ELSE -1
       /\ UNCHANGED total

Next == Submit \/ Run

Spec == Init /\ [][Next]_<<total, next, finished>>
===============================================================================
