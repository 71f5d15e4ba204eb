---------------------------- MODULE FiniteSetsExt ---------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module FiniteSetsExt.    *)
(* Names, arities and meaning follow the CommunityModules module; the text *)
(* is written for tlafid.                                                  *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Folds, Functions

-----------------------------------------------------------------------------
(* Folds over finite sets.                                                 *)

\* Combines the elements of S into acc one at a time, in the order in which
\* CHOOSE picks them: acc becomes op(x, acc) (a helper, not exported).
RECURSIVE Accumulate(_, _, _)
LOCAL Accumulate(op(_, _), acc, S) ==
  IF S = {} THEN acc
  ELSE LET x == CHOOSE x \in S : TRUE
       IN  Accumulate(op, op(x, acc), S \ {x})

\* Folds the elements of set with op, starting from base.  This is what
\* TLC's native FoldSet computes: with x1, ..., xn the elements in TLC's
\* order, op(xn, ... op(x2, op(x1, base)) ...).  (The CommunityModules text
\* defines it through MapThenFoldSet, which nests the other way round; the
\* two agree when op is commutative and associative.)
FoldSet(op(_, _), base, set) == Accumulate(op, base, set)   (* native *)

SumSet(set) == FoldSet(LAMBDA x, y : x + y, 0, set)

ProductSet(set) == FoldSet(LAMBDA x, y : x * y, 1, set)

\* FoldSet with the arguments in another order.
ReduceSet(op(_, _), set, acc) == FoldSet(op, acc, set)

\* The sum of op(x) over the elements x of set.
MapThenSumSet(op(_), set) ==
  MapThenFoldSet(LAMBDA x, y : x + y, 0, op,
                 LAMBDA T : CHOOSE x \in T : TRUE, set)

-----------------------------------------------------------------------------
(* Set algebra.                                                            *)

\* The union of a set of sets.
FlattenSet(S) == UNION S

\* The elements in exactly one of A and B.
SymDiff(A, B) == (A \ B) \cup (B \ A)

\* How many elements of S satisfy P.
Quantify(S, P(_)) == Cardinality({x \in S : P(x)})          (* native *)

\* The subsets of S with exactly k elements.
kSubset(k, S) == {T \in SUBSET S : Cardinality(T) = k}      (* native *)

-----------------------------------------------------------------------------
(* Extremes and choices.                                                   *)

Max(S) == CHOOSE x \in S : \A y \in S : y \leq x

Min(S) == CHOOSE x \in S : \A y \in S : x \leq y

\* Every set that picks one element from each set in Sets.
Choices(Sets) ==
  LET pickers == {f \in [Sets -> UNION Sets] : \A T \in Sets : f[T] \in T}
  IN  {Range(f) : f \in pickers}

\* The only element of S that satisfies P.
ChooseUnique(S, P(_)) ==
  CHOOSE x \in S : P(x) /\ \A y \in S : P(y) => (y = x)

=============================================================================
