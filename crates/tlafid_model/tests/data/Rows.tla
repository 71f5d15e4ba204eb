---------------------------- MODULE Rows ----------------------------
\* Invariants over the rows of a function of sequences: a step changes one row,
\* and the quantifiers over rows (`\A p, q \in P : ... chan[p][q] ...`) are
\* tested again only on the rows that changed.
EXTENDS Naturals, Sequences
CONSTANT Max
P == 1 .. 2
VARIABLES chan, sent
vars == <<chan, sent>>

Init == /\ chan = [p \in P |-> [q \in P |-> << >>]]
        /\ sent = 0

Send(p, q) == /\ sent < Max
              /\ chan' = [chan EXCEPT ![p][q] = Append(@, sent)]
              /\ sent' = sent + 1

Recv(p, q) == /\ chan[p][q] # << >>
              /\ chan' = [chan EXCEPT ![p][q] = Tail(@)]
              /\ UNCHANGED sent

Next == \E p, q \in P : Send(p, q) \/ Recv(p, q)
Spec == Init /\ [][Next]_vars

Bounded == \A p, q \in P : Len(chan[p][q]) <= 2
Loose == \A p, q \in P : Len(chan[p][q]) <= Max
Ordered == \A p \in P : \A q \in P :
             \A i \in 1 .. Len(chan[p][q]) - 1 : chan[p][q][i] < chan[p][q][i + 1]
Diagonal == \A q, p \in P : p = q => Len(chan[p][q]) <= 1
=============================================================================
