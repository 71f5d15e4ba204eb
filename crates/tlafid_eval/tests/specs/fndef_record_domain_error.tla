\* expect: error E071: [dir |-> "up", floor |-> 2] is not in the domain of the function Serves at fndef_record_domain_error.tla:10:29
---- MODULE fndef_record_domain_error ----
\* A function definition whose domain is a constant record set applied to a record of the
\* state outside it (after records inside it, remembered by their allocation).
EXTENDS Naturals
VARIABLES calls
Call == [floor : 0..1, dir : {"up", "down"}]
Serves[c \in Call] == c.floor = 0 /\ calls # {}
Init == calls = {[floor |-> 0, dir |-> "up"], [floor |-> 1, dir |-> "up"]}
Next == /\ \A c \in calls : Serves[c] \/ c.floor > 0
        /\ calls' = {[floor |-> c.floor + 1, dir |-> c.dir] : c \in calls}
====
