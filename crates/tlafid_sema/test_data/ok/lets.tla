---- MODULE lets ----
EXTENDS Naturals
VARIABLE x
\* A LET value becomes a slot; an operator capturing a parameter and a bound variable is lifted.
A(p) == LET two == p + p
             Add(q) == q + p + two
         IN \E i \in {1, 2} : LET Shift(k) == k + i IN Add(Shift(x))
\* A recursive LET captures every visible slot.
B(n) == LET RECURSIVE Sum(_)
            Sum(k) == IF k = 0 THEN n ELSE Sum(k - 1)
        IN Sum(n)
\* A LET function definition may call itself.
C(n) == LET fact[k \in Nat] == IF k = 0 THEN 1 ELSE k * fact[k - 1] IN fact[n]
\* LAMBDA and operator arguments.
Apply(F(_, _), a) == F(a, a)
D(m) == Apply(LAMBDA u, v : u + v + m, 1) + Apply(+, 2)
\* @ in EXCEPT, and a set filter.
E(f) == [f EXCEPT ![1] = @ + 1, !.a = {s \in @ : s > 0}]
====
