-------------------------------- MODULE Lock --------------------------------
(* A lock server: a client may acquire the lock while no one holds it, and the   *)
(* holder releases it. The model the trace harnesses of this folder validate     *)
(* logs against.                                                                 *)
EXTENDS Naturals

CONSTANT Clients

VARIABLES holder, grants

vars == <<holder, grants>>

Init == holder = "none" /\ grants = 0

Acquire(c) == holder = "none" /\ holder' = c /\ grants' = grants + 1

Release(c) == holder = c /\ holder' = "none" /\ UNCHANGED grants

Next == \E c \in Clients : Acquire(c) \/ Release(c)

Spec == Init /\ [][Next]_vars
=============================================================================
