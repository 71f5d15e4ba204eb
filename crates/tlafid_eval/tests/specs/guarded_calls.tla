\* expect: init=1 distinct=4913 generated=55489
---- MODULE guarded_calls ----
\* Actions whose leading guards read only their parameters, passed as the caller's
\* consecutive `\E` variables: tested before the call's frame is opened, the first false
\* one ending the action (a guard on a parameter, `t \in open`, one on the state by the
\* parameters, `val[t][k] = 0`, and one on a parameter alone, `v # 0`).
EXTENDS Naturals, FiniteSets
VARIABLES open, val, log
T == {1, 2, 3}
K == {"a", "b"}
V == {0, 1, 2}
Init == /\ open = {}
        /\ val = [t \in T |-> [k \in K |-> 0]]
        /\ log = [t \in T |-> {}]
Open(t) == /\ t \notin open
           /\ open' = open \cup {t}
           /\ UNCHANGED <<val, log>>
Add(t, k, v) == /\ t \in open
                /\ val[t][k] = 0
                /\ v # 0
                /\ val' = [val EXCEPT ![t][k] = v]
                /\ log' = [log EXCEPT ![t] = @ \cup {k}]
                /\ UNCHANGED open
Drop(t, k) == /\ t \in open
              /\ val[t][k] # 0
              /\ k \in log[t]
              /\ val' = [val EXCEPT ![t][k] = 0]
              /\ UNCHANGED <<open, log>>
Close(t) == /\ t \in open
            /\ Cardinality(log[t]) > 0
            /\ open' = open \ {t}
            /\ val' = [val EXCEPT ![t] = [k \in K |-> 0]]
            /\ log' = [log EXCEPT ![t] = {}]
Next == \/ \E t \in T : Open(t)
        \/ \E t \in open : \E k \in K : \E v \in V : Add(t, k, v)
        \/ \E t \in open : \E k \in K : Drop(t, k)
        \/ \E t \in open : Close(t)
====
