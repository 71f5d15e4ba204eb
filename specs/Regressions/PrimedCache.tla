---- MODULE PrimedCache ----
(* An action operator (HCnxt primes hr) must never be cached per state: it is evaluated  *)
(* again in each branch (found on tlaplus/Examples MCRealTimeHourClock).               *)
EXTENDS Naturals
VARIABLE now, hr, t
Real == 0 .. 2
HCnxt  ==  hr' = IF hr # 12 THEN hr + 1 ELSE 1
NowNext == /\ now' \in {r \in Real : r > now}
           /\ UNCHANGED hr
TNext == t' = IF HCnxt THEN 0 ELSE t+(now'-now)
Init == hr = 1 /\ t = 0 /\ now = 2
Next == /\ [NowNext]_now
        /\ [HCnxt]_hr
        /\ TNext
        /\ HCnxt => t \geq 1
        /\ t' \leq 3
====
