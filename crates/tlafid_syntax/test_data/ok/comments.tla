(* A comment before the header: everything before the header line is ignored. *)
------------------------------ MODULE Comments ------------------------------
(* (* nested *) comment with "a string" (* and (* deeper *) nesting *) *)
EXTENDS Naturals \* trailing line comment
(***************************************************************************
--algorithm Counter {
  variables x = 0;
  { l1: x := x + 1; }
}
 ***************************************************************************)
\* BEGIN TRANSLATION
VARIABLE x (* inline *)
Init == x = 0 \* x starts at zero
Ops == /\ a |- b
       /\ a ::= b
       /\ a \sqsubseteq b
       /\ a \bullet (* between *) b
       /\ "(* not a comment *)" # "\\* not a comment either"
Reals == 1.5 + 0.25
\* END TRANSLATION
=============================================================================
