------------------------------- MODULE Paxos --------------------------------
(* Single-decree Paxos. Proposers are folded into the ballots: a ballot    *)
(* b first collects promises (phase 1) from a quorum of acceptors, then    *)
(* proposes the value of the highest-ballot vote reported by that quorum,  *)
(* or any value if none voted (phase 2). Acceptors keep the highest ballot *)
(* they promised and their last vote. Messages are kept in a growing set.  *)
EXTENDS Integers, FiniteSets, TLC

CONSTANTS Acceptor, Value, Ballot, Nothing

VARIABLES promised, votedBal, votedVal, msgs

vars == <<promised, votedBal, votedVal, msgs>>

Quorum == {Q \in SUBSET Acceptor : 2 * Cardinality(Q) > Cardinality(Acceptor)}

NoBallot == -1

TypeOK ==
  /\ promised \in [Acceptor -> Ballot \cup {NoBallot}]
  /\ votedBal \in [Acceptor -> Ballot \cup {NoBallot}]
  /\ votedVal \in [Acceptor -> Value \cup {Nothing}]

Init ==
  /\ promised = [a \in Acceptor |-> NoBallot]
  /\ votedBal = [a \in Acceptor |-> NoBallot]
  /\ votedVal = [a \in Acceptor |-> Nothing]
  /\ msgs = {}

Send(m) == msgs' = msgs \cup {m}

Prepare(b) ==
  /\ Send([phase |-> "1a", bal |-> b])
  /\ UNCHANGED <<promised, votedBal, votedVal>>

Promise(a) ==
  \E m \in msgs :
    /\ m.phase = "1a"
    /\ m.bal > promised[a]
    /\ promised' = [promised EXCEPT ![a] = m.bal]
    /\ Send([phase |-> "1b", bal |-> m.bal, acc |-> a,
             vbal |-> votedBal[a], vval |-> votedVal[a]])
    /\ UNCHANGED <<votedBal, votedVal>>

Propose(b, v) ==
  /\ ~ \E m \in msgs : m.phase = "2a" /\ m.bal = b
  /\ \E Q \in Quorum :
       LET replies == {m \in msgs : m.phase = "1b" /\ m.bal = b /\ m.acc \in Q}
           voted   == {m \in replies : m.vbal # NoBallot}
       IN  /\ \A a \in Q : \E m \in replies : m.acc = a
           /\ \/ voted = {}
              \/ \E m \in voted :
                   /\ m.vval = v
                   /\ \A n \in voted : n.vbal <= m.vbal
  /\ Send([phase |-> "2a", bal |-> b, val |-> v])
  /\ UNCHANGED <<promised, votedBal, votedVal>>

Accept(a) ==
  \E m \in msgs :
    /\ m.phase = "2a"
    /\ m.bal >= promised[a]
    /\ promised' = [promised EXCEPT ![a] = m.bal]
    /\ votedBal' = [votedBal EXCEPT ![a] = m.bal]
    /\ votedVal' = [votedVal EXCEPT ![a] = m.val]
    /\ Send([phase |-> "2b", bal |-> m.bal, acc |-> a, val |-> m.val])

Next ==
  \/ \E b \in Ballot : Prepare(b) \/ \E v \in Value : Propose(b, v)
  \/ \E a \in Acceptor : Promise(a) \/ Accept(a)

Spec == Init /\ [][Next]_vars

ChosenAt(b, v) ==
  \E Q \in Quorum : \A a \in Q :
    [phase |-> "2b", bal |-> b, acc |-> a, val |-> v] \in msgs

Chosen == {v \in Value : \E b \in Ballot : ChosenAt(b, v)}

Agreement == Cardinality(Chosen) <= 1

\* False on purpose (PaxosChosen.cfg): the shortest run that chooses a value
\* takes a prepare, two promises, a proposal and two accepts (7 states).
NothingChosen == Chosen = {}

\* The symmetry group: every permutation of the acceptors combined with
\* every permutation of the values (a product group, closed under
\* composition).
Symmetry == {p @@ q : p \in Permutations(Acceptor), q \in Permutations(Value)}
\* A VIEW that forgets the phase-1b replies (PaxosSymView.cfg, with SYMMETRY):
\* it is not a sound abstraction, it exercises VIEW and SYMMETRY together.
ViewWithoutPromises == <<promised, votedBal, votedVal, {m \in msgs : m.phase # "1b"}>>

\* A smaller group: the acceptors only.
AcceptorSymmetry == Permutations(Acceptor)
=============================================================================
