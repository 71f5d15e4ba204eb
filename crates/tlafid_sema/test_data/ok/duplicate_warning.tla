---- MODULE duplicate_warning ----
---- MODULE Inner ----
VARIABLE pc
vars == <<pc, pc>>
Next == pc' = pc
====
VARIABLE pc
vars == <<pc>>
\* The instantiated module defines `vars` too, with the same arity: SANY warns and keeps ours.
INSTANCE Inner
====
