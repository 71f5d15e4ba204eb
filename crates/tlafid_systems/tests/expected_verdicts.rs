//! The verdict tables of `specs/LockService/EXPECTED.md` and `specs/KvReplication/EXPECTED.md`
//! agree with the recorded traces: for every trace and model variant, the first step the
//! variant cannot take is computed here from the trace (each variant differs from the
//! faithful model in one guard, and the buggy runs differ from the correct ones in one
//! behaviour), and the table row must say exactly that. The rows were also confirmed by
//! replaying the traces against the models with tla-mc.

use std::collections::BTreeSet;
use std::path::Path;
use tlafid_systems::{Observables, Step, Trace};

fn length(state: &Observables, variable: &str) -> usize {
    state[variable].as_array().map_or(0, Vec::len)
}

/// The buggy server hands the lock on without recording the new holder.
fn lost_holder(step: &Step) -> bool {
    let no_holder = step.post_state["holders"]["#set"]
        .as_array()
        .is_some_and(Vec::is_empty);
    step.action == "ServerRelease" && length(&step.pre_state, "queue") > 0 && no_holder
}

/// A second client joins the wait queue (LockServiceRestrictive forbids it).
fn second_waiter(step: &Step) -> bool {
    step.action == "ServerEnqueue" && length(&step.post_state, "queue") >= 2
}

/// A backup applies a write that is not the next in its log.
fn out_of_order_apply(step: &Step) -> bool {
    if step.action != "BackupApply" {
        return false;
    }
    let server = step.args[0].1.as_str().unwrap_or_default();
    let seq = step.args[1].1.as_u64().unwrap_or_default() as usize;
    let log_length = step.pre_state["wlog"][server]
        .as_array()
        .map_or(0, Vec::len);
    seq != log_length + 1
}

/// A put is handled while another write is pending (KvReplicationRestrictive forbids it).
fn pipelined_put(step: &Step) -> bool {
    step.action == "PrimaryHandlePut" && length(&step.pre_state, "pending") > 0
}

/// The steps each model variant cannot take.
fn rejects(model: &str) -> Vec<fn(&Step) -> bool> {
    match model {
        "LockService" | "LockServicePermissive" => vec![lost_holder],
        "LockServiceRestrictive" => vec![lost_holder, second_waiter],
        "KvReplication" => vec![out_of_order_apply],
        "KvReplicationRestrictive" => vec![out_of_order_apply, pipelined_put],
        "KvReplicationPermissive" => vec![],
        other => panic!("unknown model {other}"),
    }
}

/// The table row for a trace and a model: file, model, verdict, event-log line, window line,
/// ITF state index, label of the action that cannot be taken.
fn row(trace: &Trace, model: &str) -> String {
    let tests = rejects(model);
    let first = trace
        .steps
        .iter()
        .position(|step| tests.iter().any(|t| t(step)));
    let file = format!("{}.ndjson", trace.file_stem());
    match first {
        None => format!("| {file} | {model} | accepted | - | - | - | - |"),
        Some(index) => format!(
            "| {file} | {model} | rejected | {} | {} | {} | {} |",
            index + 2,
            index + 1,
            index + 1,
            trace.steps[index].action
        ),
    }
}

fn table_rows(expected_md: &str) -> BTreeSet<String> {
    expected_md
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains(".ndjson |"))
        .map(|l| l.trim_end().to_string())
        .collect()
}

fn check(system: &str, folder: &str, models: [&str; 3]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../specs")
        .join(folder)
        .join("EXPECTED.md");
    let text = std::fs::read_to_string(&path).expect("EXPECTED.md exists");
    let computed: BTreeSet<String> = tlafid_systems::recorded_traces()
        .iter()
        .filter(|t| t.system == system)
        .flat_map(|t| models.map(|m| row(t, m)))
        .collect();
    let documented = table_rows(&text);
    let missing: Vec<&String> = computed.difference(&documented).collect();
    let stale: Vec<&String> = documented.difference(&computed).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "missing rows {missing:#?}\nstale rows {stale:#?}"
    );
    assert_eq!(computed.len(), 12);
}

#[test]
fn lock_service_verdicts_match_expected_md() {
    check(
        "lock_service",
        "LockService",
        [
            "LockService",
            "LockServiceRestrictive",
            "LockServicePermissive",
        ],
    );
}

#[test]
fn kv_replication_verdicts_match_expected_md() {
    check(
        "kv_replication",
        "KvReplication",
        [
            "KvReplication",
            "KvReplicationRestrictive",
            "KvReplicationPermissive",
        ],
    );
}
