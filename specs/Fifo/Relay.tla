------------------------------- MODULE Relay --------------------------------
(* An implementation of Queue: a sender puts messages on an inbound link, *)
(* a relay moves them one by one to an outbound link, and a receiver      *)
(* consumes them from there. Together the two links behave as one queue,  *)
(* which the refinement property Abstract!Spec checks.                    *)
(* The module also exercises the standard modules and the expression      *)
(* forms a checker must support: Sequences (Append, Head, Tail, Len,      *)
(* SubSeq, \o), FiniteSets (Cardinality), records with EXCEPT and @,      *)
(* CHOOSE, LET, CASE, a recursive operator and a recursive function.      *)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS Msg, Capacity, LinkSize,
          Overtake  \* TRUE: a buggy relay may put a message in front

VARIABLES inbound, outbound, stats

vars == <<inbound, outbound, stats>>

\* The implementation refines the queue whose contents are the outbound
\* link (older messages) followed by the inbound link.
Abstract == INSTANCE Queue WITH q <- outbound \o inbound

\* The property to check (a configuration file names operators only).
AbstractSpec == Abstract!Spec

RECURSIVE Count(_, _)
\* Number of occurrences of m in the sequence s.
Count(m, s) ==
  IF s = <<>> THEN 0
  ELSE (IF Head(s) = m THEN 1 ELSE 0) + Count(m, Tail(s))

\* Triangle[n] = 0 + 1 + ... + n, defined recursively.
Triangle[n \in 0..(2 * Capacity)] == IF n = 0 THEN 0 ELSE n + Triangle[n - 1]

\* The smallest element of a nonempty set of naturals.
Min(S) == CHOOSE x \in S : \A y \in S : x <= y

Init ==
  /\ inbound = <<>>
  /\ outbound = <<>>
  /\ stats = [sent |-> 0, received |-> 0, last |-> "none", parity |-> "even"]

Send(m) ==
  /\ Len(inbound) + Len(outbound) < Capacity
  /\ Len(inbound) < LinkSize
  /\ inbound' = Append(inbound, m)
  /\ stats' = [stats EXCEPT !.sent = (@ + 1) % 3]
  /\ UNCHANGED outbound

Forward ==
  /\ inbound /= <<>>
  /\ Len(outbound) < LinkSize
  /\ \/ outbound' = Append(outbound, Head(inbound))
     \/ Overtake /\ outbound' = <<Head(inbound)>> \o outbound
  /\ inbound' = SubSeq(inbound, 2, Len(inbound))
  /\ UNCHANGED stats

Receive ==
  /\ outbound /= <<>>
  /\ LET m == Head(outbound)
         n == (stats.received + 1) % 3
     IN  /\ outbound' = Tail(outbound)
         /\ stats' = [stats EXCEPT !.received = n,
                                   !.last = m,
                                   !.parity = CASE n = 0 -> "even"
                                                [] n = 1 -> "odd"
                                                [] OTHER -> "even"]
  /\ UNCHANGED inbound

Next == (\E m \in Msg : Send(m)) \/ Forward \/ Receive

Spec == Init /\ [][Next]_vars

\* --- invariants -----------------------------------------------------------

InFlight == outbound \o inbound

TypeOK ==
  /\ inbound \in Seq(Msg) /\ Len(inbound) <= LinkSize
  /\ outbound \in Seq(Msg) /\ Len(outbound) <= LinkSize
  /\ stats.sent \in 0..2 /\ stats.received \in 0..2
  /\ stats.last \in Msg \cup {"none"}

WithinCapacity == Len(InFlight) <= Capacity

\* The occurrences of all messages add up to the length of what is in flight.
CountsAddUp ==
  LET occurring == {m \in Msg : Count(m, InFlight) > 0}
  IN  /\ Cardinality(occurring) <= Len(InFlight)
      /\ Len(InFlight) = 0 \/ Min({Count(m, InFlight) : m \in Msg}) >= 0

\* Sent and received counters (mod 3) differ by what is in flight.
CountersAgree == (stats.received + Len(InFlight)) % 3 = stats.sent

\* A trivially true use of the recursive function, to evaluate it.
TriangleOK == Triangle[Len(InFlight)] * 2 = Len(InFlight) * (Len(InFlight) + 1)
=============================================================================
