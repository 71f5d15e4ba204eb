---- MODULE Countdown ----
(* A countdown from N. Without fairness a behaviour may stop (stutter) at any point, so *)
(* <>(n = 0) fails at once; with weak fairness of Tick it holds.                        *)
EXTENDS Naturals
CONSTANT N
VARIABLE n
Init == n = N
Tick == n > 0 /\ n' = n - 1
Spec == Init /\ [][Tick]_n
FairSpec == Spec /\ WF_n(Tick)
ReachesZero == <>(n = 0)
StaysZero == <>[](n = 0)
====
