------------------------------- MODULE Apalache -----------------------------
(***************************************************************************)
(* tlafid's own rendering of the module that the Apalache model checker    *)
(* ships for its users.  Names, arities and meaning follow that module;    *)
(* the text is written for tlafid.  Most operators are hints to Apalache's *)
(* symbolic engine and mean something simple for an explicit-state         *)
(* checker; Gen has no explicit-state meaning and is unsupported.          *)
(***************************************************************************)
LOCAL INSTANCE Integers
LOCAL INSTANCE Sequences

\* Assignment, to Apalache; plain equality in TLA+.
x := e == x = e

\* A bounded but otherwise arbitrary value of the right type (a symbolic
\* construct).
Gen(size) == CHOOSE v : TRUE                          (* unsupported *)

\* Hints for the symbolic engine: each equals its argument.
Skolem(e) == e
Expand(S) == S
ConstCardinality(cardExpr) == cardExpr

\* Some element of S.
Guess(S) == CHOOSE x \in S : TRUE

\* The sequence <<F(1), ..., F(N)>>.
MkSeq(N, F(_)) == [i \in 1 .. N |-> F(i)]

\* F(... F(F(x, 1), 2) ..., N).
RECURSIVE Repeat(_, _, _)
Repeat(F(_, _), N, x) == IF N \leq 0 THEN x ELSE F(Repeat(F, N - 1, x), N)

\* The function whose graph is the set of pairs S (S must be functional).
SetAsFun(S) ==
  LET dom == {p[1] : p \in S}
  IN  [x \in dom |-> (CHOOSE p \in S : p[1] = x)[2]]

\* Folds the set S with Op, starting from v: Op(... Op(v, s1) ..., sn).
RECURSIVE ApaFoldSet(_, _, _)
ApaFoldSet(Op(_, _), v, S) ==
  IF S = {} THEN v
  ELSE LET s == CHOOSE s \in S : TRUE
       IN  ApaFoldSet(Op, Op(v, s), S \ {s})

\* Op(... Op(Op(v, seq[1]), seq[2]) ..., seq[n]).
RECURSIVE ApaFoldSeqLeft(_, _, _)
ApaFoldSeqLeft(Op(_, _), v, seq) ==
  IF seq = << >> THEN v ELSE ApaFoldSeqLeft(Op, Op(v, Head(seq)), Tail(seq))

\* The first len values of the function fn on 1..capacity, as a sequence.
FunAsSeq(fn, len, capacity) == [i \in 1 .. len |-> fn[i]]

=============================================================================
