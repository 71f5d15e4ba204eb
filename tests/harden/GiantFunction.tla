---- MODULE GiantFunction ----
\* Regression (issue 14, class 4): building a function of 2^31 arguments passes the memory
\* budget; the run ends incomplete (max_memory), not killed.
EXTENDS Naturals
VARIABLE x
Init == x = [i \in 1..2147483647 |-> 0]
Next == x' = x
====
