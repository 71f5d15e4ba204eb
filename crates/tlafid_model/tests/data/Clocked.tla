----------------------------- MODULE Clocked -----------------------------
(* State constraints tested as invariants are (compiled, in one context):  *)
(* one over the rows of a function, one a list of conjuncts, one that is   *)
(* not a Boolean in some states, and one also checked as an invariant.     *)
EXTENDS Naturals
CONSTANTS N, Max
VARIABLES clock, sent
vars == <<clock, sent>>
Proc == 1 .. N

Init == clock = [p \in Proc |-> 1] /\ sent = 0

Tick(p) == clock' = [clock EXCEPT ![p] = @ + 1] /\ UNCHANGED sent
Send == sent' = (sent + 1) % 3 /\ UNCHANGED clock
Next == (\E p \in Proc : Tick(p)) \/ Send
Spec == Init /\ [][Next]_vars

TypeOK == clock \in [Proc -> Nat] /\ sent \in 0 .. 2

\* Over the rows of clock.
ClockBound == \A p \in Proc : clock[p] <= Max

\* A list of conjuncts, the second over two rows.
Spread == /\ sent \in 0 .. 2
          /\ \A p, q \in Proc : clock[p] <= clock[q] + 1

\* Not a Boolean once clock[1] reaches 3.
NotBool == IF clock[1] < 3 THEN TRUE ELSE clock[1]

\* Violated inside the constraints: clock[2] reaches Max.
Low == clock[2] < Max
=============================================================================
