---- MODULE duplicate ----
VARIABLE x
Op == 1
Op == 2
x(a) == a
====
