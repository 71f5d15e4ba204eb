//! Round trips between tlafid's writers and readers: a counterexample dumped by
//! `check --dump-trace` (event log, ITF with Quint's `mbt::` fields) is read back by `trace`;
//! the `\E` variables it logs as arguments are checked, not merely accepted; the DOT dumps of
//! `check` and `tlc -dumpTrace dot` agree, and so do the state graphs of `tlc -dump dot` and
//! `check --dump-graph`.

mod common;

use std::path::Path;
use std::process::Command;

use common::workspace_root;

const SPEC: &str = "tests/cli/fixtures/interop/Adder.tla";
const TRACE_CONFIG: &str = "tests/cli/fixtures/interop/AdderTrace.cfg";

fn tlafid(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tlafid"))
        .args(args)
        .current_dir(workspace_root())
        .env("NO_COLOR", "1")
        .output()
        .expect("run tlafid");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code().unwrap_or(-1), text)
}

fn dump(dir: &Path, name: &str) -> String {
    let file = dir.join(name);
    let file = file.to_str().expect("utf-8 path");
    let (status, _) = tlafid(&["check", SPEC, "--dump-trace", file]);
    assert_eq!(status, 12, "Small is violated at depth 3");
    file.to_string()
}

fn trace(file: &str) -> (i32, String) {
    tlafid(&["trace", SPEC, "--config", TRACE_CONFIG, file])
}

#[test]
fn a_dumped_event_log_is_read_back_with_its_exists_arguments() {
    let dir = tempdir();
    let file = dump(&dir, "cex.ndjson");
    let log = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        log,
        "{\"init\":{\"added\":[],\"x\":0}}\n\
         {\"action\":\"Add\",\"args\":{\"n\":1},\"state\":{\"added\":[1],\"x\":1}}\n\
         {\"action\":\"Add\",\"args\":{\"n\":2},\"state\":{\"added\":[1,2],\"x\":3}}\n"
    );
    let (status, out) = trace(&file);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("cex.ndjson: admitted (2 steps)"), "{out}");
    // The argument is checked: n = 2 cannot take x from 0 to 1.
    let tampered = dir.join("tampered.ndjson");
    std::fs::write(&tampered, log.replacen("{\"n\":1}", "{\"n\":2}", 1)).unwrap();
    let (status, out) = trace(tampered.to_str().unwrap());
    assert_eq!(status, 12, "{out}");
    assert!(
        out.contains("missed code behavior at line 2 (Add)"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_dumped_itf_trace_carries_quint_mbt_fields_that_trace_reads() {
    let dir = tempdir();
    let file = dump(&dir, "cex.itf.json");
    let itf: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let second = &itf["states"][2];
    assert_eq!(second["mbt::actionTaken"], "Add");
    assert_eq!(
        second["mbt::nondetPicks"],
        serde_json::json!({ "n": { "tag": "Some", "value": 2 } })
    );
    assert!(itf["states"][0].get("mbt::actionTaken").is_none());
    let (status, out) = trace(&file);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("Steps per action: Add 2."), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn check_and_tlc_write_the_counterexample_as_the_same_dot_graph() {
    let dir = tempdir();
    let file = dump(&dir, "cex.dot");
    let dot = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        dot,
        "strict digraph Counterexample {\n  node [shape=box];\n\
         \x20 1 [label=\"/\\\\ x = 0\\l/\\\\ added = <<>>\\l\"];\n\
         \x20 2 [label=\"/\\\\ x = 1\\l/\\\\ added = <<1>>\\l\"];\n\
         \x20 3 [label=\"/\\\\ x = 3\\l/\\\\ added = <<1, 2>>\\l\"];\n\
         \x20 1 -> 2 [label=\"Add(n = 1)\"];\n\
         \x20 2 -> 3 [label=\"Add(n = 2)\"];\n}\n"
    );
    let tlc_file = dir.join("tlc.dot");
    let config = "tests/cli/fixtures/interop/Adder.cfg";
    let (status, out) = tlafid(&[
        "tlc",
        "-config",
        config,
        "-dumpTrace",
        "dot",
        tlc_file.to_str().unwrap(),
        SPEC,
    ]);
    assert_eq!(status, 12, "{out}");
    assert!(out.contains("CounterExample written: "), "{out}");
    assert_eq!(std::fs::read_to_string(&tlc_file).unwrap(), dot);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn tlc_dump_and_check_dump_graph_write_the_whole_state_graph() {
    let dir = tempdir();
    let (tlc_dot, check_dot, states) = (dir.join("g"), dir.join("c.dot"), dir.join("s"));
    let spec = "specs/DieHard/DieHard.tla";
    let path = |p: &Path| p.to_str().unwrap().to_string();
    let (status, out) = tlafid(&[
        "tlc",
        "-continue",
        "-dump",
        "dot,actionlabels",
        &path(&tlc_dot),
        spec,
    ]);
    assert_eq!(status, 12, "{out}");
    let (status, out) = tlafid(&["tlc", "-continue", "-dump", &path(&states), spec]);
    assert_eq!(status, 12, "{out}");
    let (status, out) = tlafid(&[
        "check",
        "--continue",
        "--dump-graph",
        &path(&check_dot),
        spec,
    ]);
    assert_eq!(status, 12, "{out}");
    // TLC's -dump adds the extension it writes when it was left out.
    let dot = std::fs::read_to_string(dir.join("g.dot")).unwrap();
    assert_eq!(std::fs::read_to_string(&check_dot).unwrap(), dot);
    // TLC on the same model: 16 distinct states, 97 generated (96 steps from the one initial
    // state), 8 levels.
    assert_eq!(dot.matches(" -> ").count(), 96, "{dot}");
    assert_eq!(dot.matches("tooltip=").count(), 15, "{dot}");
    assert_eq!(dot.matches("{rank = same; ").count(), 8, "{dot}");
    assert!(dot.starts_with(
        "strict digraph DiskGraph {\nnode [shape=box,style=rounded]\nnodesep=0.35;\n\
         subgraph cluster_graph {\ncolor=\"white\";\n\
         1 [label=\"/\\\\ small = 0\\n/\\\\ big = 0\",style = filled]\n\
         1 -> 2 [label=\"FillSmall\",color=\"black\",fontcolor=\"black\"];\n"
    ));
    assert!(dot.ends_with("{rank = same; 15;16;}\n}\n}"), "{dot}");
    let listed = std::fs::read_to_string(dir.join("s.dump")).unwrap();
    assert_eq!(listed.matches("State ").count(), 16);
    assert!(listed.starts_with("State 1:\n/\\ small = 0\n/\\ big = 0\n\nState 2:\n"));
    let _ = std::fs::remove_dir_all(dir);
}

/// A fresh folder in the system's temporary space.
fn tempdir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tlafid-interop-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
