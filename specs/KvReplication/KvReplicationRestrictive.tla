---------------------- MODULE KvReplicationRestrictive -----------------------
(***************************************************************************)
(* TOO RESTRICTIVE variant of KvReplication: the primary is assumed to     *)
(* replicate one write at a time (PrimaryHandlePut has the extra guard     *)
(* pending = <<>>), but the implementation pipelines writes, so a trace    *)
(* in which a put is handled while another is pending is rejected.         *)
(* Everything else is the faithful model.                                  *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS Clients, Servers, Keys, Values,
          InitialPrimary,   \* the primary of view 1
          MaxSeq            \* bound on the writes the primary accepts

VARIABLES view, primary, live, store, wlog, pending, net, cpc, creq, lastRead

vars == <<view, primary, live, store, wlog, pending, net, cpc, creq, lastRead>>

Backups == live \ {primary}

NoRequest == [op |-> "none", key |-> "none", val |-> 0, view |-> 0]

\* The message that carries request r of client c.
RequestMessage(c, r) ==
  IF r.op = "put"
    THEN [type |-> "put", client |-> c, key |-> r.key, val |-> r.val]
    ELSE [type |-> "get", client |-> c, key |-> r.key]

\* Sequence s without its i-th element.
RemoveAt(s, i) == [j \in 1..(Len(s) - 1) |-> IF j < i THEN s[j] ELSE s[j + 1]]

Init ==
  /\ view = 1
  /\ primary = InitialPrimary
  /\ live = Servers
  /\ store = [s \in Servers |-> [k \in Keys |-> 0]]
  /\ wlog = [s \in Servers |-> <<>>]
  /\ pending = <<>>
  /\ net = {}
  /\ cpc = [c \in Clients |-> "idle"]
  /\ creq = [c \in Clients |-> NoRequest]
  /\ lastRead = [c \in Clients |-> 0]

ClientPut(c, k, v) ==
  /\ cpc[c] = "idle"
  /\ cpc' = [cpc EXCEPT ![c] = "waiting"]
  /\ creq' = [creq EXCEPT ![c] = [op |-> "put", key |-> k, val |-> v, view |-> view]]
  /\ net' = net \cup {[type |-> "put", client |-> c, key |-> k, val |-> v]}
  /\ UNCHANGED <<view, primary, live, store, wlog, pending, lastRead>>

ClientGet(c, k) ==
  /\ cpc[c] = "idle"
  /\ cpc' = [cpc EXCEPT ![c] = "waiting"]
  /\ creq' = [creq EXCEPT ![c] = [op |-> "get", key |-> k, val |-> 0, view |-> view]]
  /\ net' = net \cup {[type |-> "get", client |-> c, key |-> k]}
  /\ UNCHANGED <<view, primary, live, store, wlog, pending, lastRead>>

PrimaryHandlePut(c) ==
  /\ primary \in live
  /\ Len(wlog[primary]) < MaxSeq
  /\ pending = <<>>          \* too restrictive: no pipelining
  /\ \E m \in net :
       /\ m.type = "put"
       /\ m.client = c
       /\ LET n == Len(wlog[primary]) + 1
          IN /\ store' = [store EXCEPT ![primary][m.key] = m.val]
             /\ wlog' = [wlog EXCEPT ![primary] =
                           Append(@, [seq |-> n, key |-> m.key, val |-> m.val])]
             /\ pending' = Append(pending, [seq |-> n, client |-> c, key |-> m.key,
                                            val |-> m.val, acks |-> {}])
             /\ net' = (net \ {m}) \cup
                         {[type |-> "fwd", to |-> b, seq |-> n, key |-> m.key, val |-> m.val]
                            : b \in Backups}
  /\ UNCHANGED <<view, primary, live, cpc, creq, lastRead>>

PrimaryHandleGet(c) ==
  /\ primary \in live
  /\ \E m \in net :
       /\ m.type = "get"
       /\ m.client = c
       /\ net' = (net \ {m}) \cup
                   {[type |-> "getok", client |-> c, val |-> store[primary][m.key]]}
  /\ UNCHANGED <<view, primary, live, store, wlog, pending, cpc, creq, lastRead>>

\* Backup s applies write n, which must be the next one in its log.
BackupApply(s, n) ==
  /\ s \in live
  /\ n = Len(wlog[s]) + 1
  /\ \E m \in net :
       /\ m.type = "fwd"
       /\ m.to = s
       /\ m.seq = n
       /\ store' = [store EXCEPT ![s][m.key] = m.val]
       /\ wlog' = [wlog EXCEPT ![s] = Append(@, [seq |-> n, key |-> m.key, val |-> m.val])]
       /\ net' = (net \ {m}) \cup {[type |-> "ack", from |-> s, seq |-> n]}
  /\ UNCHANGED <<view, primary, live, pending, cpc, creq, lastRead>>

PrimaryAck(s, n) ==
  /\ primary \in live
  /\ \E m \in net :
       /\ m.type = "ack"
       /\ m.from = s
       /\ m.seq = n
       /\ net' = net \ {m}
       /\ pending' = [i \in 1..Len(pending) |->
                        IF pending[i].seq = n
                          THEN [pending[i] EXCEPT !.acks = @ \cup {s}]
                          ELSE pending[i]]
  /\ UNCHANGED <<view, primary, live, store, wlog, cpc, creq, lastRead>>

\* The primary answers a write every live backup has acknowledged.
PrimaryReply(c) ==
  /\ primary \in live
  /\ \E i \in 1..Len(pending) :
       /\ pending[i].client = c
       /\ Backups \subseteq pending[i].acks
       /\ pending' = RemoveAt(pending, i)
       /\ net' = net \cup {[type |-> "putok", client |-> c]}
  /\ UNCHANGED <<view, primary, live, store, wlog, cpc, creq, lastRead>>

ClientReceive(c) ==
  /\ \E m \in net :
       /\ m.type \in {"putok", "getok"}
       /\ m.client = c
       /\ net' = net \ {m}
       /\ cpc' = [cpc EXCEPT ![c] = "idle"]
       /\ lastRead' = IF m.type = "getok" THEN [lastRead EXCEPT ![c] = m.val] ELSE lastRead
  /\ UNCHANGED <<view, primary, live, store, wlog, pending, creq>>

\* A waiting client whose request belongs to an older view sends it again.
Retry(c) ==
  /\ cpc[c] = "waiting"
  /\ creq[c].view < view
  /\ creq' = [creq EXCEPT ![c].view = view]
  /\ net' = net \cup {RequestMessage(c, creq[c])}
  /\ UNCHANGED <<view, primary, live, store, wlog, pending, cpc, lastRead>>

Crash(s) ==
  /\ s = primary
  /\ s \in live
  /\ Cardinality(live) > 1
  /\ live' = live \ {s}
  /\ UNCHANGED <<view, primary, store, wlog, pending, net, cpc, creq, lastRead>>

\* The view service makes live server s primary and pushes its state to the others.
ViewChange(s) ==
  /\ primary \notin live
  /\ s \in live
  /\ view' = view + 1
  /\ primary' = s
  /\ store' = [t \in Servers |-> IF t \in live THEN store[s] ELSE store[t]]
  /\ wlog' = [t \in Servers |-> IF t \in live THEN wlog[s] ELSE wlog[t]]
  /\ pending' = <<>>
  /\ net' = {}
  /\ UNCHANGED <<live, cpc, creq, lastRead>>

Next ==
  \/ \E c \in Clients, k \in Keys, v \in Values : ClientPut(c, k, v)
  \/ \E c \in Clients, k \in Keys : ClientGet(c, k)
  \/ \E c \in Clients :
       PrimaryHandlePut(c) \/ PrimaryHandleGet(c) \/ PrimaryReply(c)
         \/ ClientReceive(c) \/ Retry(c)
  \/ \E s \in Servers, n \in 1..MaxSeq : BackupApply(s, n) \/ PrimaryAck(s, n)
  \/ \E s \in Servers : Crash(s) \/ ViewChange(s)

Spec == Init /\ [][Next]_vars

(* The requirements.                                                       *)

\* Every live server's log is a prefix of the live primary's log.
IsPrefix(a, b) == Len(a) <= Len(b) /\ \A i \in 1..Len(a) : a[i] = b[i]

BackupsArePrefixes ==
  primary \in live => \A s \in live : IsPrefix(wlog[s], wlog[primary])

\* A write the primary has answered is in every live backup's log.
AnsweredWritesReplicated ==
  \A c \in Clients :
    (primary \in live /\ [type |-> "putok", client |-> c] \in net) =>
      \A s \in Backups : \E i \in 1..Len(wlog[s]) :
        wlog[s][i].key = creq[c].key /\ wlog[s][i].val = creq[c].val
==============================================================================
