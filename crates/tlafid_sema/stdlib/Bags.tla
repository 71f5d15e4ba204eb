-------------------------------- MODULE Bags --------------------------------
(***************************************************************************)
(* tlafid's own rendering of the standard module Bags.  A bag (multiset)   *)
(* is a function from its distinct elements to their positive counts.      *)
(* Names, arities and meaning follow the TLA+ standard module; the text is *)
(* written for tlafid.  The definitions are executable over finite bags;   *)
(* the evaluator may implement any of them natively for speed.             *)
(***************************************************************************)
LOCAL INSTANCE Naturals

LOCAL Positive == Nat \ {0}

\* The sum of f[d] over the finite set D (a helper, not exported).
RECURSIVE SumOver(_, _)
LOCAL SumOver(f, D) ==
  IF D = {} THEN 0
  ELSE LET d == CHOOSE x \in D : TRUE
       IN  f[d] + SumOver(f, D \ {d})

IsABag(B) == B \in [DOMAIN B -> Positive]

BagToSet(B) == DOMAIN B

SetToBag(S) == [e \in S |-> 1]

BagIn(e, B) == e \in DOMAIN B

EmptyBag == SetToBag({})

CopiesIn(e, B) == IF BagIn(e, B) THEN B[e] ELSE 0

B1 (+) B2 ==
  [e \in DOMAIN B1 \cup DOMAIN B2 |-> CopiesIn(e, B1) + CopiesIn(e, B2)]

B1 (-) B2 ==
  LET left == {e \in DOMAIN B1 : CopiesIn(e, B1) > CopiesIn(e, B2)}
  IN  [e \in left |-> B1[e] - CopiesIn(e, B2)]

BagUnion(S) ==
  LET elems == UNION {DOMAIN B : B \in S}
  IN  [e \in elems |-> SumOver([B \in S |-> CopiesIn(e, B)], S)]

B1 \sqsubseteq B2 ==
  \A e \in DOMAIN B1 : B1[e] \leq CopiesIn(e, B2)

SubBag(B) ==                                                 (* native *)
  LET counts == UNION {1 .. B[e] : e \in DOMAIN B}
  IN  UNION { {SB \in [D -> counts] : \A e \in D : SB[e] \leq B[e]} :
              D \in SUBSET DOMAIN B }

BagOfAll(F(_), B) ==
  LET images == {F(d) : d \in DOMAIN B}
  IN  [e \in images |-> SumOver(B, {d \in DOMAIN B : F(d) = e})]

BagCardinality(B) == SumOver(B, DOMAIN B)

=============================================================================
