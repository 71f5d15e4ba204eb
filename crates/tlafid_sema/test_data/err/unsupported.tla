---- MODULE unsupported ----
Half == 0.5
Inv == TRUE /\ TRUE
Sel == LET Inv == 1 /\ 2 IN Inv!1
====
