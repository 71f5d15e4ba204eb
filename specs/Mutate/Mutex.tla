------------------------------- MODULE Mutex -------------------------------
(* Two processes share one lock: idle -> wait -> cs -> idle, at most three     *)
(* entries in all. Each property below has a known standing for `tlafid       *)
(* mutate`; see Mutex.cfg and specs/README.md.                                 *)
EXTENDS Naturals

VARIABLES pc, lock, entries

Procs == {1, 2}
vars == <<pc, lock, entries>>

TypeOK ==
    /\ pc \in [Procs -> {"idle", "wait", "cs"}]
    /\ lock \in BOOLEAN
    /\ entries \in 0..3

Init == pc = [p \in Procs |-> "idle"] /\ lock = FALSE /\ entries = 0

Request(p) ==
    /\ pc[p] = "idle"
    /\ pc' = [pc EXCEPT ![p] = "wait"]
    /\ UNCHANGED <<lock, entries>>

Enter(p) ==
    /\ pc[p] = "wait"
    /\ ~lock
    /\ entries < 3
    /\ pc' = [pc EXCEPT ![p] = "cs"]
    /\ lock' = TRUE
    /\ entries' = entries + 1

Exit(p) ==
    /\ pc[p] = "cs"
    /\ pc' = [pc EXCEPT ![p] = "idle"]
    /\ lock' = FALSE
    /\ UNCHANGED entries

Next == \E p \in Procs : Request(p) \/ Enter(p) \/ Exit(p)

Spec == Init /\ [][Next]_vars

\* Load-bearing: dropping the lock guard breaks it.
MutualExclusion == ~(pc[1] = "cs" /\ pc[2] = "cs")

\* Vacuous: the lock is never held while both processes are idle.
IdleMeansFresh == (lock /\ pc[1] = "idle" /\ pc[2] = "idle") => entries = 0

\* Vacuous: its second disjunct is dead.
LockMeansCritical == (lock <=> \E p \in Procs : pc[p] = "cs") \/ entries > 5

\* A tautology.
Reflexive == entries = entries

\* A tautology given the types: TypeOK already says it.
EntriesBounded == entries <= 3

\* An action property: the entry count never goes down.
Monotonic == [][entries' >= entries]_vars

\* Violated by the model (see MutexViolated.cfg).
AtMostTwoEntries == entries <= 2
=============================================================================
