---------------------------- MODULE RaftElection ----------------------------
(* Leader election in the style of Raft: servers time out, become          *)
(* candidates in a new term, ask the others for votes, and win with a      *)
(* majority. Each server votes at most once per term. Messages live in a   *)
(* set that only grows (they may be delivered late or many times); terms   *)
(* are bounded by MaxTerm so the state space is finite.                    *)
EXTENDS Naturals, FiniteSets

CONSTANTS Server, MaxTerm, Nobody

VARIABLES term, role, votedFor, votes, msgs, elected

vars == <<term, role, votedFor, votes, msgs, elected>>

Majority(S) == 2 * Cardinality(S) > Cardinality(Server)

TypeOK ==
  /\ term \in [Server -> 0..MaxTerm]
  /\ role \in [Server -> {"follower", "candidate", "leader"}]
  /\ votedFor \in [Server -> Server \cup {Nobody}]
  /\ votes \in [Server -> SUBSET Server]
  /\ elected \subseteq (1..MaxTerm) \X Server

Init ==
  /\ term = [s \in Server |-> 0]
  /\ role = [s \in Server |-> "follower"]
  /\ votedFor = [s \in Server |-> Nobody]
  /\ votes = [s \in Server |-> {}]
  /\ msgs = {}
  /\ elected = {}

\* A follower or candidate gives up waiting and starts an election.
Timeout(s) ==
  /\ role[s] /= "leader"
  /\ term[s] < MaxTerm
  /\ term' = [term EXCEPT ![s] = @ + 1]
  /\ role' = [role EXCEPT ![s] = "candidate"]
  /\ votedFor' = [votedFor EXCEPT ![s] = s]
  /\ votes' = [votes EXCEPT ![s] = {s}]
  /\ msgs' = msgs \cup {[kind |-> "ask", term |-> term[s] + 1, from |-> s]}
  /\ UNCHANGED elected

\* A server sees a message from a later term: it adopts the term and
\* falls back to follower, forgetting its vote.
CatchUp(s) ==
  \E m \in msgs :
    /\ m.term > term[s]
    /\ term' = [term EXCEPT ![s] = m.term]
    /\ role' = [role EXCEPT ![s] = "follower"]
    /\ votedFor' = [votedFor EXCEPT ![s] = Nobody]
    /\ votes' = [votes EXCEPT ![s] = {}]
    /\ UNCHANGED <<msgs, elected>>

\* A server grants its vote for its current term to the first candidate
\* that asks.
GrantVote(s) ==
  \E m \in msgs :
    /\ m.kind = "ask"
    /\ m.term = term[s]
    /\ votedFor[s] = Nobody
    /\ votedFor' = [votedFor EXCEPT ![s] = m.from]
    /\ msgs' = msgs \cup {[kind |-> "grant", term |-> m.term, from |-> s, to |-> m.from]}
    /\ UNCHANGED <<term, role, votes, elected>>

\* A candidate counts a vote for its current term.
CountVote(s) ==
  \E m \in msgs :
    /\ m.kind = "grant"
    /\ m.to = s
    /\ m.term = term[s]
    /\ role[s] = "candidate"
    /\ m.from \notin votes[s]
    /\ votes' = [votes EXCEPT ![s] = @ \cup {m.from}]
    /\ UNCHANGED <<term, role, votedFor, msgs, elected>>

BecomeLeader(s) ==
  /\ role[s] = "candidate"
  /\ Majority(votes[s])
  /\ role' = [role EXCEPT ![s] = "leader"]
  /\ elected' = elected \cup {<<term[s], s>>}
  /\ UNCHANGED <<term, votedFor, votes, msgs>>

Next == \E s \in Server :
          Timeout(s) \/ CatchUp(s) \/ GrantVote(s) \/ CountVote(s) \/ BecomeLeader(s)

Spec == Init /\ [][Next]_vars

\* Two leaders at the same time never share a term ...
OneLeaderPerTerm ==
  \A a, b \in Server :
    (role[a] = "leader" /\ role[b] = "leader" /\ term[a] = term[b]) => a = b

\* ... and, over the whole history, each term elects at most one leader.
ElectionSafety ==
  \A e, f \in elected : e[1] = f[1] => e[2] = f[2]
=============================================================================
