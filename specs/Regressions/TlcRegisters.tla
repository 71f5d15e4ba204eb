---- MODULE TlcRegisters ----
\* TLCGet("config") and TLC's registers set by TLCSet in an ASSUME.
EXTENDS Naturals, TLC
VARIABLE x

ASSUME /\ TLCGet("config").mode = "bfs"
       /\ TLCGet("config").worker = 1
       /\ TLCGet("config").deadlock = FALSE

ASSUME TLCSet(3, 4) /\ TLCGet(3) = 4

Init == x \in {0, 1}
Next == x < TLCGet(3) /\ x' = x + 1
Small == x < 4
====
