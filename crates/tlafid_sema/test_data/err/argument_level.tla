---- MODULE argument_level ----
VARIABLE x
Next(a) == a' = 1
Stay(a) == UNCHANGED a
Hand(b) == Next(b)
Eq(a) == a = TRUE
Bad1 == Next(x')
Bad2 == Stay(x')
Bad3 == Hand(x')
Bad4 == Eq([](x = 1))
OK == Next(x) /\ Eq(x') /\ ENABLED Next(x)
====
