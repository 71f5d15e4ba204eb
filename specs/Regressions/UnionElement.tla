---------------------------- MODULE UnionElement ----------------------------
(* Updates of nested functions and unions with one element, as tlafid builds  *)
(* them with fewer copies: `S \cup {e}` and `{e} \cup S` without the set      *)
(* `{e}`, an EXCEPT of several updates whose intermediate copy is updated in  *)
(* place, `Tail` down to `<< >>`, fingerprints of functions on integers       *)
(* (sequences, `0..2`) and of records. Counts as TLC's.                       *)
EXTENDS Naturals, Sequences

CONSTANTS Procs

VARIABLES chan, seen, tally, rec

vars == <<chan, seen, tally, rec>>

Init == /\ chan = [p \in Procs |-> [q \in Procs |-> << >>]]
        /\ seen = {}
        /\ tally = [k \in 0..2 |-> 0]
        /\ rec = [n |-> 0, who |-> {}]

Send(p, q) == /\ chan[p][q] = << >>
              /\ chan' = [chan EXCEPT ![p][q] = Append(@, [from |-> p, n |-> rec.n])]
              /\ seen' = seen \cup {p}
              /\ UNCHANGED <<tally, rec>>

\* Two updates: the copy of `chan` made by the first is updated in place by the second.
Reply(p, q) == /\ chan[q][p] # << >>
               /\ Len(chan[p][q]) < 2
               /\ chan' = [chan EXCEPT ![q][p] = Tail(@),
                                       ![p][q] = Append(@, [from |-> p, n |-> 0])]
               /\ seen' = {q} \cup seen
               /\ tally' = [tally EXCEPT ![Len(chan[q][p]) - 1] = (@ + 1) % 2]
               /\ UNCHANGED rec

\* Two updates of the same row.
Drain(p) == /\ \A q \in Procs : chan[p][q] # << >>
            /\ chan' = [chan EXCEPT ![p][p] = Tail(@), ![p][CHOOSE q \in Procs : q # p] = Tail(@)]
            /\ rec' = [rec EXCEPT !.n = (@ + 1) % 2, !.who = @ \cup {p}]
            /\ UNCHANGED <<seen, tally>>

Next == \E p, q \in Procs : Send(p, q) \/ Reply(p, q) \/ Drain(p)

Spec == Init /\ [][Next]_vars

\* Unions with an infinite set and an interval, tested on every state.
Typed == /\ seen \subseteq (Nat \cup {"x"}) \cup Procs
         /\ tally[0] \in {7} \cup (0..6)
         /\ rec.who \in SUBSET ({Procs} \cup Procs)

Bound == rec.n = 0 \/ tally[1] = 0

\* `\cup` of a set of one element and a function: the error of `\cup` itself.
BadSpec == Init /\ [][Next /\ ({1} \cup tally) # {}]_vars
=============================================================================
