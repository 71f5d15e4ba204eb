---- MODULE LabelDispatch ----
(* Actions that begin by testing a label, pc[self] = "...", as PlusCal writes them: the
   splitter reads pc[self] once and walks only the actions of that label. Mixed in: an
   unlabelled action (walked in every state), a disjunction inside the disjunction, a label
   read at a constant index ("main"), and a process whose pc holds a model value (compared
   with the labels without error, and walked by the actions as usual). *)
EXTENDS Naturals
CONSTANTS Procs, Halted
VARIABLES pc, n
vars == <<pc, n>>

Init == /\ pc = [p \in Procs \cup {"main"} |-> IF p = "main" THEN "start" ELSE "a"]
        /\ n = 0

A(self) == /\ pc[self] = "a"
           /\ pc' = [pc EXCEPT ![self] = "b"]
           /\ UNCHANGED n

B(self) == /\ pc[self] = "b"
           /\ n' = (n + 1) % 4
           /\ pc' = [pc EXCEPT ![self] = "c"]

C(self) == /\ pc[self] = "c"
           /\ \/ pc' = [pc EXCEPT ![self] = "a"]
              \/ pc' = [pc EXCEPT ![self] = Halted]
           /\ UNCHANGED n

Tick(self) == /\ n = 1
              /\ n' = 2
              /\ UNCHANGED pc

Wake(self) == /\ pc[self] = Halted
              /\ n = 3
              /\ pc' = [pc EXCEPT ![self] = "a"]
              /\ UNCHANGED n

Proc(self) == A(self) \/ Tick(self) \/ (B(self) \/ C(self)) \/ Wake(self)

Main == \/ /\ pc["main"] = "start"
           /\ pc' = [pc EXCEPT !["main"] = "run"]
           /\ UNCHANGED n
        \/ /\ pc["main"] = "run"
           /\ n = 2
           /\ pc' = [pc EXCEPT !["main"] = "stop"]
           /\ UNCHANGED n

Next == Main \/ \E self \in Procs : Proc(self)

Spec == Init /\ [][Next]_vars

\* Violated: main stops while a process is halted.
NotStoppedWhileHalted == ~(pc["main"] = "stop" /\ \E p \in Procs : pc[p] = Halted)
====
