\* expect: error E070: Head applied to the empty sequence at calls_arg_error.tla:19:25
---- MODULE calls_arg_error ----
\* A remembered call whose argument passed by name fails: while the callee does not need
\* it nothing is raised; once it does, the argument's error is raised at its place.
EXTENDS Naturals, Sequences
VARIABLES q, n

Init == /\ q = << 1, 2 >>
        /\ n = 3

\* Remembered (it binds a variable); `h` needed only when `k` is 0.
Pick(k, h) == IF k > 0 THEN CHOOSE x \in 1 .. k : x >= k ELSE h

Pop == /\ q # << >>
       /\ q' = Tail(q)
       /\ UNCHANGED n

Count == /\ n > 0
         /\ Pick(n - 1, Head(q)) >= 0
         /\ n' = n - 1
         /\ UNCHANGED q

Next == Pop \/ Count
====
