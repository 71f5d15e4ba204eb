---- MODULE TwoStep ----
(* An implementation of Cycle that advances the phase in two steps (prepare, commit),  *)
(* with weak fairness. TwoStep refines Cycle (PROPERTY Refines, that is C!Spec): the    *)
(* safety part (Init, [][Step]_phase) is checked on every step, the fairness part       *)
(* WF_phase(Step) as a temporal property. Sloppy may, once the phase has reached 2,     *)
(* halt; its behaviours then stay in phase 2, which Cycle's fairness forbids.           *)
EXTENDS Naturals
VARIABLES phase, ready, halted
vars == <<phase, ready, halted>>
Init == phase = 0 /\ ready = FALSE /\ halted = FALSE
Prepare == ~halted /\ ~ready /\ ready' = TRUE /\ UNCHANGED <<phase, halted>>
Commit == ready /\ phase' = (phase + 1) % 3 /\ ready' = FALSE /\ UNCHANGED halted
Halt == phase = 2 /\ ~ready /\ ~halted /\ halted' = TRUE /\ UNCHANGED <<phase, ready>>
Next == Prepare \/ Commit
SloppyNext == Next \/ Halt
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)
Sloppy == Init /\ [][SloppyNext]_vars /\ WF_vars(Next)
C == INSTANCE Cycle
Refines == C!Spec
====
