------------------------------ MODULE Integers ------------------------------
(***************************************************************************)
(* tlafid's own rendering of the standard module Integers: Naturals        *)
(* extended to negative numbers.  Names, arities and meaning follow the    *)
(* TLA+ standard module; the text is written for tlafid.  Arithmetic is    *)
(* evaluated natively on the integers (the operators of Naturals keep      *)
(* their names and are extended to Int by the evaluator).                  *)
(***************************************************************************)
EXTENDS Naturals

Int == Nat \cup {0 - n : n \in Nat}         (* native: all integers *)

-. a == 0 - a                               (* native: unary minus *)

=============================================================================
