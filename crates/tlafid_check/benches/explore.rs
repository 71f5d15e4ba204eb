//! Throughput of the explorer on synthetic systems (three counters modulo a side), with 1 and
//! 2 workers. Divan prints states generated per second ("item/s").
//! Run: `cargo bench -p tlafid_check --bench explore`.

use tlafid_check::{ActionId, Explorer, Options, TransitionSystem};

const SIDE: u32 = 100;

/// Three counters modulo `side`; each action increments one of them. `work` rounds of
/// hashing per successor stand in for the cost of evaluating a real specification.
struct Torus {
    side: u32,
    work: u32,
}

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
            next[i] = (next[i] + 1) % self.side;
            let mut busy = u64::from(next[i]);
            for _ in 0..self.work {
                busy = mix(busy);
            }
            std::hint::black_box(busy);
            emit(ActionId(i as u32), next);
        }
        Ok(())
    }
}

/// Explores a torus and checks the counts; returns the depth.
fn explore(side: u32, work: u32, workers: usize) -> u32 {
    let options = Options {
        workers,
        check_deadlock: false,
        ..Options::default()
    };
    let report = Explorer::new(Torus { side, work }, options).run().unwrap();
    let distinct = u64::from(side).pow(3);
    assert!(report.outcome.is_success());
    assert_eq!(report.stats.distinct_states, distinct);
    assert_eq!(report.stats.states_generated, 1 + 3 * distinct);
    report.stats.depth
}

/// 1,000,000 states, next to no work per state: the explorer's own cost.
#[divan::bench(args = [1, 2], sample_count = 3, sample_size = 1)]
fn million_cheap_states(bencher: divan::Bencher, workers: usize) {
    let generated = 1 + 3 * u64::from(SIDE).pow(3);
    bencher
        .counter(divan::counter::ItemsCount::new(generated))
        .bench(|| explore(SIDE, 0, workers));
}

/// 125,000 states with about a microsecond of work per successor: how workers scale.
#[divan::bench(args = [1, 2], sample_count = 3, sample_size = 1)]
fn costly_states(bencher: divan::Bencher, workers: usize) {
    let generated = 1 + 3 * 50u64.pow(3);
    bencher
        .counter(divan::counter::ItemsCount::new(generated))
        .bench(|| explore(50, 300, workers));
}

fn main() {
    divan::main();
}
