---- MODULE Dial ----
(* An abstract dial: the hand moves round the positions 0, 1, 2, and weak fairness keeps *)
(* it moving. Gears and DialParity refine it through a mapping that is an expression of *)
(* their variables, so deciding WF_hand(Turn) needs ENABLED <<Turn>>_hand through it.   *)
EXTENDS Naturals
VARIABLE hand
Init == hand = 0
Turn == hand' = (hand + 1) % 3
Spec == Init /\ [][Turn]_hand /\ WF_hand(Turn)
====
