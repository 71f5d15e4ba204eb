---- MODULE TrailingModule ----
(* A module may instantiate another module written after its own closing line in the *)
(* same file, as SANY allows (tlaplus/Examples braf/BufferedRandomAccessFile.tla).    *)
EXTENDS Naturals
VARIABLE x
C == INSTANCE Counter WITH limit <- 3
Init == x = 0
Next == x' = C!Step(x)
Inv == x <= 3
====
Notes after the closing line are ignored.

---- MODULE Counter ----
EXTENDS Naturals
CONSTANT limit
Step(n) == IF n < limit THEN n + 1 ELSE 0
====
