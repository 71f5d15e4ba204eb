---------------------------- MODULE ConstantFairness ----------------------------
(* Fairness stated under a constant condition, as InnerSerial states it:          *)
(* \A i, j \in Procs : i # j => WF_vars(Link(i, j)). The condition is decided    *)
(* when the property is translated, so each pair adds one fairness condition      *)
(* rather than splitting the normal form in two (4 processes: 12 conditions).     *)
EXTENDS Naturals

CONSTANTS N, SkipFrom, SkipTo  \* the pair <<SkipFrom, SkipTo>> gets no fairness

VARIABLES links, done
vars == <<links, done>>

Procs == 1..N

Init == links = {} /\ done = FALSE

Link(i, j) ==
  /\ <<i, j>> \notin links
  /\ links' = links \cup {<<i, j>>}
  /\ UNCHANGED done

Finish ==
  /\ links = {p \in Procs \X Procs : p[1] # p[2]}
  /\ ~done
  /\ done' = TRUE
  /\ UNCHANGED links

Next == (\E i, j \in Procs : i # j /\ Link(i, j)) \/ Finish

Spec ==
  /\ Init
  /\ [][Next]_vars
  /\ \A i, j \in Procs : (i # j /\ <<i, j>> # <<SkipFrom, SkipTo>>) => WF_vars(Link(i, j))
  /\ WF_vars(Finish)

AllLinked == <>done
=============================================================================
