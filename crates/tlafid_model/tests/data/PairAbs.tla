---- MODULE PairAbs ----
\* Two abstract variables, instantiated by Pair with both mapped to the same variable.
VARIABLES a, b
Init == a = 0 /\ b = 0
Set == a' = 1 /\ b' = 2
Spec == Init /\ [][Set]_<<a, b>> /\ WF_<<a, b>>(Set)
====
