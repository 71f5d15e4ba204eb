---------------------------- MODULE Unchanged ----------------------------
(* Invariants and constraints that read only some variables: a successor   *)
(* that leaves them unchanged satisfies them as its predecessor did, and    *)
(* one that changes them is checked.                                        *)
EXTENDS Naturals, FiniteSets
VARIABLES x, y, z
vars == <<x, y, z>>

Init == x = 0 /\ y = 0 /\ z = {}

IncX == x' = x + 1 /\ UNCHANGED <<y, z>>
IncY == y' = (y + 1) % 4 /\ UNCHANGED <<x, z>>
AddZ == x < 2 /\ \E v \in 1..3 : v \notin z /\ z' = z \cup {v} /\ UNCHANGED <<x, y>>
DropZ == \E v \in z : z' = z \ {v} /\ UNCHANGED <<x, y>>
Next == IncX \/ IncY \/ AddZ \/ DropZ
Spec == Init /\ [][Next]_vars

TypeOK == /\ x \in 0..10
          /\ y \in 0..3
          /\ \A v \in z : v \in 1..3
          /\ Cardinality(z) <= 3

\* Reads z only: fails once z holds 1, 2 and 3 (reached by AddZ only).
SmallZ == \A S \in SUBSET z : Cardinality(S) < 3

\* Reads x and z: fails at x = 4 with 3 in z, reached by IncX only.
XZ == \A v \in z : x + v < 7

\* Constraints that read x, and z.
XBound == \A i \in {x} : i < 5
ZBound == \E S \in {z} : Cardinality(S) < 3
=============================================================================
