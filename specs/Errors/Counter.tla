---- MODULE Counter ----
(* A counter that wraps around: the action property Increasing fails at the wrap;    *)
(* the liveness property ReachesLimit holds under weak fairness.                     *)
EXTENDS Naturals
CONSTANT Limit
VARIABLE x
Init == x = 0
Next == x' = IF x < Limit THEN x + 1 ELSE 0
Spec == Init /\ [][Next]_x /\ WF_x(Next)
Increasing == [][x' > x]_x
ReachesLimit == <>(x = Limit)
Bounded == x <= Limit
====
