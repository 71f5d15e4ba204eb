---- MODULE RefImpl ----
\* A refinement through substitutions of expressions: total <- a + b, parts <- a function
\* of c, half <- a \div 2. The abstract actions test primed substituted expressions
\* (`total'`, `parts'`) and UNCHANGED tuples of them in every step.
EXTENDS Naturals
VARIABLES a, b, c
vars == <<a, b, c>>
Init == a = 0 /\ b = 0 /\ c = [i \in 0..1 |-> 0]
IncA == a < 3 /\ a' = a + 1 /\ UNCHANGED <<b, c>>
IncB == b < 2 /\ b' = b + 1 /\ UNCHANGED <<a, c>>
Bump(i) == c[i] < 2 /\ c' = [c EXCEPT ![i] = @ + 1] /\ UNCHANGED <<a, b>>
Next == IncA \/ IncB \/ \E i \in 0..1 : Bump(i)
Spec == Init /\ [][Next]_vars
Abs == INSTANCE RefAbs WITH total <- a + b, parts <- [i \in 0..1 |-> 2 * c[i]], half <- a \div 2
Refines == Abs!Spec
RefinesBroken == Abs!BrokenSpec
====
