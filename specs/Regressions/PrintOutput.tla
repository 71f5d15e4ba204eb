---- MODULE PrintOutput ----
(***************************************************************************)
(* Print and PrintT from ASSUMEs, the initial predicate, the next-state    *)
(* relation, an invariant and a POSTCONDITION: TLC's text (a value wider   *)
(* than 80 columns broken over lines as TLC breaks it), in TLC's order,    *)
(* between TLC's messages. Record fields are in the same order for TLC     *)
(* (first mention) and tlafid (alphabetical).                              *)
(***************************************************************************)
EXTENDS Naturals, Sequences, TLC
VARIABLES x, log

ASSUME PrintT("assume: \"quoted\" text")
ASSUME Print(<<"pair", {2, 1}>>, TRUE)

Init ==
    /\ x = 0
    /\ log = <<>>
    /\ PrintT([at |-> "init", value |-> x])

Next ==
    /\ x < 3
    /\ x' = x + 1
    /\ log' = Append(log, [entry |-> x, fn |-> (x :> "s" @@ (x + 1) :> "t")])
    /\ PrintT(<<"step", x, x'>>)
    /\ x = 2 => Print("log", log') = log'

Bounded == x <= 3 /\ (x = 3 => PrintT(<<"last state", x>>))

\* PrintOutputViolation.cfg: a counterexample is rebuilt without printing again.
Small == x < 2

Wide == [i \in 1..6 |-> [idx |-> i, name |-> "element", set |-> 1..i]]
Post == PrintT(<<"post", TLCGet("stats").distinct, Wide>>)
====
