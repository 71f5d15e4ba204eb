\* expect: init=1 distinct=7 generated=21
---- MODULE plan_forall_branch ----
\* `\A` in an action is a conjunction of its instances, and an instance that is a
\* disjunction branches: for i = 2 both disjuncts hold, so what follows runs twice
\* (generated counts the duplicates). The last `\A` comes after every variable is
\* assigned: it is only tested, and its disjunctions do not branch.
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == /\ x < 3
        /\ \A i \in {1, 2} : x >= 0 \/ i = 2
        /\ x' = x + 1
        /\ \A j \in {1, 2} : y' \in {j, 3} \/ y' = 0
        /\ \A k \in {1, 2} : x' > 0 \/ k = 1
====
