---- MODULE SharedDomain ----
(* `\A l, r \in D` where D has a binder of its own: D's binder must not share a slot *)
(* with `l` (found on tlaplus/Examples tcp/MCtcp.cfg).                              *)
EXTENDS Naturals, Sequences
CONSTANTS A, B
Peers == {A, B}
VARIABLE network
Init == network = [p \in Peers |-> IF p = A THEN <<>> ELSE <<1>>]
Next == \E p \in Peers : network' = [network EXCEPT ![p] = IF @ = <<>> THEN <<1>> ELSE Tail(@)]
Empty == {p \in Peers : network[p] = <<>>}
SameEmpty == \A l, r \in {p \in Peers : network[p] = <<>>} : l \in Empty /\ r \in Empty
Pairs == {<<l, r>> : l, r \in {p \in Peers : network[p] = <<>>}} \subseteq Empty \X Empty
====
