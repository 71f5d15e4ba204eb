--------------------------- MODULE LabelDispatchLet ---------------------------
(* Label dispatch on a whole variable (phase = Idle, "flush" = phase) and    *)
(* under the LETs an action begins with: the splitter reads phase once and   *)
(* walks only the actions of the label it holds. Start's LET would fail      *)
(* (Head of an empty queue) if it were evaluated where Start is disabled.    *)
(* The arm with a LET-bound index (Reset) is walked always. The counts, the  *)
(* coverage and the violation are TLC's.                                      *)
EXTENDS Naturals, Sequences

CONSTANTS Idle, Busy

VARIABLES phase, queue, done, slot

vars == <<phase, queue, done, slot>>

Init == /\ phase = Idle
        /\ queue = <<>>
        /\ done = 0
        /\ slot = <<"a", "a">>

Enqueue(x) == LET q == Append(queue, x) IN
              /\ phase = Idle
              /\ Len(queue) < 2
              /\ queue' = q
              /\ UNCHANGED <<phase, done, slot>>

Start == LET h == Head(queue)
             rest == Tail(queue) IN
         /\ phase = Idle
         /\ queue # <<>>
         /\ phase' = Busy
         /\ done' = done + h
         /\ queue' = rest
         /\ UNCHANGED slot

Finish == /\ phase = Busy
          /\ phase' = IF done > 4 THEN "flush" ELSE Idle
          /\ UNCHANGED <<queue, done, slot>>

Flush == /\ "flush" = phase
         /\ phase' = Idle
         /\ done' = 0
         /\ UNCHANGED <<queue, slot>>

Tick == /\ done = 1
        /\ done' = 2
        /\ UNCHANGED <<phase, queue, slot>>

FlipA(k) == LET other == "b" IN
            /\ slot[k] = "a"
            /\ slot' = [slot EXCEPT ![k] = other]
            /\ UNCHANGED <<phase, queue, done>>

FlipB(k) == /\ "b" = slot[k]
            /\ phase = Idle
            /\ slot' = [slot EXCEPT ![k] = "a"]
            /\ UNCHANGED <<phase, queue, done>>

Next == \/ \E x \in 1..2 : Enqueue(x)
        \/ Start
        \/ Finish
        \/ Flush
        \/ Tick
        \/ \E k \in 1..2 : \/ FlipA(k)
                           \/ FlipB(k)
                           \/ LET j == 3 - k IN
                                /\ slot[j] = "b"
                                /\ slot[k] = "b"
                                /\ done = 0
                                /\ slot' = <<"a", "a">>
                                /\ UNCHANGED <<phase, queue, done>>

Spec == Init /\ [][Next]_vars

SmallTotal == done < 6
=============================================================================
