---- MODULE At ----
Op == @ + 1
====
