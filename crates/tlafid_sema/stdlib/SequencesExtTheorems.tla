------------------------ MODULE SequencesExtTheorems ------------------------
(***************************************************************************)
(* tlafid's own rendering of (part of) the CommunityModules module         *)
(* SequencesExtTheorems: facts about Contains and inductive definitions    *)
(* over sequences.  Names and the meaning of each statement follow the     *)
(* CommunityModules module; the text is written for tlafid.  Proofs are    *)
(* omitted: a model checker only needs the names to resolve.  Only the     *)
(* theorems the Examples cite and their close neighbours are stated.       *)
(***************************************************************************)
EXTENDS Sequences, SequencesExt, Functions, Integers, WellFoundedInduction

-----------------------------------------------------------------------------
(* Contains.                                                               *)

THEOREM ContainsRange ==
  ASSUME NEW S, NEW s \in Seq(S), NEW e
  PROVE  Contains(s, e) <=> e \in Range(s)
PROOF OMITTED

THEOREM ContainsEmpty ==
  ASSUME NEW e
  PROVE  ~Contains(<< >>, e)
PROOF OMITTED

THEOREM ContainsAppend ==
  ASSUME NEW S, NEW s \in Seq(S), NEW x, NEW e
  PROVE  Contains(Append(s, x), e) <=> (Contains(s, e) \/ e = x)
PROOF OMITTED

THEOREM ContainsSingleton ==
  ASSUME NEW S, NEW x
  PROVE  \A e : Contains(<<x>>, e) <=> (e = x)
PROOF OMITTED

THEOREM ContainsConcat ==
  ASSUME NEW S, NEW s \in Seq(S), NEW T, NEW t \in Seq(T), NEW e
  PROVE  Contains(s \o t, e) <=> (Contains(s, e) \/ Contains(t, e))
PROOF OMITTED

THEOREM ContainsCons ==
  ASSUME NEW S, NEW s \in Seq(S), NEW x, NEW e
  PROVE  Contains(Cons(x, s), e) <=> (e = x \/ Contains(s, e))
PROOF OMITTED

THEOREM ContainsTail ==
  ASSUME NEW S, NEW s \in Seq(S), s # << >>, NEW e
  PROVE  Contains(Tail(s), e) => Contains(s, e)
PROOF OMITTED

THEOREM ContainsTailExceptHead ==
  ASSUME NEW S, NEW s \in Seq(S), s # << >>, NEW e, Contains(s, e), e # Head(s)
  PROVE  Contains(Tail(s), e)
PROOF OMITTED

-----------------------------------------------------------------------------
(* Functions on Seq(S) defined by recursion on the tail or on the front.   *)

\* f is the function that f[s] == IF s = <<>> THEN f0 ELSE Def(f[Tail(s)], s)
\* defines, written as a CHOOSE.
TailInductiveDefHypothesis(f, S, f0, Def(_, _)) ==
  f = CHOOSE g : g = [s \in Seq(S) |-> IF s = << >> THEN f0 ELSE Def(g[Tail(s)], s)]

\* f satisfies that recursion.
TailInductiveDefConclusion(f, S, f0, Def(_, _)) ==
  f = [s \in Seq(S) |-> IF s = << >> THEN f0 ELSE Def(f[Tail(s)], s)]

THEOREM TailInductiveDef ==
  ASSUME NEW S, NEW Def(_, _), NEW f, NEW f0, TailInductiveDefHypothesis(f, S, f0, Def)
  PROVE  TailInductiveDefConclusion(f, S, f0, Def)
PROOF OMITTED

THEOREM TailInductiveDefType ==
  ASSUME NEW S, NEW Def(_, _), NEW f, NEW f0, NEW T,
         TailInductiveDefConclusion(f, S, f0, Def), f0 \in T,
         \A v \in T, s \in Seq(S) : s # << >> => Def(v, s) \in T
  PROVE  f \in [Seq(S) -> T]
PROOF OMITTED

\* The same with Front in place of Tail.
FrontInductiveDefHypothesis(f, S, f0, Def(_, _)) ==
  f = CHOOSE g : g = [s \in Seq(S) |-> IF s = << >> THEN f0 ELSE Def(g[Front(s)], s)]

FrontInductiveDefConclusion(f, S, f0, Def(_, _)) ==
  f = [s \in Seq(S) |-> IF s = << >> THEN f0 ELSE Def(f[Front(s)], s)]

THEOREM FrontInductiveDef ==
  ASSUME NEW S, NEW Def(_, _), NEW f, NEW f0, FrontInductiveDefHypothesis(f, S, f0, Def)
  PROVE  FrontInductiveDefConclusion(f, S, f0, Def)
PROOF OMITTED

THEOREM FrontInductiveDefType ==
  ASSUME NEW S, NEW Def(_, _), NEW f, NEW f0, NEW T,
         FrontInductiveDefConclusion(f, S, f0, Def), f0 \in T,
         \A v \in T, s \in Seq(S) : s # << >> => Def(v, s) \in T
  PROVE  f \in [Seq(S) -> T]
PROOF OMITTED

=============================================================================
