-------------------------------- MODULE Folds -------------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module Folds: the one    *)
(* general fold from which the folds of Functions, FiniteSetsExt,          *)
(* SequencesExt and BagsExt are built.  Name, arity and meaning follow the *)
(* CommunityModules module; the text is written for tlafid.                *)
(***************************************************************************)

\* Folds the finite set S: picks x == choose(S), folds the rest, and
\* combines as op(f(x), <fold of S \ {x}>); the empty set folds to base.
\* With choose(T) == CHOOSE y \in T : TRUE the element picked first is
\* combined last, which matters when op is not commutative.
RECURSIVE MapThenFoldSet(_, _, _, _, _)
MapThenFoldSet(op(_, _), base, f(_), choose(_), S) ==
  IF S = {} THEN base
  ELSE LET x == choose(S)
       IN  op(f(x), MapThenFoldSet(op, base, f, choose, S \ {x}))

=============================================================================
