//! Properties of the recorded runs that the models' expectations (specs/*/EXPECTED.md) rely
//! on: the buggy runs really misbehave, and at the pinned lines; the correct ones do not.

use serde_json::Value;
use tlafid_systems::catalog::{self, System};
use tlafid_systems::{kv_replication, lock_service, Trace};

/// Line (1-based, in the event log whose line 1 is `init`) of step `index` (0-based).
fn event_log_line(index: usize) -> usize {
    index + 2
}

fn clients_in_critical(state: &tlafid_systems::Observables) -> usize {
    let pc = state["pc"].as_object().expect("pc is a record");
    pc.values()
        .filter(|v| v.as_str() == Some("critical"))
        .count()
}

/// First step after which two clients are in their critical sections.
fn first_mutual_exclusion_violation(trace: &Trace) -> Option<usize> {
    trace
        .steps
        .iter()
        .position(|s| clients_in_critical(&s.post_state) > 1)
}

/// First step after which the server's wait queue holds `length` clients.
fn first_queue_of_length(trace: &Trace, length: usize) -> Option<usize> {
    let len = |s: &tlafid_systems::Step| s.post_state["queue"].as_array().map_or(0, Vec::len);
    trace.steps.iter().position(|s| len(s) >= length)
}

/// First ServerRelease whose hand-off leaves no holder although it granted the lock.
fn first_lost_holder(trace: &Trace) -> Option<usize> {
    trace.steps.iter().position(|s| {
        let handed_off = s.pre_state["queue"]
            .as_array()
            .is_some_and(|q| !q.is_empty());
        let no_holder = s.post_state["holders"]["#set"]
            .as_array()
            .is_some_and(Vec::is_empty);
        s.action == "ServerRelease" && handed_off && no_holder
    })
}

/// First BackupApply of a write that is not the next one in the backup's log.
fn first_out_of_order_apply(trace: &Trace) -> Option<usize> {
    trace.steps.iter().position(|s| {
        if s.action != "BackupApply" {
            return false;
        }
        let server = s.args[0].1.as_str().expect("s is a string");
        let seq = s.args[1].1.as_u64().expect("n is an integer") as usize;
        let log_length = s.pre_state["wlog"][server].as_array().map_or(0, Vec::len);
        seq != log_length + 1
    })
}

/// First PrimaryHandlePut while another write is still pending.
fn first_pipelined_put(trace: &Trace) -> Option<usize> {
    let pending =
        |state: &tlafid_systems::Observables| state["pending"].as_array().map_or(0, Vec::len);
    trace
        .steps
        .iter()
        .position(|s| s.action == "PrimaryHandlePut" && pending(&s.pre_state) > 0)
}

fn recorded(system: &str, stem: &str) -> Trace {
    catalog::recorded_traces()
        .into_iter()
        .find(|t| t.system == system && t.file_stem() == stem)
        .expect("the trace is in the catalog")
}

#[test]
fn correct_lock_runs_keep_mutual_exclusion_and_buggy_run_breaks_it() {
    for seed in [1, 2, 3] {
        let trace = recorded("lock_service", &format!("contention-{seed}"));
        assert_eq!(
            first_mutual_exclusion_violation(&trace),
            None,
            "seed {seed}"
        );
        assert_eq!(first_lost_holder(&trace), None, "seed {seed}");
        assert_eq!(trace.steps.len(), 30);
    }
    let buggy = recorded("lock_service", "buggy-handoff-4");
    assert_eq!(
        first_lost_holder(&buggy).map(event_log_line),
        Some(BUGGY_LOCK_LINE)
    );
    assert_eq!(
        first_mutual_exclusion_violation(&buggy).map(event_log_line),
        Some(BUGGY_LOCK_BOTH_CRITICAL_LINE)
    );
}

#[test]
fn the_too_restrictive_lock_model_is_hit_at_the_pinned_line() {
    let trace = recorded("lock_service", "contention-1");
    assert_eq!(
        first_queue_of_length(&trace, 2).map(event_log_line),
        Some(RESTRICTIVE_LOCK_LINE)
    );
    assert_eq!(
        trace.steps[RESTRICTIVE_LOCK_LINE - 2].action,
        "ServerEnqueue"
    );
}

#[test]
fn correct_store_runs_apply_in_order_and_buggy_run_does_not() {
    for stem in ["steady-1", "steady-2", "failover-3"] {
        assert_eq!(
            first_out_of_order_apply(&recorded("kv_replication", stem)),
            None,
            "{stem}"
        );
    }
    let buggy = recorded("kv_replication", "buggy-backup-4");
    assert_eq!(
        first_out_of_order_apply(&buggy).map(event_log_line),
        Some(BUGGY_KV_LINE)
    );
}

#[test]
fn the_too_restrictive_store_model_is_hit_at_the_pinned_line() {
    let trace = recorded("kv_replication", "steady-1");
    assert_eq!(
        first_pipelined_put(&trace).map(event_log_line),
        Some(RESTRICTIVE_KV_LINE)
    );
}

#[test]
fn failover_crashes_changes_view_and_retries() {
    let trace = recorded("kv_replication", "failover-3");
    let actions: Vec<(usize, &str)> = trace
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s.action.as_str(), "Crash" | "ViewChange" | "Retry"))
        .map(|(i, s)| (event_log_line(i), s.action.as_str()))
        .collect();
    assert_eq!(actions, FAILOVER_EVENTS);
    let last = &trace.steps.last().expect("steps").post_state;
    assert_eq!(last["view"], Value::from(2));
    assert_eq!(last["primary"], Value::from("s2"));
}

#[test]
fn benchmark_traces_have_the_requested_shape_and_never_duplicate_messages() {
    for system in [System::LockService, System::KvReplication] {
        let traces = catalog::benchmark_traces(system, 5, 200, 100);
        assert_eq!(traces.len(), 5);
        assert!(traces.iter().all(|t| t.steps.len() == 200), "{system:?}");
        assert_ne!(traces[0].steps, traces[1].steps);
    }
}

#[test]
fn runs_are_deterministic_and_seeds_matter() {
    let config = catalog::lock_config(9, None);
    assert_eq!(
        lock_service::run(&config, "x", 40),
        lock_service::run(&config, "x", 40)
    );
    let one = kv_replication::run(&catalog::kv_config(9, None, None), "x", 40);
    let other = kv_replication::run(&catalog::kv_config(10, None, None), "x", 40);
    assert_ne!(one.steps, other.steps);
}

const BUGGY_LOCK_LINE: usize = 11;
const BUGGY_LOCK_BOTH_CRITICAL_LINE: usize = 14;
const RESTRICTIVE_LOCK_LINE: usize = 10;
const BUGGY_KV_LINE: usize = 24;
const RESTRICTIVE_KV_LINE: usize = 18;
const FAILOVER_EVENTS: &[(usize, &str)] = &[
    (14, "Crash"),
    (16, "ViewChange"),
    (17, "Retry"),
    (19, "Retry"),
];
