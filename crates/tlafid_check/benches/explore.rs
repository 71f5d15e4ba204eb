//! Throughput of the explorer on synthetic systems (three counters modulo a side), with 1 and
//! 2 workers, and the cost of checking one weakly fair liveness property on the same search.
//! Divan prints states generated per second ("item/s"); before the benchmarks, the memory the
//! liveness graph takes per state is printed.
//! Run: `cargo bench -p tlafid_check --bench explore`.

use tlafid_check::{
    ActionId, AtomId, AtomKind, AtomValues, Explorer, LivenessSpec, Ltl, Obligation, Options,
    Stats, TransitionSystem,
};

const SIDE: u32 = 100;

/// Three counters modulo `side`; each action increments one of them. `work` rounds of
/// hashing per successor stand in for the cost of evaluating a real specification.
struct Torus {
    side: u32,
    work: u32,
    /// With a temporal property: `[]<>moved` under weak fairness of the next-state relation.
    live: Option<LivenessSpec>,
}

/// Atom 0 (state): some action is enabled; atom 1 (action): the step changes the state.
/// Counterexample to `[]<>moved` under `WF(Next)`: `[]<>(~enabled \/ moved) /\ <>[]~moved`.
fn fair_progress() -> LivenessSpec {
    let (enabled, moved) = (AtomId(0), AtomId(1));
    let counter = Ltl::And(vec![
        Ltl::Always(Box::new(Ltl::Eventually(Box::new(Ltl::Or(vec![
            Ltl::NotAtom(enabled),
            Ltl::Atom(moved),
        ]))))),
        Ltl::Eventually(Box::new(Ltl::Always(Box::new(Ltl::NotAtom(moved))))),
    ]);
    LivenessSpec {
        atoms: vec![AtomKind::State, AtomKind::Action],
        obligations: vec![Obligation {
            name: "Progress".into(),
            counter,
        }],
        stepping: Vec::new(),
    }
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
    fn liveness(&self) -> Option<&LivenessSpec> {
        self.live.as_ref()
    }
    fn state_atoms(&self, _: &[u32; 3], out: &mut AtomValues) -> Result<(), ()> {
        out.set(AtomId(0), self.side > 1);
        Ok(())
    }
    fn action_atoms(&self, from: &[u32; 3], to: &[u32; 3], out: &mut AtomValues) -> Result<(), ()> {
        out.set(AtomId(1), from != to);
        Ok(())
    }
}

/// Explores a torus (checking the liveness property if `live`) and checks the counts.
fn run(side: u32, work: u32, workers: usize, live: bool) -> Stats {
    let options = Options {
        workers,
        check_deadlock: false,
        ..Options::default()
    };
    let live = live.then(fair_progress);
    let report = Explorer::new(Torus { side, work, live }, options)
        .run()
        .unwrap();
    let distinct = u64::from(side).pow(3);
    assert!(report.outcome.is_success());
    assert_eq!(report.stats.distinct_states, distinct);
    assert_eq!(report.stats.states_generated, 1 + 3 * distinct);
    report.stats
}

/// Explores a torus without liveness; returns the depth.
fn explore(side: u32, work: u32, workers: usize) -> u32 {
    run(side, work, workers, false).depth
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

/// 125,000 cheap states, without and with the weakly fair liveness property.
#[divan::bench(args = [false, true], sample_count = 5, sample_size = 1)]
fn liveness_cost(bencher: divan::Bencher, live: bool) {
    let generated = 1 + 3 * 50u64.pow(3);
    bencher
        .counter(divan::counter::ItemsCount::new(generated))
        .bench(|| run(50, 0, 1, live).depth);
}

/// 125,000 states with about a microsecond of work per successor, without and with the
/// liveness property: the overhead when evaluating states dominates, as in real specifications.
#[divan::bench(args = [false, true], sample_count = 3, sample_size = 1)]
fn liveness_cost_costly_states(bencher: divan::Bencher, live: bool) {
    let generated = 1 + 3 * 50u64.pow(3);
    bencher
        .counter(divan::counter::ItemsCount::new(generated))
        .bench(|| run(50, 300, 1, live).depth);
}

fn main() {
    let stats = run(50, 0, 1, true);
    let live = stats.liveness.expect("liveness figures");
    println!(
        "liveness graph of {} states: {} edges, {} labels, {} bytes ({:.1} per state), {} product nodes",
        stats.distinct_states,
        live.edges,
        live.labels,
        live.graph_bytes,
        live.bytes_per_state(stats.distinct_states),
        live.product_nodes
    );
    divan::main();
}
