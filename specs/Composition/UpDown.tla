------------------------------- MODULE UpDown -------------------------------
(***************************************************************************)
(* Fairness of a composition whose halves cancel out: Up \cdot Down leaves *)
(* x unchanged, yet its second half changes x.  TLC's experimental \cdot   *)
(* tests the x of <<Up \cdot Down>>_x on the second half only (so it finds *)
(* the composition enabled), where the formula means the whole step.       *)
(* tlafid refuses such a fairness condition (E075) rather than answer      *)
(* differently from either reading.                                        *)
(***************************************************************************)
EXTENDS Naturals
VARIABLE x
Up == x < 3 /\ x' = x + 1
Down == x' = x - 1
Next == Up \/ (Up \cdot Down) \/ (x = 3 /\ x' = 0)
Spec == x = 0 /\ [][Next]_x /\ WF_x(Up \cdot Down)
ReachesThree == <>(x = 3)
=============================================================================
