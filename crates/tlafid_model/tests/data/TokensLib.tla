---- MODULE TokensLib ----
EXTENDS TLC
Limit == 5
====
