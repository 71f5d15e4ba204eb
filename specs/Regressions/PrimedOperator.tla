---- MODULE PrimedOperator ----
\* A state function read under a prime while the next state is being assigned
\* (InnerSerial's Serializable'): Orders' depends on q' only, and is asked again
\* for every candidate order'. tlafid keeps it with the next values it read.
EXTENDS Naturals, FiniteSets
CONSTANT Limit
VARIABLES q, order

\* Orders of q without self-loops that keep 1 before anything else.
Orders == {R \in SUBSET (q \X q) :
             /\ \A a \in q : <<a, a>> \notin R
             /\ \A a \in q \ {1} : 1 \in q => <<a, 1>> \notin R}

Ok == \E R \in Orders : order \subseteq R

Init == q = {} /\ order = {}

Add(x) == /\ x \notin q
          /\ Cardinality(q) < 3
          /\ q' = q \cup {x}
          /\ order' \in SUBSET (q' \X q')
          /\ order \subseteq order'
          /\ Cardinality(order') <= Limit
          /\ Ok'

\* The primed operator held by a LET, asked for each candidate order'.
Reorder == LET ok == Ok' IN
           /\ UNCHANGED q
           /\ order' \in SUBSET (q \X q)
           /\ order' # order
           /\ Cardinality(order') <= Limit
           /\ ok

Next == (\E x \in 1 .. 3 : Add(x)) \/ Reorder

Spec == Init /\ [][Next]_<<q, order>>

Small == Cardinality(order) < 3
====
