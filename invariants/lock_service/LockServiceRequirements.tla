----------------------- MODULE LockServiceRequirements -----------------------
(***************************************************************************)
(* What the lock service in crates/tlafid_systems/src/lock_service.rs must *)
(* do, written apart from any model of it, over what its logs observe      *)
(* (traces/README.md): `pc` (each client's phase) and `holders` (who the   *)
(* server records as holding the lock).  A model is checked against these  *)
(* with `tlafid check MODEL.tla --requirements` this file; the model must  *)
(* define `Clients`, `pc` and `holders`, or an --observe module must.      *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANT Clients

VARIABLES pc, holders

\* At most one client is in its critical section.
MutualExclusion ==
  \A c, d \in Clients : (pc[c] = "critical" /\ pc[d] = "critical") => c = d

\* The server never records two holders.
AtMostOneHolder == Cardinality(holders) <= 1

\* A client enters its critical section only from waiting, and only as the recorded holder.
EntryNeedsTheLock ==
  [][\A c \in Clients :
        (pc'[c] = "critical" /\ pc[c] # "critical") => (pc[c] = "waiting" /\ c \in holders')
    ]_<<pc, holders>>
==============================================================================
