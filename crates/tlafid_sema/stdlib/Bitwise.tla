------------------------------- MODULE Bitwise ------------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module Bitwise: bit      *)
(* operations on natural numbers in binary.  Names, arities and meaning    *)
(* follow the CommunityModules module; the text is written for tlafid.     *)
(* All operators have native implementations in TLC; the recursive bodies  *)
(* here are exact for natural numbers.                                     *)
(***************************************************************************)
LOCAL INSTANCE Integers

\* Combines x and y bit by bit with bit(a, b) (a helper, not exported).
RECURSIVE BitByBit(_, _, _)
LOCAL BitByBit(bit(_, _), x, y) ==
  IF x = 0 /\ y = 0 THEN 0
  ELSE bit(x % 2, y % 2) + 2 * BitByBit(bit, x \div 2, y \div 2)

\* Bitwise and.
x & y == BitByBit(LAMBDA a, b : a * b, x, y)                (* native *)

\* Bitwise or.
x | y == BitByBit(LAMBDA a, b : IF a + b > 0 THEN 1 ELSE 0, x, y)  (* native *)

\* Bitwise exclusive or (^ is already exponentiation).
x ^^ y == BitByBit(LAMBDA a, b : (a + b) % 2, x, y)         (* native *)

\* Flips the bits of a up to its highest set bit (a helper).
RECURSIVE FlipBits(_)
LOCAL FlipBits(a) == IF a = 0 THEN 0 ELSE (1 - (a % 2)) + 2 * FlipBits(a \div 2)

\* The complement of a within its own bit length: Not(0) = 0, Not(5) = 2.
Not(a) == FlipBits(a)                                       (* native *)

\* n shifted right by pos bits.
shiftR(n, pos) == n \div (2 ^ pos)                          (* native *)

=============================================================================
