---- MODULE ScopedOverride ----
\* `Nat <- [ScopedNatLib]SmallNat`: Nat as ScopedNatLib sees it is overridden. TLC overrides
\* the one definition of Nat, so the root module's Nat is SmallNat too (Inv fails at x = 5).
EXTENDS Naturals, ScopedNatLib
VARIABLE x
SmallNat == 0..5
Init == x \in Values
Next == x' = (x + 1) % 6
Inv == x + 1 \in Nat
====
