//! Shared test helpers: a naive sequential checker with TLC's algorithm (one FIFO queue, as
//! TLC with one worker), a graph system for property tests, and report summaries.
#![allow(dead_code)]

pub mod die_hard;
pub mod live;

use std::collections::{HashMap, VecDeque};
use std::fmt::Debug;

use tlafid_check::{
    ActionId, ActionStats, Explorer, Options, Outcome, Report, Stats, TraceStep, TransitionSystem,
    ViolationId, OUTDEGREE_BUCKETS,
};

/// A fixed 64-bit mixer for fingerprints of small test states.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Outcome, counts and trace of a report, comparable with `assert_eq!`.
#[derive(Debug, PartialEq, Eq)]
pub struct Summary<S> {
    pub outcome: String,
    pub stats: Stats,
    pub trace: Option<Vec<TraceStep<S>>>,
}

pub fn summary<S: Clone, E: Debug>(report: &Report<S, E>) -> Summary<S> {
    let mut stats = report.stats.clone();
    if !report.outcome.is_success() {
        // Per-action counts and outdegrees of a stopped run cover completed levels only.
        stats.per_action.clear();
        stats.outdegree = [0; OUTDEGREE_BUCKETS];
    }
    Summary {
        outcome: format!("{:?}", report.outcome),
        stats,
        trace: report.trace.clone(),
    }
}

/// Runs the explorer with `workers` threads and blocks of `block_size` states.
pub fn explore<T: TransitionSystem>(
    system: T,
    workers: usize,
    block_size: usize,
    check_deadlock: bool,
) -> Report<T::State, T::Error> {
    let options = Options {
        workers,
        block_size,
        check_deadlock,
        ..Options::default()
    };
    Explorer::new(system, options)
        .run()
        .expect("options are valid")
}

/// The trace's states only.
pub fn trace_states<S: Clone>(report: &Report<S, impl Debug>) -> Vec<S> {
    report
        .trace
        .as_ref()
        .expect("a trace")
        .iter()
        .map(|step| step.state.clone())
        .collect()
}

/// What the naive checker keeps per distinct state: parent fingerprint, action, state.
type SeenEntry<S> = (Option<u64>, Option<ActionId>, S);

struct Naive<'a, T: TransitionSystem> {
    system: &'a T,
    seen: HashMap<u64, SeenEntry<T::State>>,
    queue: VecDeque<(T::State, u32)>,
    generated: u64,
    max_level: u32,
    per_action: Vec<ActionStats>,
    /// Initial states generated and distinct, once all are processed.
    initial: Option<(u64, u64)>,
    outdegree: [u64; OUTDEGREE_BUCKETS],
    /// New states found by the state being expanded.
    found: usize,
}

impl<T: TransitionSystem> Naive<'_, T> {
    fn path(&self, fp: u64) -> Vec<TraceStep<T::State>> {
        let mut steps = Vec::new();
        let mut current = Some(fp);
        while let Some(fp) = current {
            let (parent, action, state) = &self.seen[&fp];
            steps.push(TraceStep {
                action: *action,
                state: state.clone(),
            });
            current = *parent;
        }
        steps.reverse();
        steps
    }

    fn stop(
        &self,
        outcome: Outcome<T::Error>,
        prefix: Option<u64>,
        last: Option<TraceStep<T::State>>,
    ) -> Box<Report<T::State, T::Error>> {
        let mut trace = prefix.map(|fp| self.path(fp)).unwrap_or_default();
        trace.extend(last);
        let trace = match outcome {
            Outcome::Incomplete { .. } | Outcome::Success => None,
            _ => Some(trace),
        };
        Box::new(Report {
            outcome,
            stats: self.stats(false),
            trace,
            cycle: None,
            elapsed: Default::default(),
            violations: Vec::new(),
        })
    }

    fn stats(&self, with_actions: bool) -> Stats {
        Stats {
            states_generated: self.generated,
            distinct_states: self.seen.len() as u64,
            states_left_on_queue: self.queue.len() as u64,
            depth: if self.generated == 0 {
                0
            } else {
                self.max_level
            },
            initial_states_generated: self.initial.map_or(self.generated, |(g, _)| g),
            initial_distinct_states: self.initial.map_or(self.seen.len() as u64, |(_, d)| d),
            per_action: if with_actions {
                self.per_action.clone()
            } else {
                Vec::new()
            },
            outdegree: if with_actions {
                self.outdegree
            } else {
                [0; OUTDEGREE_BUCKETS]
            },
            liveness: None,
        }
    }

    fn action(&mut self, action: ActionId) -> &mut ActionStats {
        let index = action.0 as usize;
        if self.per_action.len() <= index {
            self.per_action.resize(index + 1, ActionStats::default());
        }
        &mut self.per_action[index]
    }
}

type NaiveResult<T> =
    Result<(), Box<Report<<T as TransitionSystem>::State, <T as TransitionSystem>::Error>>>;

/// TLC's algorithm, sequentially: `DoInitFunctor` then `doNext` on a FIFO queue.
/// Per-action counts are only reported on success (the explorer reports completed levels).
pub fn naive_check<T: TransitionSystem>(
    system: &T,
    check_deadlock: bool,
) -> Report<T::State, T::Error>
where
    T::State: Debug,
{
    let mut naive = Naive {
        system,
        seen: HashMap::new(),
        queue: VecDeque::new(),
        generated: 0,
        max_level: 0,
        per_action: Vec::new(),
        initial: None,
        outdegree: [0; OUTDEGREE_BUCKETS],
        found: 0,
    };
    match naive_run(&mut naive, check_deadlock) {
        Ok(()) => Report {
            outcome: Outcome::Success,
            stats: naive.stats(true),
            trace: None,
            cycle: None,
            elapsed: Default::default(),
            violations: Vec::new(),
        },
        Err(report) => *report,
    }
}

fn naive_run<T: TransitionSystem>(
    naive: &mut Naive<'_, T>,
    check_deadlock: bool,
) -> NaiveResult<T> {
    let system = naive.system;
    let mut initial = Vec::new();
    if let Err(error) = system.initial_states(&mut |s| initial.push(s)) {
        naive.generated = initial.len() as u64;
        return Err(naive.stop(Outcome::EvalError { error }, None, None));
    }
    for state in initial {
        naive.generated += 1;
        let single = |s: &T::State| {
            Some(TraceStep {
                action: None,
                state: s.clone(),
            })
        };
        let in_model = match system.in_model(&state) {
            Ok(b) => b,
            Err(error) => {
                return Err(naive.stop(Outcome::EvalError { error }, None, single(&state)))
            }
        };
        let mut unseen = true;
        if in_model {
            let fp = system.fingerprint(&state);
            unseen = !naive.seen.contains_key(&fp);
            if unseen {
                naive.seen.insert(fp, (None, None, state.clone()));
                naive.queue.push_back((state.clone(), 1));
                naive.max_level = 1;
            }
        }
        if unseen {
            let outcome = match system.check_invariants(&state) {
                Ok(Some(invariant)) => Some(Outcome::InvariantViolation { invariant }),
                Ok(None) => match system.check_initial_properties(&state) {
                    Ok(None) => None,
                    Ok(Some(property)) => Some(Outcome::InitialPropertyViolation { property }),
                    Err(error) => Some(Outcome::EvalError { error }),
                },
                Err(error) => Some(Outcome::EvalError { error }),
            };
            if let Some(outcome) = outcome {
                return Err(naive.stop(outcome, None, single(&state)));
            }
        }
    }
    naive.initial = Some((naive.generated, naive.seen.len() as u64));
    while let Some((state, level)) = naive.queue.pop_front() {
        naive_next(naive, &state, level, check_deadlock)?;
    }
    Ok(())
}

fn naive_next<T: TransitionSystem>(
    naive: &mut Naive<'_, T>,
    state: &T::State,
    level: u32,
    check_deadlock: bool,
) -> NaiveResult<T> {
    let system = naive.system;
    let parent_fp = system.fingerprint(state);
    let mut successors: Vec<(ActionId, T::State)> = Vec::new();
    if let Err(error) = system.successors(state, &mut |a, s| successors.push((a, s))) {
        naive.generated += successors.len() as u64;
        return Err(naive.stop(Outcome::EvalError { error }, Some(parent_fp), None));
    }
    if successors.is_empty() && check_deadlock {
        return Err(naive.stop(Outcome::Deadlock, Some(parent_fp), None));
    }
    // TLC counts each successor as generated when it is produced, then checks it.
    naive.found = 0;
    for (action, successor) in &successors {
        naive.generated += 1;
        naive.action(*action).generated += 1;
        naive_successor(naive, state, parent_fp, level, *action, successor)?;
    }
    naive.outdegree[naive.found.min(OUTDEGREE_BUCKETS - 1)] += 1;
    Ok(())
}

fn naive_successor<T: TransitionSystem>(
    naive: &mut Naive<'_, T>,
    state: &T::State,
    parent_fp: u64,
    level: u32,
    action: ActionId,
    successor: &T::State,
) -> NaiveResult<T> {
    let system = naive.system;
    let last = || {
        Some(TraceStep {
            action: Some(action),
            state: successor.clone(),
        })
    };
    let eval = |naive: &Naive<'_, T>, error| {
        naive.stop(Outcome::EvalError { error }, Some(parent_fp), last())
    };
    let in_model = match system.in_model(successor).and_then(|ok| {
        if ok {
            system.action_allowed(state, successor)
        } else {
            Ok(false)
        }
    }) {
        Ok(b) => b,
        Err(error) => return Err(eval(naive, error)),
    };
    let mut unseen = true;
    if in_model {
        let fp = system.fingerprint(successor);
        unseen = !naive.seen.contains_key(&fp);
        if unseen {
            naive
                .seen
                .insert(fp, (Some(parent_fp), Some(action), successor.clone()));
            naive.max_level = naive.max_level.max(level + 1);
            naive.action(action).distinct += 1;
            naive.found += 1;
        }
    }
    if unseen {
        match system.check_invariants(successor) {
            Ok(None) => {}
            Ok(Some(invariant)) => {
                let outcome = Outcome::InvariantViolation { invariant };
                return Err(naive.stop(outcome, Some(parent_fp), last()));
            }
            Err(error) => return Err(eval(naive, error)),
        }
    }
    match system.check_action_properties(state, successor) {
        Ok(None) => {}
        Ok(Some(property)) => {
            let outcome = Outcome::ActionPropertyViolation { property };
            return Err(naive.stop(outcome, Some(parent_fp), last()));
        }
        Err(error) => return Err(eval(naive, error)),
    }
    if in_model && unseen {
        naive.queue.push_back((successor.clone(), level + 1));
    }
    Ok(())
}

/// A finite graph as a transition system: node ids are states.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub initial: Vec<u32>,
    /// Successors of each node, as (action, target).
    pub edges: Vec<Vec<(u32, u32)>>,
    pub out_of_model: Vec<bool>,
    pub bad: Vec<bool>,
    /// Initial states violating initial property 0.
    pub bad_initial: Vec<bool>,
    /// Edges (from, to) that violate action property 0.
    pub bad_steps: Vec<(u32, u32)>,
    pub failing: Vec<bool>,
    /// Fingerprints merge node pairs (2k, 2k+1), as a VIEW would.
    pub merge_pairs: bool,
}

impl TransitionSystem for Graph {
    type State = u32;
    type Error = String;

    fn fingerprint(&self, state: &u32) -> u64 {
        mix(u64::from(if self.merge_pairs { state / 2 } else { *state }))
    }

    fn initial_states(&self, emit: &mut dyn FnMut(u32)) -> Result<(), String> {
        self.initial.iter().for_each(|&s| emit(s));
        Ok(())
    }

    fn successors(&self, state: &u32, emit: &mut dyn FnMut(ActionId, u32)) -> Result<(), String> {
        if self.failing[*state as usize] {
            return Err(format!("cannot expand {state}"));
        }
        for &(action, target) in &self.edges[*state as usize] {
            emit(ActionId(action), target);
        }
        Ok(())
    }

    fn check_invariants(&self, state: &u32) -> Result<Option<ViolationId>, String> {
        Ok(self.bad[*state as usize].then_some(ViolationId(state % 2)))
    }

    fn check_initial_properties(&self, state: &u32) -> Result<Option<ViolationId>, String> {
        Ok(self.bad_initial[*state as usize].then_some(ViolationId(0)))
    }

    fn in_model(&self, state: &u32) -> Result<bool, String> {
        Ok(!self.out_of_model[*state as usize])
    }

    fn check_action_properties(&self, from: &u32, to: &u32) -> Result<Option<ViolationId>, String> {
        Ok(self
            .bad_steps
            .contains(&(*from, *to))
            .then_some(ViolationId(0)))
    }
}

/// A pseudo-random graph on `nodes` states: each state has 1 to 4 successors picked by
/// hashing, over 3 actions. Invariant 0 fails on `bad`; fingerprints merge pairs if asked.
#[derive(Clone, Debug)]
pub struct HashGraph {
    pub nodes: u64,
    pub bad: Option<u64>,
    pub merge_pairs: bool,
}

impl TransitionSystem for HashGraph {
    type State = u64;
    type Error = ();

    fn fingerprint(&self, s: &u64) -> u64 {
        mix(if self.merge_pairs { s / 2 } else { *s })
    }
    fn initial_states(&self, emit: &mut dyn FnMut(u64)) -> Result<(), ()> {
        emit(0);
        emit(1);
        Ok(())
    }
    fn successors(&self, s: &u64, emit: &mut dyn FnMut(ActionId, u64)) -> Result<(), ()> {
        let fanout = 1 + mix(*s) % 4;
        for i in 0..fanout {
            let target = mix(s.wrapping_mul(31).wrapping_add(i)) % self.nodes;
            emit(ActionId((i % 3) as u32), target);
        }
        Ok(())
    }
    fn check_invariants(&self, s: &u64) -> Result<Option<ViolationId>, ()> {
        Ok((self.bad == Some(*s)).then_some(ViolationId(0)))
    }
}
