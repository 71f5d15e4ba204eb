\* expect: error E071: 3 is not in the domain of the function <<0, 0>> at guarded_call_error.tla:14:17
---- MODULE guarded_call_error ----
\* An error in an action's second guard, which reads only its parameters, after its first
\* held: met in the action's frame, in its place.
EXTENDS Naturals
VARIABLES open, val
T == {1, 2}
Init == /\ open = {}
        /\ val = [t \in T |-> 0]
Open(t) == /\ t \notin open
           /\ open' = open \cup {t}
           /\ UNCHANGED val
Set(t, k) == /\ t \in open
             /\ val[t + k] = 0
             /\ val' = [val EXCEPT ![t] = 1]
             /\ UNCHANGED open
Next == \/ \E t \in T : Open(t)
        \/ \E t \in open : \E k \in {0, 1} : Set(t, k)
====
