\* expect: error E070: the second argument of \div is 0 (in 6 \div 0) at init_filter_error.tla:7:26
---- MODULE init_filter_error ----
\* A pending conjunct of the initial predicate that fails: the error is the one the
\* initial predicate's own evaluation gives.
EXTENDS Integers
VARIABLES x
Init == /\ x \in 0..2 /\ (6 \div (x - 1)) > 0
Next == UNCHANGED x
====
