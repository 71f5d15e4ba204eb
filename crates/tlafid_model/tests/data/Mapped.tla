---- MODULE Mapped ----
\* ENABLED through a refinement mapping: the abstract action sets y' with y <- 2 * x.
\* TLC decides ENABLED with the instance's substitutions made outside it, so y' is a
\* variable of its own there (Prop: violated, 4/4/0; GuardedProp: no error); so does tlafid.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\ x' = x + 1
Spec == Init /\ [][Next]_x /\ WF_x(Next)
A == INSTANCE MappedAbs WITH y <- 2 * x
Prop == A!Fair
GuardedProp == A!GuardedFair
\* ENABLED of A!Jump: in A, TLC treats y' as free (true in every state); written here,
\* the substitution is made inside ENABLED and (2 * x)' reads x', unassigned (an error).
InnerEnabled == A!CanJump
OuterEnabled == ENABLED A!Jump
====
