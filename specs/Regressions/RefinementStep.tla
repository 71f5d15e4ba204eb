---------------------------- MODULE RefinementStep ----------------------------
(* A queue of jobs refining a counter of submitted and finished jobs: the       *)
(* refinement mapping substitutes expressions (submitted, head) for the high    *)
(* level's variables, so every step checks [][H!Next]_H!vars with primed        *)
(* state functions (total' is submitted in the next state).  Bug lets a step    *)
(* drop two jobs; Broken makes the mapping fail in a next state only.           *)
EXTENDS Integers, Sequences

CONSTANTS Limit, Bug, Broken

VARIABLES inbox, done

vars == <<inbox, done>>

Init == inbox = << >> /\ done = 0

Push == /\ Len(inbox) < Limit
        /\ inbox' = Append(inbox, Len(inbox) + done)
        /\ UNCHANGED done

Pop == /\ inbox # << >>
       /\ inbox' = Tail(inbox)
       /\ done' = done + 1

PopTwo == /\ Bug
          /\ Len(inbox) >= 2
          /\ inbox' = Tail(Tail(inbox))
          /\ done' = done + 1

Next == Push \/ Pop \/ PopTwo

Spec == Init /\ [][Next]_vars

submitted == Len(inbox) + done

head == CASE inbox = << >> -> -1
          [] Broken /\ Len(inbox) = Limit -> Head(<< >>)
          [] OTHER -> Head(inbox)

H == INSTANCE RefinementStepHigh WITH total <- submitted, next <- head, finished <- done

HSpec == H!Spec

Bounded == done <= 2 * Limit + 1

Constraint == done <= 2 * Limit
===============================================================================
