----------------------- MODULE LockServiceRestrictive ------------------------
(***************************************************************************)
(* TOO RESTRICTIVE variant of LockService: the server's wait queue is      *)
(* assumed to hold at most one client (ServerEnqueue has the extra guard   *)
(* Len(queue) < 1), so a trace in which two clients wait at once is        *)
(* rejected.  Everything else is the faithful model.                       *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANT Clients

VARIABLES pc,       \* [Clients -> {"idle", "waiting", "critical"}]
          inbox,    \* the server's mailbox: a sequence of requests
          grants,   \* clients with a grant message in flight
          holders,  \* who the server thinks holds the lock (at most one)
          queue     \* the server's wait queue

vars == <<pc, inbox, grants, holders, queue>>

Request == [kind : {"acquire", "release"}, client : Clients]

TypeOK ==
  /\ pc \in [Clients -> {"idle", "waiting", "critical"}]
  /\ inbox \in Seq(Request)
  /\ grants \subseteq Clients
  /\ holders \subseteq Clients
  /\ queue \in Seq(Clients)

Init ==
  /\ pc = [c \in Clients |-> "idle"]
  /\ inbox = <<>>
  /\ grants = {}
  /\ holders = {}
  /\ queue = <<>>

SendAcquire(c) ==
  /\ pc[c] = "idle"
  /\ pc' = [pc EXCEPT ![c] = "waiting"]
  /\ inbox' = Append(inbox, [kind |-> "acquire", client |-> c])
  /\ UNCHANGED <<grants, holders, queue>>

\* The server takes an acquire while the lock is free: it grants at once.
ServerGrant(c) ==
  /\ inbox /= <<>>
  /\ Head(inbox) = [kind |-> "acquire", client |-> c]
  /\ holders = {}
  /\ holders' = {c}
  /\ grants' = grants \cup {c}
  /\ inbox' = Tail(inbox)
  /\ UNCHANGED <<pc, queue>>

\* The server takes an acquire while the lock is held: the client waits.
ServerEnqueue(c) ==
  /\ inbox /= <<>>
  /\ Head(inbox) = [kind |-> "acquire", client |-> c]
  /\ holders /= {}
  /\ Len(queue) < 1          \* too restrictive: at most one waiter
  /\ queue' = Append(queue, c)
  /\ inbox' = Tail(inbox)
  /\ UNCHANGED <<pc, grants, holders>>

ReceiveGrant(c) ==
  /\ pc[c] = "waiting"
  /\ c \in grants
  /\ pc' = [pc EXCEPT ![c] = "critical"]
  /\ grants' = grants \ {c}
  /\ UNCHANGED <<inbox, holders, queue>>

SendRelease(c) ==
  /\ pc[c] = "critical"
  /\ pc' = [pc EXCEPT ![c] = "idle"]
  /\ inbox' = Append(inbox, [kind |-> "release", client |-> c])
  /\ UNCHANGED <<grants, holders, queue>>

\* The server takes a release: the lock goes to the first waiter, if any.
ServerRelease(c) ==
  /\ inbox /= <<>>
  /\ Head(inbox) = [kind |-> "release", client |-> c]
  /\ inbox' = Tail(inbox)
  /\ IF queue = <<>>
       THEN /\ holders' = {}
            /\ UNCHANGED <<grants, queue>>
       ELSE /\ holders' = {Head(queue)}
            /\ grants' = grants \cup {Head(queue)}
            /\ queue' = Tail(queue)
  /\ UNCHANGED pc

Next ==
  \E c \in Clients :
    \/ SendAcquire(c)
    \/ ServerGrant(c)
    \/ ServerEnqueue(c)
    \/ ReceiveGrant(c)
    \/ SendRelease(c)
    \/ ServerRelease(c)

Spec == Init /\ [][Next]_vars

(* The requirements.                                                       *)
MutualExclusion ==
  \A c, d \in Clients : (pc[c] = "critical" /\ pc[d] = "critical") => c = d

AtMostOneHolder == Cardinality(holders) <= 1
==============================================================================
