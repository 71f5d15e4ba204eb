---- MODULE HugeInit ----
\* Regression (issue 14, class 3): two billion initial states; the time budget and the
\* states budget must stop their enumeration, not wait for it.
EXTENDS Naturals
VARIABLE x
Init == x \in 1..2000000000
Next == x' = x
====
