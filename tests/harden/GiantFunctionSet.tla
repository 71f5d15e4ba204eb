---- MODULE GiantFunctionSet ----
\* Regression (issue 14, class 2): one function of 2^31 arguments is too large to build:
\* a diagnostic (E079), not an allocation failure.
EXTENDS Naturals
VARIABLE x
Init == x \in [1..2147483647 -> {0}]
Next == x' = x
====
