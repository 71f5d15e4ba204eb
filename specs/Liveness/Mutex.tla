---- MODULE Mutex ----
(* A lock-based mutex: a waiting process enters when the lock is free. Whether a waiting *)
(* process eventually enters depends on the fairness assumed: none (it may wait forever,  *)
(* stuttering), weak fairness of each Enter (another process may take the lock each time  *)
(* it is freed, so Enter(p) is never continuously enabled), or strong fairness of Enter.  *)
EXTENDS Naturals
CONSTANT Proc
VARIABLES pc, lock
vars == <<pc, lock>>

Init == pc = [p \in Proc |-> "idle"] /\ lock = FALSE
Try(p) == pc[p] = "idle" /\ pc' = [pc EXCEPT ![p] = "wait"] /\ UNCHANGED lock
Enter(p) == pc[p] = "wait" /\ ~lock /\ lock' = TRUE /\ pc' = [pc EXCEPT ![p] = "cs"]
Exit(p) == pc[p] = "cs" /\ lock' = FALSE /\ pc' = [pc EXCEPT ![p] = "idle"]
Next == \E p \in Proc : Try(p) \/ Enter(p) \/ Exit(p)

Spec == Init /\ [][Next]_vars
Progress(p) == WF_vars(Exit(p)) /\ WF_vars(Enter(p))
WeakSpec == Spec /\ \A p \in Proc : Progress(p)
StrongSpec == Spec /\ \A p \in Proc : WF_vars(Exit(p)) /\ SF_vars(Enter(p))

MutualExclusion == \A p, q \in Proc : p # q => ~(pc[p] = "cs" /\ pc[q] = "cs")
NoStarvation == \A p \in Proc : pc[p] = "wait" ~> pc[p] = "cs"
====
