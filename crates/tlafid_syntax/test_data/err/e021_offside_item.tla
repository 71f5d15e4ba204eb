---- MODULE Offside ----
Op == /\ x = (1 +
      /\ y
====
