\* expect: init=1 distinct=5 generated=5
---- MODULE scopes ----
EXTENDS Naturals
VARIABLES x, f
Init == x = 0 /\ f = [i \in 1..2 |-> 0]
\* After the LET conjunct the lowering may reuse d's slot for `@`; the generator comes
\* back into the LET for k = 2 after running the EXCEPT, so d must be restored.
Next == /\ x < 2
        /\ LET d == x + 1 IN \E k \in {1, 2} : x' = d * k
        /\ f' = [f EXCEPT ![1] = @ + 1]
====
