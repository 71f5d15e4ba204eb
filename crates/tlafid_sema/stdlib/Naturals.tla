------------------------------ MODULE Naturals ------------------------------
(***************************************************************************)
(* tlafid's own rendering of the standard module Naturals: the natural     *)
(* numbers and arithmetic on them.  Operator names, arities and meaning    *)
(* follow the TLA+ standard module; the text is written for tlafid.        *)
(*                                                                         *)
(* Every operator here is evaluated natively (* native *): arithmetic is   *)
(* primitive, so the bodies below only state the meaning where it can be  *)
(* said from other operators of this module, and are placeholders (an     *)
(* unbounded CHOOSE that no checker can evaluate) where it cannot.         *)
(***************************************************************************)

Nat == CHOOSE N : TRUE                      (* native: {0, 1, 2, ...} *)

a + b == CHOOSE sum : TRUE                  (* native *)
a - b == CHOOSE difference : TRUE           (* native *)
a * b == CHOOSE product : TRUE              (* native *)
a ^ b == CHOOSE power : TRUE                (* native: a raised to b *)
a \div b == CHOOSE quotient : TRUE          (* native: floor division, b > 0 *)
a % b == a - (b * (a \div b))               (* native: remainder in 0..b-1 *)

a \leq b == CHOOSE isAtMost \in BOOLEAN : TRUE  (* native *)
a \geq b == b \leq a                        (* native *)
a < b == (a \leq b) /\ (a # b)              (* native *)
a > b == b < a                              (* native *)

\* With Integers, the evaluator takes i over Int: -2 .. 1 = {-2, -1, 0, 1}.
a .. b == {i \in Nat : (a \leq i) /\ (i \leq b)}  (* native: interval *)

=============================================================================
