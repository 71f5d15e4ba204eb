\* expect: init=1 distinct=31 generated=142
---- MODULE fndefs ----
EXTENDS Naturals
VARIABLE bits
Idx == 0..4
\* A state-level function definition applied many times per state, through a
\* recursive operator that receives it as an argument.
val[i \in Idx] == IF bits[i] THEN 1 ELSE 0
RECURSIVE Total(_, _)
Total(f, S) == IF S = {} THEN 0
               ELSE LET x == CHOOSE y \in S : TRUE IN f[x] + Total(f, S \ {x})
Init == bits = [i \in Idx |-> i = 0]
Step == bits' = [i \in Idx |-> IF Total(val, {(i + 4) % 5, (i + 1) % 5}) = 1
                                 THEN ~bits[i] ELSE bits[i]]
Flip == \E j \in Idx : /\ Total(val, Idx \ {j}) < 3
                       /\ bits' = [bits EXCEPT ![j] = ~@]
Next == Step \/ Flip
====
