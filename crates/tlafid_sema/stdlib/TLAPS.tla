-------------------------------- MODULE TLAPS -------------------------------
(***************************************************************************)
(* tlafid's own rendering of the TLA+ Proof System's pragma module.  The   *)
(* names are those that proofs cite (BY SMT, BY PTL, BY Zenon, ...) to     *)
(* pick a back-end prover; to a model checker they are just constants      *)
(* equal to TRUE, so no native implementation is needed.  Names and        *)
(* arities follow the module shipped with TLAPS; the text is written for   *)
(* tlafid.                                                                 *)
(***************************************************************************)

-----------------------------------------------------------------------------
(* SMT solvers; the T variants take a timeout in seconds.                  *)

SMT == TRUE
SMTT(X) == TRUE
CVC3 == TRUE
CVC3T(X) == TRUE
CVC4 == TRUE
CVC4T(X) == TRUE
Yices == TRUE
YicesT(X) == TRUE
veriT == TRUE
veriTT(X) == TRUE
Z3 == TRUE
Z3T(X) == TRUE
Spass == TRUE
SpassT(X) == TRUE
Zipper == TRUE
ZipperT(X) == TRUE
SimpleArithmetic == TRUE

-----------------------------------------------------------------------------
(* Temporal logic.                                                         *)

LS4 == TRUE
LS4T(X) == TRUE
PTL == TRUE
PropositionalTemporalLogic == TRUE

-----------------------------------------------------------------------------
(* Zenon.                                                                  *)

Zenon == TRUE
ZenonT(X) == TRUE
SlowZenon == TRUE
SlowerZenon == TRUE
VerySlowZenon == TRUE
SlowestZenon == TRUE

-----------------------------------------------------------------------------
(* Isabelle and its tactics.                                               *)

Isa == TRUE
IsaT(X) == TRUE
IsaM(X) == TRUE
IsaMT(X, Y) == TRUE
IsaWithSetExtensionality == TRUE
Auto == TRUE
SlowAuto == TRUE
SlowerAuto == TRUE
SlowestAuto == TRUE
Force == TRUE
SlowForce == TRUE
SlowerForce == TRUE
SlowestForce == TRUE
SimplifyAndSolve == TRUE
SlowSimplifyAndSolve == TRUE
SlowerSimplifyAndSolve == TRUE
SlowestSimplifyAndSolve == TRUE
Simplification == TRUE
SlowSimplification == TRUE
SlowerSimplification == TRUE
SlowestSimplification == TRUE
Blast == TRUE
SlowBlast == TRUE
SlowerBlast == TRUE
SlowestBlast == TRUE
AutoBlast == TRUE

-----------------------------------------------------------------------------
(* Several back-ends in turn.                                              *)

AllProvers == TRUE
AllProversT(X) == TRUE
AllSMT == TRUE
AllSMTT(X) == TRUE
AllIsa == TRUE
AllIsaT(X) == TRUE

-----------------------------------------------------------------------------
(* Proof-manager directives.                                               *)

ExpandENABLED == TRUE
ExpandCdot == TRUE
AutoUSE == TRUE
Lambdify == TRUE
ENABLEDaxioms == TRUE
LevelComparison == TRUE
EnabledWrapper(Op(_)) == FALSE
CdotWrapper(Op(_)) == FALSE
Trivial == TRUE

-----------------------------------------------------------------------------
(* Two facts about sets that proofs cite by name.                          *)

THEOREM SetExtensionality ==
  \A S, T : (\A x : x \in S <=> x \in T) => S = T
PROOF OMITTED

THEOREM NoSetContainsEverything ==
  \A S : \E x : x \notin S
PROOF OMITTED

=============================================================================
