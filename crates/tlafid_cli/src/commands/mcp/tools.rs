//! The tools: each one a subcommand, its arguments the subcommand's options (as JSON), its
//! answer the subcommand's `--format json` report. The input schema is built from the
//! argument list, the output schema from the report structs' JSON Schema.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool};
use serde_json::{json, Map, Value as Json};

/// What an argument becomes on the command line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The positional model file (required).
    Model,
    /// Positional arguments after the model (required).
    Trailing,
    /// `--flag=value` (each item of an array its own).
    Flag(&'static str),
    /// `--flag` when true.
    Switch(&'static str),
    /// Read by the server itself, never passed on.
    Server,
}

/// One argument of a tool: its JSON type, where it goes, and what it means.
#[derive(Clone, Copy)]
pub struct Arg {
    pub name: &'static str,
    pub kind: &'static str,
    pub place: Place,
    pub description: &'static str,
}

const fn arg(
    name: &'static str,
    kind: &'static str,
    place: Place,
    description: &'static str,
) -> Arg {
    Arg {
        name,
        kind,
        place,
        description,
    }
}

const SPEC: Arg = arg(
    "spec",
    "string",
    Place::Model,
    "path of the model's root module (.tla)",
);
const CONFIG: Arg = arg(
    "config",
    "string",
    Place::Flag("--config"),
    "path of the TLC configuration (default: the .cfg beside the model)",
);
const LIB: Arg = arg(
    "lib",
    "array",
    Place::Flag("--lib"),
    "folders to search for modules",
);
const WORKERS: Arg = arg(
    "workers",
    "integer",
    Place::Flag("--workers"),
    "worker threads (results do not depend on it)",
);
const MAX_STATES: Arg = arg(
    "max_states",
    "integer",
    Place::Flag("--max-states"),
    "stop (incomplete) after this many distinct states",
);
const MAX_SECONDS: Arg = arg(
    "max_seconds",
    "number",
    Place::Flag("--max-seconds"),
    "stop (incomplete) after this many seconds (default 120; mutate and grade: per exploration)",
);
const REQUIREMENTS: Arg = arg(
    "requirements",
    "string",
    Place::Flag("--requirements"),
    "reviewed requirements module R.tla (R.cfg beside it lists them)",
);
const OBSERVE: Arg = arg(
    "observe",
    "string",
    Place::Flag("--observe"),
    "observation module that EXTENDS the model and defines observables",
);
const TIMEOUT: Arg = arg(
    "timeout_seconds",
    "number",
    Place::Server,
    "stop the call after this many seconds, whatever it is doing (default 600, at most 3600)",
);

/// The tools in order: name, description, arguments, the report schemas of its answer.
pub fn catalogue() -> Vec<(&'static str, &'static str, Vec<Arg>, Vec<&'static str>)> {
    vec![
        (
            "check",
            "Explore the model's state space as TLC does (invariants, deadlock, properties; with requirements: illegal model behavior), or simulate random behaviours. Answers with the JSON report: outcome, counts, counterexample as ITF.",
            vec![
                SPEC,
                CONFIG,
                LIB,
                WORKERS,
                MAX_STATES,
                arg("max_depth", "integer", Place::Flag("--max-depth"), "stop (incomplete) after this many breadth-first levels"),
                MAX_SECONDS,
                arg("no_deadlock", "boolean", Place::Switch("--no-deadlock"), "do not report deadlocks (TLC's -deadlock)"),
                arg("simulate", "boolean", Place::Switch("--simulate"), "run random behaviours instead of exploring every state"),
                arg("depth", "integer", Place::Flag("--depth"), "with simulate: the most steps in one behaviour (default 100)"),
                arg("num", "integer", Place::Flag("--num"), "with simulate: how many behaviours (default 1000)"),
                arg("seed", "integer", Place::Flag("--seed"), "with simulate: the seed of the random choices (default 0)"),
                REQUIREMENTS,
                OBSERVE,
                TIMEOUT,
            ],
            vec!["check.json", "simulate.json"],
        ),
        (
            "trace",
            "Validate recorded traces against the model: admitted, or missed code behavior with the line and why; invariants a trace violates.",
            vec![
                SPEC,
                arg("traces", "array", Place::Trailing, "trace files, folders or globs"),
                CONFIG,
                LIB,
                OBSERVE,
                REQUIREMENTS,
                arg("windows", "boolean", Place::Switch("--windows"), "check action windows one by one and report a pass rate per action"),
                arg("max_states", "integer", Place::Flag("--max-candidates"), "the most candidate states kept per step (with windows: reachable states explored; in a multi-process log, also the most (cut, state) pairs its depth-first pass visits)"),
                arg("silent", "array", Place::Flag("--silent"), "actions the implementation does not log"),
                arg("max_silent", "integer", Place::Flag("--max-silent"), "the most unlogged steps before one logged step"),
                arg("ignore_unknown_fields", "boolean", Place::Switch("--ignore-unknown-fields"), "skip log fields, state fields and arguments the model does not know (an unknown action is still refused)"),
                arg("self_binding", "boolean", Place::Switch("--self-binding"), "in a multi-process log naming each event's process (PGo), an event naming no action is taken only by action instances not bound to another process"),
                arg("search", "string", Place::Flag("--search"), "how a multi-process log's orders are searched: \"dfs\" (default: depth first for an admitting order, then breadth first over cuts) or \"bfs\" (breadth first over cuts only)"),
                MAX_SECONDS,
                TIMEOUT,
            ],
            vec!["trace.json"],
        ),
        (
            "mutate",
            "Judge whether each invariant or property constrains anything: vacuous, tautology, not load-bearing, load-bearing.",
            vec![
                SPEC,
                CONFIG,
                LIB,
                arg("property", "array", Place::Flag("--property"), "judge only these properties"),
                arg("type_invariant", "string", Place::Flag("--type-invariant"), "the type invariant (default TypeOK, TypeInvariant or TypeInv)"),
                arg("max_mutants", "integer", Place::Flag("--max-mutants"), "the most mutants explored (default 100)"),
                WORKERS,
                MAX_STATES,
                MAX_SECONDS,
                REQUIREMENTS,
                OBSERVE,
                TIMEOUT,
            ],
            vec!["mutate.json", "check.json"],
        ),
        (
            "grade",
            "Score the model in a benchmark's phases: syntax, runtime, conformance to traces, reviewed requirements.",
            vec![
                SPEC,
                CONFIG,
                LIB,
                arg("traces", "array", Place::Flag("--traces"), "recorded traces (files, folders or globs)"),
                arg("trace_config", "string", Place::Flag("--trace-config"), "the configuration for trace validation (default: config)"),
                REQUIREMENTS,
                OBSERVE,
                arg("behaviours", "integer", Place::Flag("--behaviours"), "runtime phase: behaviours to simulate (default 100)"),
                arg("depth", "integer", Place::Flag("--depth"), "runtime phase: the most steps in one behaviour (default 50)"),
                arg("seed", "integer", Place::Flag("--seed"), "runtime phase: the seed (default 0)"),
                WORKERS,
                MAX_STATES,
                MAX_SECONDS,
                TIMEOUT,
            ],
            vec!["grade.json"],
        ),
        (
            "parse",
            "Parse and resolve a module and everything it uses; answers with the diagnostics.",
            vec![SPEC, LIB, TIMEOUT],
            vec!["parse.json"],
        ),
    ]
}

/// The tools as MCP lists them, with input and output schemas.
pub fn tools() -> Vec<Tool> {
    let schemas = report_schemas();
    catalogue()
        .into_iter()
        .map(|(name, description, args, reports)| {
            let mut tool = Tool::new(name, description, Arc::new(input_schema(&args)));
            tool.output_schema = Some(Arc::new(output_schema(&schemas, &reports)));
            tool
        })
        .collect()
}

fn input_schema(args: &[Arg]) -> JsonObject {
    let properties: Map<String, Json> = args
        .iter()
        .map(|arg| {
            let mut schema = json!({ "type": arg.kind, "description": arg.description });
            if arg.kind == "array" {
                schema["items"] = json!({ "type": "string" });
            }
            if arg.kind == "integer" {
                schema["minimum"] = json!(0);
            }
            (arg.name.to_string(), schema)
        })
        .collect();
    let required: Vec<&str> = args
        .iter()
        .filter(|a| matches!(a.place, Place::Model | Place::Trailing))
        .map(|a| a.name)
        .collect();
    object(json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    }))
}

/// The report schemas by file name, each split into its body and its definitions.
fn report_schemas() -> Vec<(&'static str, Json, Map<String, Json>)> {
    tlafid_pipeline::report::schemas()
        .into_iter()
        .map(|(name, schema)| {
            let mut body = serde_json::to_value(&schema).unwrap_or(Json::Bool(true));
            let defs = match body.as_object_mut() {
                Some(object) => {
                    object.remove("$schema");
                    match object.remove("$defs") {
                        Some(Json::Object(defs)) => defs,
                        _ => Map::new(),
                    }
                }
                None => Map::new(),
            };
            (name, body, defs)
        })
        .collect()
}

/// `{exit_status, report}`: the process's exit status, and the report (one of `reports`)
/// when it printed one.
fn output_schema(
    schemas: &[(&'static str, Json, Map<String, Json>)],
    reports: &[&str],
) -> JsonObject {
    let mut defs = Map::new();
    let mut bodies = Vec::new();
    for (name, body, more) in schemas.iter().filter(|(name, ..)| reports.contains(name)) {
        let _ = name;
        bodies.push(body.clone());
        defs.extend(more.clone());
    }
    let report = match bodies.len() {
        1 => bodies.remove(0),
        _ => json!({ "anyOf": bodies }),
    };
    object(json!({
        "type": "object",
        "properties": {
            "exit_status": {
                "type": "integer",
                "description": "the exit status of the command (README: Exit statuses), or -1 when it was stopped"
            },
            "report": report,
        },
        "required": ["exit_status"],
        "$defs": defs,
    }))
}

fn object(value: Json) -> JsonObject {
    match value {
        Json::Object(map) => map,
        _ => Map::new(),
    }
}

/// `tlafid NAME ...` for the given arguments, refusing unknown ones and wrong types.
pub fn command_line(
    name: &str,
    args: &[Arg],
    given: &Map<String, Json>,
) -> Result<Vec<String>, String> {
    if let Some(unknown) = given
        .keys()
        .find(|k| !args.iter().any(|a| a.name == k.as_str()))
    {
        let known: Vec<&str> = args.iter().map(|a| a.name).collect();
        return Err(format!(
            "{name} has no argument {unknown} (known: {})",
            known.join(", ")
        ));
    }
    // Flags as `--flag=value` and the positional arguments after `--`, so no value an agent
    // passes (`--dump-trace=...` as a file name) can become a flag.
    let mut flags = vec![name.to_string(), "--format=json".to_string()];
    if name == "check" {
        // What the spec prints is not part of the answer (the child's standard error is
        // where its progress lines come from).
        flags.push("--print-to=none".to_string());
    }
    let mut positional = Vec::new();
    for arg in args {
        let Some(value) = given.get(arg.name) else {
            if matches!(arg.place, Place::Model | Place::Trailing) {
                return Err(format!("{name} needs the argument {}", arg.name));
            }
            continue;
        };
        let values = values_of(arg, value)?;
        match arg.place {
            Place::Model | Place::Trailing => positional.extend(values),
            Place::Flag(flag) => flags.extend(values.into_iter().map(|v| format!("{flag}={v}"))),
            Place::Switch(flag) => {
                if value == &Json::Bool(true) {
                    flags.push(flag.to_string());
                }
            }
            Place::Server => {}
        }
    }
    if args.iter().any(|a| a.name == "max_seconds") && !given.contains_key("max_seconds") {
        flags.push(format!("--max-seconds={}", super::DEFAULT_MAX_SECONDS));
    }
    flags.push("--".into());
    flags.extend(positional);
    Ok(flags)
}

fn values_of(arg: &Arg, value: &Json) -> Result<Vec<String>, String> {
    let wrong = || format!("argument {} must be of type {}", arg.name, arg.kind);
    match (arg.kind, value) {
        ("string", Json::String(s)) => Ok(vec![s.clone()]),
        ("integer", Json::Number(n)) if n.is_u64() => Ok(vec![n.to_string()]),
        ("number", Json::Number(n)) => Ok(vec![n.to_string()]),
        ("boolean", Json::Bool(b)) => Ok(vec![b.to_string()]),
        ("array", Json::Array(items)) => items
            .iter()
            .map(|item| item.as_str().map(str::to_string).ok_or_else(wrong))
            .collect(),
        ("array", Json::String(s)) => Ok(vec![s.clone()]),
        _ => Err(wrong()),
    }
}
