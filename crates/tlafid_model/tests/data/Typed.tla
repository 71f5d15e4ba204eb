---------------------------- MODULE Typed ----------------------------
\* Memberships of a variable in a constant set of functions: after a step,
\* tested only on the parts of the variable that differ from its value in the
\* parent state (a function of sequences, and a function keyed by strings of
\* functions), as invariants and as state constraints.
EXTENDS Naturals, Sequences
CONSTANT Max
P == 1 .. 2
Names == {"a", "b"}
Name(q) == IF q = 1 THEN "a" ELSE "b"
VARIABLES chan, book, sent
vars == <<chan, book, sent>>

Init == /\ chan = [p \in P |-> [q \in P |-> << >>]]
        /\ book = [n \in Names |-> [p \in P |-> 0]]
        /\ sent = 0

Send(p, q) == /\ sent < Max
              /\ chan' = [chan EXCEPT ![p][q] = Append(@, sent)]
              /\ sent' = sent + 1
              /\ UNCHANGED book

Recv(p, q) == /\ chan[p][q] # << >>
              /\ chan' = [chan EXCEPT ![p][q] = Tail(@)]
              /\ book' = [book EXCEPT ![Name(q)][p] = @ + 1]
              /\ UNCHANGED sent

Next == \E p, q \in P : Send(p, q) \/ Recv(p, q)
Spec == Init /\ [][Next]_vars

TypeOK == /\ chan \in [P -> [P -> Seq(0 .. Max)]]
          /\ book \in [Names -> [P -> 0 .. Max]]
          /\ sent \in 0 .. Max

\* Violated once a message 2 is sent, in the one row it is sent on.
Small == chan \in [P -> [P -> Seq(0 .. 1)]]

\* Violated once a process has received two messages from the same sender.
Few == book \in [Names -> [P -> 0 .. 1]]

\* As a state constraint: a state where a process received two messages from the
\* same sender is counted and checked, not explored.
FewBound == book \in [Names -> [P -> 0 .. 1]]

\* Not a Boolean once a process received a message.
NotBool == IF book = [n \in Names |-> [p \in P |-> 0]] THEN TRUE ELSE book
=============================================================================
