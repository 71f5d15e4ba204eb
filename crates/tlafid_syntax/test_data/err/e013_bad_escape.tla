---- MODULE BadEscape ----
Op == "a\qb"
====
