---- MODULE Live ----
\* Temporal forms for the translation tests (Translation only; figures in specs/Liveness).
EXTENDS Naturals
CONSTANTS Procs
VARIABLES pc, n
vars == <<pc, n>>

Init == pc = [p \in Procs |-> 0] /\ n = 0
Step(p) == pc[p] < 2 /\ pc' = [pc EXCEPT ![p] = @ + 1] /\ n' = n + 1
Reset == n > 0 /\ pc' = [p \in Procs |-> 0] /\ n' = 0
Next == Reset \/ \E p \in Procs : Step(p)

Fair(p) == WF_vars(Step(p))
Spec == Init /\ [][Next]_vars /\ \A p \in Procs : Fair(p) /\ SF_n(Reset)

Done(p) == pc[p] = 2
EachDone == \A p \in Procs : <>Done(p)
LeadsBack == n > 0 ~> n = 0
SomeStep == \E p \in Procs : []<><<Step(p)>>_vars
Stable == <>[][Reset]_vars
Twice(F) == F /\ F
TwiceReach == Twice(<>(n = 1))
Cond == IF n = 0 THEN <>(n > 0) ELSE []<>(n = 0)
Imp == (<>(n = 2)) => []<>(n = 0)
Equiv == (<>(n = 2)) <=> (<>(n = 1))
Let == LET k == 1 IN <>(n = k)
TQuant == \EE y : <>(n = 1)
====
