---- MODULE SimulateWalk ----
\* Random behaviours (`check --simulate`): a walk on a 6 x 6 grid with a reset.
EXTENDS Naturals
VARIABLE x, y
Init == x = 0 /\ y = 0
IncX == x < 5 /\ x' = x + 1 /\ y' = y
IncY == y < 5 /\ y' = y + 1 /\ x' = x
Reset == x = 5 /\ x' = 0 /\ y' = y
Next == IncX \/ IncY \/ Reset
Inv == x + y < 20
Bad == x + y < 7
====
