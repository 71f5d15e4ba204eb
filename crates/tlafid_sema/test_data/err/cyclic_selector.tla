---- MODULE cyclic_selector ----
RECURSIVE Op
Op == Op!1 /\ TRUE
====
