------------------------------ MODULE Functions -----------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module Functions.        *)
(* Names, arities and meaning follow the CommunityModules module; the text *)
(* is written for tlafid.  Operators marked (* native *) have a native     *)
(* implementation in TLC and should have one in tlafid; the bodies are     *)
(* their exact meaning.                                                    *)
(***************************************************************************)
EXTENDS Integers, Folds

-----------------------------------------------------------------------------
(* Restrictions, range and inverse.                                        *)

\* f with its domain cut down to S.
Restrict(f, S) == [x \in S |-> f[x]]

\* f on the points of its domain that satisfy Test.
RestrictDomain(f, Test(_)) == Restrict(f, {x \in DOMAIN f : Test(x)})

\* f on the points of its domain whose image satisfies Test.
RestrictValues(f, Test(_)) == Restrict(f, {x \in DOMAIN f : Test(f[x])})

\* narrow agrees with wide on the whole of narrow's domain.
IsRestriction(narrow, wide) ==
  /\ DOMAIN narrow \subseteq DOMAIN wide
  /\ \A x \in DOMAIN narrow : narrow[x] = wide[x]

\* The set of values f takes.
Range(f) == {f[x] : x \in DOMAIN f}

\* Combines f and g point by point (over DOMAIN f).
Pointwise(f, g, T(_, _)) == [x \in DOMAIN f |-> T(f[x], g[x])]

\* A function from T to S that undoes f where it can: each t in the range of
\* f goes to some s with f[s] = t; other t go to an arbitrary element of S.
Inverse(f, S, T) == [t \in T |-> CHOOSE s \in S : t \in Range(f) => f[s] = t]

\* The inverse of f on its own range.
AntiFunction(f) == Inverse(f, DOMAIN f, Range(f))            (* native *)

-----------------------------------------------------------------------------
(* Injections, surjections and bijections.                                 *)

\* No two points of the domain have the same image.
IsInjective(f) == \A x, y \in DOMAIN f : (f[x] = f[y]) => (x = y)  (* native *)

Injection(S, T) == {f \in [S -> T] : IsInjective(f)}

Surjection(S, T) == {f \in [S -> T] : \A t \in T : \E s \in S : f[s] = t}

Bijection(S, T) == Injection(S, T) \cap Surjection(S, T)

ExistsInjection(S, T) == Injection(S, T) # {}

ExistsSurjection(S, T) == Surjection(S, T) # {}

ExistsBijection(S, T) == Bijection(S, T) # {}

-----------------------------------------------------------------------------
(* Folding the values of a function.                                       *)

\* Combines fun[i] for the indices i in D into acc one at a time, in the
\* order in which CHOOSE picks them: acc becomes op(fun[i], acc) (a helper).
RECURSIVE AccumulateValues(_, _, _, _)
LOCAL AccumulateValues(op(_, _), acc, fun, D) ==
  IF D = {} THEN acc
  ELSE LET i == CHOOSE i \in D : TRUE
       IN  AccumulateValues(op, op(fun[i], acc), fun, D \ {i})

\* Folds fun[i] for i in indices with op, starting from base.  This is what
\* TLC's native version computes: with i1, ..., in the indices in TLC's
\* order, op(fun[in], ... op(fun[i1], base) ...); for a sequence s,
\* FoldFunction(op, b, s) = op(s[n], ... op(s[1], b) ...).  (The
\* CommunityModules text nests the other way round, through MapThenFoldSet;
\* the two agree when op is commutative and associative.)
FoldFunctionOnSet(op(_, _), base, fun, indices) ==          (* native *)
  AccumulateValues(op, base, fun, indices)

FoldFunction(op(_, _), base, fun) ==                        (* native *)
  FoldFunctionOnSet(op, base, fun, DOMAIN fun)

SumFunctionOnSet(fun, indices) ==
  FoldFunctionOnSet(LAMBDA x, y : x + y, 0, fun, indices)

SumFunction(fun) == SumFunctionOnSet(fun, DOMAIN fun)

=============================================================================
