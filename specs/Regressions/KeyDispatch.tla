----------------------------- MODULE KeyDispatch -----------------------------
(* Dispatch on a key the actions share, not a variable: Receive's arms test   *)
(* m.mtype (a message, Raft's way) and the receive actions after their shared *)
(* guard test Head(chan[p][q]).type under LETs (LamportMutex's way). tlafid   *)
(* evaluates the key once and walks only the actions of the label it holds.   *)
(* Counts, coverage, the violation and the error (a message without a type,   *)
(* BadSpec) must be what walking each action gives, as TLC does.              *)
EXTENDS Naturals, Sequences

CONSTANTS Req, Resp, Procs

VARIABLES chan, msgs, got

vars == <<chan, msgs, got>>

Init == /\ chan = [p \in Procs |-> [q \in Procs |-> << >>]]
        /\ msgs = {}
        /\ got = 0

\* Raft's way: a disjunction of arms testing a field of a bound message.
Post(p, q) == /\ got < 2
              /\ msgs = {}
              /\ msgs' = msgs \cup {[mtype |-> Req, src |-> p, dst |-> q],
                                    [mtype |-> "note", src |-> p, dst |-> q]}
              /\ UNCHANGED <<chan, got>>

Receive(m) == LET i == m.dst
                  j == m.src IN
              \/ /\ m.mtype = Req
                 /\ Len(chan[j][i]) < 2
                 /\ chan' = [chan EXCEPT ![j][i] = Append(@, [type |-> "req", n |-> 1])]
                 /\ msgs' = (msgs \ {m}) \cup {[mtype |-> Resp, src |-> i, dst |-> j]}
                 /\ UNCHANGED got
              \/ /\ Resp = m.mtype
                 /\ got < 4
                 /\ msgs' = msgs \ {m}
                 /\ got' = got + 1
                 /\ UNCHANGED chan
              \/ LET t == m.mtype IN
                   /\ t = "note"
                   /\ msgs' = msgs \ {m}
                   /\ UNCHANGED <<chan, got>>

\* LamportMutex's way: a shared guard, then LETs and a key with one label each.
Ack(p, q) == /\ chan[p][q] # << >>
             /\ LET m == Head(chan[p][q])
                    c == m.n IN
                  /\ m.type = "req"
                  /\ Len(chan[q][p]) < 2
                  /\ chan' = [chan EXCEPT ![p][q] = Tail(@), ![q][p] = Append(@, [type |-> "ack", n |-> c])]
                  /\ UNCHANGED <<msgs, got>>

Take(p, q) == /\ chan[p][q] # << >>
              /\ LET m == Head(chan[p][q]) IN
                   /\ m.type = "ack"
                   /\ got < 4
                   /\ chan' = [chan EXCEPT ![p][q] = Tail(@)]
                   /\ got' = got + m.n
                   /\ UNCHANGED msgs

Skip(p, q) == /\ chan[p][q] # << >>
              /\ Len(chan[p][q]) > 1
              /\ chan' = [chan EXCEPT ![p][q] = Tail(@)]
              /\ UNCHANGED <<msgs, got>>

Stray(p, q) == /\ chan[p][q] # << >>
               /\ LET m == Head(chan[p][q]) IN
                    /\ "stray" = m.type
                    /\ UNCHANGED vars

Next == \/ \E p, q \in Procs : Post(p, q)
        \/ \E m \in msgs : Receive(m)
        \/ \E p, q \in Procs : Ack(p, q) \/ Take(p, q) \/ Skip(p, q) \/ Stray(p, q)

Spec == Init /\ [][Next]_vars

FewAcks == got < 3

\* A message without a type: the key fails, and the error is Ack's, in its place.
BadInit == /\ chan = [p \in Procs |-> [q \in Procs |-> IF p = q THEN << [n |-> 0] >> ELSE << >>]]
           /\ msgs = {}
           /\ got = 0

BadSpec == BadInit /\ [][Next]_vars
=============================================================================
