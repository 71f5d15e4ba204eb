------------------------------ MODULE Registers ------------------------------
(* TLC's registers during exploration: Next keeps the largest x reached in       *)
(* register 0 (an accumulation, the same in any exploration order) and the        *)
(* POSTCONDITION reads it with the final statistics. The other operators are the  *)
(* uses whose results would depend on the exploration order, which tlafid         *)
(* refuses (E114), each named by a configuration of this folder.                  *)
EXTENDS Naturals, TLC

VARIABLE x

Init == x = 0 /\ TLCSet(0, 0)

Step == x < 3 /\ x' = x + 1

Most == x' >= TLCGet(0) => TLCSet(0, x')

Next == Step /\ Most

NextSetsPlainly == Step /\ TLCSet(1, x')

NextExits == Step /\ (x' = 3 => TLCSet("exit", TRUE))

ReadsAccumulated == TLCGet(0) <= x

ReadsStatistics == TLCGet("distinct") > 0

Final ==
    /\ TLCGet(0) = 3
    /\ TLCGet("stats").distinct = 4
    /\ TLCGet("stats").generated = 4
    /\ TLCGet("stats").diameter = 4
    /\ TLCGet("stats").queue = 0
    /\ TLCGet("level") = 0
=============================================================================
