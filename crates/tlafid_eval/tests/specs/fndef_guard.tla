\* expect: init=1 distinct=16 generated=129
---- MODULE fndef_guard ----
\* Function definitions of the state applied by the generator: a body that is one test
\* (tested as a guard, its value kept for the state) and one with a disjunction (each true
\* disjunct a branch of its own, as TLC counts them), under `\E`, in `ENABLED`, and applied
\* again to equal arguments built apart.
EXTENDS Naturals
VARIABLES x, y
Vals == 0..3
Fits[a \in Vals, r \in [lo : Vals, hi : Vals]] == LET v == (x + a) % 4 IN r.lo <= v /\ v <= r.hi
Either[a \in Vals] == a = x \/ a = y \/ a + x = 3
Move(a) == /\ \E r \in {[lo |-> y, hi |-> 3], [lo |-> 0, hi |-> y]} : Fits[a, r]
           /\ x' = (x + a) % 4 /\ UNCHANGED y
Init == x = 0 /\ y = 0
Next == \/ \E a \in Vals : Move(a)
        \/ \E a \in Vals : Either[a] /\ y' = (y + a) % 4 /\ UNCHANGED x
        \/ /\ ~ENABLED Move(3) /\ Fits[1, [lo |-> 0, hi |-> 3]]
           /\ x' = 3 /\ y' = x
====
