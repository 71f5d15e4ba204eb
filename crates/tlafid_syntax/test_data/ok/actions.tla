---- MODULE Actions ----
VARIABLES x, y
vars == <<x, y>>
Spec == Init /\ [][Next]_vars /\ WF_vars(Next) /\ SF_vars(A(1))
Spec2 == [][Next]_<<x, y>> /\ WF_<<x, y>>(Next) /\ SF_<<x>>(Next)
Angle == <<A>>_vars /\ <<A>>_<<x, y>>
TupleNotAction == <<A>> = <<B>>
Live == []<>P /\ <>[]Q /\ P ~> Q
Sub == [A]_x /\ [A \/ B]_(x + y) /\ [][A]_x
==============================
