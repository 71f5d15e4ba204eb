---- MODULE Expressions ----
Ite == IF a THEN b ELSE IF c THEN d ELSE e
Case == CASE a -> 1 [] b -> 2 [] OTHER -> 3
CaseNoOther == CASE a -> 1
                 [] b -> 2
Let == LET a == 1
           f[i \in S] == i
           G(p) == p
           RECURSIVE H(_)
           H(n) == n
       IN a + G(2)
All == \A x \in S, y \in T : x = y
Ex == \E x, y \in S : x # y
Tup == \E <<a, b>> \in S \X T : a = b
Unbounded == \A x, y : x = y
Ch == CHOOSE x \in S : x > 0
ChU == CHOOSE x : x
ChT == CHOOSE <<a, b>> \in S : a
Enum == {1, 2, 3}
Empty == {}
Filter == {x \in S : x > 1}
FilterTuple == {<<a, b>> \in S : a}
Map == {x * 2 : x \in S}
Map2 == {<<x, y>> : x \in S, y \in T}
SetOfSet == {x \in S}
FnCons == [x \in S |-> x + 1]
FnCons2 == [x, y \in S, <<a, b>> \in T |-> x]
FnSet == [S -> T]
Rec == [a |-> 1, b |-> "two"]
RecSet == [a : S, b : T]
Tuple == <<1, <<2>>, <<>>>>
Except == [f EXCEPT ![1] = 2, !.a.b[c] = @ + 1, ![i, j] = @]
Lambda == Op(LAMBDA x, y : x + y, +)
Label == lbl:: x = 1
Numbers == <<0, 42, \b101, \o17, \hFF, \B11, \O7, \HA, 1.5, 007>>
Strings == <<"a", "q\"q", "back\\slash", "tab\there\n">>
Bools == <<TRUE, FALSE, BOOLEAN, STRING>>
TemporalQ == \EE x : \AA y : x = y
Unchanged == UNCHANGED <<x, y>> /\ UNCHANGED z
Enabled == ENABLED Next
==============================
