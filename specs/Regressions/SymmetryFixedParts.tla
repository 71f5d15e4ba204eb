---------------------------- MODULE SymmetryFixedParts ----------------------------
(* Symmetry over clients whose states hold model values the symmetry does not move   *)
(* (keys, values): the orbit fingerprint hashes such fixed parts once and remembers   *)
(* the parts it met, also those holding clients. Functions keyed by clients, values  *)
(* holding clients, a record and a sequence of tuples.                              *)
EXTENDS Naturals, Sequences, TLC

CONSTANTS Client, Key, Val, None

VARIABLES db, active, view, owner, last, hist

vars == <<db, active, view, owner, last, hist>>

Empty == [k \in Key |-> None]

Init ==
  /\ db = Empty
  /\ active = {}
  /\ view = [c \in Client |-> Empty]
  /\ owner = [k \in Key |-> None]
  /\ last = [who |-> None, key |-> None]
  /\ hist = << >>

Begin(c) ==
  /\ c \notin active
  /\ active' = active \cup {c}
  /\ view' = [view EXCEPT ![c] = db]
  /\ UNCHANGED <<db, owner, last, hist>>

Write(c, k, v) ==
  /\ c \in active
  /\ view[c][k] # v
  /\ view' = [view EXCEPT ![c][k] = v]
  /\ owner' = [owner EXCEPT ![k] = c]
  /\ last' = [who |-> c, key |-> k]
  /\ hist' = IF Len(hist) = 2 THEN Append(Tail(hist), <<c, k>>) ELSE Append(hist, <<c, k>>)
  /\ UNCHANGED <<db, active>>

Commit(c) ==
  /\ c \in active
  /\ db' = view[c]
  /\ active' = active \ {c}
  /\ view' = [view EXCEPT ![c] = Empty]
  /\ owner' = [k \in Key |-> IF owner[k] = c THEN None ELSE owner[k]]
  /\ UNCHANGED <<last, hist>>

Next ==
  \/ \E c \in Client : Begin(c) \/ Commit(c)
  \/ \E c \in Client, k \in Key, v \in Val : Write(c, k, v)

Spec == Init /\ [][Next]_vars

ClientSymmetry == Permutations(Client)

TypeOK ==
  /\ db \in [Key -> Val \cup {None}]
  /\ active \subseteq Client
  /\ view \in [Client -> [Key -> Val \cup {None}]]
  /\ owner \in [Key -> Client \cup {None}]

\* Violated once a client that wrote every key commits.
NoFullCommit == \E k \in Key : db[k] = None
=====================================================================================
