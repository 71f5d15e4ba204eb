---- MODULE Mapped ----
\* ENABLED through a refinement mapping: the abstract action sets (2 * x)', which no
\* successor assigns. TLC treats the abstract y as assignable there (Prop: violated, 4/4/0;
\* GuardedProp: no error); tlafid cannot yet and stops with E072 (a known miss, pinned).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\ x' = x + 1
Spec == Init /\ [][Next]_x /\ WF_x(Next)
A == INSTANCE MappedAbs WITH y <- 2 * x
Prop == A!Fair
GuardedProp == A!GuardedFair
====
