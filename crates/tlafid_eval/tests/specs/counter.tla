\* expect: init=2 distinct=8 generated=16
---- MODULE counter ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y \in {0, 1}
Inc == x < 3 /\ x' = x + 1 /\ UNCHANGED y
Flip == y' = 1 - y /\ UNCHANGED x
Next == Inc \/ Flip
====
