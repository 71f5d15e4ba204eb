------------------------ MODULE WellFoundedInduction ------------------------
(***************************************************************************)
(* tlafid's own rendering of the TLAPS library module                      *)
(* WellFoundedInduction.  A relation here is a set of pairs: <<y, x>> \in  *)
(* R says y is below x.  Names and the meaning of each definition and      *)
(* statement follow the TLAPS library; the text is written for tlafid.     *)
(* Proofs are omitted: a model checker only needs the names to resolve.    *)
(***************************************************************************)
EXTENDS NaturalsInduction

-----------------------------------------------------------------------------
(* Well-founded relations.                                                 *)

IsTransitivelyClosedOn(R, S) ==
  \A a, b, c \in S : (<<a, b>> \in R /\ <<b, c>> \in R) => (<<a, c>> \in R)

\* No infinite descending chain of elements of S.
IsWellFoundedOn(R, S) ==
  ~\E chain \in [Nat -> S] : \A k \in Nat : <<chain[k + 1], chain[k]>> \in R

LEMMA EmptyIsWellFounded == \A S : IsWellFoundedOn({}, S)
PROOF OMITTED

LEMMA IsWellFoundedOnSubset ==
  ASSUME NEW R, NEW S, NEW T \in SUBSET S, IsWellFoundedOn(R, S)
  PROVE  IsWellFoundedOn(R, T)
PROOF OMITTED

LEMMA IsWellFoundedOnSubrelation ==
  ASSUME NEW S, NEW R, NEW RR, RR \cap (S \X S) \subseteq R,
         IsWellFoundedOn(R, S)
  PROVE  IsWellFoundedOn(RR, S)
PROOF OMITTED

\* The elements of S below x.
SetLessThan(x, R, S) == {y \in S : <<y, x>> \in R}

THEOREM WFMin ==
  ASSUME NEW R, NEW S, IsWellFoundedOn(R, S), NEW T, T \subseteq S, T # {}
  PROVE  \E m \in T : \A y \in T : <<y, m>> \notin R
PROOF OMITTED

THEOREM MinWF ==
  ASSUME NEW R, NEW S,
         \A T \in SUBSET S : T # {} => \E m \in T : \A y \in T : <<y, m>> \notin R
  PROVE  IsWellFoundedOn(R, S)
PROOF OMITTED

LEMMA WellFoundedIsIrreflexive ==
  ASSUME NEW R, NEW S, NEW x \in S, IsWellFoundedOn(R, S)
  PROVE  <<x, x>> \notin R
PROOF OMITTED

LEMMA WellFoundedIsAsymmetric ==
  ASSUME NEW R, NEW S, NEW x \in S, NEW y \in S, IsWellFoundedOn(R, S),
         <<x, y>> \in R, <<y, x>> \in R
  PROVE  FALSE
PROOF OMITTED

LEMMA WFSetLessThanIrreflexive ==
  ASSUME NEW R, NEW S, NEW x \in S, IsWellFoundedOn(R, S)
  PROVE  x \notin SetLessThan(x, R, S)
PROOF OMITTED

LEMMA SetLessTransitive ==
  ASSUME NEW R, NEW S, NEW x \in S, NEW y \in SetLessThan(x, R, S),
         IsTransitivelyClosedOn(R, S)
  PROVE  SetLessThan(y, R, S) \subseteq SetLessThan(x, R, S)
PROOF OMITTED

-----------------------------------------------------------------------------
(* Induction and inductive definitions.                                    *)

THEOREM WFInduction ==
  ASSUME NEW P(_), NEW R, NEW S, IsWellFoundedOn(R, S),
         \A x \in S : (\A y \in SetLessThan(x, R, S) : P(y)) => P(x)
  PROVE  \A x \in S : P(x)
PROOF OMITTED

\* Def(g, x) depends only on the values of g below x.
WFDefOn(R, S, Def(_, _)) ==
  \A g, h : \A x \in S :
    (\A y \in SetLessThan(x, R, S) : g[y] = h[y]) => (Def(g, x) = Def(h, x))

\* f is the function that f[x \in S] == Def(f, x) defines.
OpDefinesFcn(f, S, Def(_, _)) == f = CHOOSE g : g = [x \in S |-> Def(g, x)]

\* f satisfies the equation f = [x \in S |-> Def(f, x)].
WFInductiveDefines(f, S, Def(_, _)) == f = [x \in S |-> Def(f, x)]

\* At most one function satisfies that equation.
WFInductiveUnique(S, Def(_, _)) ==
  \A g, h : (WFInductiveDefines(g, S, Def) /\ WFInductiveDefines(h, S, Def))
              => (g = h)

THEOREM WFDefOnUnique ==
  ASSUME NEW Def(_, _), NEW R, NEW S, IsWellFoundedOn(R, S), WFDefOn(R, S, Def)
  PROVE  WFInductiveUnique(S, Def)
PROOF OMITTED

LEMMA WFInductiveDefLemma ==
  ASSUME NEW Def(_, _), NEW R, NEW S, NEW f, IsWellFoundedOn(R, S),
         IsTransitivelyClosedOn(R, S), WFDefOn(R, S, Def),
         OpDefinesFcn(f, S, Def)
  PROVE  WFInductiveDefines(f, S, Def)
PROOF OMITTED

\* The smallest transitively closed relation on S that contains R on S.
TransitiveClosureOn(R, S) ==
  {pair \in S \X S :
     \A U \in SUBSET (S \X S) :
       (R \cap (S \X S) \subseteq U /\ IsTransitivelyClosedOn(U, S))
         => pair \in U}

LEMMA TransitiveClosureThm ==
  \A R, S : /\ R \cap (S \X S) \subseteq TransitiveClosureOn(R, S)
            /\ IsTransitivelyClosedOn(TransitiveClosureOn(R, S), S)
PROOF OMITTED

LEMMA TransitiveClosureMinimal ==
  ASSUME NEW R, NEW S, NEW U \in SUBSET (S \X S), R \cap (S \X S) \subseteq U,
         IsTransitivelyClosedOn(U, S)
  PROVE  TransitiveClosureOn(R, S) \subseteq U
PROOF OMITTED

THEOREM TransitiveClosureWF ==
  ASSUME NEW R, NEW S, IsWellFoundedOn(R, S)
  PROVE  IsWellFoundedOn(TransitiveClosureOn(R, S), S)
PROOF OMITTED

THEOREM WFInductiveDef ==
  ASSUME NEW Def(_, _), NEW R, NEW S, NEW f, IsWellFoundedOn(R, S),
         WFDefOn(R, S, Def), OpDefinesFcn(f, S, Def)
  PROVE  WFInductiveDefines(f, S, Def)
PROOF OMITTED

THEOREM WFInductiveDefType ==
  ASSUME NEW Def(_, _), NEW f, NEW R, NEW S, NEW T, T # {},
         IsWellFoundedOn(R, S), WFDefOn(R, S, Def),
         WFInductiveDefines(f, S, Def),
         \A g \in [S -> T], s \in S : Def(g, s) \in T
  PROVE  f \in [S -> T]
PROOF OMITTED

-----------------------------------------------------------------------------
(* Ways to build well-founded relations.                                   *)

\* The relation that the infix operator \prec describes on S.
OpToRel(_\prec_, S) == {pair \in S \X S : pair[1] \prec pair[2]}

THEOREM NatLessThanWellFounded == IsWellFoundedOn(OpToRel(<, Nat), Nat)
PROOF OMITTED

\* Pairs of S ordered by R on their images under f.
PreImage(f(_), S, R) == {pair \in S \X S : <<f(pair[1]), f(pair[2])>> \in R}

THEOREM PreImageWellFounded ==
  ASSUME NEW S, NEW T, NEW R, NEW f(_), \A s \in S : f(s) \in T,
         IsWellFoundedOn(R, T)
  PROVE  IsWellFoundedOn(PreImage(f, S, R), S)
PROOF OMITTED

\* Lexicographic order on S1 \X S2.
LexPairOrdering(R1, R2, S1, S2) ==
  {pp \in (S1 \X S2) \X (S1 \X S2) :
     \/ <<pp[1][1], pp[2][1]>> \in R1
     \/ pp[1][1] = pp[2][1] /\ <<pp[1][2], pp[2][2]>> \in R2}

THEOREM WFLexPairOrdering ==
  ASSUME NEW R1, NEW R2, NEW S1, NEW S2,
         IsWellFoundedOn(R1, S1), IsWellFoundedOn(R2, S2)
  PROVE  IsWellFoundedOn(LexPairOrdering(R1, R2, S1, S2), S1 \X S2)
PROOF OMITTED

\* Lexicographic order on n-tuples of elements of S.
LexProductOrdering(R, S, n) ==
  {pp \in [1 .. n -> S] \X [1 .. n -> S] :
     \E j \in 1 .. n : /\ \A i \in 1 .. (j - 1) : pp[1][i] = pp[2][i]
                       /\ <<pp[1][j], pp[2][j]>> \in R}

THEOREM WFLexProductOrdering ==
  ASSUME NEW R, NEW S, NEW n \in Nat, IsWellFoundedOn(R, S)
  PROVE  IsWellFoundedOn(LexProductOrdering(R, S, n), [1 .. n -> S])
PROOF OMITTED

=============================================================================
