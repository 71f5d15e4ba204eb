-------------------------- MODULE InitEnumeration --------------------------
(* An initial predicate that enumerates constant sets (TypeOK-style) under  *)
(* the conjuncts before it, and filters by an inductive invariant, as       *)
(* MCBakery's ISpec: each constant set is one value, enumerated once. The   *)
(* counts and the first initial state violating Small are TLC's.            *)
EXTENDS Naturals, FiniteSets

CONSTANT Procs

VARIABLES a, b, c, d

vars == <<a, b, c, d>>

TypeOK == /\ a \in [Procs -> 0 .. 2]
          /\ b \in [Procs -> BOOLEAN]
          /\ c \subseteq Procs
          /\ d \in [Procs -> SUBSET Procs]

Inv == /\ \A p \in Procs : b[p] => a[p] > 0
       /\ \A p \in c : p \in d[p]

Init == TypeOK /\ Inv

Next == \E p \in Procs : /\ b[p]
                         /\ a' = [a EXCEPT ![p] = 0]
                         /\ b' = [b EXCEPT ![p] = FALSE]
                         /\ UNCHANGED <<c, d>>

Spec == Init /\ [][Next]_vars

Small == Cardinality(c) + a[CHOOSE p \in Procs : TRUE] < 3
=============================================================================
