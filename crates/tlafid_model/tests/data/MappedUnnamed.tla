---- MODULE MappedUnnamed ----
\* Mapped with an unnamed INSTANCE: MappedAbs's operators keep the root's (empty) instance
\* path, and TLC still decides the ENABLED of its Fair with y' free (Fair: violated, 4/4/0).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\ x' = x + 1
Spec == Init /\ [][Next]_x /\ WF_x(Next)
INSTANCE MappedAbs WITH y <- 2 * x
====
