---- MODULE Junctions ----
Init == /\ x = 0
        /\ y = 1
Nested == \/ /\ a
             /\ b
          \/ /\ c
             /\ d
          \/ e
AfterList == /\ a
             /\ b
          => c
ItemEnds == /\ a +
                1
            /\ b
InfixInItem == /\ a \/ b
               /\ c /\ d
               /\ e
QuantBody == /\ \E i \in S :
                  /\ p(i)
                  /\ q(i)
             /\ r
IfInList == /\ IF a
               THEN b
               ELSE c
            /\ d
Single == /\ a
ParenWander == /\ f(a,
  b)
               /\ c
Lower == /\ a
\/ b
LetList == LET u == 1
               v == /\ u
                    /\ 2
           IN /\ u
              /\ v
==============================
