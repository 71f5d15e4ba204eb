---- MODULE CompiledLet ----
\* LET definitions inside expressions the evaluator compiles (a quantifier's body, an
\* invariant's conjunct): each value is evaluated only where it is read, as TLC does.
EXTENDS Naturals, Sequences
CONSTANT MaxSum
VARIABLES q, n
Init == q = << >> /\ n = 0
Push == n < 4 /\ q' = Append(q, n) /\ n' = n + 1
Pop == q # << >> /\ q' = Tail(q) /\ n' = n
Next == Push \/ Pop
Ordered == \A i \in 1..(Len(q) - 1) :
             LET a == q[i]
                 b == q[i + 1]
                 bad == Head(<< >>)
             IN IF a > 10 THEN bad ELSE a < b
Small == LET s[i \in 0..Len(q)] == IF i = 0 THEN 0 ELSE s[i - 1] + q[i]
             total == s[Len(q)]
         IN total <= MaxSum
Broken == \A k \in {1} : LET e == Head(q) IN e >= 0
====
