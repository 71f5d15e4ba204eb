\* expect: error E082: operator calls nested deeper than 5000 (in Loop) at fndef_apply_depth.tla:6:20
---- MODULE fndef_apply_depth ----
\* A recursive function definition without a base case: the depth limit, not a crash.
EXTENDS Naturals
VARIABLES x
Loop[n \in Nat] == Loop[n + 1] + x
Init == x = 0
Next == Loop[0] > 0 /\ x' = x
====
