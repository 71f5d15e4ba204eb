---- MODULE instance_paths ----
EXTENDS Naturals
---- MODULE Leaf ----
CONSTANT k
VARIABLE v
Get(a) == v + k + a
====
---- MODULE Mid ----
CONSTANT m
VARIABLE w
\* Parameters accumulate: operators of M(p)!L(j) take p, then j, then their own.
L(j) == INSTANCE Leaf WITH k <- j + m, v <- w
Via(a) == L(a)!Get(1)
====
VARIABLE x
M(p) == INSTANCE Mid WITH m <- p, w <- x
A == M(1)!L(2)!Get(3)
B == M(4)!Via(5)
\* An instance inside a LET, and priming a substituted variable.
C == LET I == INSTANCE Leaf WITH k <- 7, v <- x IN I!Get(8)
D == LET I == INSTANCE Leaf WITH k <- 7, v <- <<x>> IN I!Get(8)'
====
