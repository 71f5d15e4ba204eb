---- MODULE LockServicePermissive_TTrace_1795984744 ----
EXTENDS Sequences, TLCExt, Toolbox, Naturals, TLC, LockServicePermissive

_expression ==
    LET LockServicePermissive_TEExpression == INSTANCE LockServicePermissive_TEExpression
    IN LockServicePermissive_TEExpression!expression
----

_trace ==
    LET LockServicePermissive_TETrace == INSTANCE LockServicePermissive_TETrace
    IN LockServicePermissive_TETrace!trace
----

_inv ==
    ~(
        TLCGet("level") = Len(_TETrace)
        /\
        grants = ({"c1", "c2"})
        /\
        pc = ([c1 |-> "waiting", c2 |-> "waiting", c3 |-> "idle"])
        /\
        holders = ({"c1", "c2"})
        /\
        inbox = (<<>>)
        /\
        queue = (<<>>)
    )
----

_init ==
    /\ holders = _TETrace[1].holders
    /\ inbox = _TETrace[1].inbox
    /\ pc = _TETrace[1].pc
    /\ grants = _TETrace[1].grants
    /\ queue = _TETrace[1].queue
----

_next ==
    /\ \E i,j \in DOMAIN _TETrace:
        /\ \/ /\ j = i + 1
              /\ i = TLCGet("level")
        /\ holders  = _TETrace[i].holders
        /\ holders' = _TETrace[j].holders
        /\ inbox  = _TETrace[i].inbox
        /\ inbox' = _TETrace[j].inbox
        /\ pc  = _TETrace[i].pc
        /\ pc' = _TETrace[j].pc
        /\ grants  = _TETrace[i].grants
        /\ grants' = _TETrace[j].grants
        /\ queue  = _TETrace[i].queue
        /\ queue' = _TETrace[j].queue

\* Uncomment the ASSUME below to write the states of the error trace
\* to the given file in Json format. Note that you can pass any tuple
\* to `JsonSerialize`. For example, a sub-sequence of _TETrace.
    \* ASSUME
    \*     LET J == INSTANCE Json
    \*         IN J!JsonSerialize("LockServicePermissive_TTrace_1795984744.json", _TETrace)

=============================================================================

 Note that you can extract this module `LockServicePermissive_TEExpression`
  to a dedicated file to reuse `expression` (the module in the 
  dedicated `LockServicePermissive_TEExpression.tla` file takes precedence 
  over the module `LockServicePermissive_TEExpression` below).

---- MODULE LockServicePermissive_TEExpression ----
EXTENDS Sequences, TLCExt, Toolbox, Naturals, TLC, LockServicePermissive

expression == 
    [
        \* To hide variables of the `LockServicePermissive` spec from the error trace,
        \* remove the variables below.  The trace will be written in the order
        \* of the fields of this record.
        holders |-> holders
        ,inbox |-> inbox
        ,pc |-> pc
        ,grants |-> grants
        ,queue |-> queue
        
        \* Put additional constant-, state-, and action-level expressions here:
        \* ,_stateNumber |-> _TEPosition
        \* ,_holdersUnchanged |-> holders = holders'
        
        \* Format the `holders` variable as Json value.
        \* ,_holdersJson |->
        \*     LET J == INSTANCE Json
        \*     IN J!ToJson(holders)
        
        \* Lastly, you may build expressions over arbitrary sets of states by
        \* leveraging the _TETrace operator.  For example, this is how to
        \* count the number of times a spec variable changed up to the current
        \* state in the trace.
        \* ,_holdersModCount |->
        \*     LET F[s \in DOMAIN _TETrace] ==
        \*         IF s = 1 THEN 0
        \*         ELSE IF _TETrace[s].holders # _TETrace[s-1].holders
        \*             THEN 1 + F[s-1] ELSE F[s-1]
        \*     IN F[_TEPosition - 1]
    ]

=============================================================================



Parsing and semantic processing can take forever if the trace below is long.
 In this case, it is advised to uncomment the module below to deserialize the
 trace from a generated binary file.

\*
\*---- MODULE LockServicePermissive_TETrace ----
\*EXTENDS IOUtils, TLC, LockServicePermissive
\*
\*trace == IODeserialize("LockServicePermissive_TTrace_1795984744.bin", TRUE)
\*
\*=============================================================================
\*

---- MODULE LockServicePermissive_TETrace ----
EXTENDS TLC, LockServicePermissive

trace == 
    <<
    ([grants |-> {},pc |-> [c1 |-> "idle", c2 |-> "idle", c3 |-> "idle"],holders |-> {},inbox |-> <<>>,queue |-> <<>>]),
    ([grants |-> {},pc |-> [c1 |-> "waiting", c2 |-> "idle", c3 |-> "idle"],holders |-> {},inbox |-> <<[kind |-> "acquire", client |-> "c1"]>>,queue |-> <<>>]),
    ([grants |-> {"c1"},pc |-> [c1 |-> "waiting", c2 |-> "idle", c3 |-> "idle"],holders |-> {"c1"},inbox |-> <<>>,queue |-> <<>>]),
    ([grants |-> {"c1"},pc |-> [c1 |-> "waiting", c2 |-> "waiting", c3 |-> "idle"],holders |-> {"c1"},inbox |-> <<[kind |-> "acquire", client |-> "c2"]>>,queue |-> <<>>]),
    ([grants |-> {"c1", "c2"},pc |-> [c1 |-> "waiting", c2 |-> "waiting", c3 |-> "idle"],holders |-> {"c1", "c2"},inbox |-> <<>>,queue |-> <<>>])
    >>
----


=============================================================================

---- CONFIG LockServicePermissive_TTrace_1795984744 ----
CONSTANTS
    Clients = { "c1" , "c2" , "c3" }

INVARIANT
    _inv

CHECK_DEADLOCK
    \* CHECK_DEADLOCK off because of PROPERTY or INVARIANT above.
    FALSE

INIT
    _init

NEXT
    _next

CONSTANT
    _TETrace <- _trace

ALIAS
    _expression
=============================================================================
\* Generated on Sun Nov 29 20:39:11 UTC 2026