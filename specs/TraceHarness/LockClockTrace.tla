---------------------------- MODULE LockClockTrace ----------------------------
(* A trace harness in the style of tlaplus/Examples' EWD998ChanTrace: the clients *)
(* log on their own, each line with a vector clock; CausalOrder merges the logs,  *)
(* the ACTION_CONSTRAINT lets step i only do what line i says (TLCGet("level")),  *)
(* the VIEW keeps a state met twice at two places of the log apart, and the       *)
(* POSTCONDITION accepts the log when the search got to its end.                  *)
EXTENDS Lock, TLC, Json, IOUtils, VectorClocks, Sequences, Naturals

JsonLog == ndJsonDeserialize(IF "JSON" \in DOMAIN IOEnv
                             THEN IOEnv.JSON
                             ELSE "specs/TraceHarness/lock_clocks.ndjson")

TraceLog == CausalOrder(JsonLog, LAMBDA line : line.vc, LAMBDA line : line.node,
                        LAMBDA vc : DOMAIN vc)

TraceNextConstraint ==
    LET i == TLCGet("level")
    IN /\ i <= Len(TraceLog)
       /\ LET line == TraceLog[i]
          IN \/ line.event = "Acquire" /\ holder' = line.node
             \/ line.event = "Release" /\ holder = line.node /\ holder' = "none"

TraceView == <<vars, TLCGet("level")>>

TraceAccepted == TLCGet("stats").diameter - 1 = Len(TraceLog)
=============================================================================
