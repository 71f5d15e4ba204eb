\* expect: init=1 distinct=192 generated=1121
---- MODULE fndef_record_domain ----
\* Function definitions of the state whose domains are constant sets, tested as `x \in S`
\* tests them (a compound argument found in one remembered by its allocation): a record
\* set applied to records the state holds and to records built anew, a `SUBSET`, and a
\* function set (built, as the interpreter builds a domain).
EXTENDS Naturals
VARIABLES calls, pos
Call == [floor : 0..2, dir : {"up", "down"}]
Serves[c \in Call] == c.floor = pos
Covers[s \in SUBSET (0..2)] == pos \in s
Maps[f \in [{"a", "b"} -> 0..2]] == f["a"] = pos
Init == calls = {} /\ pos = 0
Next == \/ /\ \E f \in 0..2, d \in {"up", "down"} :
              /\ ~Serves[[floor |-> f, dir |-> d]]
              /\ calls' = calls \cup {[floor |-> f, dir |-> d]}
           /\ UNCHANGED pos
        \/ /\ \E c \in calls : Serves[c] /\ calls' = calls \ {c}
           /\ UNCHANGED pos
        \/ /\ pos < 2 /\ Covers[{pos, pos + 1}] /\ Maps[[a |-> pos, b |-> 0]]
           /\ pos' = pos + 1 /\ UNCHANGED calls
        \/ /\ pos > 0 /\ \A c \in calls : ~Serves[c]
           /\ pos' = pos - 1 /\ UNCHANGED calls
====
