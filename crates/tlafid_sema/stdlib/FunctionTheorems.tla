-------------------------- MODULE FunctionTheorems --------------------------
(***************************************************************************)
(* tlafid's own rendering of (part of) the CommunityModules module         *)
(* FunctionTheorems: facts about folding and summing functions.  Names     *)
(* and the meaning of each statement follow the CommunityModules module;   *)
(* the text is written for tlafid.  Proofs are omitted: a model checker    *)
(* only needs the names to resolve.  Only the fold and sum theorems are    *)
(* stated (README.md).                                                     *)
(***************************************************************************)
EXTENDS Functions, Integers, FiniteSets

-----------------------------------------------------------------------------
(* FoldFunctionOnSet and FoldFunction.                                     *)

THEOREM FoldFunctionOnSetEmpty ==
  ASSUME NEW op(_, _), NEW base, NEW fun
  PROVE  FoldFunctionOnSet(op, base, fun, {}) = base
PROOF OMITTED

THEOREM FoldFunctionOnSetNonempty ==
  ASSUME NEW op(_, _), NEW base, NEW fun, NEW D, D # {}, IsFiniteSet(D)
  PROVE  \E i \in D : FoldFunctionOnSet(op, base, fun, D) =
                        op(fun[i], FoldFunctionOnSet(op, base, fun, D \ {i}))
PROOF OMITTED

THEOREM FoldFunctionOnSetType ==
  ASSUME NEW Typ, NEW op(_, _), NEW base \in Typ,
         \A a, b \in Typ : op(a, b) \in Typ,
         NEW D, IsFiniteSet(D), NEW fun, \A i \in D : fun[i] \in Typ
  PROVE  FoldFunctionOnSet(op, base, fun, D) \in Typ
PROOF OMITTED

THEOREM FoldFunctionOnSetEqual ==
  ASSUME NEW op(_, _), NEW base, NEW f, NEW g, NEW D, IsFiniteSet(D),
         \A i \in D : f[i] = g[i]
  PROVE  FoldFunctionOnSet(op, base, f, D) = FoldFunctionOnSet(op, base, g, D)
PROOF OMITTED

THEOREM FoldFunctionEmpty ==
  ASSUME NEW op(_, _), NEW base, NEW fun, DOMAIN fun = {}
  PROVE  FoldFunction(op, base, fun) = base
PROOF OMITTED

THEOREM FoldFunctionType ==
  ASSUME NEW Typ, NEW op(_, _), NEW base \in Typ,
         \A a, b \in Typ : op(a, b) \in Typ,
         NEW fun, IsFiniteSet(DOMAIN fun), \A i \in DOMAIN fun : fun[i] \in Typ
  PROVE  FoldFunction(op, base, fun) \in Typ
PROOF OMITTED

-----------------------------------------------------------------------------
(* SumFunctionOnSet and SumFunction.                                       *)

THEOREM SumFunctionOnSetNat ==
  ASSUME NEW fun, NEW D, IsFiniteSet(D), \A i \in D : fun[i] \in Nat
  PROVE  SumFunctionOnSet(fun, D) \in Nat
PROOF OMITTED

THEOREM SumFunctionOnSetInt ==
  ASSUME NEW fun, NEW D, IsFiniteSet(D), \A i \in D : fun[i] \in Int
  PROVE  SumFunctionOnSet(fun, D) \in Int
PROOF OMITTED

THEOREM SumFunctionOnSetEmpty ==
  ASSUME NEW fun
  PROVE  SumFunctionOnSet(fun, {}) = 0
PROOF OMITTED

THEOREM SumFunctionOnSetZero ==
  ASSUME NEW S, IsFiniteSet(S), NEW fun, \A x \in S : fun[x] \in Nat
  PROVE  (SumFunctionOnSet(fun, S) = 0) <=> \A x \in S : fun[x] = 0
PROOF OMITTED

THEOREM SumFunctionNat ==
  ASSUME NEW fun, IsFiniteSet(DOMAIN fun), \A x \in DOMAIN fun : fun[x] \in Nat
  PROVE  SumFunction(fun) \in Nat
PROOF OMITTED

THEOREM SumFunctionInt ==
  ASSUME NEW fun, IsFiniteSet(DOMAIN fun), \A x \in DOMAIN fun : fun[x] \in Int
  PROVE  SumFunction(fun) \in Int
PROOF OMITTED

THEOREM SumFunctionEmpty ==
  ASSUME NEW fun, DOMAIN fun = {}
  PROVE  SumFunction(fun) = 0
PROOF OMITTED

THEOREM SumFunctionZero ==
  ASSUME NEW fun, IsFiniteSet(DOMAIN fun), \A x \in DOMAIN fun : fun[x] \in Nat
  PROVE  (SumFunction(fun) = 0) <=> \A x \in DOMAIN fun : fun[x] = 0
PROOF OMITTED

THEOREM SumFunctionConst ==
  ASSUME NEW S, IsFiniteSet(S), NEW c \in Int
  PROVE  SumFunction([s \in S |-> c]) = c * Cardinality(S)
PROOF OMITTED

THEOREM SumFunctionMonotonic ==
  ASSUME NEW f, IsFiniteSet(DOMAIN f), NEW g, DOMAIN g = DOMAIN f,
         \A x \in DOMAIN f : f[x] \in Int /\ g[x] \in Int /\ f[x] <= g[x]
  PROVE  SumFunction(f) <= SumFunction(g)
PROOF OMITTED

THEOREM SumFunctionStrictlyMonotonic ==
  ASSUME NEW f, IsFiniteSet(DOMAIN f), NEW g, DOMAIN g = DOMAIN f,
         \A x \in DOMAIN f : f[x] \in Int /\ g[x] \in Int /\ f[x] <= g[x],
         NEW s \in DOMAIN f, f[s] < g[s]
  PROVE  SumFunction(f) < SumFunction(g)
PROOF OMITTED

=============================================================================
