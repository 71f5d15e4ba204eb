---- MODULE Pair ----
\* a <- y, b <- y: TLC decides ENABLED <<Set>>_<<a, b>> with a' and b' apart (each a
\* variable of its own there), so Set counts as enabled although no y' gives a' = 1 and
\* b' = 2; y never changes, so P!Spec is violated by stuttering (TLC: 2 generated, 1 distinct).
VARIABLE y
Init == y = 0
Next == UNCHANGED y
P == INSTANCE PairAbs WITH a <- y, b <- y
Prop == P!Spec
====
