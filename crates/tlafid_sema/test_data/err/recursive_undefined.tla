---- MODULE recursive_undefined ----
RECURSIVE F(_)
A == LET RECURSIVE G(_) IN 1
====
