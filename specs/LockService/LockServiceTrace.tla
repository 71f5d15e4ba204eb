--------------------------- MODULE LockServiceTrace ---------------------------
(* LockService's trace harness over the generic specs/TraceHarness/EventTrace, *)
(* in the shape of the per-system trace spec SysMoBench generates: the model's *)
(* constant from the log's constants line, each observed variable's updates,  *)
(* one predicate per action (its event name, its parameter bound by the       *)
(* line's "client"), and the step that is any of them. Run it with            *)
(* `--lib specs/TraceHarness --allow-read specs/LockService --env TRACE_PATH=` *)
(* one of this folder's lockservice_events_*.ndjson logs. TLC gives the      *)
(* figures tests/cli/trace_harness_lockservice_* pin (EXPECTED.md): _ok, no   *)
(* error, 12 states, depth 12, exit 0; _held, TraceAccepted false, 4 states,  *)
(* depth 4, exit 10.                                                          *)
EXTENDS LockService, EventTrace

TraceClients == {Constants.Clients[i] : i \in DOMAIN Constants.Clients}

\* A variable the line lists changes as its updates say; the action decides
\* the others.
UpdatesObserved ==
    /\ IF "pc" \in DOMAIN Line THEN pc' = After(pc, "pc") ELSE TRUE
    /\ IF "inbox" \in DOMAIN Line THEN inbox' = After(inbox, "inbox") ELSE TRUE
    /\ IF "grants" \in DOMAIN Line THEN grants' = After(grants, "grants") ELSE TRUE
    /\ IF "holders" \in DOMAIN Line THEN holders' = After(holders, "holders") ELSE TRUE
    /\ IF "queue" \in DOMAIN Line THEN queue' = After(queue, "queue") ELSE TRUE

IsSendAcquire ==
    /\ IsEvent("SendAcquire")
    /\ UpdatesObserved
    /\ \E c \in TraceClients : Line.client = c /\ SendAcquire(c)

IsServerGrant ==
    /\ IsEvent("ServerGrant")
    /\ UpdatesObserved
    /\ \E c \in TraceClients : Line.client = c /\ ServerGrant(c)

IsServerEnqueue ==
    /\ IsEvent("ServerEnqueue")
    /\ UpdatesObserved
    /\ \E c \in TraceClients : Line.client = c /\ ServerEnqueue(c)

IsReceiveGrant ==
    /\ IsEvent("ReceiveGrant")
    /\ UpdatesObserved
    /\ \E c \in TraceClients : Line.client = c /\ ReceiveGrant(c)

IsSendRelease ==
    /\ IsEvent("SendRelease")
    /\ UpdatesObserved
    /\ \E c \in TraceClients : Line.client = c /\ SendRelease(c)

IsServerRelease ==
    /\ IsEvent("ServerRelease")
    /\ UpdatesObserved
    /\ \E c \in TraceClients : Line.client = c /\ ServerRelease(c)

LockServiceEventStep ==
    \/ IsSendAcquire
    \/ IsServerGrant
    \/ IsServerEnqueue
    \/ IsReceiveGrant
    \/ IsSendRelease
    \/ IsServerRelease
===============================================================================
