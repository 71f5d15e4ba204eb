---- MODULE TwoStep_TTrace_1795990370 ----
EXTENDS Sequences, TLCExt, Toolbox, TwoStep, Naturals, TLC

_expression ==
    LET TwoStep_TEExpression == INSTANCE TwoStep_TEExpression
    IN TwoStep_TEExpression!expression
----

_trace ==
    LET TwoStep_TETrace == INSTANCE TwoStep_TETrace
    IN TwoStep_TETrace!trace
----

_prop ==
    ~<>[](
        phase = (2)
        /\
        halted = (TRUE)
        /\
        ready = (FALSE)
    )
----

_init ==
    /\ phase = _TETrace[1].phase
    /\ ready = _TETrace[1].ready
    /\ halted = _TETrace[1].halted
----

_next ==
    /\ \E i,j \in DOMAIN _TETrace:
        /\ \/ /\ j = i + 1
              /\ i = TLCGet("level")
        /\ phase  = _TETrace[i].phase
        /\ phase' = _TETrace[j].phase
        /\ ready  = _TETrace[i].ready
        /\ ready' = _TETrace[j].ready
        /\ halted  = _TETrace[i].halted
        /\ halted' = _TETrace[j].halted

\* Uncomment the ASSUME below to write the states of the error trace
\* to the given file in Json format. Note that you can pass any tuple
\* to `JsonSerialize`. For example, a sub-sequence of _TETrace.
    \* ASSUME
    \*     LET J == INSTANCE Json
    \*         IN J!JsonSerialize("TwoStep_TTrace_1795990370.json", _TETrace)

=============================================================================

 Note that you can extract this module `TwoStep_TEExpression`
  to a dedicated file to reuse `expression` (the module in the 
  dedicated `TwoStep_TEExpression.tla` file takes precedence 
  over the module `TwoStep_TEExpression` below).

---- MODULE TwoStep_TEExpression ----
EXTENDS Sequences, TLCExt, Toolbox, TwoStep, Naturals, TLC

expression == 
    [
        \* To hide variables of the `TwoStep` spec from the error trace,
        \* remove the variables below.  The trace will be written in the order
        \* of the fields of this record.
        phase |-> phase
        ,ready |-> ready
        ,halted |-> halted
        
        \* Put additional constant-, state-, and action-level expressions here:
        \* ,_stateNumber |-> _TEPosition
        \* ,_phaseUnchanged |-> phase = phase'
        
        \* Format the `phase` variable as Json value.
        \* ,_phaseJson |->
        \*     LET J == INSTANCE Json
        \*     IN J!ToJson(phase)
        
        \* Lastly, you may build expressions over arbitrary sets of states by
        \* leveraging the _TETrace operator.  For example, this is how to
        \* count the number of times a spec variable changed up to the current
        \* state in the trace.
        \* ,_phaseModCount |->
        \*     LET F[s \in DOMAIN _TETrace] ==
        \*         IF s = 1 THEN 0
        \*         ELSE IF _TETrace[s].phase # _TETrace[s-1].phase
        \*             THEN 1 + F[s-1] ELSE F[s-1]
        \*     IN F[_TEPosition - 1]
    ]

=============================================================================



Parsing and semantic processing can take forever if the trace below is long.
 In this case, it is advised to uncomment the module below to deserialize the
 trace from a generated binary file.

\*
\*---- MODULE TwoStep_TETrace ----
\*EXTENDS IOUtils, TwoStep, TLC
\*
\*trace == IODeserialize("TwoStep_TTrace_1795990370.bin", TRUE)
\*
\*=============================================================================
\*

---- MODULE TwoStep_TETrace ----
EXTENDS TwoStep, TLC

trace == 
    <<
    ([phase |-> 0,halted |-> FALSE,ready |-> FALSE]),
    ([phase |-> 0,halted |-> FALSE,ready |-> TRUE]),
    ([phase |-> 1,halted |-> FALSE,ready |-> FALSE]),
    ([phase |-> 1,halted |-> FALSE,ready |-> TRUE]),
    ([phase |-> 2,halted |-> FALSE,ready |-> FALSE]),
    ([phase |-> 2,halted |-> TRUE,ready |-> FALSE])
    >>
----


=============================================================================

---- CONFIG TwoStep_TTrace_1795990370 ----

PROPERTY
    _prop

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
\* Generated on Sun Nov 29 22:12:57 UTC 2026