---- MODULE ViewError ----
\* A VIEW that cannot be evaluated in a reachable state is an error, as in TLC.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 4 /\ x' = x + 1
View == IF x < 3 THEN x ELSE x \div 0
====
