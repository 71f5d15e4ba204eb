\* expect: init=1 distinct=36 generated=85
---- MODULE plan_shapes ----
\* Conjuncts that choose one assignment (IF, CASE, =>), a CASE whose OTHER arm
\* branches, a LET, a primed variable assigned twice (compared the second time),
\* UNCHANGED through operators and nested tuples, and an action that assigns
\* everything before a disjunction (tested, not branched).
EXTENDS Naturals
VARIABLES a, b, c
vars == <<a, b, c>>
rest == <<b, <<c>>>>
Init == a = 0 /\ b = 0 /\ c = 0
Step(n) ==
  /\ a < 4
  /\ IF a % 2 = 0 THEN b' = b + n ELSE b' = b
  /\ CASE n = 1 -> c' = 1 [] n = 2 -> c' = 2 [] OTHER -> c' \in {3, 4}
  /\ a' = a + 1
  /\ (b' > 3) => (c' = 2)
  /\ LET d == a + b IN d >= 0
  /\ a' = a + 1
  /\ c' = 1 \/ c' >= 2 \/ c' = 2
Skip == /\ a = 4 /\ UNCHANGED vars
Reset == /\ a = 4 /\ b > 5 /\ a' = 0 /\ UNCHANGED rest
Twice == /\ a = 4 /\ c = 2 /\ c' \in {2, 9} /\ (b' = b \/ b' = b) /\ a' = a
Next == (\E n \in 1..3 : Step(n)) \/ Skip \/ Reset \/ Twice
====
