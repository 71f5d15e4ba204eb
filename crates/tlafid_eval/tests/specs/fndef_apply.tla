\* expect: init=1 distinct=15 generated=266
---- MODULE fndef_apply ----
\* Function definitions applied in actions: one and two variables, recursion, a definition
\* inside a `LET` that reads a parameter, an application under a prime, and one applied
\* often enough in a state to be built whole.
EXTENDS Naturals
VARIABLES x, y
Vals == 0..3
Double[i \in Vals] == IF x = i THEN 2 * i ELSE i
Near[a \in Vals, b \in Vals] == a <= b + 1 /\ b <= a + 1 /\ a # y
Steps[n \in 0..3] == IF n = 0 THEN x ELSE Steps[n - 1] + y
Shifted(k) == LET g[i \in Vals] == (i + k + x) % 4 IN g[y]
Init == x = 0 /\ y = 0
Next == \/ /\ x < 3 /\ Double[x] >= x /\ x' = x + 1 /\ UNCHANGED y
        \/ /\ y < 3 /\ Near[x, y + 1] /\ y' = y + 1 /\ UNCHANGED x
        \/ /\ Steps[y] > 2 /\ Shifted(1) # 2 /\ x' = (x + y) % 4 /\ y' = 0
           /\ (Double[y])' <= 6
        \/ /\ \A a, b \in Vals : Near[a, b] = Near[b, a] \/ a = y \/ b = y
           /\ \E i \in Vals : Double[i] > i + 1 /\ x' = 0 /\ y' = i
====
