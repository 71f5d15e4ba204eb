---------------------------- MODULE Updates ----------------------------
\* One-step updates of a function (`[f EXCEPT ![i] = v]`), most of them made once
\* (each state's own), some made again and again (`Reset`): the results a thread
\* remembers (`memo::updated`) must be the updates made, whatever it remembers.
EXTENDS Naturals
CONSTANT Max
I == 1 .. 3
VARIABLES f, g
vars == <<f, g>>

Init == /\ f = [i \in I |-> 0]
        /\ g = 0

Set(i, v) == /\ f' = [f EXCEPT ![i] = v]
             /\ UNCHANGED g

Reset == /\ g < 2
         /\ f' = [f EXCEPT ![1] = g]
         /\ g' = g + 1

Next == (\E i \in I, v \in 0 .. Max : Set(i, v)) \/ Reset
Spec == Init /\ [][Next]_vars

Bounded == \A i \in I : f[i] <= Max
Sum == f[1] + f[2] + f[3] # 3 * Max
=============================================================================
