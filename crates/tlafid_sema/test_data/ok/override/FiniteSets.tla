---- MODULE FiniteSets ----
Cardinality(S) == 42
====
