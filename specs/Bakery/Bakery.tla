------------------------------- MODULE Bakery -------------------------------
(* Lamport's bakery mutual exclusion, with non-atomic ticket choice: a     *)
(* process raises its `choosing` flag, reads every other ticket one at a   *)
(* time, takes one more than the largest it saw, then waits, process by    *)
(* process, until each other one is neither choosing nor ahead of it.     *)
(* Tickets grow without bound, so the model bounds them with a CONSTRAINT. *)
(* `entries` counts entries to the critical section (a history variable);  *)
(* the VIEW leaves it out, so states that differ only in it are one state. *)
EXTENDS Naturals

CONSTANTS N, MaxTicket

Proc == 1..N

VARIABLES pc, ticket, choosing, seen, toCheck, entries

vars == <<pc, ticket, choosing, seen, toCheck, entries>>

TypeOK ==
  /\ pc \in [Proc -> {"idle", "read", "pick", "wait", "cs"}]
  /\ ticket \in [Proc -> Nat]
  /\ choosing \in [Proc -> BOOLEAN]
  /\ seen \in [Proc -> Nat]
  /\ toCheck \in [Proc -> SUBSET Proc]
  /\ entries \in Nat

Init ==
  /\ pc = [p \in Proc |-> "idle"]
  /\ ticket = [p \in Proc |-> 0]
  /\ choosing = [p \in Proc |-> FALSE]
  /\ seen = [p \in Proc |-> 0]
  /\ toCheck = [p \in Proc |-> {}]
  /\ entries = 0

\* (a, i) is ahead of (b, j) in the lexicographic order of tickets and ids.
Before(a, i, b, j) == a < b \/ (a = b /\ i < j)

Start(p) ==
  /\ pc[p] = "idle"
  /\ choosing' = [choosing EXCEPT ![p] = TRUE]
  /\ seen' = [seen EXCEPT ![p] = 0]
  /\ toCheck' = [toCheck EXCEPT ![p] = Proc \ {p}]
  /\ pc' = [pc EXCEPT ![p] = "read"]
  /\ UNCHANGED <<ticket, entries>>

ReadTicket(p) ==
  /\ pc[p] = "read"
  /\ \E q \in toCheck[p] :
       /\ seen' = [seen EXCEPT ![p] = IF ticket[q] > @ THEN ticket[q] ELSE @]
       /\ toCheck' = [toCheck EXCEPT ![p] = @ \ {q}]
  /\ UNCHANGED <<pc, ticket, choosing, entries>>

Pick(p) ==
  /\ pc[p] = "read"
  /\ toCheck[p] = {}
  /\ ticket' = [ticket EXCEPT ![p] = seen[p] + 1]
  /\ choosing' = [choosing EXCEPT ![p] = FALSE]
  /\ toCheck' = [toCheck EXCEPT ![p] = Proc \ {p}]
  /\ pc' = [pc EXCEPT ![p] = "wait"]
  /\ UNCHANGED <<seen, entries>>

Wait(p) ==
  /\ pc[p] = "wait"
  /\ \E q \in toCheck[p] :
       /\ ~ choosing[q]
       /\ ticket[q] = 0 \/ Before(ticket[p], p, ticket[q], q)
       /\ toCheck' = [toCheck EXCEPT ![p] = @ \ {q}]
  /\ UNCHANGED <<pc, ticket, choosing, seen, entries>>

Enter(p) ==
  /\ pc[p] = "wait"
  /\ toCheck[p] = {}
  /\ pc' = [pc EXCEPT ![p] = "cs"]
  /\ entries' = entries + 1
  /\ UNCHANGED <<ticket, choosing, seen, toCheck>>

Exit(p) ==
  /\ pc[p] = "cs"
  /\ ticket' = [ticket EXCEPT ![p] = 0]
  /\ pc' = [pc EXCEPT ![p] = "idle"]
  /\ UNCHANGED <<choosing, seen, toCheck, entries>>

Next == \E p \in Proc :
          Start(p) \/ ReadTicket(p) \/ Pick(p) \/ Wait(p) \/ Enter(p) \/ Exit(p)

Spec == Init /\ [][Next]_vars

MutualExclusion == \A p, q \in Proc : (pc[p] = "cs" /\ pc[q] = "cs") => p = q

TicketBound == \A p \in Proc : ticket[p] <= MaxTicket

View == <<pc, ticket, choosing, seen, toCheck>>

\* False on purpose (BakeryEntries.cfg): an invariant over `entries`, which the
\* VIEW hides. Its verdict depends on which concrete state the checker keeps
\* for each view: TLC keeps the first one found.
AtMostOneEntry == entries < 2
=============================================================================
