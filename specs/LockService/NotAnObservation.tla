---- MODULE NotAnObservation ----
(* Used by tests/cli/trace_bad_observe: an observation module that does not extend the *)
(* model it is given for, so `tlafid trace --observe` refuses it (E110).               *)
EXTENDS Naturals
busy == TRUE
====
