\* expect: error E078: cannot compare the integer 0 with the string "a" at hoisted_guard_error.tla:6:10
---- MODULE hoisted_guard_error ----
\* The hoisted guard fails to evaluate: the `\E` runs as usual and meets the error in place.
VARIABLES x
Init == x = 0
Go(k) == x = "a" /\ x' = k
Next == \E k \in {1, 2} : Go(k)
====
