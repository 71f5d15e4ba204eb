----------------------------- MODULE LazySubset -----------------------------
(* S \subseteq T where T is a set filter over an infinite set or a function   *)
(* set: each element of S is tested as by \in, as TLC does, and T is never  *)
(* enumerated (DiskSynod's ASSUME                                          *)
(* Ballot(p) \subseteq {n \in Nat : n > 0}).                                  *)
EXTENDS Naturals

CONSTANT Limit

Ballot(p) == {p + 1, p + 3}

ASSUME \A p \in 0..2 : Ballot(p) \subseteq {n \in Nat : n > 0}

VARIABLES picked, table

Init == picked = {} /\ table = [i \in 1..2 |-> 0]

Next ==
  \/ \E n \in 1..Limit :
       /\ n \notin picked
       /\ picked' = picked \cup {n}
       /\ UNCHANGED table
  \/ \E i \in 1..2 :
       /\ table[i] < 2
       /\ table' = [table EXCEPT ![i] = @ + 1]
       /\ UNCHANGED picked

\* True in every state: the right sides are infinite.
TypeOK ==
  /\ picked \subseteq {n \in Nat : n > 0}
  /\ {table} \subseteq [1..2 -> Nat]

\* Fails once 3 is picked: 3 is odd.
EvenPicks == picked \subseteq {n \in Nat : n % 2 = 0 \/ n = 1}
=============================================================================
