---- MODULE Gears ----
(* A gear train that turns the dial once every two ticks: hand <- tick \div 2. With   *)
(* Spec the ticks go round for ever and Gears refines Dial (PROPERTY Refines, that is *)
(* D!Spec). With Jammable the train may jam at tick 3 (hand 1) and stay there: Dial's *)
(* WF_hand(Turn) is then violated, because a turn stays enabled but is never taken.   *)
EXTENDS Naturals
VARIABLES tick, jammed
vars == <<tick, jammed>>
Init == tick = 0 /\ jammed = FALSE
Step == ~jammed /\ tick' = (tick + 1) % 6 /\ UNCHANGED jammed
Jam == tick = 3 /\ ~jammed /\ jammed' = TRUE /\ UNCHANGED tick
Spec == Init /\ [][Step]_vars /\ WF_vars(Step)
Jammable == Init /\ [][Step \/ Jam]_vars /\ WF_vars(Step)
D == INSTANCE Dial WITH hand <- tick \div 2
Refines == D!Spec
====
