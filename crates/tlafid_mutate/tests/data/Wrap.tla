---- MODULE Wrap ----
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = FALSE
Next == \/ x < 3 /\ x' = x + 1 /\ y' = y
        \/ x = 3 /\ x' = 0 /\ y' = ~y
Spec == Init /\ [][Next]_<<x, y>>
NonNegative == x >= 0
FlipsAtWrap == [][(x' = 0) => (y' # y)]_<<x, y>>
SelfEqual == x = x \/ y
====
