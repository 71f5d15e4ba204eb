---- MODULE basic ----
EXTENDS Naturals
CONSTANT N, F(_)
VARIABLES x, y
ASSUME N \in Nat
vars == <<x, y>>
Init == x = 0 /\ y = F(N)
Inc(v) == v + 1
Next == /\ x' = Inc(x)
        /\ UNCHANGED y
        /\ \E i \in 1..N : y' = i
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)
TypeOK == x \in Nat
f[n \in Nat] == IF n = 0 THEN 1 ELSE n * f[n - 1]
Big == 123456789012345678901234567890
====
