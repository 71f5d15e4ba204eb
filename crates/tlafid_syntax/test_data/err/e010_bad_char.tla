---- MODULE BadChar ----
Op == 1 ` 2
====
