//! Parses the benchmark's generated module repeatedly and reports CPU time per megabyte
//! (CPU time, not wall time, so a busy machine still gives a fair figure).
//!
//! `cargo run --release -p tlafid_syntax --example throughput -- [MB] [ROUNDS]`

#![allow(clippy::disallowed_methods)] // an example program reads the files it is given

#[path = "../benches/gen.rs"]
mod gen;

fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks: f64 = fields.get(11).and_then(|u| u.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

/// Peak resident memory so far, in bytes (Linux).
fn peak_rss() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    kb * 1024.0
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let megabytes = args.first().copied().unwrap_or(8);
    let rounds = args.get(1).copied().unwrap_or(5);
    let text = gen::generated_spec(megabytes * 1_000_000);
    let before = peak_rss();
    let first = tlafid_syntax::parse(tlafid_base::FileId(0), &text);
    let grown = peak_rss() - before;
    drop(first);
    println!(
        "peak memory added by one parse: {:.0} MB ({:.1}x the {:.1} MB source)",
        grown / 1e6,
        grown / text.len() as f64,
        text.len() as f64 / 1e6
    );
    let start = cpu_seconds();
    let wall = std::time::Instant::now();
    let mut units = 0;
    for _ in 0..rounds {
        let parsed = tlafid_syntax::parse(tlafid_base::FileId(0), &text);
        assert!(parsed.diagnostics.is_empty());
        units += parsed.module.map_or(0, |m| m.units.len());
    }
    let cpu = cpu_seconds() - start;
    let mb = (text.len() * rounds) as f64 / 1e6;
    println!(
        "{mb:.1} MB parsed ({units} units) in {cpu:.2}s CPU ({:.2}s wall): {:.1} MB/s per core",
        wall.elapsed().as_secs_f64(),
        mb / cpu
    );
}
