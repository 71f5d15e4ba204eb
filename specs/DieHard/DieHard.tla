---------------------------- MODULE DieHard ----------------------------
(* The water-jug puzzle: with a 3-gallon and a 5-gallon jug, measure       *)
(* exactly 4 gallons. The invariant NotSolved claims it cannot be done, so *)
(* the checker's counterexample is a shortest solution.                    *)
EXTENDS Naturals

VARIABLES small, big

vars == <<small, big>>

TypeOK == small \in 0..3 /\ big \in 0..5

Init == small = 0 /\ big = 0

FillSmall == small' = 3 /\ big' = big
FillBig   == big' = 5 /\ small' = small
EmptySmall == small' = 0 /\ UNCHANGED big
EmptyBig   == big' = 0 /\ UNCHANGED small

Min(a, b) == IF a < b THEN a ELSE b

PourSmallIntoBig ==
  LET moved == Min(small, 5 - big)
  IN  /\ small' = small - moved
      /\ big' = big + moved

PourBigIntoSmall ==
  LET moved == Min(big, 3 - small)
  IN  /\ big' = big - moved
      /\ small' = small + moved

Next ==
  \/ FillSmall \/ FillBig
  \/ EmptySmall \/ EmptyBig
  \/ PourSmallIntoBig \/ PourBigIntoSmall

Spec == Init /\ [][Next]_vars

NotSolved == big # 4
=========================================================================
