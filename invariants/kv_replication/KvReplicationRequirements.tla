--------------------- MODULE KvReplicationRequirements ---------------------
(***************************************************************************)
(* What the primary-backup store in crates/tlafid_systems/src/             *)
(* kv_replication/ must do, written apart from any model of it, over what  *)
(* its logs observe (traces/README.md): the view number `view`, the        *)
(* `primary`, the `live` servers, each server's write log `wlog`, the      *)
(* messages in flight `net` and each client's current request `creq`.      *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANT Clients

VARIABLES view, primary, live, wlog, net, creq

Backups == live \ {primary}

IsPrefix(a, b) == Len(a) <= Len(b) /\ \A i \in 1..Len(a) : a[i] = b[i]

\* Every live server's log is a prefix of the live primary's log.
BackupsArePrefixes ==
  primary \in live => \A s \in live : IsPrefix(wlog[s], wlog[primary])

\* A write the primary has answered is in every live backup's log.
AnsweredWritesReplicated ==
  \A c \in Clients :
    (primary \in live /\ [type |-> "putok", client |-> c] \in net) =>
      \A s \in Backups : \E i \in 1..Len(wlog[s]) :
        wlog[s][i].key = creq[c].key /\ wlog[s][i].val = creq[c].val

\* Views only move forward, one at a time, and a new view has a live primary.
ViewsMoveForward ==
  [][view' = view + 1 => primary' \in live']_view
=============================================================================
