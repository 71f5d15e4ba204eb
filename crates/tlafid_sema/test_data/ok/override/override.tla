---- MODULE override ----
\* A module the caller finds (here, beside the root) wins over the built-in one.
EXTENDS FiniteSets
T == Cardinality({1, 2})
====
