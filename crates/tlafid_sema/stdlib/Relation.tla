------------------------------ MODULE Relation ------------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module Relation.  A      *)
(* relation on S is a Boolean function R on S \X S, written R[x, y].       *)
(* The ...Under variants take the relation as an operator instead.  Names, *)
(* arities and meaning follow the CommunityModules module; the text is     *)
(* written for tlafid.  The closures are computed by Warshall's algorithm  *)
(* so an explicit-state checker can evaluate them.                         *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

\* The relation that the operator op describes on S (a helper).
LOCAL AsRelation(op(_, _), S) == [p \in S \X S |-> op(p[1], p[2])]

-----------------------------------------------------------------------------
(* Properties of a relation.                                               *)

IsReflexive(R, S) == \A x \in S : R[x, x]
IsReflexiveUnder(op(_, _), S) == IsReflexive(AsRelation(op, S), S)

IsIrreflexive(R, S) == \A x \in S : ~R[x, x]
IsIrreflexiveUnder(op(_, _), S) == IsIrreflexive(AsRelation(op, S), S)

IsSymmetric(R, S) == \A x, y \in S : R[x, y] <=> R[y, x]
IsSymmetricUnder(op(_, _), S) == IsSymmetric(AsRelation(op, S), S)

IsAntiSymmetric(R, S) == \A x, y \in S : (R[x, y] /\ R[y, x]) => (x = y)
IsAntiSymmetricUnder(op(_, _), S) == IsAntiSymmetric(AsRelation(op, S), S)

IsAsymmetric(R, S) == \A x, y \in S : ~(R[x, y] /\ R[y, x])
IsAsymmetricUnder(op(_, _), S) == IsAsymmetric(AsRelation(op, S), S)

IsTransitive(R, S) == \A x, y, z \in S : (R[x, y] /\ R[y, z]) => R[x, z]
IsTransitiveUnder(op(_, _), S) == IsTransitive(AsRelation(op, S), S)

-----------------------------------------------------------------------------
(* Orders.                                                                 *)

IsStrictlyPartiallyOrdered(R, S) ==
  IsIrreflexive(R, S) /\ IsAntiSymmetric(R, S) /\ IsTransitive(R, S)
IsStrictlyPartiallyOrderedUnder(op(_, _), S) ==
  IsStrictlyPartiallyOrdered(AsRelation(op, S), S)

IsPartiallyOrdered(R, S) ==
  IsReflexive(R, S) /\ IsAntiSymmetric(R, S) /\ IsTransitive(R, S)
IsPartiallyOrderedUnder(op(_, _), S) ==
  IsPartiallyOrdered(AsRelation(op, S), S)

IsStrictlyTotallyOrdered(R, S) ==
  /\ IsStrictlyPartiallyOrdered(R, S)
  /\ \A x, y \in S : (x # y) => (R[x, y] \/ R[y, x])
IsStrictlyTotallyOrderedUnder(op(_, _), S) ==
  IsStrictlyTotallyOrdered(AsRelation(op, S), S)

IsTotallyOrdered(R, S) ==
  /\ IsPartiallyOrdered(R, S)
  /\ \A x, y \in S : R[x, y] \/ R[y, x]
IsTotallyOrderedUnder(op(_, _), S) ==
  IsTotallyOrdered(AsRelation(op, S), S)

-----------------------------------------------------------------------------
(* Closures.                                                               *)

\* Warshall's algorithm: allows each element of Pivots in turn as an
\* intermediate point of a path (a helper, not exported).
RECURSIVE Warshall(_, _, _)
LOCAL Warshall(R, S, Pivots) ==
  IF Pivots = {} THEN R
  ELSE LET k == CHOOSE k \in Pivots : TRUE
           Rk == [x, y \in S |-> R[x, y] \/ (R[x, k] /\ R[k, y])]
       IN  Warshall(Rk, S, Pivots \ {k})

\* R[x, y] holds in the result iff a chain of one or more R-steps within S
\* leads from x to y.
TransitiveClosure(R, S) == Warshall([x, y \in S |-> R[x, y]], S, S)

ReflexiveTransitiveClosure(R, S) ==
  LET closure == TransitiveClosure(R, S)
  IN  [x, y \in S |-> (x = y) \/ closure[x, y]]

\* For all x and y in S, a chain of zero or more R-steps leads from x to y.
IsConnected(R, S) ==
  LET reach == ReflexiveTransitiveClosure(R, S)
  IN  \A x, y \in S : reach[x, y]

=============================================================================
