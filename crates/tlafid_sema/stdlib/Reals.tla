------------------------------- MODULE Reals --------------------------------
(***************************************************************************)
(* tlafid's own rendering of the standard module Reals.  Names and         *)
(* arities follow the TLA+ standard module.  tlafid, like TLC, has no      *)
(* real-number values: Real, / and Infinity parse and resolve, but        *)
(* evaluating any of them is reported as unsupported.                      *)
(***************************************************************************)
EXTENDS Integers

Real == CHOOSE R : Int \subseteq R          (* unsupported: reals *)

a / b == CHOOSE quotient : quotient * b = a (* unsupported: real division *)

Infinity == CHOOSE inf : inf \notin Real    (* unsupported *)

=============================================================================
