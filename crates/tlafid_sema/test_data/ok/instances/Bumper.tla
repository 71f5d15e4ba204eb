---- MODULE Bumper ----
VARIABLE v
Bump == v' = v
====
