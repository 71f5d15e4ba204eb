------------------------------ MODULE EnvLimit ------------------------------
(* A counter whose bound comes from IOEnv: `--env MODE=wide` raises it from 3 *)
(* to 5, so the flag must reach every exploration `mutate` runs.             *)
EXTENDS Naturals, IOUtils

VARIABLE x

Limit == IF "MODE" \in DOMAIN IOEnv /\ IOEnv.MODE = "wide" THEN 5 ELSE 3

Init == x = 0
Next == x < Limit /\ x' = x + 1

TypeOK == x \in 0 .. 5
Bounded == x <= Limit
=============================================================================
