---------------------------- MODULE SharedGuard ----------------------------
(* Actions that begin with the same guard (RecvA, RecvB and Drop test         *)
(* chan[p][q] # << >> first): tlafid tests it once for the three of them and  *)
(* walks none when it is false. The counts, the action numbers of the         *)
(* coverage, the violation's trace and the error in a guard that cannot be    *)
(* evaluated (BadNext) must be what walking each action gives, as TLC does.   *)
EXTENDS Naturals, Sequences

CONSTANT N

VARIABLES chan, got, sent

vars == <<chan, got, sent>>

Procs == 1 .. N

Init == /\ chan = [p \in Procs |-> [q \in Procs |-> << >>]]
        /\ got = [p \in Procs |-> 0]
        /\ sent = 0

Send(p, q) == /\ sent < 4
              /\ p # q
              /\ chan' = [chan EXCEPT ![p][q] = Append(@, IF sent % 2 = 0 THEN "a" ELSE "b")]
              /\ sent' = sent + 1
              /\ UNCHANGED got

RecvA(p, q) == /\ chan[p][q] # << >>
               /\ Head(chan[p][q]) = "a"
               /\ chan' = [chan EXCEPT ![p][q] = Tail(@)]
               /\ got' = [got EXCEPT ![q] = @ + 1]
               /\ UNCHANGED sent

RecvB(p, q) == /\ chan[p][q] # << >>
               /\ Head(chan[p][q]) = "b"
               /\ chan' = [chan EXCEPT ![p][q] = Tail(@)]
               /\ got' = [got EXCEPT ![q] = @ + 2]
               /\ UNCHANGED sent

Drop(p, q) == /\ chan[p][q] # << >>
              /\ chan' = [chan EXCEPT ![p][q] = Tail(@)]
              /\ UNCHANGED <<got, sent>>

\* Same guard, other arguments: not in the run of the three above.
Peek(q, p) == /\ chan[p][q] # << >>
              /\ UNCHANGED vars

Next == \E p, q \in Procs :
          Send(p, q) \/ RecvA(p, q) \/ RecvB(p, q) \/ Drop(p, q) \/ Peek(p, q)

Spec == Init /\ [][Next]_vars

GotLittle == \A p \in Procs : got[p] < 4

\* A guard out of its function's domain once q = N: the error is the first action's.
EdgeA(p, q) == /\ chan[p][q + 1] = << >>
               /\ sent < 1
               /\ sent' = sent + 1
               /\ UNCHANGED <<chan, got>>

EdgeB(p, q) == /\ chan[p][q + 1] = << >>
               /\ UNCHANGED vars

BadNext == \E p, q \in Procs : EdgeA(p, q) \/ EdgeB(p, q)

BadSpec == Init /\ [][BadNext]_vars
=============================================================================
