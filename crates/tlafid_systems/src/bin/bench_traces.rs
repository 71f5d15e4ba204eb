//! Writes benchmark event logs of the replicated key-value store into a folder, for
//! `scripts/trace_bench.py`: `cargo run -p tlafid_systems --bin bench-traces -- DIR COUNT
//! STEPS`. The logs are `DIR/trace-0001.ndjson`, ... (seeds 1, 2, ..., so the same
//! arguments always write the same bytes), and `DIR/KvReplicationBench.cfg` holds the
//! recorded runs' constants with `MaxSeq = STEPS`, so that it never binds.

use std::path::PathBuf;

use tlafid_systems::{benchmark_traces, System};

const USAGE: &str = "usage: bench-traces DIR COUNT STEPS";

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, count, steps] = args.as_slice() else {
        eprintln!("{USAGE}");
        std::process::exit(2);
    };
    let (Ok(count), Ok(steps)) = (count.parse::<usize>(), steps.parse::<usize>()) else {
        eprintln!("{USAGE}");
        std::process::exit(2);
    };
    let dir = PathBuf::from(dir);
    std::fs::create_dir_all(&dir)?;
    for (index, trace) in benchmark_traces(System::KvReplication, count, steps, 1)
        .iter()
        .enumerate()
    {
        let path = dir.join(format!("trace-{:04}.ndjson", index + 1));
        std::fs::write(path, trace.event_log())?;
    }
    std::fs::write(dir.join("KvReplicationBench.cfg"), config(steps))?;
    println!("{count} traces of {steps} steps in {}", dir.display());
    Ok(())
}

/// The constants of `tlafid_systems::catalog::kv_config` (two clients, three servers, two
/// keys, values 1..2), with the model's invariants, as `specs/KvReplication/KvReplicationTrace.cfg`.
fn config(max_seq: usize) -> String {
    format!(
        "CONSTANTS\n  Clients = {{\"c1\", \"c2\"}}\n  Servers = {{\"s1\", \"s2\", \"s3\"}}\n  Keys = {{\"k1\", \"k2\"}}\n  Values = {{1, 2}}\n  InitialPrimary = \"s1\"\n  MaxSeq = {max_seq}\nINIT Init\nNEXT Next\nINVARIANTS BackupsArePrefixes AnsweredWritesReplicated\nCHECK_DEADLOCK FALSE\n"
    )
}
