------------------------------ MODULE Compose ------------------------------
(***************************************************************************)
(* Action composition A \cdot B (TLC runs it with                          *)
(* -Dtlc2.tool.impl.Tool.cdot=true): a step of A then a step of B taken as *)
(* one step, the middle state never reached.  A counter x climbs by one or *)
(* two; Bump \cdot Fold climbs and folds x back under Cap in one step,    *)
(* counting the folds in y.  Fairness of a composed action exercises      *)
(* ENABLED and <<A \cdot B>>_v.                                            *)
(***************************************************************************)
EXTENDS Naturals, TLC

ASSUME TLCGet("-Dtlc2.tool.impl.Tool.cdot") = "true"

CONSTANT Cap

VARIABLES x, y
vars == <<x, y>>

Init == x = 0 /\ y = 0

\* Nondeterministic: the first half of a composition may have several ends.
Bump == x' \in {x + 1, x + 2} /\ UNCHANGED y

\* Only enabled in some middle states: filters the ends of Bump.
Fold == x >= Cap /\ x' = x - Cap /\ y' = (y + 1) % 3

\* Two ways to the same end state: duplicates of the composition.
\* A guard before a composition; Bump \cdot Bump would do the same.
Twice == x < Cap /\ ((x' = x /\ y' = y) \cdot Bump)

Next ==
  \/ x < Cap /\ Bump
  \/ Bump \cdot Fold
  \/ Twice

Spec ==
  /\ Init /\ [][Next]_vars
  /\ WF_vars(x < Cap /\ Bump)
  /\ WF_vars(Bump \cdot Fold)

\* Without fairness for the composition, x may stay at Cap forever.
SpecUnfairFold == Init /\ [][Next]_vars /\ WF_vars(x < Cap /\ Bump)

TypeOK == x \in 0..(Cap + 1) /\ y \in 0..2

\* The composed step is taken again and again.
FoldsForever == []<>(y = 0) /\ []<>(y = 1)

\* Checked as an action property: every step is a step of one of the disjuncts.
StepsAreSteps == [][Bump \cdot Fold \/ Bump \/ (x' = x /\ y' = y)]_vars

\* An action property a composition makes false on some steps (the Bump steps up to 5).
FoldsStayLow == [][(Bump \cdot Fold) => x' <= 3]_vars

\* Violated: from x = 5 a composed step ends at 3.
FoldsStayLower == [][(Bump \cdot Fold) => x' <= 2]_vars

\* Not supported by tlafid (an error): a conjunct after a composition, which TLC's
\* experimental \cdot checks on each half of the step rather than on the whole step.
NextConjunctAfter == (Bump \cdot Fold) /\ y' # 2
=============================================================================
