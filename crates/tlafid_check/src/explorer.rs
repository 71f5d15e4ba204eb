//! The breadth-first explorer: level-synchronous, parallel within a level, deterministic.
//!
//! Each level runs in three phases. (1) Workers expand blocks of the frontier; the seen set is
//! only read, and new fingerprints go to a claim table that keeps, per fingerprint, the
//! candidate first in sequential order, with what its invariants gave (checked when it is
//! claimed, while it is whole: a queued state may be packed). (2) The winners are sorted into
//! sequential order and cut at the first stopping event, budget or failed check. (3) If
//! nothing stopped the run, their fingerprints enter the seen set (lock-free, in parallel),
//! their parent links are recorded, and they become the next frontier.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

use rayon::prelude::*;
use tlafid_base::Diagnostic;

use crate::checkpoint::{self, Counters, Restored};
use crate::claims::{key_ordinal, key_parent, Claim, ClaimTable, OrderKey};
use crate::disk::{DiskQueue, DiskSeen};
use crate::errors::{checkpoint_unusable, invalid_options, storage_failed, threads_unavailable};
use crate::event::{keep_first, Check, Event, EventKind};
use crate::expand::{check_initial, check_new, claims_checked, expand_initial, LevelContext};
use crate::level_spill::{ArenaSpill, LevelBytes, SpilledArenas};
use crate::liveness::check::Phase;
use crate::liveness::graph::{AtomLayout, BlockEdges, StateGraph};
use crate::liveness::LivenessSpec;
use crate::options::{Options, Progress};
use crate::report::{
    ActionStats, Budget, Outcome, Report, Stats, TraceStep, Violation, OUTDEGREE_BUCKETS,
};
use crate::seen::{stored_key, FingerprintSet};
use crate::storage::{SpillOptions, Storage};
use crate::stored::{Arena, FrontierArenas, Stored};
use crate::trace::{replay, ParentLink, ParentLinks, ReplayEnd, ROOT};
use crate::watch::Watch;
use crate::TransitionSystem;

/// Explores every state of a [`TransitionSystem`] reachable within the constraints.
///
/// ```
/// use tlafid_check::{ActionId, Explorer, Options, TransitionSystem};
///
/// /// A counter from 0 to 3 that stops there.
/// struct Counter;
/// impl TransitionSystem for Counter {
///     type State = u8;
///     type Error = ();
///     fn fingerprint(&self, s: &u8) -> u64 { u64::from(*s) }
///     fn initial_states(&self, emit: &mut dyn FnMut(u8)) -> Result<(), ()> { emit(0); Ok(()) }
///     fn successors(&self, s: &u8, emit: &mut dyn FnMut(ActionId, u8)) -> Result<(), ()> {
///         if *s < 3 { emit(ActionId(0), s + 1) }
///         Ok(())
///     }
/// }
/// let options = Options { check_deadlock: false, ..Options::default() };
/// let report = Explorer::new(Counter, options).run().unwrap();
/// assert!(report.outcome.is_success());
/// assert_eq!((report.stats.distinct_states, report.stats.depth), (4, 4));
/// ```
pub struct Explorer<T: TransitionSystem> {
    system: T,
    options: Options,
}

type ReportOf<T> = Report<<T as TransitionSystem>::State, <T as TransitionSystem>::Error>;
type EventOf<T> = Event<<T as TransitionSystem>::State, <T as TransitionSystem>::Error>;
type Winner<S, E> = (u64, Claim<S, E>);
type WinnerOf<T> = Winner<<T as TransitionSystem>::State, <T as TransitionSystem>::Error>;

impl<T: TransitionSystem> Explorer<T> {
    /// An explorer of `system`; nothing runs until [`run`](Self::run).
    pub fn new(system: T, options: Options) -> Explorer<T> {
        Explorer { system, options }
    }

    /// The system explored.
    pub fn system(&self) -> &T {
        &self.system
    }

    /// Explores breadth-first with [`Options::workers`] threads.
    ///
    /// Violations, deadlocks, evaluation errors and budgets are [`Outcome`]s in the report; the
    /// `Err` side is for unusable options (`E090`), a system whose replay does not reproduce the
    /// search (`E091`) and threads that cannot start (`E092`).
    pub fn run(&self) -> Result<ReportOf<T>, Diagnostic> {
        if self.options.workers == 0 {
            return Err(invalid_options("at least one worker is needed"));
        }
        if self.options.block_size == 0 {
            return Err(invalid_options("the block size must be at least 1"));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.options.workers)
            .stack_size(crate::WORKER_STACK_BYTES)
            .build()
            .map_err(threads_unavailable)?;
        if self.options.checkpoint.is_some()
            && self.system.liveness().is_some_and(|l| !l.is_empty())
        {
            return Err(invalid_options(
                "checkpoints do not cover temporal properties (their state graph is not saved)",
            ));
        }
        // Refused up front rather than a run that never saves one and says nothing.
        if self.options.checkpoint.is_some() && !self.system.save_packing(&mut Vec::new()) {
            return Err(invalid_options(
                "this transition system cannot save what unpacks its states, so it cannot \
                 write or resume checkpoints",
            ));
        }
        pool.install(|| {
            let mut search = Search::new(&self.system, &self.options);
            let mut report = search.run();
            if report.is_err() {
                // Rebuilding a behaviour evaluates again, and evaluation stops at once once
                // the run's stop signal (a time or memory budget, a cancellation) is raised:
                // an error met then says the run was cut short, not that the model is wrong.
                if let Some(budget) = search.watch.exhausted() {
                    report = Ok(search.abandoned(budget));
                }
            }
            search.remove_spilled();
            report
        })
    }
}

/// Fingerprints a worker adds to the seen set at a time when a level is committed.
const INSERT_CHUNK: usize = 4096;

/// What one level's expansion leaves for its finishing phase.
struct Expansion<S, E> {
    claims: ClaimTable<S, E>,
    /// Successors generated by each parent, by frontier position.
    generated: Vec<u32>,
    first_event: Option<Event<S, E>>,
    /// Violations met while expanding that the run goes on after (`-continue`).
    continued: Vec<Event<S, E>>,
    action_generated: Vec<u64>,
    /// A time budget or cancellation cut the level short.
    aborted: Option<Budget>,
    /// Number of parents (1, a virtual root, for the initial states).
    parents: u32,
    is_initial: bool,
    /// The expanded states' part of the state graph, by block, if it is recorded.
    edges: Vec<BlockEdges<S>>,
    /// A queued state the system could not unpack.
    broken: Option<Diagnostic>,
    /// The new states were checked when claimed ([`claims_checked`]).
    claims_checked: bool,
    /// The packed bytes of the claims, by block.
    arenas: Vec<Vec<u8>>,
    /// The arenas that went to disk while the level was expanded.
    spilled: Option<SpilledArenas>,
}

/// The state of one run.
struct Search<'a, T: TransitionSystem> {
    system: &'a T,
    options: &'a Options,
    watch: Watch,
    seen: FingerprintSet,
    parents: ParentLinks,
    frontier: Vec<Stored<T::State>>,
    /// The arena of the frontier's packed states (one, number 0, or none).
    frontier_bytes: Vec<Vec<u8>>,
    /// Index of `frontier[0]` among all distinct states.
    frontier_start: u32,
    /// Depth of the frontier's states (0 before the initial states are in).
    depth: u32,
    generated: u64,
    per_action: Vec<ActionStats>,
    /// Initial states generated and distinct, once the initial level is committed.
    initial: Option<(u64, u64)>,
    outdegree: [u64; OUTDEGREE_BUCKETS],
    /// The temporal properties and the state graph, if there are any.
    liveness: Option<Liveness<'a>>,
    /// Violations recorded so far (`-continue`), in sequential order.
    violations: Vec<Violation<T::State>>,
    /// Fingerprints spilled to a file.
    disk_seen: DiskSeen,
    /// The frontier, when it waits on disk (`frontier` is then empty).
    disk_queue: Option<DiskQueue>,
    /// Numbers the queue's files.
    queue_tag: u32,
    /// When, and at how many distinct states, the last checkpoint was saved.
    last_checkpoint: (Duration, u64),
}

/// What the search keeps for liveness checking.
struct Liveness<'a> {
    spec: &'a LivenessSpec,
    layout: AtomLayout,
    graph: StateGraph,
}

impl<'a, T: TransitionSystem> Search<'a, T> {
    fn new(system: &'a T, options: &'a Options) -> Search<'a, T> {
        Search {
            system,
            options,
            watch: Watch::start(options),
            seen: if system.liveness().is_some_and(|spec| !spec.is_empty()) {
                FingerprintSet::with_indices(expected_states(options))
            } else {
                FingerprintSet::with_capacity(expected_states(options))
            },
            parents: ParentLinks::default(),
            frontier: Vec::new(),
            frontier_bytes: Vec::new(),
            frontier_start: 0,
            depth: 0,
            generated: 0,
            per_action: Vec::new(),
            initial: None,
            outdegree: [0; OUTDEGREE_BUCKETS],
            liveness: system
                .liveness()
                .filter(|spec| !spec.is_empty())
                .map(|spec| Liveness {
                    spec,
                    layout: AtomLayout::new(spec),
                    graph: StateGraph::new(),
                }),
            violations: Vec::new(),
            disk_seen: DiskSeen::default(),
            disk_queue: None,
            queue_tag: 0,
            last_checkpoint: (Duration::ZERO, 0),
        }
    }

    fn run(&mut self) -> Result<ReportOf<T>, Diagnostic> {
        match &self.options.checkpoint {
            Some(checkpoint) if checkpoint.resume => self.resume()?,
            _ => {
                if let Some(report) = self.initial_level()? {
                    return Ok(report);
                }
            }
        }
        while self.frontier_len() > 0 {
            if let Some(budget) = self.watch.exhausted() {
                let report = self.abandoned(budget);
                return Ok(self.with_violations(report));
            }
            let expansion = self.expand_level();
            if let Some(report) = self.finish_level(expansion)? {
                return Ok(report);
            }
            self.report_progress(0);
            self.level_done();
            self.maybe_checkpoint()?;
        }
        let stats = self.stats(self.generated, self.distinct(), 0, self.depth);
        let report = match &self.liveness {
            Some(liveness) => self.check_liveness(liveness, stats)?,
            None => Report {
                outcome: Outcome::Success,
                stats,
                trace: None,
                cycle: None,
                elapsed: self.watch.elapsed(),
                violations: Vec::new(),
            },
        };
        Ok(self.with_violations(report))
    }

    /// The pseudo-level of the initial states; a report if the run ends there.
    fn initial_level(&mut self) -> Result<Option<ReportOf<T>>, Diagnostic> {
        let claims = ClaimTable::new();
        let checked = claims_checked(self.options.max_states, self.options.max_depth, 0);
        // The initial states the budgets admit: generating more than that is wasted.
        let room = match self.options.max_depth {
            Some(0) => Some(0),
            _ => self.options.max_states,
        };
        let mut continued = Vec::new();
        // Packed as they are claimed, as the states of any level: a model with many initial
        // states (CoffeeCan's 500,500) held them whole, a few hundred bytes each.
        let mut arenas = Vec::new();
        let (generated, first_event) = expand_initial(
            self.system,
            (&claims, checked),
            (room, &self.watch),
            (self.options.continue_after_violations, &mut continued),
            &mut arenas,
        );
        let initial = Expansion {
            claims,
            generated: vec![generated],
            first_event,
            continued,
            action_generated: Vec::new(),
            aborted: None,
            parents: 1,
            is_initial: true,
            edges: Vec::new(),
            broken: None,
            claims_checked: checked,
            arenas,
            spilled: None,
        };
        let report = self.finish_level(initial)?;
        if report.is_none() {
            self.level_done();
            self.maybe_checkpoint()?;
        }
        Ok(report)
    }

    /// `report` with the violations recorded (`-continue`); a run that otherwise succeeded
    /// ends as its first violation, never as a success.
    fn with_violations(&mut self, mut report: ReportOf<T>) -> ReportOf<T> {
        report.violations = std::mem::take(&mut self.violations);
        if let (Outcome::Success, Some(first)) = (&report.outcome, report.violations.first()) {
            report.outcome = first.kind.outcome();
            report.trace = Some(first.trace.clone());
        }
        report
    }

    /// Hands the counts after a complete level to [`Options::after_level`].
    fn level_done(&self) {
        if let Some(after_level) = &self.options.after_level {
            let queue = self.frontier_len() as u64;
            after_level(&self.stats(self.generated, self.distinct(), queue, self.depth));
        }
    }

    /// Decides the temporal properties on the recorded graph after a complete search.
    fn check_liveness(
        &self,
        liveness: &Liveness<'_>,
        mut stats: Stats,
    ) -> Result<ReportOf<T>, Diagnostic> {
        let phase = Phase {
            system: self.system,
            spec: liveness.spec,
            layout: &liveness.layout,
            graph: &liveness.graph,
            seen: &self.seen,
            parents: &self.parents,
            watch: &self.watch,
        };
        let (outcome, trace, cycle) = phase.decide(&mut stats)?;
        Ok(Report {
            outcome,
            stats,
            trace,
            cycle,
            elapsed: self.watch.elapsed(),
            violations: Vec::new(),
        })
    }

    /// Phase 1: expands the frontier in parallel blocks, freeing its arenas as it goes
    /// ([`FrontierArenas`]; those of states with an event stay for their traces).
    fn expand_level(&mut self) -> Expansion<T::State, T::Error> {
        let arenas = std::mem::take(&mut self.frontier_bytes);
        let arenas = FrontierArenas::new(arenas, &self.frontier);
        let expansion = self.expand_frontier(&arenas);
        self.frontier_bytes = arenas.into_arenas();
        expansion
    }

    /// [`Search::expand_level`] over the frontier's `arenas`.
    fn expand_frontier(&self, arenas: &FrontierArenas) -> Expansion<T::State, T::Error> {
        let claims = ClaimTable::new();
        let arena_spill = self.spill().map(|spill| {
            ArenaSpill::new(
                spill.storage.clone(),
                self.depth,
                spill.queue_bytes_in_memory,
            )
        });
        let context = LevelContext {
            system: self.system,
            seen: &self.seen,
            claims: &claims,
            watch: &self.watch,
            check_deadlock: self.options.check_deadlock,
            continuing: self.options.continue_after_violations,
            check_claims: claims_checked(
                self.options.max_states,
                self.options.max_depth,
                self.depth,
            ),
            stop_at_new: !self.options.continue_after_violations
                && self.options.max_depth.is_some_and(|max| self.depth >= max),
            layout: self.liveness.as_ref().map(|l| &l.layout),
            first_stop: AtomicU64::new(OrderKey::MAX),
            aborted: AtomicBool::new(false),
            generated: AtomicU64::new(0),
            expanded: AtomicU64::new(0),
            arena_numbers: AtomicU32::new(0),
            arena_spill: arena_spill.as_ref(),
        };
        let mut broken = None;
        let results = match (&self.disk_queue, self.spill()) {
            (Some(queue), Some(spill)) => {
                let mut results = Vec::new();
                for segment in 0..queue.segments() {
                    let stopped = context.first_stop.load(Ordering::Relaxed) != OrderKey::MAX
                        || context.aborted.load(Ordering::Relaxed);
                    if stopped {
                        break;
                    }
                    match queue.load(&*spill.storage, segment) {
                        Ok((states, bytes)) => results.extend(self.expand_blocks(
                            &context,
                            (&states, &FrontierArenas::new(bytes, &states)),
                            segment * queue.segment_states,
                        )),
                        Err(problem) => {
                            broken = Some(problem);
                            break;
                        }
                    }
                }
                results
            }
            _ => self.expand_blocks(&context, (&self.frontier, arenas), 0),
        };
        let mut generated = vec![0u32; self.frontier_len()];
        let mut first_event = None;
        let mut continued = Vec::new();
        let mut action_generated: Vec<u64> = Vec::new();
        let mut edges = Vec::new();
        let mut arenas = Vec::with_capacity(results.len());
        for result in results {
            edges.extend(result.edges);
            broken = broken.or(result.broken);
            for (number, bytes) in result.arenas {
                let number = number as usize;
                if arenas.len() <= number {
                    arenas.resize_with(number + 1, Vec::new);
                }
                arenas[number] = bytes;
            }
            let start = result.start as usize;
            generated[start..start + result.generated.len()].copy_from_slice(&result.generated);
            if let Some(event) = result.first_event {
                keep_first(&mut first_event, event);
            }
            continued.extend(result.continued);
            add_counts(&mut action_generated, &result.action_generated);
        }
        let claims_checked = context.check_claims;
        let aborted = context
            .aborted
            .load(Ordering::Relaxed)
            .then(|| self.watch.exhausted().unwrap_or(Budget::MaxDuration));
        let spilled = match arena_spill.map(ArenaSpill::finish).transpose() {
            Ok(spilled) => spilled.flatten(),
            Err(problem) => {
                broken = broken.or(Some(problem));
                None
            }
        };
        Expansion {
            claims,
            generated,
            first_event,
            continued,
            action_generated,
            aborted,
            parents: self.frontier_len() as u32,
            is_initial: false,
            edges,
            broken,
            claims_checked,
            arenas,
            spilled,
        }
    }

    /// Expands `states` (packed ones in `bytes`), the first at frontier position `first`, in
    /// parallel blocks.
    fn expand_blocks(
        &self,
        context: &LevelContext<'_, T>,
        (states, bytes): (&[Stored<T::State>], &FrontierArenas),
        first: usize,
    ) -> Vec<crate::expand::BlockResult<T::State, T::Error>> {
        let block = self.options.block_size;
        states
            .par_chunks(block)
            .enumerate()
            .map(|(index, chunk)| {
                let start = (first + index * block) as u32;
                let result = context.expand_block(start, chunk, bytes);
                self.report_progress_during(context);
                result
            })
            .collect()
    }

    /// Phases 2 and 3: decides whether the run stops in this level, else commits it.
    fn finish_level(
        &mut self,
        expansion: Expansion<T::State, T::Error>,
    ) -> Result<Option<ReportOf<T>>, Diagnostic> {
        let Expansion {
            claims,
            generated,
            first_event,
            mut continued,
            action_generated,
            aborted,
            edges,
            broken,
            arenas,
            spilled,
            ..
        } = expansion;
        let arenas = LevelBytes { arenas, spilled };
        if let Some(broken) = broken {
            return Err(broken);
        }
        if let Some(budget) = aborted {
            let report = self.abandoned(budget);
            return Ok(Some(self.with_violations(report)));
        }
        let mut winners = claims.into_winners();
        self.drop_spilled(&mut winners)?;
        winners.par_sort_unstable_by_key(|(_, claim)| claim.key);
        let mut stop = first_event;
        self.cut_at_budget(&winners, &mut stop);
        let counted = counted_winners(&winners, stop.as_ref());
        let counted_winners = &mut winners[..counted];
        let failure = if self.options.continue_after_violations {
            self.continued_failures(
                counted_winners,
                (expansion.claims_checked, expansion.is_initial),
                &arenas,
                &mut continued,
            )?
        } else if expansion.claims_checked {
            self.first_failure(counted_winners, &arenas)?
        } else {
            self.check_new_states(counted_winners, expansion.is_initial, &arenas)?
        };
        if let Some(event) = failure {
            keep_first(&mut stop, event);
        }
        self.record_violations(continued, stop.as_ref(), expansion.is_initial)?;
        let level = LevelFacts {
            generated: &generated,
            parents: expansion.parents,
            is_initial: expansion.is_initial,
        };
        match stop {
            Some(event) => {
                let report = self.stopped(event, &winners, &level)?;
                Ok(Some(self.with_violations(report)))
            }
            None => {
                let spills = self.spill().is_some_and(|spill| {
                    self.seen.len() + winners.len() as u64 > spill.fingerprints_in_memory
                });
                if spills && self.liveness.is_some() {
                    return Ok(Some(self.abandoned(Budget::LivenessSpill)));
                }
                if self.options.observe_states {
                    for (_, claim) in &winners {
                        let state = arenas.state(&claim.state, self.system)?;
                        self.system.observe_state(&state);
                    }
                }
                self.commit(winners, &level, &action_generated, arenas)?;
                if let Some(liveness) = &mut self.liveness {
                    if level.is_initial {
                        liveness.graph.set_initial(self.parents.len());
                    } else {
                        liveness.graph.add_edges(edges, &self.seen);
                    }
                }
                Ok(None)
            }
        }
    }

    /// Adds a budget event at the first new state that `max_states` or `max_depth` forbids.
    fn cut_at_budget(&self, winners: &[WinnerOf<T>], stop: &mut Option<EventOf<T>>) {
        let distinct = self.distinct();
        let index_room = u64::from(ROOT - 1).saturating_sub(distinct);
        let (allowed, budget) = match (self.options.max_depth, self.options.max_states) {
            (Some(max_depth), _) if self.depth >= max_depth => (0, Budget::MaxDepth),
            (_, Some(max_states)) => (
                max_states.saturating_sub(distinct).min(index_room),
                Budget::MaxStates,
            ),
            (_, None) => (index_room, Budget::MaxStates),
        };
        let allowed = usize::try_from(allowed).unwrap_or(usize::MAX);
        if let Some((_, first_refused)) = winners.get(allowed) {
            keep_first(
                stop,
                Event {
                    key: first_refused.key,
                    check: Check::State,
                    generated_through: key_ordinal(first_refused.key) + 1,
                    kind: EventKind::Budget(budget),
                    successor: None,
                },
            );
        }
    }

    /// Checks the new states (sorted) now, in order (a level whose claims were not checked);
    /// the first failure.
    fn check_new_states(
        &self,
        winners: &[WinnerOf<T>],
        initial: bool,
        arenas: &LevelBytes,
    ) -> Result<Option<EventOf<T>>, Diagnostic> {
        for (_, claim) in winners {
            let state = arenas.state(&claim.state, self.system)?;
            let kind = if initial {
                check_initial(self.system, &state)
            } else {
                check_new(self.system, None, &state)
            };
            if let Some(kind) = kind {
                return Ok(Some(Event {
                    key: claim.key,
                    check: Check::State,
                    generated_through: key_ordinal(claim.key) + 1,
                    kind,
                    successor: Some((claim.action, state.into_owned())),
                }));
            }
        }
        Ok(None)
    }

    /// With `-continue`: the new states' (sorted) invariant violations go to `continued`; the
    /// first other failure (an error, an initial-state property) stops the run.
    fn continued_failures(
        &self,
        winners: &mut [WinnerOf<T>],
        (claims_checked, initial): (bool, bool),
        arenas: &LevelBytes,
        continued: &mut Vec<EventOf<T>>,
    ) -> Result<Option<EventOf<T>>, Diagnostic> {
        for (_, claim) in winners.iter_mut() {
            let kind = if claims_checked {
                claim.verdict.take().map(|kind| *kind)
            } else {
                let state = arenas.state(&claim.state, self.system)?;
                if initial {
                    check_initial(self.system, &state)
                } else {
                    check_new(self.system, None, &state)
                }
            };
            let Some(kind) = kind else { continue };
            let state = arenas.state(&claim.state, self.system)?.into_owned();
            let event = Event {
                key: claim.key,
                check: Check::State,
                generated_through: key_ordinal(claim.key) + 1,
                kind,
                successor: Some((claim.action, state)),
            };
            if !event.kind.is_continued() {
                return Ok(Some(event));
            }
            continued.push(event);
        }
        Ok(None)
    }

    /// Records this level's continued violations before `stop`, in sequential order, each
    /// with a shortest behaviour to it (the frontier is still the level's parents).
    fn record_violations(
        &mut self,
        mut continued: Vec<EventOf<T>>,
        stop: Option<&EventOf<T>>,
        is_initial: bool,
    ) -> Result<(), Diagnostic> {
        if let Some(stop) = stop {
            continued.retain(|event| event.order() < stop.order());
        }
        continued.sort_by_key(|event| event.order());
        for event in continued {
            let Some(kind) = event.kind.violation() else {
                continue;
            };
            let trace = self.trace_to(event.key, is_initial, event.successor)?;
            self.violations.push(Violation { kind, trace });
        }
        Ok(())
    }

    /// The first of the new states (sorted) whose checks failed when it was claimed.
    fn first_failure(
        &self,
        winners: &mut [WinnerOf<T>],
        arenas: &LevelBytes,
    ) -> Result<Option<EventOf<T>>, Diagnostic> {
        let Some((_, claim)) = winners
            .iter_mut()
            .find(|(_, claim)| claim.verdict.is_some())
        else {
            return Ok(None);
        };
        let Some(kind) = claim.verdict.take() else {
            return Ok(None);
        };
        let state = arenas.state(&claim.state, self.system)?.into_owned();
        Ok(Some(Event {
            key: claim.key,
            check: Check::State,
            generated_through: key_ordinal(claim.key) + 1,
            kind: *kind,
            successor: Some((claim.action, state)),
        }))
    }

    /// Phase 3: the level's new states join the seen set and become the frontier.
    fn commit(
        &mut self,
        winners: Vec<WinnerOf<T>>,
        level: &LevelFacts<'_>,
        actions: &[u64],
        mut bytes: LevelBytes,
    ) -> Result<(), Diagnostic> {
        self.generated += level.generated.iter().map(|&g| u64::from(g)).sum::<u64>();
        for (index, &count) in actions.iter().enumerate() {
            self.action_stats(index).generated += count;
        }
        if !level.is_initial {
            self.add_outdegrees(&winners, level.parents);
        }
        let is_initial = level.is_initial;
        let next_start = if is_initial {
            0
        } else {
            self.frontier_start + self.frontier_len() as u32
        };
        // The expanded level is not needed any more: free it before the seen set grows (its
        // old and new tables are both held while it does) and the next level is built.
        self.frontier = Vec::new();
        self.frontier_bytes = Vec::new();
        self.seen.reserve(winners.len());
        let first_index = self.parents.len();
        // A claim may hold an evaluation error, which need not be `Sync`: share fingerprints only.
        let fps: Vec<u64> = winners.iter().map(|(fp, _)| *fp).collect();
        // In chunks, each inserted in groups whose slots are read first (`insert_all_indexed`).
        fps.par_chunks(INSERT_CHUNK)
            .enumerate()
            .for_each(|(chunk, fps)| {
                let first = first_index + (chunk * INSERT_CHUNK) as u32;
                self.seen.insert_all_indexed(fps, first);
            });
        drop(fps);
        let mut links = Vec::with_capacity(winners.len());
        for (_, claim) in &winners {
            let parent = if is_initial {
                ROOT
            } else {
                self.frontier_start + key_parent(claim.key)
            };
            links.push(ParentLink {
                parent,
                ordinal: key_ordinal(claim.key),
            });
            if let Some(action) = claim.action {
                self.action_stats(action.0 as usize).distinct += 1;
            }
        }
        self.parents.push_level(links);
        if let (Some(queue), Some(spill)) = (self.disk_queue.take(), self.spill()) {
            queue.remove(&*spill.storage);
        }
        // A level whose arenas went to disk while it was found is queued on disk.
        let queue_spills = bytes.spilled.is_some()
            || self.spill().is_some_and(|spill| {
                level_spills(spill, winners.iter().map(|(_, claim)| &claim.state))
            });
        let mut winners = winners;
        if queue_spills {
            // A state the system did not pack is queued whole: pack it for the files.
            let mut whole = Arena {
                id: bytes.arenas.len() as u32,
                ..Arena::default()
            };
            for (_, claim) in &mut winners {
                claim.state.pack_whole(self.system, &mut whole);
            }
            bytes.arenas.push(whole.bytes);
        }
        let frontier_len = winners.len();
        if queue_spills && winners.iter().all(|(_, claim)| claim.state.is_packed()) {
            let frontier: Vec<Stored<T::State>> =
                winners.into_iter().map(|(_, claim)| claim.state).collect();
            self.spill_queue(&frontier, &bytes)?;
        } else {
            let (frontier, frontier_bytes) = queued(winners, bytes.into_memory()?, queue_spills);
            self.frontier = frontier;
            self.frontier_bytes = frontier_bytes;
        }
        self.frontier_start = next_start;
        if frontier_len > 0 {
            self.depth += 1;
        }
        if is_initial {
            self.initial = Some((self.generated, self.distinct()));
        }
        self.spill_seen()
    }

    /// The spill options, if the run spills.
    fn spill(&self) -> Option<&'a SpillOptions> {
        self.options.spill.as_ref()
    }

    /// Distinct states found: in memory and spilled.
    fn distinct(&self) -> u64 {
        self.seen.len() + self.disk_seen.count
    }

    /// States in the frontier, in memory or on disk.
    fn frontier_len(&self) -> usize {
        match &self.disk_queue {
            Some(queue) => queue.len,
            None => self.frontier.len(),
        }
    }

    /// Makes `frontier` (all packed, its bytes in `bytes`) the frontier, in segment files.
    fn spill_queue(
        &mut self,
        frontier: &[Stored<T::State>],
        bytes: &LevelBytes,
    ) -> Result<(), Diagnostic> {
        let Some(spill) = self.spill() else {
            return Ok(());
        };
        let block = self.options.block_size;
        let blocks = (segment_states(spill, frontier) / block).max(1);
        self.queue_tag += 1;
        let queue = DiskQueue::write(
            &*spill.storage,
            self.queue_tag,
            frontier,
            bytes,
            blocks * block,
        )?;
        self.frontier = Vec::new();
        self.frontier_bytes = Vec::new();
        self.disk_queue = Some(queue);
        Ok(())
    }

    /// Moves the in-memory fingerprints to the sorted file when there are too many.
    fn spill_seen(&mut self) -> Result<(), Diagnostic> {
        let Some(spill) = self.spill() else {
            return Ok(());
        };
        if self.seen.len() <= spill.fingerprints_in_memory || self.liveness.is_some() {
            return Ok(());
        }
        let keys = self.seen.sorted_keys();
        self.seen = FingerprintSet::with_capacity(0);
        self.disk_seen.absorb(&*spill.storage, &keys)
    }

    /// Drops the new states whose fingerprints are in the spilled file.
    fn drop_spilled(&self, winners: &mut Vec<WinnerOf<T>>) -> Result<(), Diagnostic> {
        let Some(spill) = self.spill() else {
            return Ok(());
        };
        if self.disk_seen.count == 0 || winners.is_empty() {
            return Ok(());
        }
        let mut keys: Vec<u64> = winners.iter().map(|(fp, _)| stored_key(*fp)).collect();
        keys.par_sort_unstable();
        let present = self.disk_seen.present(&*spill.storage, &keys)?;
        let known: Vec<u64> = keys
            .iter()
            .zip(present)
            .filter_map(|(&key, present)| present.then_some(key))
            .collect();
        if !known.is_empty() {
            winners.retain(|(fp, _)| known.binary_search(&stored_key(*fp)).is_err());
        }
        Ok(())
    }

    /// Whether `fp` is among the distinct states found.
    fn is_known(&self, fp: u64) -> bool {
        if self.seen.contains(fp) {
            return true;
        }
        match self.spill() {
            Some(spill) => self
                .disk_seen
                .present(&*spill.storage, &[stored_key(fp)])
                .is_ok_and(|present| present[0]),
            None => false,
        }
    }

    /// The frontier state at `position`, read back from its segment if it is on disk.
    fn frontier_state(&self, position: u32) -> Result<T::State, Diagnostic> {
        let position = position as usize;
        match (&self.disk_queue, self.spill()) {
            (Some(queue), Some(spill)) => {
                let segment = position / queue.segment_states;
                let (states, bytes) = queue.load(&*spill.storage, segment)?;
                let stored = &states[position % queue.segment_states];
                Ok(stored.state(self.system, &bytes)?.into_owned())
            }
            _ => Ok(self.frontier[position]
                .state(self.system, &self.frontier_bytes)?
                .into_owned()),
        }
    }

    /// Saves a checkpoint after a committed level if one is due (and the frontier is packed
    /// and the system can save its packing; else the next level tries again).
    fn maybe_checkpoint(&mut self) -> Result<(), Diagnostic> {
        let Some(options) = &self.options.checkpoint else {
            return Ok(());
        };
        let (elapsed, distinct) = (self.watch.elapsed(), self.distinct());
        let due = elapsed.saturating_sub(self.last_checkpoint.0) >= options.every
            || options
                .every_states
                .is_some_and(|every| distinct - self.last_checkpoint.1 >= every);
        // A frontier with a state kept whole (one the system could not pack) is not saved:
        // the first due level whose states are all packed is.
        let packed = self.disk_queue.is_some() || self.frontier.iter().all(Stored::is_packed);
        let mut packing = Vec::new();
        if !due || self.frontier_len() == 0 || !packed || !self.system.save_packing(&mut packing) {
            return Ok(());
        }
        let counters = Counters {
            depth: self.depth,
            frontier_start: self.frontier_start,
            generated: self.generated,
            initial: self.initial,
            outdegree: self.outdegree,
            per_action: self.per_action.clone(),
        };
        let memory_keys = self.seen.sorted_keys();
        let spill = self.spill();
        let disk_seen = &self.disk_seen;
        let mut each_key = |emit: &mut dyn FnMut(u64) -> std::io::Result<()>| {
            let mut pending = memory_keys.iter().copied().peekable();
            if let Some(spill) = spill {
                disk_seen.for_each(&*spill.storage, |key| {
                    while let Some(next) = pending.next_if(|&next| next < key) {
                        emit(next)?;
                    }
                    emit(key)
                })?;
            }
            pending.try_for_each(&mut *emit)
        };
        let mut links = self.parents.iter();
        let mut each_state =
            |emit: &mut dyn FnMut(&[u8]) -> std::io::Result<()>| -> Result<(), Diagnostic> {
                self.each_frontier_bytes(emit)
            };
        checkpoint::save(
            &*options.storage,
            checkpoint::Saved {
                model: options.model,
                counters: &counters,
                keys: distinct,
                each_key: &mut each_key,
                links: &mut links,
                link_count: self.parents.len(),
                packing: &packing,
                frontier_len: self.frontier_len() as u32,
                each_state: &mut each_state,
            },
        )?;
        self.last_checkpoint = (elapsed, distinct);
        Ok(())
    }

    /// Calls `emit` with the packed bytes of each frontier state, in order.
    fn each_frontier_bytes(
        &self,
        emit: &mut dyn FnMut(&[u8]) -> std::io::Result<()>,
    ) -> Result<(), Diagnostic> {
        let mut emit_all =
            |states: &[Stored<T::State>], bytes: &[Vec<u8>], storage: &dyn Storage| {
                states.iter().try_for_each(|state| {
                    emit(state.packed_bytes(bytes).unwrap_or_default())
                        .map_err(|e| storage_failed(storage, &e))
                })
            };
        match (&self.disk_queue, self.spill(), &self.options.checkpoint) {
            (Some(queue), Some(spill), _) => {
                for segment in 0..queue.segments() {
                    let (states, bytes) = queue.load(&*spill.storage, segment)?;
                    emit_all(&states, &bytes, &*spill.storage)?;
                }
                Ok(())
            }
            (_, _, Some(checkpoint)) => {
                emit_all(&self.frontier, &self.frontier_bytes, &*checkpoint.storage)
            }
            _ => Ok(()),
        }
    }

    /// Starts from the checkpoint instead of the initial states.
    fn resume(&mut self) -> Result<(), Diagnostic> {
        let Some(options) = &self.options.checkpoint else {
            return Ok(());
        };
        let storage = &*options.storage;
        let restored: Restored<T::State> = checkpoint::load(storage, options.model)?;
        let consistent = restored.keys.len() == restored.links.len()
            && restored.counters.frontier_start as usize + restored.frontier.len()
                == restored.links.len()
            && restored.keys.windows(2).all(|pair| pair[0] < pair[1]);
        if !consistent {
            return Err(checkpoint_unusable(storage, "its parts do not agree"));
        }
        if !self.system.restore_packing(&restored.packing) {
            return Err(checkpoint_unusable(
                storage,
                "the model cannot rebuild the states it holds",
            ));
        }
        let Counters {
            depth,
            frontier_start,
            generated,
            initial,
            outdegree,
            per_action,
        } = restored.counters;
        (self.depth, self.frontier_start, self.generated) = (depth, frontier_start, generated);
        (self.initial, self.outdegree, self.per_action) = (initial, outdegree, per_action);
        let in_memory = self
            .spill()
            .map_or(u64::MAX, |spill| spill.fingerprints_in_memory);
        match self.spill() {
            Some(spill) if restored.keys.len() as u64 > in_memory => {
                self.disk_seen.absorb(&*spill.storage, &restored.keys)?;
            }
            _ => {
                self.seen.reserve(restored.keys.len());
                restored.keys.par_iter().for_each(|&key| {
                    self.seen.insert(key);
                });
            }
        }
        self.parents.push_level(restored.links);
        self.frontier = restored.frontier;
        self.frontier_bytes = vec![restored.frontier_bytes];
        let queue_spills = self
            .spill()
            .is_some_and(|spill| level_spills(spill, self.frontier.iter()));
        if queue_spills {
            let frontier = std::mem::take(&mut self.frontier);
            let bytes = LevelBytes::in_memory(std::mem::take(&mut self.frontier_bytes));
            self.spill_queue(&frontier, &bytes)?;
        }
        self.last_checkpoint = (Duration::ZERO, self.distinct());
        Ok(())
    }

    /// Removes the spill files (the checkpoint stays).
    fn remove_spilled(&mut self) {
        if let Some(spill) = self.spill() {
            self.disk_seen.remove(&*spill.storage);
            if let Some(queue) = self.disk_queue.take() {
                queue.remove(&*spill.storage);
            }
        }
    }

    /// Counts, for each parent of a committed level, the new states it found first.
    fn add_outdegrees(&mut self, winners: &[WinnerOf<T>], parents: u32) {
        let mut parents_with_new = 0u64;
        for group in winners.chunk_by(|(_, a), (_, b)| key_parent(a.key) == key_parent(b.key)) {
            self.outdegree[group.len().min(OUTDEGREE_BUCKETS - 1)] += 1;
            parents_with_new += 1;
        }
        self.outdegree[0] += u64::from(parents) - parents_with_new;
    }

    /// The report of a run stopped by `event`, with the counts a sequential search would have.
    fn stopped(
        &self,
        event: EventOf<T>,
        winners: &[WinnerOf<T>],
        level: &LevelFacts<'_>,
    ) -> Result<ReportOf<T>, Diagnostic> {
        let counted = counted_winners(winners, Some(&event)) as u64;
        let parent = key_parent(event.key);
        let generated_before: u64 = level.generated[..parent as usize]
            .iter()
            .map(|&g| u64::from(g))
            .sum();
        let generated = self.generated + generated_before + u64::from(event.generated_through);
        let enqueued = if level.is_initial {
            counted
        } else {
            winners.partition_point(|(_, claim)| claim.key < event.key) as u64
        };
        let queue = u64::from(level.parents - parent - 1) + enqueued;
        let depth = if counted > 0 {
            self.depth + 1
        } else {
            self.depth
        };
        let stats = self.stats(generated, self.distinct() + counted, queue, depth);
        let trace = match event.kind {
            EventKind::Budget(_) => None,
            _ => Some(self.trace_to(event.key, level.is_initial, event.successor)?),
        };
        let outcome = event.kind.into_outcome();
        Ok(Report {
            outcome,
            stats,
            trace,
            cycle: None,
            elapsed: self.watch.elapsed(),
            violations: Vec::new(),
        })
    }

    /// The behaviour to the frontier state that is the parent in `key` (none for the initial
    /// pseudo-level), then `successor` if the event concerns one: the successor at `key`'s
    /// ordinal, whose fingerprint ends the replay's check (the parent's bytes may have been
    /// freed; they are kept for an event without a successor).
    fn trace_to(
        &self,
        key: OrderKey,
        is_initial: bool,
        successor: Option<(Option<crate::ActionId>, T::State)>,
    ) -> Result<Vec<TraceStep<T::State>>, Diagnostic> {
        let mut trace = if is_initial {
            Vec::new()
        } else {
            let parent = key_parent(key);
            let target = match &successor {
                Some((_, state)) => ReplayEnd::Successor {
                    ordinal: key_ordinal(key),
                    fingerprint: self.system.fingerprint(state),
                },
                None => ReplayEnd::State(self.frontier_state(parent)?),
            };
            let index = self.frontier_start + parent;
            let known = |fp: u64| self.is_known(fp);
            replay(self.system, &known, &self.parents, index, target)?
        };
        if let Some((action, state)) = successor {
            trace.push(TraceStep { action, state });
        }
        Ok(trace)
    }

    /// The report of a run cut short by time or cancellation: counts of completed levels.
    fn abandoned(&self, budget: Budget) -> ReportOf<T> {
        let stats = self.stats(
            self.generated,
            self.distinct(),
            self.frontier_len() as u64,
            self.depth,
        );
        Report {
            outcome: Outcome::Incomplete { budget },
            stats,
            trace: None,
            cycle: None,
            elapsed: self.watch.elapsed(),
            violations: Vec::new(),
        }
    }

    fn stats(&self, generated: u64, distinct: u64, queue: u64, depth: u32) -> Stats {
        Stats {
            states_generated: generated,
            distinct_states: distinct,
            states_left_on_queue: queue,
            depth: if generated == 0 { 0 } else { depth },
            initial_states_generated: self.initial.map_or(generated, |(generated, _)| generated),
            initial_distinct_states: self.initial.map_or(distinct, |(_, distinct)| distinct),
            per_action: self.per_action.clone(),
            outdegree: self.outdegree,
            liveness: None,
        }
    }

    fn action_stats(&mut self, index: usize) -> &mut ActionStats {
        if self.per_action.len() <= index {
            self.per_action.resize(index + 1, ActionStats::default());
        }
        &mut self.per_action[index]
    }

    /// Progress between levels (`expanded` frontier states already done).
    fn report_progress(&self, expanded: u64) {
        self.watch.maybe_report(|elapsed| Progress {
            depth: self.depth,
            states_generated: self.generated,
            distinct_states: self.distinct(),
            states_on_queue: (self.frontier_len() as u64).saturating_sub(expanded),
            elapsed,
        });
    }

    /// Progress while a level is expanded.
    fn report_progress_during(&self, context: &LevelContext<'_, T>) {
        self.watch.maybe_report(|elapsed| Progress {
            depth: self.depth,
            states_generated: self.generated + context.generated.load(Ordering::Relaxed),
            distinct_states: self.distinct(),
            states_on_queue: (self.frontier_len() as u64)
                .saturating_sub(context.expanded.load(Ordering::Relaxed)),
            elapsed,
        });
    }
}

/// Facts about the level a run stopped in.
struct LevelFacts<'a> {
    generated: &'a [u32],
    parents: u32,
    is_initial: bool,
}

/// How many (sorted) winners count as distinct states when the run stops at `stop`.
fn counted_winners<S, E>(winners: &[Winner<S, E>], stop: Option<&Event<S, E>>) -> usize {
    match stop {
        None => winners.len(),
        Some(event) if event.kind.counts_own_state() => {
            winners.partition_point(|(_, claim)| claim.key <= event.key)
        }
        Some(event) => winners.partition_point(|(_, claim)| claim.key < event.key),
    }
}

/// How many fingerprints to make room for at the start.
/// The next frontier from a level's sorted winners, with the arenas its packed bytes live in.
///
/// The blocks' arenas are kept as they are (each trimmed to its length if its slack is large):
/// copying every state's bytes into one arena in queue order held the level's bytes twice
/// at the peak of each level. They are copied only when a good part of them belongs to
/// candidates that lost their fingerprint to an earlier one (several workers) or to a state
/// spilled to disk, and never when the frontier goes to segment files (`spilling`): writing
/// them is the copy (copied first, the level's bytes were held twice: MCNanoMedium with
/// `--spill-after 10000` peaked 220 MB, higher than without spilling).
/// Bytes a queued state takes in memory: its packed bytes and its entry (a whole state's
/// own size is not known here; it is packed before it goes to disk).
fn queued_bytes<S: Clone>(state: &Stored<S>) -> u64 {
    (state.packed_len() + std::mem::size_of::<Stored<S>>()) as u64
}

/// Whether a level of `states` waits on disk: it has more states, or takes more bytes, than
/// `spill` keeps in memory.
fn level_spills<'s, S: Clone + 's>(
    spill: &SpillOptions,
    states: impl ExactSizeIterator<Item = &'s Stored<S>>,
) -> bool {
    if states.len() as u64 > spill.queue_in_memory {
        return true;
    }
    let mut bytes = 0u64;
    for state in states {
        bytes += queued_bytes(state);
        if bytes > spill.queue_bytes_in_memory {
            return true;
        }
    }
    false
}

/// A segment of a level spilled past its bytes holds at most this share of them: a segment is
/// read whole and freed only once its last state is expanded (an in-memory frontier frees
/// each arena of 32 KiB as it goes), so one segment of the whole budget raised the peak
/// (MCNanoMedium with `--max-memory 200M`: 110 -> 162 MB).
const SEGMENTS_PER_BUDGET: u64 = 16;

/// States per segment of a spilled level: at most `spill`'s states, and about a
/// [`SEGMENTS_PER_BUDGET`]th of its bytes at the level's mean size a state (at least one).
fn segment_states<S: Clone>(spill: &SpillOptions, states: &[Stored<S>]) -> usize {
    let bytes: u64 = states.iter().map(queued_bytes).sum();
    let mean = (bytes / states.len().max(1) as u64).max(1);
    let by_bytes = spill.queue_bytes_in_memory / SEGMENTS_PER_BUDGET / mean;
    usize::try_from(spill.queue_in_memory.min(by_bytes).max(1)).unwrap_or(usize::MAX)
}

fn queued<S, E>(
    winners: Vec<Winner<S, E>>,
    mut arenas: Vec<Vec<u8>>,
    spilling: bool,
) -> (Vec<Stored<S>>, Vec<Vec<u8>>)
where
    S: Clone,
{
    // A new vector (not the winners' reused in place: its elements are twice as large).
    let mut frontier = Vec::with_capacity(winners.len());
    if spilling {
        frontier.extend(winners.into_iter().map(|(_, claim)| claim.state));
        return (frontier, arenas);
    }
    let packed: usize = winners
        .iter()
        .map(|(_, claim)| claim.state.packed_len())
        .sum();
    let held: usize = arenas.iter().map(Vec::len).sum();
    if packed >= held - held / 8 {
        frontier.extend(winners.into_iter().map(|(_, claim)| claim.state));
        for arena in &mut arenas {
            if arena.capacity() - arena.len() > arena.len() / 8 {
                // A new exact allocation: shrinking in place leaves the allocator the slack.
                *arena = arena.as_slice().to_vec();
            }
        }
        return (frontier, arenas);
    }
    let mut bytes = Vec::with_capacity(packed);
    frontier.extend(
        winners
            .into_iter()
            .map(|(_, claim)| claim.state.moved(&arenas, &mut bytes)),
    );
    (frontier, vec![bytes])
}

fn expected_states(options: &Options) -> usize {
    let expected = options.expected_states.unwrap_or(1 << 16);
    usize::try_from(expected).unwrap_or(usize::MAX).min(1 << 34)
}

/// Adds per-action counts.
fn add_counts(total: &mut Vec<u64>, more: &[u64]) {
    if total.len() < more.len() {
        total.resize(more.len(), 0);
    }
    for (sum, count) in total.iter_mut().zip(more) {
        *sum += count;
    }
}
