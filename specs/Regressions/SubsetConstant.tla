---------------------------- MODULE SubsetConstant ----------------------------
(* msgs \subseteq Msg with Msg a constant set of records: each record of msgs  *)
(* is tested against Msg once per allocation on a thread (remembered while it  *)
(* holds), as msgs grows and shrinks from state to state. pc is updated by     *)
(* one-step EXCEPTs, the same update made again by several successors of a    *)
(* state (their result shared).                                                *)
EXTENDS Naturals

CONSTANT Proc, Limit

Msg == [type : {"req"}, src : Proc, n : 0..Limit] \cup [type : {"ack"}, src : Proc]

VARIABLES msgs, pc, count

Init == /\ msgs = {}
        /\ pc = [p \in Proc |-> "idle"]
        /\ count = 0

Send(p) == /\ pc[p] = "idle"
           /\ count < Limit
           /\ msgs' = msgs \cup {[type |-> "req", src |-> p, n |-> count]}
           /\ pc' = [pc EXCEPT ![p] = "sent"]
           /\ count' = count + 1

Ack(p) == /\ pc[p] = "sent"
          /\ \E m \in msgs : m.src = p /\ m.type = "req"
          /\ \E q \in Proc :
               /\ msgs' = (msgs \ {m \in msgs : m.src = p}) \cup {[type |-> "ack", src |-> q]}
               /\ pc' = [pc EXCEPT ![p] = "idle"]
          /\ UNCHANGED count

Stray(p) == /\ pc[p] = "sent"
            /\ count = Limit
            /\ msgs' = msgs \cup {[type |-> "req", src |-> p, n |-> count + 1]}
            /\ pc' = [pc EXCEPT ![p] = "done"]
            /\ UNCHANGED count

Next == \E p \in Proc : Send(p) \/ Ack(p)

NextStray == Next \/ \E p \in Proc : Stray(p)

TypeOK == /\ msgs \subseteq Msg
          /\ pc \in [Proc -> {"idle", "sent", "done"}]

\* Not a set: the same error as without the remembered memberships.
Broken == count \subseteq Msg
=============================================================================
