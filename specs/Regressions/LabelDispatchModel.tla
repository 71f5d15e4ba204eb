------------------------- MODULE LabelDispatchModel -------------------------
(* Label dispatch on model values (Raft's state[i] = Leader), and a string   *)
(* label beside them: each node's actions test state[i] first, and the      *)
(* splitter walks only those of the label state[i] holds. The counts, the   *)
(* coverage of generated states and the violation are TLC's.                *)
EXTENDS Naturals

CONSTANTS Node, Follower, Candidate, Leader

VARIABLES state, term

vars == <<state, term>>

Init == /\ state = [i \in Node |-> Follower]
        /\ term = [i \in Node |-> 0]

Timeout(i) == /\ state[i] = Follower
              /\ term[i] < 2
              /\ state' = [state EXCEPT ![i] = Candidate]
              /\ term' = [term EXCEPT ![i] = @ + 1]

Win(i) == /\ state[i] = Candidate
          /\ \A j \in Node : term[j] <= term[i]
          /\ state' = [state EXCEPT ![i] = Leader]
          /\ UNCHANGED term

Lose(i) == /\ state[i] = Candidate
           /\ state' = [state EXCEPT ![i] = Follower]
           /\ UNCHANGED term

StepDown(i) == /\ state[i] = Leader
               /\ state' = [state EXCEPT ![i] = "retired"]
               /\ UNCHANGED term

Rejoin(i) == /\ state[i] = "retired"
             /\ term[i] < 2
             /\ state' = [state EXCEPT ![i] = Follower]
             /\ term' = [term EXCEPT ![i] = @ + 1]

Next == \E i \in Node : Timeout(i) \/ Win(i) \/ Lose(i) \/ StepDown(i) \/ Rejoin(i)

Spec == Init /\ [][Next]_vars

OneLeader == \A i, j \in Node : state[i] = Leader /\ state[j] = Leader => i = j
=============================================================================
