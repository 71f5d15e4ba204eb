---- MODULE TokenRing_TTrace_1795990317 ----
EXTENDS Sequences, TLCExt, Toolbox, TokenRing, Naturals, TLC

_expression ==
    LET TokenRing_TEExpression == INSTANCE TokenRing_TEExpression
    IN TokenRing_TEExpression!expression
----

_trace ==
    LET TokenRing_TETrace == INSTANCE TokenRing_TETrace
    IN TokenRing_TETrace!trace
----

_prop ==
    ~<>[](
        work = (2)
        /\
        wants = ({1, 2})
        /\
        token = (3)
    )
----

_init ==
    /\ token = _TETrace[1].token
    /\ work = _TETrace[1].work
    /\ wants = _TETrace[1].wants
----

_next ==
    /\ \E i,j \in DOMAIN _TETrace:
        /\ \/ /\ j = i + 1
              /\ i = TLCGet("level")
        /\ token  = _TETrace[i].token
        /\ token' = _TETrace[j].token
        /\ work  = _TETrace[i].work
        /\ work' = _TETrace[j].work
        /\ wants  = _TETrace[i].wants
        /\ wants' = _TETrace[j].wants

\* Uncomment the ASSUME below to write the states of the error trace
\* to the given file in Json format. Note that you can pass any tuple
\* to `JsonSerialize`. For example, a sub-sequence of _TETrace.
    \* ASSUME
    \*     LET J == INSTANCE Json
    \*         IN J!JsonSerialize("TokenRing_TTrace_1795990317.json", _TETrace)

=============================================================================

 Note that you can extract this module `TokenRing_TEExpression`
  to a dedicated file to reuse `expression` (the module in the 
  dedicated `TokenRing_TEExpression.tla` file takes precedence 
  over the module `TokenRing_TEExpression` below).

---- MODULE TokenRing_TEExpression ----
EXTENDS Sequences, TLCExt, Toolbox, TokenRing, Naturals, TLC

expression == 
    [
        \* To hide variables of the `TokenRing` spec from the error trace,
        \* remove the variables below.  The trace will be written in the order
        \* of the fields of this record.
        token |-> token
        ,work |-> work
        ,wants |-> wants
        
        \* Put additional constant-, state-, and action-level expressions here:
        \* ,_stateNumber |-> _TEPosition
        \* ,_tokenUnchanged |-> token = token'
        
        \* Format the `token` variable as Json value.
        \* ,_tokenJson |->
        \*     LET J == INSTANCE Json
        \*     IN J!ToJson(token)
        
        \* Lastly, you may build expressions over arbitrary sets of states by
        \* leveraging the _TETrace operator.  For example, this is how to
        \* count the number of times a spec variable changed up to the current
        \* state in the trace.
        \* ,_tokenModCount |->
        \*     LET F[s \in DOMAIN _TETrace] ==
        \*         IF s = 1 THEN 0
        \*         ELSE IF _TETrace[s].token # _TETrace[s-1].token
        \*             THEN 1 + F[s-1] ELSE F[s-1]
        \*     IN F[_TEPosition - 1]
    ]

=============================================================================



Parsing and semantic processing can take forever if the trace below is long.
 In this case, it is advised to uncomment the module below to deserialize the
 trace from a generated binary file.

\*
\*---- MODULE TokenRing_TETrace ----
\*EXTENDS IOUtils, TokenRing, TLC
\*
\*trace == IODeserialize("TokenRing_TTrace_1795990317.bin", TRUE)
\*
\*=============================================================================
\*

---- MODULE TokenRing_TETrace ----
EXTENDS TokenRing, TLC

trace == 
    <<
    ([work |-> 0,wants |-> {},token |-> 1]),
    ([work |-> 0,wants |-> {},token |-> 2]),
    ([work |-> 0,wants |-> {1},token |-> 2]),
    ([work |-> 0,wants |-> {1},token |-> 3]),
    ([work |-> 0,wants |-> {1, 2},token |-> 3]),
    ([work |-> 1,wants |-> {1, 2},token |-> 3]),
    ([work |-> 2,wants |-> {1, 2},token |-> 3])
    >>
----


=============================================================================

---- CONFIG TokenRing_TTrace_1795990317 ----
CONSTANTS
    N = 3

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
\* Generated on Sun Nov 29 22:12:09 UTC 2026