---- MODULE Stutter ----
\* [][A]_v is decided on v first: a step that leaves v unchanged holds without evaluating A.
\* Here A fails (CHOOSE from {}) on exactly those steps. TLC evaluates A first, so it
\* reports an error for XCounts (after 3 generated, 3 distinct states); tlafid finds that
\* the property holds: a deliberate difference, for speed, on specs TLC rejects anyway.
\* BadView's v fails to evaluate: A decides first there, as in TLC, which reports v's error
\* on the first y step with the same figures as tlafid (3 generated, 3 distinct, depth 2).
\* A v that is a tuple of variables, named (vars) or written (<<x>>), is compared variable
\* by variable: YMoves fails on the first y step, XOnly holds as XCounts does.
EXTENDS Naturals
VARIABLES x, y
Init == x = 0 /\ y = 0
Next == \/ x' = (x + 1) % 3 /\ y' = y
        \/ y' = 1 - y /\ x' = x
A == IF x' = x THEN CHOOSE n \in {} : TRUE ELSE x' = (x + 1) % 3
XCounts == [][A]_x
vars == <<x, y>>
YMoves == [][x' = (x + 1) % 3]_vars
XOnly == [][A]_<<x>>
BadView == [][x' = (x + 1) % 3]_<<x, CHOOSE n \in {} : TRUE>>
====
