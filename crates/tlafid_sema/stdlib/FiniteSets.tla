----------------------------- MODULE FiniteSets -----------------------------
(***************************************************************************)
(* tlafid's own rendering of the standard module FiniteSets.  Names,       *)
(* arities and meaning follow the TLA+ standard module; the text is        *)
(* written for tlafid.  Both operators are evaluated natively; the bodies  *)
(* state their meaning: a set is finite when some 1..n can be mapped onto  *)
(* it, and its cardinality is the n for which that map is one-to-one.      *)
(***************************************************************************)
LOCAL INSTANCE Naturals

LOCAL Onto(f, S) == \A x \in S : \E i \in DOMAIN f : f[i] = x

LOCAL OneToOne(f) == \A i, j \in DOMAIN f : (f[i] = f[j]) => (i = j)

IsFiniteSet(S) ==                                      (* native *)
  \E n \in Nat : \E f \in [1 .. n -> S] : Onto(f, S)

\* The number n for which some f \in [1..n -> S] is one-to-one and onto:
\*   CHOOSE n \in Nat : \E f \in [1 .. n -> S] : Onto(f, S) /\ OneToOne(f)
\* computed here by removing one element at a time, which an explicit-state
\* checker can run (it does not terminate on an infinite set, for which
\* Cardinality is not specified).
RECURSIVE Cardinality(_)
Cardinality(S) ==                                      (* native *)
  IF S = {} THEN 0 ELSE 1 + Cardinality(S \ {CHOOSE x \in S : TRUE})

=============================================================================
