---- MODULE Cycle ----
(* The abstract spec: a phase that cycles 0 -> 1 -> 2 -> 0 forever (weak fairness). *)
EXTENDS Naturals
VARIABLE phase
Init == phase = 0
Step == phase' = (phase + 1) % 3
Spec == Init /\ [][Step]_phase /\ WF_phase(Step)
====
