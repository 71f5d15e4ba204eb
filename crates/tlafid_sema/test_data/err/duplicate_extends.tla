---- MODULE duplicate_extends ----
EXTENDS A, B
---- MODULE A ----
Op == 1
====
---- MODULE B ----
Op(x) == x
====
====
