---- MODULE Settle ----
\* WF_vars(Next) with Next the next-state relation and vars every variable: its ENABLED
\* <<Next>>_vars is set from the successors the explorer generates (some differs from the
\* state), not evaluated. At x = 3 the only successor is the state itself: ENABLED is false
\* there, the behaviour that stays at 3 is fair, and Far is violated; Reach holds. With
\* CONSTRAINT x < 2 the successor x = 2 of x = 1 is outside the model but still makes
\* ENABLED true at x = 1 (as TLC evaluates it, ignoring constraints): staying at 1 is unfair,
\* and Reach holds though no state of the model has x = 3.
EXTENDS Naturals
VARIABLES x, y
vars == <<x, y>>
Init == x = 0 /\ y = 0
Next == \/ x < 3 /\ x' = x + 1 /\ y' = y
        \/ x = 3 /\ UNCHANGED vars
Spec == Init /\ [][Next]_vars /\ WF_vars(Next)
Reach == <>(x = 3)
Far == <>(x = 10)
LowOnly == x < 2
====
