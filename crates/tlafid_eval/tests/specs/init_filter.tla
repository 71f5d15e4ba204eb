\* expect: init=71 distinct=75 generated=146
---- MODULE init_filter ----
\* An initial predicate that enumerates a type and filters it (`TypeOK /\ Inv`): the
\* pending conjuncts are tested over the assigned state, a `LET` of the initial predicate
\* that reads a variable (`lim`) included; its value must not outlive the candidate.
EXTENDS Naturals, FiniteSets
VARIABLES x, y, f
TypeOK == /\ x \in 0..3
          /\ y \in SUBSET {1, 2}
          /\ f \in [{1, 2} -> 0..2]
Big(n) == LET twice == 2 * n IN twice > x
Inv == /\ \A i \in {1, 2} : f[i] <= x
       /\ (x \in y) => Big(f[1])
Init == LET lim == x + 1 IN
        /\ TypeOK
        /\ Inv
        /\ Cardinality(y) < lim
Next == \/ x < 3 /\ x' = x + 1 /\ UNCHANGED <<y, f>>
        \/ x = 3 /\ UNCHANGED <<x, y, f>>
====
