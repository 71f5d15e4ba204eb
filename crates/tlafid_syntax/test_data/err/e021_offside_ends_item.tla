---- MODULE Offside2 ----
Op == /\ x =
/\ y
Ok == 1
====
