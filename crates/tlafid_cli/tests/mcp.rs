//! `tlafid mcp`: the Model Context Protocol server answers initialize, lists its tools, runs
//! `check` with the command's JSON report as the answer, and answers bad messages with
//! JSON-RPC errors instead of stopping.

mod common;

use common::workspace_root;

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

/// Sends `messages` (one per line), closes the input, and returns the replies.
fn session(messages: &[&str]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tlafid"))
        .arg("mcp")
        .current_dir(workspace_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start tlafid mcp");
    let mut stdin = child.stdin.take().expect("stdin");
    for message in messages {
        writeln!(stdin, "{message}").expect("send");
    }
    drop(stdin);
    let output = child.wait_with_output().expect("tlafid mcp ends");
    assert_eq!(output.status.code(), Some(0));
    String::from_utf8(output.stdout)
        .expect("utf-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each reply is one JSON line"))
        .collect()
}

#[test]
fn an_agent_checks_a_model_through_the_protocol() {
    let replies = session(&[
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"test","version":"0"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"check","arguments":{"spec":"specs/DieHard/DieHard.tla","workers":1}}}"#,
    ]);
    // The notification gets no reply.
    assert_eq!(replies.len(), 3);
    assert_eq!(replies[0]["result"]["protocolVersion"], "2024-11-05");
    assert_eq!(replies[0]["result"]["serverInfo"]["name"], "tlafid");
    let tools: Vec<&str> = replies[1]["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .map(|t| t["name"].as_str().expect("name"))
        .collect();
    assert_eq!(tools, ["check", "trace", "mutate", "grade", "parse"]);
    let call = &replies[2]["result"];
    assert_eq!(call["isError"], false);
    assert_eq!(call["exitStatus"], 12);
    let report: Value =
        serde_json::from_str(call["content"][0]["text"].as_str().expect("text")).expect("JSON");
    assert_eq!(report["outcome"], "invariant_violation");
    assert_eq!(report["violated"], "NotSolved");
    assert_eq!(report["distinct_states"], 14);
    assert_eq!(report["depth"], 7);
}

#[test]
fn bad_messages_get_errors_and_the_server_goes_on() {
    let replies = session(&[
        "not json",
        r#"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check","arguments":{"spec":"specs/DieHard/DieHard.tla","dump_trace":"/tmp/x"}}}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"check","arguments":{"spec":"specs/DieHard/DieHard.tla","workers":"two"}}}"#,
        r#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"check","arguments":{"spec":"--dump-trace=x.json"}}}"#,
        r#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#,
    ]);
    assert_eq!(replies.len(), 6);
    assert_eq!(replies[0]["error"]["code"], -32700);
    assert_eq!(replies[0]["id"], Value::Null);
    assert_eq!(replies[1]["error"]["code"], -32601);
    assert_eq!(
        replies[2]["error"],
        json!({"code": -32602, "message": "check has no argument dump_trace (known: spec, config, lib, workers, max_states, max_seconds, requirements, observe)"})
    );
    assert_eq!(
        replies[3]["error"]["message"],
        "argument workers must be of type integer"
    );
    // A file name that looks like a flag stays a file name (after `--`): it does not exist.
    assert_eq!(replies[4]["result"]["isError"], true);
    assert_eq!(replies[4]["result"]["exitStatus"], 2);
    assert!(!workspace_root().join("x.json").exists());
    assert_eq!(replies[5]["result"], json!({}));
}
