//! `tlafid mcp`: the checker as tools for agents, over the Model Context Protocol (JSON-RPC
//! 2.0, one message per line on standard input and output).
//!
//! Tools: `check`, `trace`, `mutate`, `grade` and `parse`, each taking the command's options
//! as JSON arguments and answering with the command's `--format json` report. Each call runs
//! this same executable as a child process, so standard output stays the protocol's alone,
//! one call cannot disturb the next, and a model is exactly as confined as on the command
//! line. The protocol is small enough to speak by hand: no async runtime is needed for a
//! server that answers one request at a time.

use std::io::{BufRead, Write};
use std::process::Command;

use serde_json::{json, Map, Value as Json};

use crate::exit::ExitStatus;

/// The protocol version this server speaks (it accepts the client's if it names one).
const PROTOCOL_VERSION: &str = "2024-11-05";

/// Runs the server until standard input closes.
pub fn run() -> ExitStatus {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        if let Some(reply) = answer(&line) {
            let mut out = stdout.lock();
            if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
                break;
            }
        }
    }
    ExitStatus::Success
}

/// The reply to one message (`None` for a notification).
fn answer(line: &str) -> Option<Json> {
    let message: Json = match serde_json::from_str(line) {
        Ok(message) => message,
        Err(err) => return Some(error(Json::Null, -32700, &format!("parse error: {err}"))),
    };
    let id = message.get("id").cloned();
    let Some(method) = message.get("method").and_then(Json::as_str) else {
        return id.map(|id| error(id, -32600, "invalid request: no method"));
    };
    let id = id?; // a notification (`notifications/initialized`, ...) gets no reply
    let params = message.get("params").cloned().unwrap_or(Json::Null);
    Some(match method {
        "initialize" => {
            let version = params
                .get("protocolVersion")
                .and_then(Json::as_str)
                .unwrap_or(PROTOCOL_VERSION);
            result(
                id,
                json!({
                    "protocolVersion": version,
                    "capabilities": { "tools": {} },
                    "serverInfo": { "name": "tlafid", "version": env!("CARGO_PKG_VERSION") },
                }),
            )
        }
        "ping" => result(id, json!({})),
        "tools/list" => result(id, json!({ "tools": tools() })),
        "tools/call" => match call(&params) {
            Ok(answer) => result(id, answer),
            Err(message) => error(id, -32602, &message),
        },
        other => error(id, -32601, &format!("method not found: {other}")),
    })
}

fn result(id: Json, result: Json) -> Json {
    json!({ "jsonrpc": "2.0", "id": id, "result": result })
}

fn error(id: Json, code: i64, message: &str) -> Json {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

/// One argument of a tool: its JSON type, the command-line flag it becomes (`None`: the
/// positional model file; `Some("")`: positional trailing arguments), and what it means.
struct Arg {
    name: &'static str,
    kind: &'static str,
    flag: Option<&'static str>,
    description: &'static str,
}

const SPEC: Arg = Arg {
    name: "spec",
    kind: "string",
    flag: None,
    description: "path of the model's root module (.tla)",
};
const CONFIG: Arg = Arg {
    name: "config",
    kind: "string",
    flag: Some("--config"),
    description: "path of the TLC configuration (default: the .cfg beside the model)",
};
const LIB: Arg = Arg {
    name: "lib",
    kind: "array",
    flag: Some("--lib"),
    description: "folders to search for modules",
};
const WORKERS: Arg = Arg {
    name: "workers",
    kind: "integer",
    flag: Some("--workers"),
    description: "worker threads (results do not depend on it)",
};
const MAX_STATES: Arg = Arg {
    name: "max_states",
    kind: "integer",
    flag: Some("--max-states"),
    description: "stop (incomplete) after this many distinct states",
};
const MAX_SECONDS: Arg = Arg {
    name: "max_seconds",
    kind: "number",
    flag: Some("--max-seconds"),
    description: "stop (incomplete) after this many seconds",
};
const REQUIREMENTS: Arg = Arg {
    name: "requirements",
    kind: "string",
    flag: Some("--requirements"),
    description: "reviewed requirements module R.tla (R.cfg beside it lists them)",
};
const OBSERVE: Arg = Arg {
    name: "observe",
    kind: "string",
    flag: Some("--observe"),
    description: "observation module that EXTENDS the model and defines observables",
};

/// The tools: name, command, description, arguments.
fn catalogue() -> Vec<(&'static str, &'static str, Vec<Arg>)> {
    vec![
        (
            "check",
            "Explore the model's state space as TLC does (invariants, deadlock, properties; with requirements: illegal model behavior). Answers with the JSON report: outcome, counts, counterexample as ITF.",
            vec![SPEC, CONFIG, LIB, WORKERS, MAX_STATES, MAX_SECONDS, REQUIREMENTS, OBSERVE],
        ),
        (
            "trace",
            "Validate recorded traces against the model: admitted, or missed code behavior with the line and why; invariants a trace violates.",
            vec![
                SPEC,
                Arg { name: "traces", kind: "array", flag: Some(""), description: "trace files, folders or globs" },
                CONFIG,
                LIB,
                OBSERVE,
                REQUIREMENTS,
            ],
        ),
        (
            "mutate",
            "Judge whether each invariant or property constrains anything: vacuous, tautology, not load-bearing, load-bearing.",
            vec![
                SPEC,
                CONFIG,
                LIB,
                Arg { name: "property", kind: "array", flag: Some("--property"), description: "judge only these properties" },
                WORKERS,
                MAX_STATES,
                MAX_SECONDS,
                REQUIREMENTS,
            ],
        ),
        (
            "grade",
            "Score the model in a benchmark's phases: syntax, runtime, conformance to traces, reviewed requirements.",
            vec![
                SPEC,
                CONFIG,
                LIB,
                Arg { name: "traces", kind: "array", flag: Some("--traces"), description: "recorded traces (files, folders or globs)" },
                REQUIREMENTS,
                OBSERVE,
                WORKERS,
                MAX_STATES,
                MAX_SECONDS,
            ],
        ),
        (
            "parse",
            "Parse and resolve a module and everything it uses; answers with the diagnostics.",
            vec![SPEC, LIB],
        ),
    ]
}

fn tools() -> Vec<Json> {
    catalogue()
        .into_iter()
        .map(|(name, description, args)| {
            let properties: Map<String, Json> = args
                .iter()
                .map(|arg| {
                    let mut schema = json!({ "type": arg.kind, "description": arg.description });
                    if arg.kind == "array" {
                        schema["items"] = json!({ "type": "string" });
                    }
                    (arg.name.to_string(), schema)
                })
                .collect();
            let required: Vec<&str> = args
                .iter()
                .filter(|a| a.flag.is_none() || a.flag == Some(""))
                .map(|a| a.name)
                .collect();
            json!({
                "name": name,
                "description": description,
                "inputSchema": { "type": "object", "properties": properties, "required": required },
            })
        })
        .collect()
}

/// Runs a tool: its command line from the arguments, then this executable on it.
fn call(params: &Json) -> Result<Json, String> {
    let name = params
        .get("name")
        .and_then(Json::as_str)
        .ok_or("tools/call needs a tool name")?;
    let catalogue = catalogue();
    let (_, _, args) = catalogue
        .iter()
        .find(|(tool, ..)| *tool == name)
        .ok_or_else(|| format!("no tool named {name}"))?;
    let empty = Map::new();
    let given = match params.get("arguments") {
        None | Some(Json::Null) => &empty,
        Some(Json::Object(map)) => map,
        Some(_) => return Err("arguments must be an object".into()),
    };
    let command_line = command_line(name, args, given)?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find tlafid itself: {e}"))?;
    let output = Command::new(exe)
        .args(&command_line)
        .env("NO_COLOR", "1")
        .output()
        .map_err(|e| format!("cannot run tlafid: {e}"))?;
    let status = output.status.code().unwrap_or(-1);
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    if text.trim().is_empty() {
        text = String::from_utf8_lossy(&output.stderr).into_owned();
    }
    Ok(json!({
        "content": [{ "type": "text", "text": text }],
        // Usage problems and internal errors are the call's failure; verdicts are answers.
        "isError": status == ExitStatus::Usage.code() || status == ExitStatus::SystemError.code() || status < 0,
        "exitStatus": status,
    }))
}

/// `tlafid NAME ...` for the given arguments, refusing unknown ones and wrong types.
fn command_line(
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
    let mut positional = Vec::new();
    for arg in args {
        let Some(value) = given.get(arg.name) else {
            if arg.flag.is_none() || arg.flag == Some("") {
                return Err(format!("{name} needs the argument {}", arg.name));
            }
            continue;
        };
        let values = values_of(arg, value)?;
        match arg.flag {
            None | Some("") => positional.extend(values),
            Some(flag) => flags.extend(values.into_iter().map(|v| format!("{flag}={v}"))),
        }
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
        ("array", Json::Array(items)) => items
            .iter()
            .map(|item| item.as_str().map(str::to_string).ok_or_else(wrong))
            .collect(),
        ("array", Json::String(s)) => Ok(vec![s.clone()]),
        _ => Err(wrong()),
    }
}
