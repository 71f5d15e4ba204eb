---- MODULE SubsetMessages ----
\* A set of records that grows from state to state, typed by membership in the powerset
\* of a constant set of records (as PaxosCommit's msgs \in SUBSET Message): the answer
\* for each message is remembered by its allocation, and a state whose set holds a
\* message outside Message must still violate TypeOK.
EXTENDS Naturals
CONSTANT Limit
VARIABLES msgs, n
Message == [type : {"req", "ack"}, clock : 0..2]
TypeOK == msgs \in SUBSET Message /\ n \in 0..Limit
Init == msgs = {} /\ n = 0
Send(c) == /\ n < Limit
              /\ msgs' = msgs \cup {[type |-> "req", clock |-> c]}
              /\ n' = n + 1
Drop == /\ msgs # {}
        /\ msgs' = msgs \ {CHOOSE m \in msgs : TRUE}
        /\ UNCHANGED n
Next == \/ \E c \in 0..(n + 1) : Send(c)
        \/ Drop
====
