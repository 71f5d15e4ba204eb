---- MODULE double_prime ----
VARIABLE x
A == x' = 1
B == (x')'
C == A'
====
