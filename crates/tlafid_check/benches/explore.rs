//! Throughput of the explorer on a synthetic system of 1,000,000 states (three counters
//! modulo 100), with 1 and 2 workers. Divan prints states generated per second ("item/s").
//! Run: `cargo bench -p tlafid_check --bench explore`.

use tlafid_check::{ActionId, Explorer, Options, TransitionSystem};

const SIDE: u32 = 100;

/// Three counters modulo [`SIDE`]; each action increments one of them.
struct Torus;

fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl TransitionSystem for Torus {
    type State = [u32; 3];
    type Error = ();

    fn fingerprint(&self, s: &[u32; 3]) -> u64 {
        mix(u64::from(s[0]) << 40 | u64::from(s[1]) << 20 | u64::from(s[2]))
    }
    fn initial_states(&self, emit: &mut dyn FnMut([u32; 3])) -> Result<(), ()> {
        emit([0, 0, 0]);
        Ok(())
    }
    fn successors(&self, s: &[u32; 3], emit: &mut dyn FnMut(ActionId, [u32; 3])) -> Result<(), ()> {
        for i in 0..3 {
            let mut next = *s;
            next[i] = (next[i] + 1) % SIDE;
            emit(ActionId(i as u32), next);
        }
        Ok(())
    }
}

const DISTINCT: u64 = (SIDE as u64).pow(3);
const GENERATED: u64 = 1 + 3 * DISTINCT;

#[divan::bench(args = [1, 2], sample_count = 3, sample_size = 1)]
fn explore_million_states(bencher: divan::Bencher, workers: usize) {
    bencher
        .counter(divan::counter::ItemsCount::new(GENERATED))
        .bench(|| {
            let options = Options {
                workers,
                check_deadlock: false,
                ..Options::default()
            };
            let report = Explorer::new(Torus, options).run().unwrap();
            assert!(report.outcome.is_success());
            assert_eq!(report.stats.distinct_states, DISTINCT);
            assert_eq!(report.stats.states_generated, GENERATED);
            report.stats.depth
        });
}

fn main() {
    divan::main();
}
