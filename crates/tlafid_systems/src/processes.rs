//! The lock service's runs logged as a deployment logs them: one log per process (the
//! server, each client), each event with the process's vector clock and only what that
//! process did, as updates at paths (`traces/README.md`, "Multi-process logs").
//!
//! Clocks follow the messages: a process ticks its own entry at each event; a client's
//! request carries its clock to the server, which merges it when it takes the request; a
//! grant carries the server's clock to the client, which merges it when it takes the grant.
//! Events of different processes that no message orders are concurrent, so the logs do not
//! say which of them came first.
//!
//! [`lock_message_logs`] logs the same runs as a deployment without vector clocks does:
//! each event with its number in its process (`seq`) and the ids of the messages it sends
//! and receives (`send`, `receive`: a request is `<client>-<seq>`, a grant `server-<seq>`),
//! and observing less: nobody logs the server's `inbox` (the network), which the model
//! decides.

use std::collections::{BTreeMap, VecDeque};

use serde_json::Value;

use crate::json::record;
use crate::trace::{Observables, Step, Trace};

/// A vector clock: per process, how many of its events happened before (or are) this one.
type Clock = BTreeMap<String, u64>;

/// The process that takes `step`: the server for its actions, else the client `c`.
fn process_of(step: &Step) -> String {
    if step.action.starts_with("Server") {
        return "server".into();
    }
    step.args
        .iter()
        .find(|(name, _)| name == "c")
        .and_then(|(_, v)| v.as_str())
        .expect("a client action names its client")
        .to_string()
}

fn merge(into: &mut Clock, from: &Clock) {
    for (process, count) in from {
        let entry = into.entry(process.clone()).or_default();
        *entry = (*entry).max(*count);
    }
}

/// The per-process logs of a lock-service run: `(file name, contents)`, the server's
/// first (it holds the `init` line), then the clients' in name order.
pub fn lock_process_logs(trace: &Trace) -> Vec<(String, String)> {
    process_logs(trace, Ordering::Clocks)
}

/// The per-process logs of a lock-service run with sequence numbers and message ids instead
/// of vector clocks, without the server's `inbox`: `(file name, contents)` as
/// [`lock_process_logs`].
pub fn lock_message_logs(trace: &Trace) -> Vec<(String, String)> {
    process_logs(trace, Ordering::Messages)
}

/// How the logs say what happened before what.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ordering {
    /// A vector clock per event; every variable a step changes is logged.
    Clocks,
    /// `seq`, `send` and `receive`; the network (`inbox`) is not logged.
    Messages,
}

/// The variable no process logs under [`Ordering::Messages`].
const NETWORK: &str = "inbox";

fn process_logs(trace: &Trace, ordering: Ordering) -> Vec<(String, String)> {
    let mut clocks: BTreeMap<String, Clock> = BTreeMap::new();
    let mut request_clocks: VecDeque<Clock> = VecDeque::new();
    let mut grant_clocks: BTreeMap<String, Clock> = BTreeMap::new();
    // Message ids, in the same order as the clocks they carry.
    let mut request_ids: VecDeque<String> = VecDeque::new();
    let mut grant_ids: BTreeMap<String, String> = BTreeMap::new();
    let mut logs: BTreeMap<String, String> = BTreeMap::new();
    let init = record([(
        "init",
        Value::Object(trace.initial_state.clone().into_iter().collect()),
    )]);
    logs.insert("server".into(), format!("{init}\n"));
    for step in &trace.steps {
        let process = process_of(step);
        let mut clock = clocks.remove(&process).unwrap_or_default();
        let mut received = None;
        match step.action.as_str() {
            "ServerGrant" | "ServerEnqueue" | "ServerRelease" => {
                let request = request_clocks.pop_front().expect("a request was sent");
                merge(&mut clock, &request);
                received = request_ids.pop_front();
            }
            "ReceiveGrant" => {
                let grant = grant_clocks.remove(&process).expect("a grant was sent");
                merge(&mut clock, &grant);
                received = grant_ids.remove(&process);
            }
            _ => {}
        }
        *clock.entry(process.clone()).or_default() += 1;
        let seq = clock[&process];
        let mut sent = None;
        match step.action.as_str() {
            "SendAcquire" | "SendRelease" => {
                request_clocks.push_back(clock.clone());
                let id = format!("{process}-{seq}");
                request_ids.push_back(id.clone());
                sent = Some(id);
            }
            "ServerGrant" | "ServerRelease" => {
                if let Some(granted) = newly_granted(step) {
                    grant_clocks.insert(granted.clone(), clock.clone());
                    let id = format!("{process}-{seq}");
                    grant_ids.insert(granted, id.clone());
                    sent = Some(id);
                }
            }
            _ => {}
        }
        let mut fields = vec![
            ("action", Value::String(step.action.clone())),
            ("args", record(step.args.clone())),
            ("process", Value::String(process.clone())),
        ];
        match ordering {
            Ordering::Clocks => {
                let clock_json = record(clock.iter().map(|(p, n)| (p.clone(), Value::from(*n))));
                fields.push(("clock", clock_json));
                fields.push(("updates", updates(&step.pre_state, &step.post_state, &[])));
            }
            Ordering::Messages => {
                fields.push(("seq", Value::from(seq)));
                fields.extend(received.map(|id| ("receive", Value::String(id))));
                fields.extend(sent.map(|id| ("send", Value::String(id))));
                let logged = updates(&step.pre_state, &step.post_state, &[NETWORK]);
                fields.push(("updates", logged));
            }
        }
        let line = record(fields);
        let log = logs.entry(process.clone()).or_default();
        log.push_str(&line.to_string());
        log.push('\n');
        clocks.insert(process, clock);
    }
    let server = logs.remove("server").expect("the server's log");
    let mut files = vec![("server.ndjson".to_string(), server)];
    files.extend(
        logs.into_iter()
            .map(|(p, text)| (format!("{p}.ndjson"), text)),
    );
    files
}

/// The client a server step sends a grant to.
fn newly_granted(step: &Step) -> Option<String> {
    let members = |state: &Observables| -> Vec<Value> {
        state["grants"]["#set"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let before = members(&step.pre_state);
    members(&step.post_state)
        .into_iter()
        .find(|g| !before.contains(g))
        .and_then(|g| g.as_str().map(str::to_string))
}

/// What a step changed, as updates per variable: a record's changed fields (`Update` at the
/// field), a sequence that grew at its end (`AppendElement`) or lost its head
/// (`RemoveHead`), a set's new and lost elements (`AddElement`, `RemoveElement`).
/// Variables in `unlogged` are left out.
fn updates(pre: &Observables, post: &Observables, unlogged: &[&str]) -> Value {
    let mut changed = Vec::new();
    for (name, after) in post {
        let before = &pre[name];
        if before == after || unlogged.contains(&name.as_str()) {
            continue;
        }
        changed.push((name.clone(), Value::Array(diff(before, after))));
    }
    record(changed)
}

fn op(name: &str, path: Vec<Value>, args: Vec<Value>) -> Value {
    record([
        ("args", Value::Array(args)),
        ("op", Value::String(name.into())),
        ("path", Value::Array(path)),
    ])
}

fn diff(before: &Value, after: &Value) -> Vec<Value> {
    if let (Some(b), Some(a)) = (before.get("#set"), after.get("#set")) {
        let (b, a) = (b.as_array().expect("set"), a.as_array().expect("set"));
        let added = a.iter().filter(|x| !b.contains(x));
        let removed = b.iter().filter(|x| !a.contains(x));
        return added
            .map(|x| op("AddElement", vec![], vec![x.clone()]))
            .chain(removed.map(|x| op("RemoveElement", vec![], vec![x.clone()])))
            .collect();
    }
    match (before, after) {
        (Value::Array(b), Value::Array(a)) => {
            let mut ops = Vec::new();
            let mut rest: &[Value] = b;
            if !b.is_empty() && !a.starts_with(b) {
                ops.push(op("RemoveHead", vec![], vec![b[0].clone()]));
                rest = &b[1..];
            }
            assert!(a.starts_with(rest), "a sequence changes at its ends only");
            for x in &a[rest.len()..] {
                ops.push(op("AppendElement", vec![], vec![x.clone()]));
            }
            ops
        }
        (Value::Object(b), Value::Object(a)) => a
            .iter()
            .filter(|(k, v)| b.get(*k) != Some(v))
            .map(|(k, v)| op("Update", vec![Value::String(k.clone())], vec![v.clone()]))
            .collect(),
        _ => vec![op("Update", vec![], vec![after.clone()])],
    }
}
