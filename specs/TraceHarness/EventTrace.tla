----------------------------- MODULE EventTrace -----------------------------
(* A generic trace harness, in the shape of the ones SysMoBench generates per  *)
(* system over its TraceSpec and TVOperators modules (written here anew).     *)
(* The log (IOEnv.TRACE_PATH) is NDJSON: a first line of the run's constants, *)
(* then one line per event, {"event": NAME, VAR: [UPDATE, ...], ...}, where  *)
(* an UPDATE {"op": OP, "path": [K1, ...], "args": [...]} changes VAR at the  *)
(* path. A per-system module EXTENDS the model and this one, and its .cfg      *)
(* puts its own definitions in place of the three marked "per system"         *)
(* (ModelVars <- vars, ...). l is the line to match next; register 0 keeps    *)
(* the largest l a step reached; the POSTCONDITION accepts the log when every *)
(* line was matched.                                                          *)
EXTENDS TLC, Json, IOUtils, Sequences, Naturals

VARIABLE l

\* Per system: the model's variables, its initial predicate, and the step that
\* matches the line Line (a disjunction of IsEvent(NAME) /\ ...).
ModelVars == <<>>
ModelInit == FALSE
EventStep == FALSE

Log == ndJsonDeserialize(IF "TRACE_PATH" \in DOMAIN IOEnv
                         THEN IOEnv.TRACE_PATH
                         ELSE "trace.ndjson")

\* The run's constants: the log's first line.
Constants == Log[1]

Line == Log[l]

\* One operation on a value: the part of SysMoBench's vocabulary this harness
\* knows. RemoveHead is a FIFO receive of args[1]; a head that differs leaves
\* the value as it was, which no receiving action takes.
Applied(op, cur, args) ==
    CASE op = "Update"        -> args[1]
      [] op = "AddElement"    -> cur \cup {args[1]}
      [] op = "RemoveElement" -> cur \ {args[1]}
      [] op = "AppendElement" -> Append(cur, args[1])
      [] op = "RemoveHead"    -> IF cur /= <<>> /\ Head(cur) = args[1]
                                 THEN Tail(cur) ELSE cur
      [] op = "Add"           -> cur + args[1]
      [] op = "Sub"           -> cur - args[1]

\* cur with the value at path changed by op.
RECURSIVE AtPath(_, _, _, _)
AtPath(op, cur, path, args) ==
    IF path = <<>> THEN Applied(op, cur, args)
    ELSE [cur EXCEPT ![Head(path)] = AtPath(op, @, Tail(path), args)]

\* cur after every update of the list, in order.
RECURSIVE Folded(_, _)
Folded(cur, updates) ==
    IF updates = <<>> THEN cur
    ELSE LET u == Head(updates)
         IN Folded(AtPath(u.op, cur, u.path, u.args), Tail(updates))

\* The variable named name after this line's step, given its value before.
After(cur, name) == Folded(cur, Line[name])

IsEvent(name) ==
    /\ l \in 2 .. Len(Log)
    /\ "event" \in DOMAIN Line
    /\ Line.event = name
    /\ l' = l + 1

TraceInit == l = 2 /\ ModelInit /\ TLCSet(0, 2)

\* A line {"event": "Stuttering"} is matched by a step that changes nothing.
Stutter == IsEvent("Stuttering") /\ UNCHANGED ModelVars

\* A step taken; register 0 keeps the largest l' (after the whole step, so a
\* line whose event matches but whose action does not is not counted).
TraceNext == (EventStep \/ Stutter) /\ (l' >= TLCGet(0) => TLCSet(0, l'))

TraceSpec == TraceInit /\ [][TraceNext]_<<l, ModelVars>>

\* A model state met at two places of the log is two states of the search.
TraceView == <<ModelVars, TLCGet("level")>>

TraceAccepted ==
    IF TLCGet(0) = Len(Log) + 1 THEN TRUE
    ELSE Print(<<"unmatched log line", TLCGet(0), Log[TLCGet(0)]>>, FALSE)
=============================================================================
