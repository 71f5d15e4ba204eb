---- MODULE bad_instance_path ----
VARIABLE x
I == INSTANCE Sub
A == I!Missing
B == x!y
C == I!Local
E == I!Opp
---- MODULE Sub ----
Op == 1
LOCAL Local == 2
====
====
