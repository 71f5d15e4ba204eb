---- MODULE stdlib ----
\* A standard module the test folder does not provide comes built in.
EXTENDS FiniteSets
T == Cardinality({1, 2})
====
