---- MODULE unsupported ----
Half == 0.5
====
