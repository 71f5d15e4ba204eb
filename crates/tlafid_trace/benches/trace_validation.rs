//! Bench script (prints figures, asserts the verdicts): one 3,000-step KvReplication trace,
//! and 1,000 traces of 100 steps each, against `specs/KvReplication/KvReplication.tla`.
//! Run with `cargo bench -p tlafid_trace` (`-- long` or `-- many` for one case). Prints
//! wall and CPU time of the validation alone (not of recording the traces).

#![allow(clippy::disallowed_methods)] // a test reads and writes its data files

use std::time::Instant;

use tlafid_base::SourceMap;
use tlafid_systems::{benchmark_traces, System};
use tlafid_trace::{Options, Summary, TraceInput, TraceInvariant, Validator, Verdict, Vocabulary};

const MODEL: &str = include_str!("../../../specs/KvReplication/KvReplication.tla");

/// The recorded runs' constants, with `MaxSeq` raised so that it never binds, and the
/// model's invariants, checked along each trace as `tlafid trace` does.
fn config(max_seq: usize) -> String {
    format!(
        "CONSTANTS\n Clients = {{\"c1\", \"c2\"}}\n Servers = {{\"s1\", \"s2\", \"s3\"}}\n Keys = {{\"k1\", \"k2\"}}\n Values = {{1, 2}}\n InitialPrimary = \"s1\"\n MaxSeq = {max_seq}\nINIT Init\nNEXT Next\nINVARIANTS BackupsArePrefixes AnsweredWritesReplicated\n"
    )
}

fn run(label: &str, logs: &[String], max_seq: usize) {
    let mut sources = SourceMap::new();
    let root = sources.add("KvReplication.tla", MODEL);
    let loaded = tlafid_sema::load(root, &mut sources, &mut |_| None);
    let mut program = loaded.program.expect("the model loads");
    let cfg_file = sources.add("bench.cfg", config(max_seq));
    let parsed = tlafid_config::parse(cfg_file, &sources.get(cfg_file).text);
    let probes = tlafid_trace::add_constant_probes(&mut program);
    let spec = tlafid_model::prepare(&mut program, &parsed.config)
        .expect("spec")
        .expect("INIT and NEXT");
    let model = tlafid_model::bind(&program, &parsed.config, Some(spec)).expect("binds");
    let values = tlafid_trace::probe_model_values(&model.evaluator, &probes);
    let vocabulary = Vocabulary::new(&model.evaluator, values);
    let invariants = TraceInvariant::of_model(&model);
    let validator = Validator::new(&model.evaluator, vocabulary, Options::default())
        .with_invariants(invariants);
    let inputs: Vec<TraceInput<'_>> = logs
        .iter()
        .map(|text| TraceInput {
            name: "bench",
            file: root,
            text,
            format: None,
        })
        .collect();
    let started = Instant::now();
    let cpu_before = cpu_seconds();
    let reports = validator.check_all(&inputs);
    let elapsed = started.elapsed();
    let cpu = cpu_seconds() - cpu_before;
    let summary = Summary::of(&reports, validator.vocabulary());
    let steps: usize = reports.iter().map(|r| r.steps).sum();
    let megabytes = logs.iter().map(String::len).sum::<usize>() as f64 / 1e6;
    println!(
        "{label}: admitted {} of {}, {steps} steps ({megabytes:.1} MB of JSON) in {:.3}s wall, {cpu:.3}s CPU ({:.0} steps/s, {} threads)",
        summary.admitted,
        summary.total,
        elapsed.as_secs_f64(),
        steps as f64 / elapsed.as_secs_f64(),
        rayon::current_num_threads()
    );
    if let Some(r) = reports.iter().find(|r| !r.violations.is_empty()) {
        println!("  first violating an invariant: {:?}", r.violations);
    }
    if let Some(r) = reports.iter().find(|r| r.verdict != Verdict::Admitted) {
        println!(
            "  first not admitted: {:?} {:?}",
            r.verdict,
            r.diagnostics.first().map(|d| &d.message)
        );
    }
}

/// CPU time of this process so far (user + system), from `/proc/self/stat` (Linux; 0 where
/// it cannot be read). The machine is shared, so CPU time is the steadier figure.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of the file (utime, stime), counted after the name from field 3.
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let only = std::env::args()
        .nth(1)
        .filter(|a| a == "long" || a == "many");
    if only.as_deref() != Some("many") {
        let long = benchmark_traces(System::KvReplication, 1, 3000, 1);
        run("one 3,000-step trace", &[long[0].event_log()], 3000);
    }
    if only.as_deref() == Some("long") {
        return;
    }
    let many: Vec<String> = benchmark_traces(System::KvReplication, 1000, 100, 1)
        .iter()
        .map(|t| t.event_log())
        .collect();
    run("1,000 traces of 100 steps", &many, 100);
}
