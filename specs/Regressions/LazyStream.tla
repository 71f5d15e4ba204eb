----------------------------- MODULE LazyStream -----------------------------
(* A function or subset set too large to build (over 2^24 elements) is     *)
(* enumerated one element at a time, as TLC enumerates SetOfFcnsValue in a *)
(* set filter and SubsetValue everywhere: the filter tests each function   *)
(* in turn, \E stops at its first witness, \A at its first counterexample  *)
(* and CHOOSE at the first element (in TLC's normalized order) that        *)
(* satisfies it, where building the set whole was refused (E079). An       *)
(* infinite one is still an error.                                         *)
EXTENDS Integers, FiniteSets

Nodes == 1..5
Graphs == SUBSET SUBSET Nodes
Solutions == {f \in [1..3 -> 1..257] : f[2] = 1 /\ f[1] + f[3] = 258}

ASSUME Cardinality(Solutions) = 257

VARIABLES x, picked

Init == x = 0 /\ picked = {}

Next ==
  /\ x < 4
  /\ x' = x + 1
  /\ picked' = CHOOSE E \in Graphs : Cardinality(E) = x + 1 /\ {1, x + 2} \in E

\* True in every state; each witness is among the first few thousand graphs.
Witnesses ==
  /\ \E E \in Graphs : Cardinality(E) = 2 /\ {1, 2} \in E /\ {x + 1} \in E
  /\ picked \in Graphs
  /\ <<x + 1, 1, 257 - x>> \in Solutions

\* Fails once picked has three edges: a graph of four edges comes early.
Small == Cardinality(picked) < 3 \/ \A E \in Graphs : Cardinality(E) < 4

\* Enumerates a function set with an infinite range: an error, as in TLC.
Unbounded == \E f \in [1..2 -> Nat] : f[1] > x
=============================================================================
