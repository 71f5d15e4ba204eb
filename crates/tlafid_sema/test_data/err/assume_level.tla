---- MODULE assume_level ----
CONSTANT N
VARIABLE x
ASSUME N = 1
ASSUME x = N
====
