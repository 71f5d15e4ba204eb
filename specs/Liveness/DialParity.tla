---- MODULE DialParity ----
(* TLC's reading of ENABLED through a refinement mapping. hand <- tick % 2 maps the   *)
(* counter onto two of the dial's three positions; the counter goes from 0 to 1 and   *)
(* stops. Read literally, ENABLED <<Turn>>_hand at tick = 1 asks for a next tick with  *)
(* tick' % 2 = 2; there is none, so WF_hand(Turn) would hold. TLC decides ENABLED with *)
(* the instance's substitutions made outside it (Tool.enabled after Context.branch):  *)
(* hand' is then a variable of its own, Turn assigns it 2, the turn is enabled and     *)
(* never taken, and Refines is violated. tlafid does the same.                        *)
EXTENDS Naturals
VARIABLE tick
Init == tick = 0
Next == tick = 0 /\ tick' = 1
Spec == Init /\ [][Next]_tick /\ WF_tick(Next)
D == INSTANCE Dial WITH hand <- tick % 2
Refines == D!Spec
====
