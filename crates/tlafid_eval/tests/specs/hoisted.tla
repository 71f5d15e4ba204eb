\* expect: init=1 distinct=10 generated=20
---- MODULE hoisted ----
EXTENDS Naturals
VARIABLES phase, x
Init == phase = "idle" /\ x = 0
Start(k) == /\ phase = "idle"
            /\ x + k <= 4
            /\ phase' = "busy"
            /\ x' = x + k
Reset(k) == LET m == k IN /\ phase \in {"busy"} /\ phase' = "idle" /\ x' = (x + m) % 5
Stop == /\ phase # "idle" /\ x = 4 /\ phase' = "done" /\ UNCHANGED x
Next == \/ \E k \in 1..2 : Start(k) \/ Reset(k)
        \/ \E k \in {} : Start(k)
        \/ \E j \in 1..2 : \E k \in {j} : Stop
====
