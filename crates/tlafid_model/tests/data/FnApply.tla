---- MODULE FnApply ----
\* Function definitions applied to one argument at a time and built whole once per
\* state: one and two variables, recursion, a definition inside a `LET` that reads a
\* parameter around it, and an argument outside the domain.
EXTENDS Naturals
VARIABLES x, y
Vals == 0..3
\* One variable, reading the state.
Double[i \in Vals] == IF x = i THEN 2 * i ELSE i
\* Two variables.
Near[a \in Vals, b \in Vals] == a <= b + 1 /\ b <= a + 1 /\ a # y
\* Recursive, reading the state.
Steps[n \in 0..3] == IF n = 0 THEN x ELSE Steps[n - 1] + y
\* Defined inside a `LET` that reads the parameter `k`.
Shifted(k) == LET g[i \in Vals] == (i + k + x) % 4 IN g[y]
Init == x = 0 /\ y = 0
Next == \/ /\ x < 3 /\ Double[x] >= x /\ x' = x + 1 /\ UNCHANGED y
        \/ /\ y < 3 /\ Near[x, y + 1] /\ y' = y + 1 /\ UNCHANGED x
        \/ /\ Steps[y] > 2 /\ Shifted(1) # 2 /\ x' = (x + y) % 4 /\ y' = 0
\* Before the threshold of building whole: one or two applications in a state.
Few == Double[y] >= y /\ Steps[3] >= x
\* After it: every argument, so that the function is built on the fourth.
Many == /\ \A i \in Vals : Double[i] >= i
        /\ \A a, b \in Vals : Near[a, b] = Near[b, a] \/ a = y \/ b = y
\* Outside the domain once `y` reaches 2 (one variable) or 3 (two).
OutsideOne == Double[2 * y] >= 0
OutsideTwo == Near[x, y + 1] \/ TRUE
Spec == Init /\ [][Next]_<<x, y>>
====
