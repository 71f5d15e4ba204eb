//! `tlafid mcp` on the wire: version negotiation, the answers to what is not a request
//! (invalid UTF-8, not JSON, a batch), a confined call, and the children of calls that are
//! stopped (timeout, cancellation, the server killed). The official Python SDK drives the
//! same server in `tests/mcp_sdk/client.py` (run by `.ci/run`).

mod common;

use common::workspace_root;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A running server: write lines, read replies one by one.
struct Server {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tlafid"))
            .arg("mcp")
            .current_dir(workspace_root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tlafid mcp");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Server {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &[u8]) {
        self.input.write_all(line).expect("send");
        self.input.write_all(b"\n").expect("send");
        self.input.flush().expect("flush");
    }

    /// Pings with `id` and checks the server still answers.
    fn assert_answers_ping(&mut self, id: u64) {
        let ping = json!({"jsonrpc": "2.0", "id": id, "method": "ping"}).to_string();
        self.send(ping.as_bytes());
        assert_eq!(
            self.reply(),
            json!({"jsonrpc": "2.0", "id": id, "result": {}})
        );
    }

    fn reply(&mut self) -> Value {
        let mut line = String::new();
        self.output.read_line(&mut line).expect("a reply");
        serde_json::from_str(&line).unwrap_or_else(|_| panic!("not one JSON line: {line:?}"))
    }

    fn initialize(&mut self, version: &str) -> Value {
        self.send(
            json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": version, "capabilities": {},
                "clientInfo": {"name": "test", "version": "0"}}})
            .to_string()
            .as_bytes(),
        );
        let reply = self.reply();
        self.send(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        reply
    }

    fn call(&mut self, id: u64, tool: &str, arguments: Value) {
        let request = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                             "params": {"name": tool, "arguments": arguments}});
        self.send(request.to_string().as_bytes());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The processes whose parent is `pid` (from `/proc`).
fn children_of(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // The fields after the command name (which may hold spaces) end with ')'.
        let after = stat.rsplit(')').next().unwrap_or("");
        let parent = after
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse::<u32>().ok());
        if parent == Some(pid) {
            found.push(child);
        }
    }
    found
}

fn alive(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // A zombie has ended; only its parent's wait is missing.
    let state = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .next();
    !stat.is_empty() && state != Some("Z")
}

/// Waits (up to a minute: a bound, not a figure under test) until `done` holds.
fn eventually(what: &str, done: impl Fn() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < Duration::from_secs(60), "{what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

const FOREVER: &str = "crates/tlafid_cli/tests/mcp_sdk/Forever.tla";

#[test]
fn a_version_it_does_not_speak_is_answered_with_one_it_does() {
    let mut server = Server::start();
    let reply = server.initialize("1999-01-01");
    assert_eq!(reply["result"]["protocolVersion"], "2025-11-25");
    assert_eq!(reply["result"]["serverInfo"]["name"], "tlafid");
    let mut server = Server::start();
    assert_eq!(
        server.initialize("2025-03-26")["result"]["protocolVersion"],
        "2025-03-26"
    );
}

#[test]
fn every_line_gets_an_answer_and_the_server_goes_on() {
    let mut server = Server::start();
    server.initialize("2025-06-18");
    server.send(b"not json");
    let reply = server.reply();
    assert_eq!(reply["error"]["code"], -32700);
    assert_eq!(reply["id"], Value::Null);
    server.send(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"x\":\"\xff\xfe\"}");
    let reply = server.reply();
    assert_eq!(reply["error"]["code"], -32700);
    assert!(reply["error"]["message"]
        .as_str()
        .expect("message")
        .contains("not UTF-8"));
    server.send(br#"[{"jsonrpc":"2.0","id":2,"method":"ping"}]"#);
    assert_eq!(server.reply()["error"]["code"], -32600);
    server.assert_answers_ping(3);
}

#[test]
fn a_call_is_confined_and_answers_with_its_report() {
    let mut server = Server::start();
    server.initialize("2025-06-18");
    server.call(
        1,
        "check",
        json!({"spec": "specs/DieHard/DieHard.tla", "dump_trace": "/tmp/x"}),
    );
    let reply = server.reply();
    assert_eq!(reply["error"]["code"], -32602);
    assert!(reply["error"]["message"]
        .as_str()
        .expect("message")
        .starts_with("check has no argument dump_trace"));
    server.call(2, "check", json!({"spec": "--dump-trace=x.json"}));
    let reply = server.reply();
    assert_eq!(reply["result"]["isError"], true);
    assert_eq!(reply["result"]["structuredContent"]["exit_status"], 2);
    assert!(!workspace_root().join("x.json").exists());
    server.call(
        3,
        "check",
        json!({"spec": "specs/DieHard/DieHard.tla", "workers": 1}),
    );
    let result = server.reply()["result"].clone();
    assert_eq!(result["isError"], false);
    assert_eq!(result["structuredContent"]["exit_status"], 12);
    let report = &result["structuredContent"]["report"];
    assert_eq!(report["outcome"], "invariant_violation");
    assert_eq!(report["distinct_states"], 14);
}

#[test]
fn a_call_past_its_time_limit_is_stopped_and_its_child_ends() {
    let mut server = Server::start();
    server.initialize("2025-06-18");
    server.call(
        1,
        "check",
        json!({"spec": FOREVER, "workers": 1, "max_seconds": 3000, "timeout_seconds": 1}),
    );
    let result = server.reply()["result"].clone();
    assert_eq!(result["isError"], true);
    assert_eq!(result["structuredContent"]["exit_status"], -1);
    let pid = server.child.id();
    eventually("the stopped call's child ends", || {
        children_of(pid).iter().all(|&c| !alive(c))
    });
}

#[test]
fn a_cancelled_call_gets_no_answer_and_its_child_ends() {
    let mut server = Server::start();
    server.initialize("2025-06-18");
    server.call(7, "check", json!({"spec": FOREVER, "workers": 1}));
    let pid = server.child.id();
    eventually("the call's child starts", || !children_of(pid).is_empty());
    server
        .send(br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#);
    eventually("the cancelled call's child ends", || {
        children_of(pid).iter().all(|&c| !alive(c))
    });
    server.send(br#"{"jsonrpc":"2.0","id":8,"method":"ping"}"#);
    assert_eq!(server.reply()["id"], 8, "no answer to the cancelled call");
}

#[test]
fn a_killed_server_leaves_no_child_behind() {
    let mut server = Server::start();
    server.initialize("2025-06-18");
    server.call(1, "check", json!({"spec": FOREVER, "workers": 1}));
    let pid = server.child.id();
    eventually("the call's child starts", || !children_of(pid).is_empty());
    let children = children_of(pid);
    server.child.kill().expect("kill the server");
    server.child.wait().expect("the server ends");
    eventually("the orphaned child ends", || {
        children.iter().all(|&c| !alive(c))
    });
}

/// Whether process `pid` runs `tlafid check` already: between `fork` and `execve` its
/// command line reads empty, or as its parent's (`tlafid mcp`).
fn runs_check(pid: u32) -> bool {
    command_line(pid).get(1).is_some_and(|a| a == "check")
}

/// The command line of process `pid`, its arguments apart (from `/proc`).
fn command_line(pid: u32) -> Vec<String> {
    let bytes = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    bytes
        .split(|&b| b == 0)
        .filter(|a| !a.is_empty())
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect()
}

#[test]
fn a_call_without_a_budget_gets_the_default_one() {
    let mut server = Server::start();
    server.initialize("2025-06-18");
    server.call(1, "check", json!({"spec": FOREVER, "workers": 1}));
    let pid = server.child.id();
    eventually("the call's child starts", || {
        (children_of(pid).first()).is_some_and(|&child| runs_check(child))
    });
    let child = children_of(pid)[0];
    let line = command_line(child);
    assert!(
        line.iter().any(|a| a == "--max-seconds=120"),
        "the child runs without the default budget: {line:?}"
    );
    // A budget the call names replaces the default.
    server.call(
        2,
        "check",
        json!({"spec": FOREVER, "workers": 1, "max_seconds": 7}),
    );
    eventually("the second call's child starts", || {
        children_of(pid)
            .into_iter()
            .any(|c| c != child && runs_check(c))
    });
    let second = children_of(pid)
        .into_iter()
        .find(|&c| c != child)
        .expect("child");
    let line = command_line(second);
    assert!(line.iter().any(|a| a == "--max-seconds=7"), "{line:?}");
    assert!(!line.iter().any(|a| a == "--max-seconds=120"), "{line:?}");
}

#[test]
fn a_child_that_dies_is_the_calls_error_and_the_server_goes_on() {
    let mut server = Server::start();
    server.initialize("2025-06-18");
    server.call(1, "check", json!({"spec": FOREVER, "workers": 1}));
    let pid = server.child.id();
    eventually("the call's child starts", || !children_of(pid).is_empty());
    let child = children_of(pid)[0];
    // As an abort or a crash would: the child dies of a signal, with no report.
    let killed = Command::new("kill")
        .args(["-KILL", &child.to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    let reply = server.reply();
    assert_eq!(reply["id"], 1);
    assert_eq!(reply["result"]["isError"], true, "{reply}");
    assert_eq!(reply["result"]["structuredContent"]["exit_status"], -1);
    assert_eq!(
        reply["result"]["content"][0]["text"],
        "tlafid ended with status -1 and no report"
    );
    server.assert_answers_ping(2);
}

#[test]
fn a_batch_of_requests_gets_one_error_reply_and_the_server_goes_on() {
    let mut server = Server::start();
    server.initialize("2025-06-18");
    server.send(
        br#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#,
    );
    let reply = server.reply();
    assert_eq!(reply["jsonrpc"], "2.0");
    assert_eq!(reply["id"], Value::Null);
    assert_eq!(reply["error"]["code"], -32600, "{reply}");
    // An empty batch too, and invalid UTF-8 inside a batch.
    server.send(b"[]");
    assert_eq!(server.reply()["error"]["code"], -32600);
    server.send(b"[{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"\xc3\x28\"}]");
    assert_eq!(server.reply()["error"]["code"], -32700);
    server.assert_answers_ping(4);
}
