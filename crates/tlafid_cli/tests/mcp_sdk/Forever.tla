---- MODULE Forever ----
\* A counter without end: its exploration stops only at a budget (the MCP tests use it to
\* stop, cancel and orphan a call that is still running).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x' = x + 1
====
