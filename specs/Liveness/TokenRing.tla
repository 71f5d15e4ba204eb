---- MODULE TokenRing ----
(* A token passed around a ring of N processes; a process holding the token may also  *)
(* keep working with it. Each process eventually gets the token, and a request is      *)
(* eventually served, under weak fairness of each process's Pass (an operator with an *)
(* argument, quantified over the processes). Without fairness of Pass(N), the token  *)
(* can stay with process N forever.                                                    *)
EXTENDS Naturals
CONSTANT N
VARIABLES token, work, wants
vars == <<token, work, wants>>
Proc == 1 .. N

Init == token = 1 /\ work = 0 /\ wants = {}
Pass(p) == token = p /\ token' = (p % N) + 1 /\ work' = 0 /\ wants' = wants \ {p}
Work(p) == token = p /\ work < 2 /\ work' = work + 1 /\ UNCHANGED <<token, wants>>
Request(p) == p \notin wants /\ token # p /\ wants' = wants \cup {p} /\ UNCHANGED <<token, work>>
Next == \E p \in Proc : Pass(p) \/ Work(p) \/ Request(p)

Fair(p) == WF_vars(Pass(p))
Spec == Init /\ [][Next]_vars /\ \A p \in Proc : Fair(p)
PartlyFair == Init /\ [][Next]_vars /\ \A p \in 1 .. N - 1 : Fair(p)

Served == \A p \in Proc : p \in wants ~> token = p
EachGetsToken == \A p \in Proc : []<>(token = p)
====
