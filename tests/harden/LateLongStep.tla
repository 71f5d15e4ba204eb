---- MODULE LateLongStep ----
\* Regression: the time budget runs out inside a step three steps from the initial state.
\* Each step before it evaluates 10,000 quantifier bindings, so rebuilding the behaviour to
\* it under the raised stop signal would fail; the run must end as incomplete, not E091, with
\* the counts a sequential search had when it stopped (the state being expanded is not left
\* on the queue: 4 generated, 4 distinct, 0 left, as when the steps before are cheap).
EXTENDS Naturals
VARIABLE x
Init == x = 0
Warm == \A a, b \in 1..100 : a + b + x > 0
Next == \/ /\ x < 3
           /\ Warm
           /\ x' = x + 1
        \/ /\ x = 3
           /\ x' = IF \A a, b, c, d \in 1..4096 : a + b + c + d > 0 THEN 4 ELSE 5
====
