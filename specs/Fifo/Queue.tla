------------------------------- MODULE Queue --------------------------------
(* The abstract specification: a bounded first-in first-out queue of      *)
(* messages. Senders append to the back, the receiver takes the front.    *)
EXTENDS Naturals, Sequences

CONSTANTS Msg, Capacity

VARIABLE q

Init == q = <<>>

Enqueue(m) ==
  /\ Len(q) < Capacity
  /\ q' = Append(q, m)

Dequeue ==
  /\ q /= <<>>
  /\ q' = Tail(q)

Next == (\E m \in Msg : Enqueue(m)) \/ Dequeue

Spec == Init /\ [][Next]_q
=============================================================================
