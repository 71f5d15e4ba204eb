---- MODULE Mapped ----
\* ENABLED through a refinement mapping: the abstract action sets (2 * x)', which no
\* successor assigns; TLC takes that equation as satisfiable and still evaluates guards.
EXTENDS Naturals
VARIABLE x
Init == x = 0
Next == x < 3 /\ x' = x + 1
Spec == Init /\ [][Next]_x /\ WF_x(Next)
A == INSTANCE MappedAbs WITH y <- 2 * x
Prop == A!Fair
GuardedProp == A!GuardedFair
====
