---- MODULE MinLib ----
\* Extended by err/redefine_extended.tla, which defines Min again.
Min(S) == CHOOSE x \in S : \A y \in S : x = y
====
