---------------------------- MODULE Combinatorics ---------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module Combinatorics.    *)
(* Names, arities and meaning follow the CommunityModules module; the text *)
(* is written for tlafid.                                                  *)
(***************************************************************************)
EXTENDS Naturals

\* n! as a function on Nat (applied as factorial[n]).
factorial[n \in Nat] == IF n = 0 THEN 1 ELSE n * factorial[n - 1]  (* native *)

\* The binomial coefficient: the number of k-element subsets of an
\* n-element set.
choose(n, k) == factorial[n] \div (factorial[k] * factorial[n - k])  (* native *)

=============================================================================
