------------------------------ MODULE Elevator ------------------------------
(* One elevator car serving the floors 1..Floors. Anyone may call it to a *)
(* floor; the car moves one floor at a time or opens its door at a called *)
(* floor, which serves the call. The spec lets the car wander; the model   *)
(* restricts it with an ACTION_CONSTRAINT: the car never reverses while    *)
(* calls remain ahead of it (the sweep discipline of an elevator).        *)
EXTENDS Naturals, FiniteSets

CONSTANTS Floors, MaxCalls

VARIABLES floor, dir, calls, door

vars == <<floor, dir, calls, door>>

Floor == 1..Floors

TypeOK ==
  /\ floor \in Floor
  /\ dir \in {"up", "down"}
  /\ calls \subseteq Floor
  /\ door \in {"open", "closed"}

Init ==
  /\ floor = 1
  /\ dir = "up"
  /\ calls = {}
  /\ door = "closed"

Call(f) ==
  /\ f \notin calls
  /\ ~ (door = "open" /\ f = floor)
  /\ Cardinality(calls) < MaxCalls
  /\ calls' = calls \cup {f}
  /\ UNCHANGED <<floor, dir, door>>

MoveUp ==
  /\ door = "closed"
  /\ floor < Floors
  /\ floor' = floor + 1
  /\ dir' = "up"
  /\ UNCHANGED <<calls, door>>

MoveDown ==
  /\ door = "closed"
  /\ floor > 1
  /\ floor' = floor - 1
  /\ dir' = "down"
  /\ UNCHANGED <<calls, door>>

Open ==
  /\ door = "closed"
  /\ floor \in calls
  /\ door' = "open"
  /\ calls' = calls \ {floor}
  /\ UNCHANGED <<floor, dir>>

Close ==
  /\ door = "open"
  /\ door' = "closed"
  /\ UNCHANGED <<floor, dir, calls>>

Next == (\E f \in Floor : Call(f)) \/ MoveUp \/ MoveDown \/ Open \/ Close

Spec == Init /\ [][Next]_vars

Ahead(f, d) == IF d = "up" THEN {g \in calls : g > f} ELSE {g \in calls : g < f}

\* Keep the direction while a call lies ahead; move only towards a call.
Sweep ==
  /\ (Ahead(floor, dir) /= {} /\ floor' /= floor) => dir' = dir
  /\ floor' /= floor => Ahead(floor, dir') /= {}

\* An open door has just served the call at its floor.
ServedAtOpenDoor == door = "open" => floor \notin calls
=============================================================================
