---- MODULE BadBinder ----
Op == \E 1 \in S : TRUE
Ok == 1
====
