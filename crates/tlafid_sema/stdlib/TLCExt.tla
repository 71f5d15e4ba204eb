------------------------------- MODULE TLCExt -------------------------------
(***************************************************************************)
(* tlafid's own rendering of TLC's experimental extension module.  Names,  *)
(* arities and meaning follow the module shipped with TLC; the text is     *)
(* written for tlafid.  Most operators inspect or steer the checker        *)
(* itself, so their bodies are placeholders: the evaluator implements them *)
(* natively or reports them as unsupported (see README.md).                *)
(***************************************************************************)
LOCAL INSTANCE TLC
LOCAL INSTANCE Naturals
LOCAL INSTANCE Integers

-----------------------------------------------------------------------------
(* Assertions.                                                             *)

\* Equals a = b; when they differ the checker also prints both values.
AssertEq(a, b) == a = b                                      (* native *)

\* TRUE when evaluating exp fails with exactly the error message err.
AssertError(err, exp) == CHOOSE b \in BOOLEAN : TRUE  (* native, unsupported *)

-----------------------------------------------------------------------------
(* Registers (see TLC!TLCGet and TLC!TLCSet).                              *)

\* The value of register key, or defaultVal when it was never set.
TLCGetOrDefault(key, defaultVal) == CHOOSE v : TRUE          (* native *)

\* Sets register key to Op(old, val), where old is its current value (or
\* defaultVal), and equals old.
TLCGetAndSet(key, Op(_, _), val, defaultVal) ==              (* native *)
  LET old == TLCGetOrDefault(key, defaultVal)
  IN  CHOOSE v \in {old} : TLCSet(key, Op(old, val))

-----------------------------------------------------------------------------
(* Behaviours as values.                                                   *)

\* The states from an initial state to the current one, as a sequence of
\* records with one field per variable.
Trace == CHOOSE states : TRUE                    (* native, unsupported *)

\* Like Trace, but starting from the given state.
TraceFrom(state) == CHOOSE states : TRUE         (* native, unsupported *)

\* In a POSTCONDITION: the counterexample as [state: ..., action: ...].
CounterExample == CHOOSE graph : TRUE            (* native, unsupported *)

\* The counterexample CE as a sequence of states.
ToTrace(CE) == CHOOSE states : TRUE              (* native, unsupported *)

-----------------------------------------------------------------------------
(* Steering the checker.                                                   *)

\* A model value whose name is str.
TLCModelValue(str) == CHOOSE v : ToString(v) = str           (* native *)

\* Evaluates expression later (simulation) or never; equals TRUE.
TLCDefer(expression) == TRUE                     (* native, unsupported *)

\* Equals val (a hook for debugging the evaluator).
TLCNoOp(val) == val

\* Interactive choice of successors; TRUE when exp holds.
PickSuccessor(exp) ==                            (* native, unsupported *)
  IF exp THEN TRUE ELSE CHOOSE b \in BOOLEAN : TRUE

\* Equals expression (a cache keyed by closure).
TLCCache(expression, closure) == expression

\* The fingerprint that TLC gives to var (implementation-specific).
TLCFP(var) == CHOOSE i \in Int : TRUE            (* native, unsupported *)

\* The value of the definition with the given name.
TLCEvalDefinition(definitionName) == CHOOSE v : TRUE (* native, unsupported *)

=============================================================================
