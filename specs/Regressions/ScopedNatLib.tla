---- MODULE ScopedNatLib ----
\* A library that imports Nat through a LOCAL INSTANCE (see ScopedOverride).
LOCAL INSTANCE Naturals
Values == {n \in Nat : n % 2 = 0}
====
