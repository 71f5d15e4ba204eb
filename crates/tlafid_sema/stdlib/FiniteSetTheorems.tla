-------------------------- MODULE FiniteSetTheorems -------------------------
(***************************************************************************)
(* tlafid's own rendering of the TLAPS library module FiniteSetTheorems:   *)
(* facts about IsFiniteSet and Cardinality.  Names and the meaning of each *)
(* statement follow the TLAPS library; the text is written for tlafid.     *)
(* Proofs are omitted: a model checker only needs the names to resolve.    *)
(***************************************************************************)
EXTENDS FiniteSets, Integers, Functions, WellFoundedInduction

-----------------------------------------------------------------------------
(* Cardinality through bijections.                                         *)

LEMMA FS_NatSurjection ==
  ASSUME NEW S
  PROVE  IsFiniteSet(S) <=> \E k \in Nat : ExistsSurjection(1 .. k, S)
PROOF OMITTED

LEMMA FS_NatBijection ==
  ASSUME NEW S
  PROVE  IsFiniteSet(S) <=> \E k \in Nat : ExistsBijection(1 .. k, S)
PROOF OMITTED

LEMMA FS_CountingElements ==
  ASSUME NEW S, NEW k \in Nat, ExistsBijection(1 .. k, S)
  PROVE  Cardinality(S) = k
PROOF OMITTED

THEOREM FS_SurjCardinalityBound ==
  ASSUME NEW S, NEW k \in Nat, ExistsSurjection(1 .. k, S)
  PROVE  Cardinality(S) <= k
PROOF OMITTED

THEOREM FS_CardinalityType ==
  ASSUME NEW S, IsFiniteSet(S)
  PROVE  /\ Cardinality(S) \in Nat
         /\ ExistsBijection(1 .. Cardinality(S), S)
PROOF OMITTED

THEOREM FS_Bijection ==
  ASSUME NEW S, NEW T, IsFiniteSet(S), ExistsBijection(S, T)
  PROVE  IsFiniteSet(T) /\ Cardinality(T) = Cardinality(S)
PROOF OMITTED

THEOREM FS_SameCardinalityBij ==
  ASSUME NEW S, NEW T, IsFiniteSet(S), IsFiniteSet(T),
         Cardinality(S) = Cardinality(T)
  PROVE  ExistsBijection(S, T)
PROOF OMITTED

THEOREM FS_SurjSameCardinalityImpliesInj ==
  ASSUME NEW S, NEW T, IsFiniteSet(S), Cardinality(S) = Cardinality(T),
         NEW f \in Surjection(S, T)
  PROVE  f \in Injection(S, T)
PROOF OMITTED

THEOREM FS_Surjection ==
  ASSUME NEW S, NEW T, NEW f \in Surjection(S, T), IsFiniteSet(S)
  PROVE  /\ IsFiniteSet(T)
         /\ Cardinality(T) <= Cardinality(S)
         /\ (Cardinality(T) = Cardinality(S)) <=> (f \in Injection(S, T))
PROOF OMITTED

THEOREM FS_Image ==
  ASSUME NEW S, IsFiniteSet(S), NEW Op(_)
  PROVE  LET Img == {Op(x) : x \in S}
         IN  IsFiniteSet(Img) /\ Cardinality(Img) <= Cardinality(S)
PROOF OMITTED

THEOREM FS_Injection ==
  ASSUME NEW S, NEW T, NEW f \in Injection(S, T), IsFiniteSet(T)
  PROVE  /\ IsFiniteSet(S)
         /\ Cardinality(S) <= Cardinality(T)
         /\ (Cardinality(S) = Cardinality(T)) <=> (f \in Surjection(S, T))
PROOF OMITTED

THEOREM FS_PigeonHole ==
  ASSUME NEW S, IsFiniteSet(S), NEW T, IsFiniteSet(T),
         Cardinality(T) < Cardinality(S), NEW f \in [S -> T]
  PROVE  \E x, y \in S : x # y /\ f[x] = f[y]
PROOF OMITTED

-----------------------------------------------------------------------------
(* Small sets and basic operations.                                        *)

THEOREM FS_EmptySet ==
  /\ IsFiniteSet({})
  /\ Cardinality({}) = 0
  /\ \A S : IsFiniteSet(S) => ((Cardinality(S) = 0) <=> (S = {}))
PROOF OMITTED

THEOREM FS_AddElement ==
  ASSUME NEW S, NEW x, IsFiniteSet(S)
  PROVE  /\ IsFiniteSet(S \cup {x})
         /\ Cardinality(S \cup {x}) =
              IF x \in S THEN Cardinality(S) ELSE Cardinality(S) + 1
PROOF OMITTED

THEOREM FS_RemoveElement ==
  ASSUME NEW S, NEW x, IsFiniteSet(S)
  PROVE  /\ IsFiniteSet(S \ {x})
         /\ Cardinality(S \ {x}) =
              IF x \in S THEN Cardinality(S) - 1 ELSE Cardinality(S)
PROOF OMITTED

THEOREM FS_Singleton ==
  /\ \A x : IsFiniteSet({x}) /\ Cardinality({x}) = 1
  /\ \A S : IsFiniteSet(S) => ((Cardinality(S) = 1) <=> \E x : S = {x})
PROOF OMITTED

THEOREM FS_Subset ==
  ASSUME NEW S, IsFiniteSet(S), NEW T \in SUBSET S
  PROVE  /\ IsFiniteSet(T)
         /\ Cardinality(T) <= Cardinality(S)
         /\ (Cardinality(S) = Cardinality(T)) => (S = T)
PROOF OMITTED

THEOREM FS_Interval ==
  ASSUME NEW lo \in Int, NEW hi \in Int
  PROVE  /\ IsFiniteSet(lo .. hi)
         /\ Cardinality(lo .. hi) = IF lo > hi THEN 0 ELSE hi - lo + 1
PROOF OMITTED

THEOREM FS_BoundedSetOfNaturals ==
  ASSUME NEW S \in SUBSET Nat, NEW k \in Nat, \A s \in S : s <= k
  PROVE  IsFiniteSet(S) /\ Cardinality(S) <= k + 1
PROOF OMITTED

-----------------------------------------------------------------------------
(* Induction over finite sets.                                             *)

THEOREM FS_Induction ==
  ASSUME NEW S, IsFiniteSet(S), NEW P(_), P({}),
         ASSUME NEW T \in SUBSET S, IsFiniteSet(T), P(T), NEW x \in S \ T
         PROVE  P(T \cup {x})
  PROVE  P(S)
PROOF OMITTED

FiniteSubsetsOf(S) == {T \in SUBSET S : IsFiniteSet(T)}

\* Pairs <<T, U>> of subsets of S where T is a proper subset of U.
StrictSubsetOrdering(S) ==
  {pair \in (SUBSET S) \X (SUBSET S) :
     pair[1] \subseteq pair[2] /\ pair[1] # pair[2]}

LEMMA FS_FiniteSubsetsOfFinite ==
  ASSUME NEW S, IsFiniteSet(S)
  PROVE  FiniteSubsetsOf(S) = SUBSET S
PROOF OMITTED

THEOREM FS_StrictSubsetOrderingWellFounded ==
  ASSUME NEW S
  PROVE  IsWellFoundedOn(StrictSubsetOrdering(S), FiniteSubsetsOf(S))
PROOF OMITTED

THEOREM FS_WFInduction ==
  ASSUME NEW P(_), NEW S, IsFiniteSet(S),
         ASSUME NEW T \in SUBSET S, \A U \in (SUBSET T) \ {T} : P(U)
         PROVE  P(T)
  PROVE  P(S)
PROOF OMITTED

-----------------------------------------------------------------------------
(* Set algebra.                                                            *)

THEOREM FS_Union ==
  ASSUME NEW S, IsFiniteSet(S), NEW T, IsFiniteSet(T)
  PROVE  /\ IsFiniteSet(S \cup T)
         /\ Cardinality(S \cup T) =
              Cardinality(S) + Cardinality(T) - Cardinality(S \cap T)
PROOF OMITTED

THEOREM FS_MajoritiesIntersect ==
  ASSUME NEW U, NEW S, NEW T, IsFiniteSet(U), S \subseteq U, T \subseteq U,
         Cardinality(S) + Cardinality(T) > Cardinality(U)
  PROVE  S \cap T # {}
PROOF OMITTED

THEOREM FS_Intersection ==
  ASSUME NEW S, IsFiniteSet(S), NEW T
  PROVE  /\ IsFiniteSet(S \cap T)
         /\ IsFiniteSet(T \cap S)
         /\ Cardinality(S \cap T) <= Cardinality(S)
         /\ Cardinality(T \cap S) <= Cardinality(S)
PROOF OMITTED

THEOREM FS_Difference ==
  ASSUME NEW S, NEW T, IsFiniteSet(S)
  PROVE  /\ IsFiniteSet(S \ T)
         /\ Cardinality(S \ T) = Cardinality(S) - Cardinality(S \cap T)
PROOF OMITTED

THEOREM FS_UNION ==
  ASSUME NEW S, IsFiniteSet(S), \A T \in S : IsFiniteSet(T)
  PROVE  IsFiniteSet(UNION S)
PROOF OMITTED

THEOREM FS_Product ==
  ASSUME NEW S, IsFiniteSet(S), NEW T, IsFiniteSet(T)
  PROVE  /\ IsFiniteSet(S \X T)
         /\ Cardinality(S \X T) = Cardinality(S) * Cardinality(T)
PROOF OMITTED

THEOREM FS_SUBSET ==
  ASSUME NEW S, IsFiniteSet(S)
  PROVE  /\ IsFiniteSet(SUBSET S)
         /\ Cardinality(SUBSET S) = 2 ^ Cardinality(S)
PROOF OMITTED

=============================================================================
