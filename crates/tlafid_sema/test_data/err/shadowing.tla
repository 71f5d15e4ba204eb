---- MODULE shadowing ----
VARIABLE x
A == \E x \in {1} : x = 1
B == \A i \in {1} : \E i \in {2} : i = 1
C(x) == x
D(a) == LET a == 1 IN a
====
