//! Parse throughput on a generated PlusCal-translation-like module of several megabytes.
//!
//! `cargo bench -p tlafid_syntax` prints the time per parse; divide the size printed by the
//! setup line by it for MB/s.

use tlafid_base::FileId;

#[path = "gen.rs"]
mod gen;
use gen::generated_spec;

fn main() {
    let text = generated_spec(4_000_000);
    eprintln!("generated spec: {} bytes", text.len());
    divan::main();
}

#[divan::bench(sample_count = 10)]
fn parse_generated_spec(bencher: divan::Bencher) {
    let text = generated_spec(4_000_000);
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            let parsed = tlafid_syntax::parse(FileId(0), divan::black_box(&text));
            assert!(parsed.diagnostics.is_empty());
            parsed
        });
}
