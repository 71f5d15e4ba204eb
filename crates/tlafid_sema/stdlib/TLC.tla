--------------------------------- MODULE TLC --------------------------------
(***************************************************************************)
(* tlafid's own rendering of TLC's module of checker-specific operators.   *)
(* Names, arities and meaning follow the module shipped with TLC; the text *)
(* is written for tlafid.                                                  *)
(*                                                                         *)
(* Pure operators (:>, @@, Permutations, SortSeq, ToString, TLCEval) have  *)
(* exact bodies.  The others talk to the checker itself (printing,         *)
(* assertion failures, registers, the clock, random choice): their bodies *)
(* are placeholders and the evaluator must implement them natively or      *)
(* reject them.  See README.md for which ones tlafid refuses.              *)
(***************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences
LOCAL INSTANCE FiniteSets

-----------------------------------------------------------------------------
(* Output and assertions.  Both are TRUE-valued side conditions.           *)

\* Prints out and val, then equals val.
Print(out, val) == val                                       (* native *)

\* Prints out, then equals TRUE.
PrintT(out) == TRUE                                          (* native *)

\* TRUE when val is TRUE; otherwise evaluation stops with error out.
Assert(val, out) == IF val = TRUE THEN TRUE
                    ELSE CHOOSE failure : FALSE              (* native *)

-----------------------------------------------------------------------------
(* Checker state: the wall clock and TLC's registers.                      *)

JavaTime == CHOOSE seconds \in Nat : TRUE     (* native, nondeterministic *)

\* TLCGet of an integer reads register i; TLCGet of a string reads checker
\* statistics ("level", "distinct", "diameter", "config", ...).
TLCGet(i) == CHOOSE v : TRUE                                 (* native *)

\* Writes v into register i and equals TRUE.
TLCSet(i, v) == TRUE                                         (* native *)

-----------------------------------------------------------------------------
(* Functions built piece by piece.                                         *)

d :> e == [x \in {d} |-> e]

f @@ g == [x \in (DOMAIN f) \cup (DOMAIN g) |->
              IF x \in DOMAIN f THEN f[x] ELSE g[x]]

-----------------------------------------------------------------------------
(* Orderings.                                                              *)

\* All bijections from S onto itself.
Permutations(S) ==                                           (* native *)
  {p \in [S -> S] : \A y \in S : \E x \in S : p[x] = y}

\* s rearranged so that Op(earlier, later) holds for elements that differ
\* (Op is a strict ordering such as <).
SortSeq(s, Op(_, _)) ==                                      (* native *)
  LET n     == Len(s)
      order == CHOOSE p \in Permutations(1 .. n) :
                 \A i, j \in 1 .. n :
                   (i < j) => (Op(s[p[i]], s[p[j]]) \/ (s[p[i]] = s[p[j]]))
  IN  [i \in 1 .. n |-> s[order[i]]]

-----------------------------------------------------------------------------
(* Choices that TLC makes at random; tlafid rejects them (README.md).      *)

\* TLC picks the element pseudo-randomly, afresh at each evaluation.
RandomElement(S) == CHOOSE x \in S : TRUE     (* native, nondeterministic *)

\* To TLC, a set that contains every value (v \in Any is TRUE for all v); it
\* cannot be enumerated.  Kept for old specs that use it as a domain.
Any == CHOOSE x : TRUE                        (* native *)

-----------------------------------------------------------------------------
(* Values as text, and forcing evaluation.                                 *)

\* The string TLC prints for v.
ToString(v) == CHOOSE str \in STRING : TRUE                  (* native *)

\* Equals v; asks the checker to evaluate v eagerly (a cache hint).
TLCEval(v) == v                                              (* native *)

=============================================================================
