----------------------------- MODULE Statistics -----------------------------
(***************************************************************************)
(* tlafid's own rendering of the CommunityModules module Statistics.  The  *)
(* name and arity follow the CommunityModules module; the text is written  *)
(* for tlafid.  The test needs floating-point arithmetic, which TLA+       *)
(* values lack, so only a native implementation can evaluate it; tlafid    *)
(* reports it as unsupported.                                              *)
(***************************************************************************)
EXTENDS Naturals

\* TRUE iff a chi-square goodness-of-fit test at significance level alpha
\* (a string such as "0.05") does not reject that the observed counts
\* actual follow the expected counts expected (functions with one domain).
ChiSquare(expected, actual, alpha) == CHOOSE b \in BOOLEAN : TRUE  (* unsupported *)

=============================================================================
