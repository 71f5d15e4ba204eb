\* expect: error E081: expected a set, found the string "idle" at hoisted_domain.tla:7:18
---- MODULE hoisted_domain ----
\* The guard is false in the initial state, and the `\E` domain is not a set: the error stays.
VARIABLES phase
Init == phase = "idle"
Go(k) == phase = "busy" /\ phase' = k
Next == \E k \in phase : Go(k)
====
