------------------------------ MODULE LockTrace ------------------------------
(* A trace harness in the style of SysMoBench's TraceSpec.tla: the log is read   *)
(* with ndJsonDeserialize from the file IOEnv.TRACE_PATH names (this folder's    *)
(* lock_ok.ndjson by default), l is the line to match next, register 0 keeps the  *)
(* largest l reached, and the POSTCONDITION accepts the log when every line was   *)
(* matched.                                                                      *)
EXTENDS Lock, TLC, Json, IOUtils, Sequences, Naturals

VARIABLE l

Log == ndJsonDeserialize(IF "TRACE_PATH" \in DOMAIN IOEnv
                         THEN IOEnv.TRACE_PATH
                         ELSE "specs/TraceHarness/lock_ok.ndjson")

LogClients == {Log[i].client : i \in {j \in 1 .. Len(Log) : "client" \in DOMAIN Log[j]}}

IsEvent(name) ==
    /\ l \in 1 .. Len(Log)
    /\ Log[l].event = name
    /\ l' = l + 1

\* The largest l' of a step taken: how far the log was matched.
Matched == l' >= TLCGet(0) => TLCSet(0, l')

TraceInit == l = 1 /\ Init /\ TLCSet(0, 1)

\* The client a line names, or any client when it names none.
Client(c) == IF "client" \in DOMAIN Log[l] THEN Log[l].client = c ELSE TRUE

TraceNext ==
    /\ \E c \in Clients :
          \/ IsEvent("Acquire") /\ Client(c) /\ Acquire(c)
          \/ IsEvent("Release") /\ Client(c) /\ Release(c)
    /\ Matched

TraceSpec == TraceInit /\ [][TraceNext]_<<l, vars>>

TraceView == <<vars, TLCGet("level")>>

TraceAccepted ==
    IF TLCGet(0) = Len(Log) + 1 THEN TRUE
    ELSE Print(<<"unmatched log line", TLCGet(0), Log[TLCGet(0)]>>, FALSE)
=============================================================================
