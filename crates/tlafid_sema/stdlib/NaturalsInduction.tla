-------------------------- MODULE NaturalsInduction -------------------------
(***************************************************************************)
(* tlafid's own rendering of the TLAPS library module NaturalsInduction:   *)
(* induction principles and inductive definitions over Nat.  Names and     *)
(* the meaning of each statement follow the TLAPS library; the text is     *)
(* written for tlafid.  Proofs are omitted: a model checker only needs the *)
(* names to resolve, and the two definitions below are ordinary operators. *)
(***************************************************************************)
EXTENDS Integers

THEOREM NatInduction ==
  ASSUME NEW P(_), P(0), \A k \in Nat : P(k) => P(k + 1)
  PROVE  \A k \in Nat : P(k)
PROOF OMITTED

THEOREM DownwardNatInduction ==
  ASSUME NEW P(_), NEW top \in Nat, P(top),
         \A k \in 1 .. top : P(k) => P(k - 1)
  PROVE  P(0)
PROOF OMITTED

THEOREM GeneralNatInduction ==
  ASSUME NEW P(_), \A k \in Nat : (\A j \in 0 .. (k - 1) : P(j)) => P(k)
  PROVE  \A k \in Nat : P(k)
PROOF OMITTED

THEOREM SmallestNatural ==
  ASSUME NEW P(_), NEW k \in Nat, P(k)
  PROVE  \E least \in Nat : P(least) /\ \A j \in 0 .. (least - 1) : ~P(j)
PROOF OMITTED

THEOREM RecursiveFcnOfNat ==
  ASSUME NEW Def(_, _),
         ASSUME NEW k \in Nat, NEW g, NEW h,
                \A j \in 0 .. (k - 1) : g[j] = h[j]
         PROVE  Def(g, k) = Def(h, k)
  PROVE  LET f[k \in Nat] == Def(f, k)
         IN  f = [k \in Nat |-> Def(f, k)]
PROOF OMITTED

\* f is the function that the recursion f[0] = f0, f[i] = Def(f[i-1], i)
\* defines, written as a CHOOSE.
NatInductiveDefHypothesis(f, f0, Def(_, _)) ==
  f = CHOOSE g : g = [i \in Nat |-> IF i = 0 THEN f0 ELSE Def(g[i - 1], i)]

\* f satisfies the recursion f[0] = f0, f[i] = Def(f[i-1], i).
NatInductiveDefConclusion(f, f0, Def(_, _)) ==
  f = [i \in Nat |-> IF i = 0 THEN f0 ELSE Def(f[i - 1], i)]

THEOREM NatInductiveDef ==
  ASSUME NEW Def(_, _), NEW f, NEW f0, NatInductiveDefHypothesis(f, f0, Def)
  PROVE  NatInductiveDefConclusion(f, f0, Def)
PROOF OMITTED

THEOREM RecursiveFcnOfNatType ==
  ASSUME NEW f, NEW S, NEW Def(_, _), f = [k \in Nat |-> Def(f, k)],
         ASSUME NEW k \in Nat, NEW g, \A j \in 0 .. (k - 1) : g[j] \in S
         PROVE  Def(g, k) \in S
  PROVE  f \in [Nat -> S]
PROOF OMITTED

THEOREM NatInductiveDefType ==
  ASSUME NEW Def(_, _), NEW S, NEW f, NEW f0 \in S,
         NatInductiveDefConclusion(f, f0, Def), f0 \in S,
         \A v \in S, k \in Nat \ {0} : Def(v, k) \in S
  PROVE  f \in [Nat -> S]
PROOF OMITTED

THEOREM RecursiveFcnOfNatUnique ==
  ASSUME NEW Def(_, _), NEW f, NEW g,
         f = [k \in Nat |-> Def(f, k)], g = [k \in Nat |-> Def(g, k)],
         ASSUME NEW k \in Nat, NEW ff, NEW gg,
                \A j \in 0 .. (k - 1) : ff[j] = gg[j]
         PROVE  Def(ff, k) = Def(gg, k)
  PROVE  f = g
PROOF OMITTED

THEOREM NatInductiveUnique ==
  ASSUME NEW Def(_, _), NEW f, NEW g, NEW f0,
         NatInductiveDefConclusion(f, f0, Def),
         NatInductiveDefConclusion(g, f0, Def)
  PROVE  f = g
PROOF OMITTED

\* The same two notions for a recursion on the interval lo..hi.
FiniteNatInductiveDefHypothesis(f, c, Def(_, _), lo, hi) ==
  f = CHOOSE g : g = [i \in lo .. hi |-> IF i = lo THEN c ELSE Def(g[i - 1], i)]

FiniteNatInductiveDefConclusion(f, c, Def(_, _), lo, hi) ==
  f = [i \in lo .. hi |-> IF i = lo THEN c ELSE Def(f[i - 1], i)]

THEOREM FiniteNatInductiveDef ==
  ASSUME NEW Def(_, _), NEW f, NEW c, NEW lo \in Nat, NEW hi \in Nat,
         FiniteNatInductiveDefHypothesis(f, c, Def, lo, hi)
  PROVE  FiniteNatInductiveDefConclusion(f, c, Def, lo, hi)
PROOF OMITTED

THEOREM FiniteNatInductiveDefType ==
  ASSUME NEW S, NEW Def(_, _), NEW f, NEW c \in S, NEW lo \in Nat,
         NEW hi \in Nat, FiniteNatInductiveDefConclusion(f, c, Def, lo, hi),
         \A v \in S, i \in (lo + 1) .. hi : Def(v, i) \in S
  PROVE  f \in [lo .. hi -> S]
PROOF OMITTED

THEOREM FiniteNatInductiveUnique ==
  ASSUME NEW Def(_, _), NEW f, NEW g, NEW c, NEW lo \in Nat, NEW hi \in Nat,
         FiniteNatInductiveDefConclusion(f, c, Def, lo, hi),
         FiniteNatInductiveDefConclusion(g, c, Def, lo, hi)
  PROVE  f = g
PROOF OMITTED

=============================================================================
