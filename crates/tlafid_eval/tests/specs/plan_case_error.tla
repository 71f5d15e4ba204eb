\* expect: error E074: no arm of this CASE is true and there is no OTHER arm at plan_case_error.tla:8:12
---- MODULE plan_case_error ----
\* A CASE in an action with no true arm and no OTHER: the error is the CASE's.
EXTENDS Naturals
VARIABLES x
Init == x = 0
Next == /\ x' = x + 1
        /\ CASE x = 0 -> TRUE [] x = 1 -> TRUE
====
