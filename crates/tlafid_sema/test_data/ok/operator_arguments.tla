---- MODULE operator_arguments ----
CONSTANT F(_), S
Map(G(_), x) == G(x)
\* A constant operator, a built-in symbol and a LAMBDA as operator arguments.
A == Map(F, 1)
B == Map(F, S)
C == Map(LAMBDA y : {y}, 2)
Fold(Op(_, _), a, b) == Op(a, b)
D == Fold(\cup, S, S) /\ Fold(=, 1, 1)
====
