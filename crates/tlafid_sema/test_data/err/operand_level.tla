---- MODULE operand_level ----
VARIABLE x
A == x' = x
B == UNCHANGED x'
C == ENABLED []A
D == [A]_(x')
E == WF_x([]A)
====
