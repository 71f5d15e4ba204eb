\* expect: init=1 distinct=21 generated=97
---- MODULE plan_exists ----
\* `\E` inside an action over one variable, over two, and over a tuple; `x' \in S`
\* with `x'` unassigned (branches) and assigned (tested); an empty `\in`.
EXTENDS Naturals
VARIABLES p, q
Init == p = 0 /\ q = <<0, 0>>
Next == \/ /\ p < 3
           /\ \E i \in 1..2 : p' = p + i
           /\ \E r, s \in {0, 1} : q' = <<r, s>>
        \/ /\ p >= 3
           /\ \E <<u, v>> \in {<<1, 2>>, <<2, 1>>} : q' = <<u, v>> /\ q'[1] \in {1, 2}
           /\ p' \in {p}
           /\ p' \in {0, p}
        \/ /\ p = 4
           /\ p' \in {}
           /\ q' = q
====
