---- MODULE PerStateHoist ----
\* Subexpressions that depend only on the current state, evaluated inside
\* quantifiers (kept once per state by tlafid), constant sets built by binders,
\* and type checks of nested functions and sequences (remembered per sub-value).
EXTENDS Naturals, FiniteSets, Sequences
CONSTANTS P, Faulty, Strict
VARIABLES sent, rcvd, log

vars == <<sent, rcvd, log>>

M == {"a", "b"}

\* Constant, though it binds a variable.
Forged == {<<p, "a">> : p \in Faulty} \cup {<<p, "b">> : p \in Faulty}

Init == /\ sent = {}
        /\ rcvd = [p \in P |-> {}]
        /\ log = [p \in P |-> << >>]

Send(p, m) == /\ <<p, m>> \notin sent
              /\ Cardinality(sent) < 2
              /\ sent' = sent \cup {<<p, m>>}
              /\ UNCHANGED <<rcvd, log>>

\* `sent \cup Forged` and the set of senders depend on the state only, and are
\* evaluated for each of the 64 subsets r.
Receive(p) ==
  \E r \in SUBSET (P \X M) :
    /\ r \subseteq (sent \cup Forged)
    /\ rcvd[p] \subseteq r
    /\ r # rcvd[p]
    /\ Cardinality(r) <= Cardinality({s[1] : s \in sent}) + 1
    /\ rcvd' = [rcvd EXCEPT ![p] = r]
    /\ log' = [log EXCEPT ![p] = Append(@, Cardinality(r))]
    /\ UNCHANGED sent

\* With Strict, a CHOOSE over the state that finds nothing, inside a quantifier.
Probe(p) ==
  /\ Strict
  /\ Len(log[p]) = 2
  /\ \E q \in P : (CHOOSE x \in sent : x[2] = "zz")[1] = q
  /\ UNCHANGED vars

Next == \E p \in P : \/ \E m \in M : Send(p, m)
                     \/ Receive(p)
                     \/ Probe(p)

Spec == Init /\ [][Next]_vars

TypeOK == /\ sent \subseteq P \X M
          /\ rcvd \in [P -> SUBSET (P \X M)]
          /\ log \in [P -> Seq(0 .. 6)]

\* At most one more message than there are senders.
Slow == \A p \in P : \A i \in 1 .. Len(log[p]) : log[p][i] <= 3

\* Violated once a process received three messages.
Quiet == \A p \in P : Cardinality(rcvd[p]) <= 2
====
