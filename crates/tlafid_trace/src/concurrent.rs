//! Multi-process logs: one log per process, each event with a vector clock, or with its
//! number in its process (`seq`) and the messages it sends and receives (a receive happens
//! after its send). The trace is admitted when *some* linearization consistent with that
//! order is a behaviour of the model.
//!
//! The search never enumerates interleavings. It first looks for one admitting order depth
//! first over (cut, state) pairs, each explored once, at most `--max-candidates` of them (a
//! cut: how many events of each process are consumed, a frontier; skipped under
//! `--search bfs`, [`crate::Search::BreadthFirst`]). When there is none, or
//! that budget runs out, a breadth-first search over cuts decides, so a rejection's evidence
//! and a budget's verdict are its own: one event a level, it keeps per frontier the model
//! states consistent with some linearization of the events before it, deduplicated by
//! fingerprint. Two orders of independent events that reach the same frontier and the same
//! state merge there. The candidates of a level are bounded by `--max-candidates` (beyond
//! it: no verdict). Processes are sorted by name before anything is searched, so the
//! verdict and its evidence do not depend on the order of the files.
//!
//! Both searches expand states through one [`Expansions`]: a state's successors under an
//! event depend on nothing else (not on the cut), so they are evaluated once per trace. The
//! search over cuts after a depth-first pass that found no order evaluates only what the
//! pass did not reach (nothing, when the pass exhausted its pairs), and a state met at
//! several cuts before the same event is expanded once.

use std::collections::{hash_map, BTreeMap, BTreeSet, HashMap, HashSet};

use tlafid_base::{Diagnostic, Span};
use tlafid_eval::{EvalError, State};

use crate::codes;
use crate::engine::{fingerprints, Fingerprints, Stepper};
use crate::parse::{Observation, ParsedTrace, Step};
use crate::validate::Validator;
use crate::verdict::{Location, MissedCodeBehavior, TraceReport, Verdict};

/// One event of a process.
#[derive(Clone, Debug)]
pub struct Event {
    /// The step it is (its origin says where it was logged).
    pub step: Step,
    /// Its number in its process (the clock's own entry).
    pub own: u64,
    /// Per other process (by index), how many of its events happened before this one.
    pub after: Vec<(usize, u64)>,
    /// Its file's name.
    pub file: String,
}

/// The log of one process.
#[derive(Clone, Debug)]
pub struct ProcessLog {
    /// Its events, in its order.
    pub events: Vec<Event>,
}

/// A multi-process trace, ready to search.
#[derive(Clone, Debug)]
pub struct ConcurrentTrace {
    /// What the initial state must show (the `init` lines of every file, merged).
    pub init: Option<Observation>,
    /// The processes, sorted by name (the name is the key of their clocks).
    pub processes: Vec<ProcessLog>,
}

/// A cut: per process, how many of its events are consumed.
type Frontier = Vec<u32>;

impl ConcurrentTrace {
    /// Builds the trace from its files' parsed contents (`(file name, span of the file,
    /// trace)`); every step must carry a process and a clock.
    pub fn assemble(parts: Vec<(String, Span, ParsedTrace)>) -> Result<Self, Vec<Diagnostic>> {
        let mut problems = Vec::new();
        let mut init: Option<Observation> = None;
        let mut by_process: BTreeMap<String, Vec<Event>> = BTreeMap::new();
        let mut clocks: Vec<Vec<(String, u64)>> = Vec::new();
        for (file, span, trace) in parts {
            if let Some(observed) = trace.init {
                match &mut init {
                    None => init = Some(observed),
                    Some(merged) => {
                        if let Err(message) = merge_init(merged, observed) {
                            problems.push(Diagnostic::error(codes::BAD_SHAPE, message, span));
                        }
                    }
                }
            }
            for step in trace.steps {
                let Some(origin) = step.origin.clone() else {
                    problems.push(Diagnostic::error(
                        codes::BAD_SHAPE,
                        format!("{file}: line {}: an event of a multi-process log needs process and clock", step.line.unwrap_or(0)),
                        span,
                    ));
                    continue;
                };
                let own = origin
                    .clock
                    .iter()
                    .find(|(p, _)| *p == origin.process)
                    .map_or(0, |(_, n)| *n);
                clocks.push(origin.clock.clone());
                by_process.entry(origin.process).or_default().push(Event {
                    step,
                    own,
                    after: Vec::new(),
                    file: file.clone(),
                });
            }
        }
        let names: Vec<String> = by_process.keys().cloned().collect();
        let senders = senders(&by_process, &mut problems);
        let mut processes = Vec::new();
        for (name, mut events) in by_process {
            events.sort_by_key(|e| e.own);
            if let Some(pair) = events.windows(2).find(|w| w[0].own == w[1].own) {
                problems.push(Diagnostic::error_nowhere(
                    codes::BAD_SHAPE,
                    format!(
                        "{}: line {}: process {name} has two events numbered {} (the other: {} line {})",
                        pair[1].file, pair[1].step.line.unwrap_or(0), pair[1].own, pair[0].file, pair[0].step.line.unwrap_or(0)
                    ),
                ));
            }
            for event in &mut events {
                let origin = event.step.origin.as_ref().expect("checked above");
                event.after = origin
                    .clock
                    .iter()
                    .filter(|(p, _)| *p != name)
                    .filter_map(|(p, n)| names.binary_search(p).ok().map(|i| (i, *n)))
                    .collect();
                event.after.extend(received_after(
                    &senders,
                    &name,
                    &names,
                    event,
                    &mut problems,
                ));
            }
            for (number, event) in events.iter_mut().enumerate() {
                event.step.number = number + 1;
            }
            processes.push(ProcessLog { events });
        }
        if processes.is_empty() && problems.is_empty() {
            problems.push(Diagnostic::error_nowhere(
                codes::EMPTY_TRACE,
                "the multi-process trace has no events",
            ));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let trace = ConcurrentTrace { init, processes };
        match trace.order_cycle() {
            Some((p, index)) => {
                let event = &trace.processes[p].events[index];
                Err(vec![Diagnostic::error_nowhere(
                    codes::BAD_SHAPE,
                    format!(
                        "{} line {}: the events' order has a cycle: this event waits (by its clock or the messages it receives) for events that wait for it",
                        event.file,
                        event.step.line.unwrap_or(0)
                    ),
                )])
            }
            None => Ok(trace),
        }
    }

    /// The first event (process, index) that no order can reach because the clocks or
    /// messages contradict each other, if any: what remains when every event the order
    /// alone lets happen has happened.
    fn order_cycle(&self) -> Option<(usize, usize)> {
        let mut frontier: Frontier = vec![0; self.processes.len()];
        loop {
            let mut progressed = false;
            for p in 0..self.processes.len() {
                while self.enabled(&frontier, p).is_some() {
                    frontier[p] += 1;
                    progressed = true;
                }
            }
            if !progressed {
                break;
            }
        }
        (0..self.processes.len())
            .find(|&p| (frontier[p] as usize) < self.processes[p].events.len())
            .map(|p| (p, frontier[p] as usize))
    }

    /// The identities (`self`) of the processes whose events give one, without duplicates.
    fn actors(&self) -> Vec<tlafid_value::Value> {
        let mut actors: Vec<tlafid_value::Value> = Vec::new();
        for process in &self.processes {
            for event in &process.events {
                if let Some(actor) = &event.step.actor {
                    if !actors.contains(actor) {
                        actors.push(actor.clone());
                    }
                }
            }
        }
        actors
    }

    /// Events in all.
    pub fn len(&self) -> usize {
        self.processes.iter().map(|p| p.events.len()).sum()
    }

    /// The next event of process `p` at `frontier`, if the clocks let it happen there.
    fn enabled(&self, frontier: &Frontier, p: usize) -> Option<&Event> {
        let event = self.processes[p].events.get(frontier[p] as usize)?;
        let ready = event.after.iter().all(|&(q, count)| {
            match self.processes[q].events.get(frontier[q] as usize) {
                Some(next) => next.own > count,
                None => true,
            }
        });
        ready.then_some(event)
    }

    fn location(&self, p: usize, index: usize) -> Location {
        let event = &self.processes[p].events[index];
        Location {
            file: Some(event.file.clone()),
            line: event.step.line,
            step: index + 1,
        }
    }
}

/// Where each message (by id) is sent: its process and the event's number there. A message
/// sent twice is an error.
fn senders(
    by_process: &BTreeMap<String, Vec<Event>>,
    problems: &mut Vec<Diagnostic>,
) -> BTreeMap<String, (String, u64, String)> {
    let mut senders: BTreeMap<String, (String, u64, String)> = BTreeMap::new();
    for (process, events) in by_process {
        let mut in_order: Vec<&Event> = events.iter().collect();
        in_order.sort_by_key(|e| e.own);
        for event in in_order {
            let origin = event.step.origin.as_ref().expect("checked by assemble");
            for id in &origin.sends {
                let at = format!("{} line {}", event.file, event.step.line.unwrap_or(0));
                if let Some((_, _, first)) = senders.get(id) {
                    problems.push(Diagnostic::error_nowhere(
                        codes::BAD_SHAPE,
                        format!("{at}: message {id} is sent twice (first at {first})"),
                    ));
                    continue;
                }
                senders.insert(id.clone(), (process.clone(), event.own, at));
            }
        }
    }
    senders
}

/// What `event` of `process` must wait for because of the messages it receives: per
/// sending process (by index), the sending event's number. A message no event sends, or
/// one its own process sends later, is an error.
fn received_after(
    senders: &BTreeMap<String, (String, u64, String)>,
    process: &str,
    names: &[String],
    event: &Event,
    problems: &mut Vec<Diagnostic>,
) -> Vec<(usize, u64)> {
    let origin = event.step.origin.as_ref().expect("checked by assemble");
    let at = || format!("{} line {}", event.file, event.step.line.unwrap_or(0));
    let mut after = Vec::new();
    for id in &origin.receives {
        match senders.get(id) {
            None => problems.push(Diagnostic::error_nowhere(
                codes::BAD_SHAPE,
                format!("{}: message {id} is received but no event sends it", at()),
            )),
            Some((sender, own, _)) if sender == process => {
                if *own >= event.own {
                    problems.push(Diagnostic::error_nowhere(
                        codes::BAD_SHAPE,
                        format!(
                            "{}: message {id} is received before its own process sends it",
                            at()
                        ),
                    ));
                }
            }
            Some((sender, own, _)) => {
                if let Ok(index) = names.binary_search(sender) {
                    after.push((index, *own));
                }
            }
        }
    }
    after
}

/// Adds `more` to `merged`; two `init` lines that give an observable different values
/// contradict each other.
fn merge_init(merged: &mut Observation, more: Observation) -> Result<(), String> {
    for (index, value) in more {
        match merged.iter().find(|(i, _)| *i == index) {
            Some((_, v)) if *v != value => {
                return Err("two init lines give an observable different values".into())
            }
            Some(_) => {}
            None => merged.push((index, value)),
        }
    }
    merged.sort_by_key(|(i, _)| *i);
    Ok(())
}

/// The successors of single states under single events, as [`Stepper::advance`] gives them,
/// kept for the whole search of one trace: the depth-first pass and the search over cuts
/// after it share them, so neither evaluates a state's step twice. Keyed by the event (its
/// process and its index there) and the state (fingerprint and TLC level, which the
/// fingerprint leaves out and successors inherit).
#[derive(Default)]
struct Expansions {
    known: HashMap<(usize, u32, u64, u32), Vec<State>, ahash::RandomState>,
}

impl Expansions {
    /// What `stepper.advance(candidates, step, true, max_states)` gives for event `index` of
    /// process `p` (`step`): every candidate's successors, in order, without duplicates, and
    /// over budget once more than `max_states` are held after a candidate. Advancing a set is
    /// advancing each of its states in turn, so a state's own successors are all that is kept.
    fn advance(
        &mut self,
        stepper: &mut Stepper<'_, '_, '_>,
        candidates: &[State],
        (p, index, step): (usize, u32, &Step),
        max_states: usize,
    ) -> Result<(Vec<State>, bool), EvalError> {
        let mut seen: Fingerprints = fingerprints();
        let mut states = Vec::new();
        for candidate in candidates {
            let key = (p, index, candidate.fingerprint(), candidate.level_number());
            let successors = match self.known.entry(key) {
                hash_map::Entry::Occupied(known) => known.into_mut(),
                hash_map::Entry::Vacant(unknown) => {
                    let single = std::slice::from_ref(candidate);
                    unknown.insert(stepper.advance(single, step, true, usize::MAX)?.states)
                }
            };
            for state in successors.iter() {
                if seen.insert(state.fingerprint()) {
                    states.push(state.clone());
                }
            }
            if states.len() > max_states {
                return Ok((states, true));
            }
        }
        Ok((states, false))
    }
}

/// The furthest level: its frontiers with their states, and the events blocked there.
struct Stuck {
    level: BTreeMap<Frontier, Vec<State>>,
    blocked: BTreeSet<(usize, usize)>,
    consumed: usize,
}

impl<'e, 'p> Validator<'e, 'p> {
    /// Searches the linearizations of `trace` (see the module documentation).
    pub(crate) fn concurrent(
        &self,
        trace: &ConcurrentTrace,
        report: &mut TraceReport,
    ) -> Result<(), EvalError> {
        let mut stepper = self.stepper();
        if self.options.self_binding {
            stepper.self_binding = Some(trace.actors());
        }
        let (initial, over_budget) =
            stepper.initial_within(trace.init.as_ref(), self.options.max_states)?;
        if initial.is_empty() {
            return self.initial_miss(&mut stepper, trace.init.as_ref(), None, report);
        }
        if over_budget {
            report.verdict = Verdict::OutOfBudget {
                location: Location {
                    file: None,
                    line: None,
                    step: 0,
                },
                candidates: initial.len(),
            };
            return Ok(());
        }
        let mut expansions = Expansions::default();
        if self.options.search == crate::Search::DepthFirst
            && self.depth_first(&mut stepper, &mut expansions, trace, &initial)?
        {
            Self::count_all(trace, report);
            report.verdict = Verdict::Admitted;
            return Ok(());
        }
        let zero: Frontier = vec![0; trace.processes.len()];
        let mut level = BTreeMap::from([(zero, initial)]);
        for consumed in 0..trace.len() {
            let mut next: BTreeMap<Frontier, (Vec<State>, Fingerprints)> = BTreeMap::new();
            let mut blocked = BTreeSet::new();
            for (frontier, states) in &level {
                let states = match self.close_silently(&mut stepper, states.clone())? {
                    Some(states) => states,
                    None => return self.out_of_budget(report, consumed, states.len()),
                };
                for p in 0..trace.processes.len() {
                    let Some(event) = trace.enabled(frontier, p) else {
                        continue;
                    };
                    let (advanced, over_budget) = expansions.advance(
                        &mut stepper,
                        &states,
                        (p, frontier[p], &event.step),
                        self.options.max_states,
                    )?;
                    if over_budget {
                        return self.out_of_budget(report, consumed, advanced.len());
                    }
                    if advanced.is_empty() {
                        blocked.insert((p, frontier[p] as usize));
                        continue;
                    }
                    let mut after = frontier.clone();
                    after[p] += 1;
                    let (kept, seen) = next
                        .entry(after)
                        .or_insert_with(|| (Vec::new(), fingerprints()));
                    for state in advanced {
                        if seen.insert(state.fingerprint()) {
                            kept.push(state);
                        }
                    }
                }
            }
            if next.is_empty() {
                let stuck = Stuck {
                    level,
                    blocked,
                    consumed,
                };
                return self.stuck(&mut stepper, trace, stuck, report);
            }
            let held: usize = next.values().map(|(states, _)| states.len()).sum();
            if held > self.options.max_states {
                return self.out_of_budget(report, consumed + 1, held);
            }
            level = next
                .into_iter()
                .map(|(f, (states, _))| (f, states))
                .collect();
        }
        Self::count_all(trace, report);
        report.verdict = Verdict::Admitted;
        Ok(())
    }

    /// Every event's step counted, as an admitted trace's are.
    fn count_all(trace: &ConcurrentTrace, report: &mut TraceReport) {
        for process in &trace.processes {
            for event in &process.events {
                Stepper::count_action(&mut report.action_counts, &event.step, &[]);
            }
        }
    }

    /// Looks for one admitting order depth first: from a (frontier, state) pair, the next
    /// event of each process the clocks let happen, processes in name order, successors in
    /// the stepper's order, the first of them explored first; a pair is explored once.
    /// `true` when every event is consumed. `false` says nothing (the pairs are exhausted,
    /// or more than `--max-candidates` of them were visited): the breadth-first search then
    /// decides, so a rejection's evidence and a budget's verdict are its own. The pairs
    /// reachable are those of the breadth-first search (the union of the silent closures
    /// and successors of single states is those of their set), so an order is found here
    /// exactly when one is there, budgets aside.
    fn depth_first(
        &self,
        stepper: &mut Stepper<'_, 'e, 'p>,
        expansions: &mut Expansions,
        trace: &ConcurrentTrace,
        initial: &[State],
    ) -> Result<bool, EvalError> {
        let max_states = self.options.max_states;
        let full: Frontier = trace
            .processes
            .iter()
            .map(|p| p.events.len() as u32)
            .collect();
        let mut visited: HashSet<(Frontier, u64), ahash::RandomState> =
            HashSet::with_hasher(ahash::RandomState::with_seeds(21, 22, 23, 24));
        let mut stack: Vec<(Frontier, State)> = Vec::new();
        let zero: Frontier = vec![0; trace.processes.len()];
        for state in initial.iter().rev() {
            if visited.insert((zero.clone(), state.fingerprint())) {
                stack.push((zero.clone(), state.clone()));
            }
        }
        while let Some((frontier, state)) = stack.pop() {
            if frontier == full {
                return Ok(true);
            }
            // A step too short to poll the stop signal itself is one of many here.
            if let Some(reason) = stepper.evaluator.interrupt().check() {
                return Err(tlafid_eval::interrupted(reason, Span::default()));
            }
            let Some(closed) = self.close_silently(stepper, vec![state])? else {
                return Ok(false);
            };
            let mut children = Vec::new();
            for p in 0..trace.processes.len() {
                let Some(event) = trace.enabled(&frontier, p) else {
                    continue;
                };
                let (advanced, over_budget) = expansions.advance(
                    stepper,
                    &closed,
                    (p, frontier[p], &event.step),
                    max_states,
                )?;
                if over_budget {
                    return Ok(false);
                }
                let mut after = frontier.clone();
                after[p] += 1;
                children.extend(advanced.into_iter().map(|s| (after.clone(), s)));
            }
            for (after, state) in children.into_iter().rev() {
                if visited.insert((after.clone(), state.fingerprint())) {
                    stack.push((after, state));
                }
            }
            if visited.len() > max_states {
                return Ok(false);
            }
        }
        Ok(false)
    }

    /// The states closed under the silent actions (when configured); `None` when the
    /// closure outgrew the budget.
    fn close_silently(
        &self,
        stepper: &mut Stepper<'_, 'e, 'p>,
        states: Vec<State>,
    ) -> Result<Option<Vec<State>>, EvalError> {
        if self.options.silent.is_empty() || self.options.max_silent == 0 {
            return Ok(Some(states));
        }
        let (closed, over_budget) = stepper.close_silent(
            states,
            &self.options.silent,
            self.options.max_silent,
            self.options.max_states,
        )?;
        Ok((!over_budget).then_some(closed))
    }

    fn out_of_budget(
        &self,
        report: &mut TraceReport,
        consumed: usize,
        candidates: usize,
    ) -> Result<(), EvalError> {
        report.verdict = Verdict::OutOfBudget {
            location: Location {
                file: None,
                line: None,
                step: consumed + 1,
            },
            candidates,
        };
        Ok(())
    }

    /// The verdict when no frontier of a level could be extended: the events blocked there,
    /// and the nearest misses of the first (in process order, at the first frontier).
    fn stuck(
        &self,
        stepper: &mut Stepper<'_, 'e, 'p>,
        trace: &ConcurrentTrace,
        stuck: Stuck,
        report: &mut TraceReport,
    ) -> Result<(), EvalError> {
        let first = stuck.level.iter().find_map(|(frontier, states)| {
            (0..trace.processes.len())
                .find(|&p| stuck.blocked.contains(&(p, frontier[p] as usize)))
                .map(|p| (frontier, states, p))
        });
        let blocked = stuck
            .blocked
            .iter()
            .map(|&(p, index)| trace.location(p, index))
            .collect();
        let (frontier, states) = stuck.level.iter().next().expect("a level is never empty");
        for (p, process) in trace.processes.iter().enumerate() {
            for event in &process.events[..frontier[p] as usize] {
                Stepper::count_action(&mut report.action_counts, &event.step, &[]);
            }
        }
        // Without a first event the clocks let no event happen at the furthest cuts (they
        // contradict each other): the first unconsumed event is where the trace stops, and
        // no step was tried there to miss.
        let (frontier, states, p, tried) = match first {
            Some((frontier, states, p)) => (frontier, states, p, true),
            None => {
                let p = (0..trace.processes.len())
                    .find(|&p| (frontier[p] as usize) < trace.processes[p].events.len())
                    .expect("a stuck level has an unconsumed event");
                (frontier, states, p, false)
            }
        };
        let event = &trace.processes[p].events[frontier[p] as usize];
        let misses = match tried {
            true => stepper.nearest_misses(states, &event.step)?,
            false => Vec::new(),
        };
        let missed = MissedCodeBehavior {
            location: trace.location(p, frontier[p] as usize),
            action: event.step.action.as_ref().map(|a| a.name.clone()),
            admitted_prefix: stuck.consumed,
            candidates: states.len(),
            misses,
            blocked,
        };
        report.verdict = Verdict::Missed(missed);
        Ok(())
    }
}
