---- MODULE Mutex_TTrace_1795990253 ----
EXTENDS Sequences, TLCExt, Toolbox, Naturals, TLC, Mutex, Mutex_TEConstants

_expression ==
    LET Mutex_TEExpression == INSTANCE Mutex_TEExpression
    IN Mutex_TEExpression!expression
----

_trace ==
    LET Mutex_TETrace == INSTANCE Mutex_TETrace
    IN Mutex_TETrace!trace
----

_prop ==
    ~(([]<>(
            pc = ((p1 :> "wait" @@ p2 :> "cs"))
            /\
            lock = (TRUE)
    ))/\([]<>(
            pc = ((p1 :> "wait" @@ p2 :> "idle"))
            /\
            lock = (FALSE)
    )))
----

_init ==
    /\ lock = _TETrace[1].lock
    /\ pc = _TETrace[1].pc
----

_next ==
    /\ \E i,j \in DOMAIN _TETrace:
        /\ \/ /\ j = i + 1
              /\ i = TLCGet("level")
           \/ /\ i = _TTraceLassoEnd
              /\ j = _TTraceLassoStart
        /\ lock  = _TETrace[i].lock
        /\ lock' = _TETrace[j].lock
        /\ pc  = _TETrace[i].pc
        /\ pc' = _TETrace[j].pc

\* Uncomment the ASSUME below to write the states of the error trace
\* to the given file in Json format. Note that you can pass any tuple
\* to `JsonSerialize`. For example, a sub-sequence of _TETrace.
    \* ASSUME
    \*     LET J == INSTANCE Json
    \*         IN J!JsonSerialize("Mutex_TTrace_1795990253.json", _TETrace)


_view ==
    <<lock, pc, IF TLCGet("level") = _TTraceLassoEnd + 1 THEN _TTraceLassoStart ELSE TLCGet("level")>>
=============================================================================

 Note that you can extract this module `Mutex_TEExpression`
  to a dedicated file to reuse `expression` (the module in the 
  dedicated `Mutex_TEExpression.tla` file takes precedence 
  over the module `Mutex_TEExpression` below).

---- MODULE Mutex_TEExpression ----
EXTENDS Sequences, TLCExt, Toolbox, Naturals, TLC, Mutex, Mutex_TEConstants

expression == 
    [
        \* To hide variables of the `Mutex` spec from the error trace,
        \* remove the variables below.  The trace will be written in the order
        \* of the fields of this record.
        lock |-> lock
        ,pc |-> pc
        
        \* Put additional constant-, state-, and action-level expressions here:
        \* ,_stateNumber |-> _TEPosition
        \* ,_lockUnchanged |-> lock = lock'
        
        \* Format the `lock` variable as Json value.
        \* ,_lockJson |->
        \*     LET J == INSTANCE Json
        \*     IN J!ToJson(lock)
        
        \* Lastly, you may build expressions over arbitrary sets of states by
        \* leveraging the _TETrace operator.  For example, this is how to
        \* count the number of times a spec variable changed up to the current
        \* state in the trace.
        \* ,_lockModCount |->
        \*     LET F[s \in DOMAIN _TETrace] ==
        \*         IF s = 1 THEN 0
        \*         ELSE IF _TETrace[s].lock # _TETrace[s-1].lock
        \*             THEN 1 + F[s-1] ELSE F[s-1]
        \*     IN F[_TEPosition - 1]
    ]

=============================================================================



Parsing and semantic processing can take forever if the trace below is long.
 In this case, it is advised to uncomment the module below to deserialize the
 trace from a generated binary file.

\*
\*---- MODULE Mutex_TETrace ----
\*EXTENDS IOUtils, TLC, Mutex, Mutex_TEConstants
\*
\*trace == IODeserialize("Mutex_TTrace_1795990253.bin", TRUE)
\*
\*=============================================================================
\*

---- MODULE Mutex_TETrace ----
EXTENDS TLC, Mutex, Mutex_TEConstants

trace == 
    <<
    ([pc |-> (p1 :> "idle" @@ p2 :> "idle"),lock |-> FALSE]),
    ([pc |-> (p1 :> "wait" @@ p2 :> "idle"),lock |-> FALSE]),
    ([pc |-> (p1 :> "wait" @@ p2 :> "wait"),lock |-> FALSE]),
    ([pc |-> (p1 :> "wait" @@ p2 :> "cs"),lock |-> TRUE])
    >>
----


=============================================================================

---- MODULE Mutex_TEConstants ----
EXTENDS Mutex

CONSTANTS p1, p2, _TTraceLassoStart, _TTraceLassoEnd

=============================================================================

---- CONFIG Mutex_TTrace_1795990253 ----
CONSTANTS
    Proc = { p1 , p2 }
    p2 = p2
    p1 = p1
_TTraceLassoStart = 2
_TTraceLassoEnd = 4

PROPERTY
    _prop

CHECK_DEADLOCK
    \* CHECK_DEADLOCK off because of PROPERTY or INVARIANT above.
    FALSE

INIT
    _init

NEXT
    _next

VIEW
    _view

CONSTANT
    _TETrace <- _trace

ALIAS
    _expression
=============================================================================
\* Generated on Sun Nov 29 22:11:02 UTC 2026