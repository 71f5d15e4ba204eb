----------------------------- MODULE Peterson -----------------------------
(* Peterson's mutual-exclusion algorithm for two processes, 0 and 1.       *)
EXTENDS Naturals

VARIABLES pc, flag, turn

vars == <<pc, flag, turn>>

Proc == {0, 1}
Other(p) == 1 - p

TypeOK ==
  /\ pc \in [Proc -> {"idle", "set", "wait", "cs"}]
  /\ flag \in [Proc -> BOOLEAN]
  /\ turn \in Proc

Init ==
  /\ pc = [p \in Proc |-> "idle"]
  /\ flag = [p \in Proc |-> FALSE]
  /\ turn = 0

Raise(p) ==
  /\ pc[p] = "idle"
  /\ flag' = [flag EXCEPT ![p] = TRUE]
  /\ pc' = [pc EXCEPT ![p] = "set"]
  /\ UNCHANGED turn

Yield(p) ==
  /\ pc[p] = "set"
  /\ turn' = Other(p)
  /\ pc' = [pc EXCEPT ![p] = "wait"]
  /\ UNCHANGED flag

Enter(p) ==
  /\ pc[p] = "wait"
  /\ ~flag[Other(p)] \/ turn = p
  /\ pc' = [pc EXCEPT ![p] = "cs"]
  /\ UNCHANGED <<flag, turn>>

Leave(p) ==
  /\ pc[p] = "cs"
  /\ flag' = [flag EXCEPT ![p] = FALSE]
  /\ pc' = [pc EXCEPT ![p] = "idle"]
  /\ UNCHANGED turn

Next == \E p \in Proc : Raise(p) \/ Yield(p) \/ Enter(p) \/ Leave(p)

Spec == Init /\ [][Next]_vars /\ \A p \in Proc : WF_vars(Next)

MutualExclusion == ~(pc[0] = "cs" /\ pc[1] = "cs")
=========================================================================
