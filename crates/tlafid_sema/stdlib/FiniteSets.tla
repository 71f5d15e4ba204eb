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

Cardinality(S) ==                                      (* native *)
  CHOOSE n \in Nat : \E f \in [1 .. n -> S] : Onto(f, S) /\ OneToOne(f)

=============================================================================
