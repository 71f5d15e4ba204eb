---- MODULE operand_level ----
VARIABLE x
A == x' = x
B == UNCHANGED x'
C == ENABLED []A
D == [A]_(x')
E == WF_x([]A)
F == {[][A]_x}
G == ([][A]_x) = TRUE
OK == IF x = 1 THEN [][A]_x ELSE ~[][A]_x
====
