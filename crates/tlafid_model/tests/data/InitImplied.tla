---------------------------- MODULE InitImplied ----------------------------
(* An inductive invariant checked as TLC's users do: the initial predicate is  *)
(* the invariant itself (IInit), so every state it admits satisfies TypeOK,   *)
(* Bound and Inv, and initial states need not be checked against them. Small  *)
(* is no conjunct of IInit, Noisy has an effect, SomeOf is an operator with a  *)
(* parameter: those are checked on initial states.                          *)
EXTENDS Naturals, TLC
VARIABLES x, y

TypeOK == x \in 0..3 /\ y \in 0..3
Bound == x + y <= 4
Inv == TypeOK /\ Bound
Noisy == TLCGet("level") >= 0 /\ Bound
Small == x < 3
SomeOf(v) == v \in 0..3
IInit == Inv /\ Noisy /\ SomeOf(x)
Next == /\ x' = (x + 1) % 4
        /\ y' = IF x + y < 4 THEN y ELSE 0
ISpec == IInit /\ [][Next]_<<x, y>>
\* A step out of the invariant: checked on the successors as on any state.
Grow == x' = x /\ y' = y + 1
GrowSpec == IInit /\ [][Grow]_<<x, y>>
=============================================================================
