This text before the header is ignored, even ( unbalanced "stuff.
------------------------------ MODULE Units ------------------------------
EXTENDS Naturals, Sequences
CONSTANT N
CONSTANTS Procs, F(_, _), _ ++ _, -. _
VARIABLE x
VARIABLES y, z
ASSUME N > 0
ASSUMPTION NPos == N \in Nat
AXIOM Ax == TRUE
-----------------------------------------------------------------------------
Op == x + 1
Apply(G(_, _), a) == G(a, a)
LOCAL Hidden(a) == a
a ++ b == a + b
-. a == 0 - a
a ^+ == a
f[i \in Nat] == IF i = 0 THEN 1 ELSE i * f[i - 1]
g[i \in 1..N, j \in Procs] == i
RECURSIVE Fact(_), Other
Fact(n) == IF n = 0 THEN 1 ELSE n * Fact(n - 1)
INSTANCE Naturals
LOCAL INSTANCE Sequences
I(p) == INSTANCE Mod WITH a <- p, b <- Op, + <- Plus
J == INSTANCE Mod
  ---- MODULE Inner ----
  VARIABLE w
  Winner == w
  ====
Use == I(1)!Op + Inner!Winner + M!N!Op(2, 3) + I(x)!+(1, 2)
=============================================================================
Text after the footer is ignored too: "unterminated (* comment
