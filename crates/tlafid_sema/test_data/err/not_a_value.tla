---- MODULE not_a_value ----
VARIABLE x
f[i \in {1}] == i
A == x(1)
B == f(1)
C == LAMBDA a : a
M == INSTANCE Sub
D == M
---- MODULE Sub ----
E == 1
====
====
