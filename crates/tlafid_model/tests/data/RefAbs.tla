---- MODULE RefAbs ----
\* The abstraction RefImpl maps to: a total that grows, parts that grow by two.
EXTENDS Naturals
VARIABLES total, parts, half
vars == <<total, parts, half>>
Init == total = 0 /\ parts = [i \in 0..1 |-> 0] /\ half = 0
Grow == total' = total + 1 /\ UNCHANGED parts
Part(i) == parts' = [parts EXCEPT ![i] = @ + 2] /\ UNCHANGED <<total, half>>
Next == Grow \/ \E i \in DOMAIN parts : Part(i)
Spec == Init /\ [][Next]_vars
\* Violated when a goes from 1 to 2: half changes too.
GrowBroken == total' = total + 1 /\ UNCHANGED <<parts, half>>
BrokenSpec == Init /\ [][GrowBroken \/ \E i \in DOMAIN parts : Part(i)]_vars
====
