\* expect: init=1 distinct=81 generated=217
---- MODULE pairs ----
\* `f[a, b]` on a state variable: searched without building the pair.
EXTENDS Naturals
VARIABLES f, n
Init == f = [p \in {1, 2} \X {1, 2} |-> 0] /\ n = 0
Next == \E a, b \in {1, 2} : /\ f[a, b] < 2
                             /\ f' = [f EXCEPT ![a, b] = f[a, b] + 1]
                             /\ n' = (n + f[b, a]) % 3
====
