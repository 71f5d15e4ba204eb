---- MODULE AssumeFalse ----
EXTENDS Naturals
CONSTANT N
ASSUME N > 5
VARIABLE x
Init == x = 0
Next == x' = x
====
