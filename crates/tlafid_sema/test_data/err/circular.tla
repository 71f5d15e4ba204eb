---- MODULE circular ----
EXTENDS A
---- MODULE A ----
EXTENDS B
====
---- MODULE B ----
EXTENDS A
====
====
