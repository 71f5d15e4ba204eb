---- MODULE arity ----
F(a, b) == a
G == F(1)
H == F
I(Op(_)) == Op(1)
J == I(F)
====
