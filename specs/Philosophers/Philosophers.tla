---------------------------- MODULE Philosophers ----------------------------
(* Dining philosophers around a table, one fork between neighbours. Each  *)
(* philosopher picks up the fork on the left, then the one on the right,  *)
(* eats, and puts both down. When everyone holds their left fork nobody   *)
(* can continue: the model deadlocks.                                     *)
EXTENDS Naturals

CONSTANT N

Phil == 0..(N - 1)

LeftFork(p) == p
RightFork(p) == (p + 1) % N

VARIABLES holder, state   \* holder[f]: who holds fork f (N: nobody)

vars == <<holder, state>>

Free == N

TypeOK ==
  /\ holder \in [Phil -> Phil \cup {Free}]
  /\ state \in [Phil -> {"thinking", "hasLeft", "eating"}]

Init ==
  /\ holder = [f \in Phil |-> Free]
  /\ state = [p \in Phil |-> "thinking"]

TakeLeft(p) ==
  /\ state[p] = "thinking"
  /\ holder[LeftFork(p)] = Free
  /\ holder' = [holder EXCEPT ![LeftFork(p)] = p]
  /\ state' = [state EXCEPT ![p] = "hasLeft"]

TakeRight(p) ==
  /\ state[p] = "hasLeft"
  /\ holder[RightFork(p)] = Free
  /\ holder' = [holder EXCEPT ![RightFork(p)] = p]
  /\ state' = [state EXCEPT ![p] = "eating"]

PutDown(p) ==
  /\ state[p] = "eating"
  /\ holder' = [holder EXCEPT ![LeftFork(p)] = Free, ![RightFork(p)] = Free]
  /\ state' = [state EXCEPT ![p] = "thinking"]

Next == \E p \in Phil : TakeLeft(p) \/ TakeRight(p) \/ PutDown(p)

Spec == Init /\ [][Next]_vars

\* Neighbours never eat at the same time.
NoSharedFork == \A p \in Phil : ~ (state[p] = "eating" /\ state[RightFork(p)] = "eating")
=============================================================================
