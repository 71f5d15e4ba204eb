\* expect: error E070: Tail applied to the empty sequence at plan_guard_error.tla:8:16
---- MODULE plan_guard_error ----
\* An error in an assigned value after a guard held, inside an inlined call.
EXTENDS Naturals, Sequences
VARIABLES s
Init == s = <<1, 2>>
Pop == /\ Len(s) >= 0
       /\ s' = Tail(s)
Next == Pop \/ (s = <<>> /\ s' = <<Head(s)>>)
====
