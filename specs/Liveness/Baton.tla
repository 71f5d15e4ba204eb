------------------------------- MODULE Baton -------------------------------
(* A baton goes round a ring of stations. The station holding it may start *)
(* a piece of work (its counter goes up, modulo Max + 1), finish it, or    *)
(* pass the baton on. Strong fairness of passing and weak fairness of      *)
(* finishing make every station hold the baton again and again. Big enough *)
(* (168,070 distinct states for N = 5, Max = 6) to measure what checking   *)
(* temporal properties costs: scripts/liveness_cost.py.                    *)
EXTENDS Naturals

CONSTANTS N, Max

VARIABLES token, count, busy
vars == <<token, count, busy>>

Stations == 0 .. (N - 1)

Init ==
    /\ token = 0
    /\ count = [s \in Stations |-> 0]
    /\ busy = [s \in Stations |-> FALSE]

Work(s) ==
    /\ token = s
    /\ ~busy[s]
    /\ busy' = [busy EXCEPT ![s] = TRUE]
    /\ count' = [count EXCEPT ![s] = (@ + 1) % (Max + 1)]
    /\ UNCHANGED token

Finish(s) ==
    /\ busy[s]
    /\ busy' = [busy EXCEPT ![s] = FALSE]
    /\ UNCHANGED <<token, count>>

Pass(s) ==
    /\ token = s
    /\ ~busy[s]
    /\ token' = (s + 1) % N
    /\ UNCHANGED <<count, busy>>

Next == \E s \in Stations : Work(s) \/ Finish(s) \/ Pass(s)

Fairness ==
    /\ \A s \in Stations : SF_vars(Pass(s))
    /\ \A s \in Stations : WF_vars(Finish(s))

Spec == Init /\ [][Next]_vars /\ Fairness

TypeOK ==
    /\ token \in Stations
    /\ count \in [Stations -> 0 .. Max]
    /\ busy \in [Stations -> BOOLEAN]

OnlyHolderBusy == \A s \in Stations : busy[s] => token = s

EveryStationServed == \A s \in Stations : []<>(token = s)

WorkFinishes == \A s \in Stations : busy[s] ~> ~busy[s]
=============================================================================
