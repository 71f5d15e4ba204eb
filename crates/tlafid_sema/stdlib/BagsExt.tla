------------------------------- MODULE BagsExt ------------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module BagsExt: adding   *)
(* and removing single copies, and folds over bags.  Names, arities and    *)
(* meaning follow the CommunityModules module; the text is written for     *)
(* tlafid.                                                                 *)
(***************************************************************************)
LOCAL INSTANCE Bags
LOCAL INSTANCE Integers
LOCAL INSTANCE Folds

\* B with one more copy of x.
BagAdd(B, x) ==
  IF x \in DOMAIN B
  THEN [B EXCEPT ![x] = @ + 1]
  ELSE [e \in DOMAIN B \cup {x} |-> IF e = x THEN 1 ELSE B[e]]

\* B with one copy of x fewer (B itself if x is not in it).
BagRemove(B, x) ==
  IF x \notin DOMAIN B THEN B
  ELSE IF B[x] = 1 THEN [e \in DOMAIN B \ {x} |-> B[e]]
  ELSE [B EXCEPT ![x] = @ - 1]

\* B without any copy of x.
BagRemoveAll(B, x) == [e \in DOMAIN B \ {x} |-> B[e]]

\* op(... op(op(base, v), v) ..., v) with n applications (a helper).
RECURSIVE Repeat(_, _, _, _)
LOCAL Repeat(op(_, _), base, v, n) ==
  IF n = 0 THEN base ELSE op(Repeat(op, base, v, n - 1), v)

\* Folds the elements of B, each as often as it occurs.  As in the
\* CommunityModules module, each distinct element x contributes
\* Repeat(op, base, f(x), B[x]), these are folded with MapThenFoldSet, and
\* the argument choose is not used (CHOOSE picks the elements).
MapThenFoldBag(op(_, _), base, f(_), choose(_), B) ==
  MapThenFoldSet(op, base, LAMBDA x : Repeat(op, base, f(x), B[x]),
                 LAMBDA S : CHOOSE x \in S : TRUE, DOMAIN B)

\* Applies acc := op(acc, e) once per copy of each element e, taking the
\* elements in the order in which CHOOSE picks them (a helper).
RECURSIVE AccumulateBag(_, _, _, _)
LOCAL AccumulateBag(op(_, _), acc, B, D) ==
  IF D = {} THEN acc
  ELSE LET e == CHOOSE e \in D : TRUE
       IN  AccumulateBag(op, Repeat(op, acc, e, B[e]), B, D \ {e})

\* Folds every copy of every element of B into base.  This is what TLC's
\* native FoldBag computes: op(... op(op(base, e1), e1) ..., en) with each
\* element repeated as often as it occurs, elements in TLC's order.  (The
\* CommunityModules text goes through MapThenFoldBag and nests differently;
\* the two agree when op is commutative, associative and base is neutral.)
FoldBag(op(_, _), base, B) == AccumulateBag(op, base, B, DOMAIN B)  (* native *)

SumBag(B) == FoldBag(LAMBDA x, y : x + y, 0, B)

ProductBag(B) == FoldBag(LAMBDA x, y : x * y, 1, B)

=============================================================================
