\* expect: init=1 distinct=6 generated=11
---- MODULE actions ----
EXTENDS Naturals
VARIABLES pc, n
vars == <<pc, n>>
KeepN(A) == A /\ UNCHANGED n
Step(p) == pc' = p
Bump == LET m == n + 1 IN /\ n < 2 /\ n' = m /\ UNCHANGED pc
Init == pc = "a" /\ n = 0
Next == \/ KeepN(\E p \in {"a", "b"} : Step(p) /\ p # pc)
        \/ Bump
====
