---- MODULE temporal_of_action ----
VARIABLE x
A == x' = x
B == []A
C == <>(x' = 1)
D == A ~> (x = 1)
OK == [][A]_x /\ <><<A>>_x
====
