//! The [`Validator`]: a bound model plus its vocabulary; checks traces one by one or many in
//! parallel, as whole behaviours or (`--windows`) window by window.

use std::collections::BTreeMap;

use rayon::prelude::*;
use tlafid_base::{Diagnostic, FileId, Span};
use tlafid_eval::{ActionProbe, EvalError, Evaluator, State};
use tlafid_sema::ir::Expr;
use tlafid_value::Value;

use crate::codes;
use crate::concurrent::ConcurrentTrace;
use crate::engine::Stepper;
use crate::parse::{self, Observation, ParsedTrace, TraceFormat};
use crate::reach::LazyReachable;
use crate::verdict::{
    Location, MissedCodeBehavior, PropertyViolation, TraceReport, Verdict, WindowFailure,
    WindowStats,
};
use crate::vocabulary::{Observable, Vocabulary};
use crate::windows::WindowChecker;

/// Options of a validation run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The most candidate states kept per step; beyond it the trace gets no verdict. With
    /// [`Options::windows`]: the most reachable states explored. In a multi-process trace,
    /// also the most (cut, state) pairs its depth-first pass visits (beyond them the search
    /// over cuts decides).
    pub max_states: usize,
    /// Check action windows one by one (each from the reachable states showing its
    /// `pre_state`) instead of as one behaviour.
    pub windows: bool,
    /// Actions the implementation does not log: up to [`Options::max_silent`] steps of them
    /// may happen before each logged step (behaviours only, not `--windows`).
    pub silent: Vec<String>,
    /// The most silent steps before one logged step.
    pub max_silent: usize,
    /// Skip fields, observables and arguments the model does not know instead of refusing
    /// them (E101, E103, E104); an action it does not have is still refused (E102).
    pub ignore_unknown_fields: bool,
    /// Self binding: in a multi-process log whose events say which process (`self`) took
    /// them (PGo), an event that names no action is taken by no action instance whose
    /// parameters name another of the log's processes and not this one.
    pub self_binding: bool,
    /// How a multi-process trace's orders are searched (other traces have one order).
    pub search: Search,
}

/// How the orders of a multi-process trace consistent with its clocks are searched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Search {
    /// Depth first over (cut, state) pairs, each explored once, stopping at the first order
    /// that consumes every event (at most [`Options::max_states`] pairs); when none is
    /// found, breadth first over cuts decides (and gives a rejection its evidence).
    #[default]
    DepthFirst,
    /// Breadth first over cuts only: the states of each cut deduplicated, at most
    /// [`Options::max_states`] of them a level.
    BreadthFirst,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_states: 100_000,
            windows: false,
            silent: Vec::new(),
            max_silent: 0,
            ignore_unknown_fields: false,
            self_binding: false,
            search: Search::DepthFirst,
        }
    }
}

/// One trace to check: its text, already read.
#[derive(Clone, Copy, Debug)]
pub struct TraceInput<'t> {
    /// Its name in reports (the file's path).
    pub name: &'t str,
    /// The file, for diagnostics' spans.
    pub file: FileId,
    /// Its contents.
    pub text: &'t str,
    /// Its format, or `None` to detect it.
    pub format: Option<TraceFormat>,
}

/// One trace made of one or several files (the logs of the processes of one run).
#[derive(Clone, Debug)]
pub struct TraceGroup<'t> {
    /// Its name in reports (the file, or the folder of the files).
    pub name: &'t str,
    /// Its files.
    pub parts: Vec<TraceInput<'t>>,
}

/// An invariant checked along traces: a state predicate of the model.
#[derive(Clone, Debug)]
pub struct TraceInvariant<'p> {
    /// Its name in the configuration.
    pub name: String,
    /// The predicate.
    pub expr: &'p Expr,
    /// Whether it is only checked on initial states (the state predicate of a property).
    pub initial_only: bool,
}

impl<'p> TraceInvariant<'p> {
    /// What `model`'s configuration asks to hold along a trace: its invariants (with the
    /// `[]P` parts of properties), and the state predicates of properties on the first state.
    pub fn of_model(model: &tlafid_model::Model<'p>) -> Vec<TraceInvariant<'p>> {
        let always = model.invariants.iter().map(|c| (c, false));
        let initially = model.initial_properties.iter().map(|c| (c, true));
        always
            .chain(initially)
            .map(|(check, initial_only)| TraceInvariant {
                name: check.name.to_string(),
                expr: check.expr,
                initial_only,
            })
            .collect()
    }
}

/// Checks traces against one model.
pub struct Validator<'e, 'p> {
    evaluator: &'e Evaluator<'p>,
    invariants: Vec<TraceInvariant<'p>>,
    /// Per invariant, the state variables its value depends on (with the constants), when
    /// that can be said ([`Evaluator::variables_read`]).
    invariant_reads: Vec<Option<Vec<usize>>>,
    vocabulary: Vocabulary,
    kinds: Vec<Observable>,
    probes: Vec<ActionProbe<'e, 'p>>,
    pub(crate) options: Options,
    /// `--windows`: the model's reachable states, explored when a window first needs them.
    reachable: LazyReachable<'e, 'p>,
}

impl<'e, 'p> Validator<'e, 'p> {
    /// A validator for the model `evaluator` evaluates (its `Init` and `Next` set).
    pub fn new(evaluator: &'e Evaluator<'p>, vocabulary: Vocabulary, options: Options) -> Self {
        let kinds = vocabulary
            .observable_names
            .iter()
            .map(|n| vocabulary.observables[n])
            .collect();
        let probes = vocabulary
            .action_order
            .iter()
            .filter_map(|name| evaluator.action_probe(name))
            .collect();
        Validator {
            evaluator,
            invariants: Vec::new(),
            invariant_reads: Vec::new(),
            vocabulary,
            kinds,
            probes,
            reachable: LazyReachable::new(evaluator, options.max_states),
            options,
        }
    }

    /// Also checks `invariants` along each trace (behaviours only): a trace violates one
    /// where every candidate state violates it.
    pub fn with_invariants(mut self, invariants: Vec<TraceInvariant<'p>>) -> Self {
        self.invariant_reads = (invariants.iter())
            .map(|invariant| self.evaluator.variables_read(invariant.expr))
            .collect();
        self.invariants = invariants;
        self
    }

    /// The names traces may use.
    pub fn vocabulary(&self) -> &Vocabulary {
        &self.vocabulary
    }

    /// Checks every trace, in parallel; reports come back in input order.
    pub fn check_all(&self, inputs: &[TraceInput<'_>]) -> Vec<TraceReport> {
        inputs.par_iter().map(|input| self.check(input)).collect()
    }

    /// Checks one trace.
    pub fn check(&self, input: &TraceInput<'_>) -> TraceReport {
        self.check_group(&TraceGroup {
            name: input.name,
            parts: vec![*input],
        })
    }

    /// Checks every group, in parallel; reports come back in input order.
    pub fn check_all_groups(&self, groups: &[TraceGroup<'_>]) -> Vec<TraceReport> {
        groups
            .par_iter()
            .map(|group| self.check_group(group))
            .collect()
    }

    /// Checks one trace of one or several files: a trace whose events carry a process and
    /// a clock is a multi-process trace ([`crate::concurrent`]), whatever its files.
    pub fn check_group(&self, group: &TraceGroup<'_>) -> TraceReport {
        let format_of = |input: &TraceInput<'_>| {
            input
                .format
                .unwrap_or_else(|| TraceFormat::detect(input.text))
        };
        let mut report = TraceReport {
            name: group.name.to_string(),
            format: group.parts.first().map_or(TraceFormat::EventLog, format_of),
            steps: 0,
            verdict: Verdict::Invalid,
            diagnostics: Vec::new(),
            action_counts: BTreeMap::new(),
            windows: None,
            violations: Vec::new(),
        };
        let mut parsed = Vec::new();
        for input in &group.parts {
            let format = format_of(input);
            match parse::parse(
                input.text,
                input.file,
                format,
                &self.vocabulary,
                self.options.ignore_unknown_fields,
            ) {
                Ok(trace) => parsed.push((input, format, trace)),
                Err(problems) => report.diagnostics.extend(problems),
            }
        }
        if !report.diagnostics.is_empty() {
            return report;
        }
        let concurrent = parsed.len() > 1
            || parsed
                .iter()
                .any(|(_, _, t)| t.steps.iter().any(|s| s.origin.is_some()));
        let result = if !concurrent {
            let (_, format, trace) = parsed.pop().expect("a group has a part");
            report.steps = trace.steps.len();
            if self.options.windows {
                self.windows(&trace, &mut report)
            } else {
                self.behaviour(&trace, format, &mut report)
            }
        } else if self.options.windows {
            report.diagnostics.push(Diagnostic::error_nowhere(
                codes::BAD_SHAPE,
                format!(
                    "{}: --windows does not apply to a multi-process trace",
                    group.name
                ),
            ));
            return report;
        } else {
            let parts = parsed
                .into_iter()
                .map(|(input, _, trace)| {
                    let span = Span::new(input.file, 0, 0);
                    (input.name.to_string(), span, trace)
                })
                .collect();
            match ConcurrentTrace::assemble(parts) {
                Ok(trace) => {
                    report.steps = trace.len();
                    self.concurrent(&trace, &mut report)
                }
                Err(problems) => {
                    report.diagnostics = problems;
                    return report;
                }
            }
        };
        if let Err(error) = result {
            if error.code == tlafid_eval::E_INTERRUPTED {
                let reason = self.evaluator.interrupt().check();
                report.verdict =
                    Verdict::Stopped(reason.unwrap_or(tlafid_base::StopReason::Cancelled));
                return report;
            }
            report.verdict = Verdict::Invalid;
            report.diagnostics.push(
                Diagnostic::error(
                    codes::EVALUATION_FAILED,
                    format!(
                        "evaluating the model on {} failed: {}",
                        group.name, error.message
                    ),
                    error.span,
                )
                .with_hint("the trace may log values of a type the model does not expect"),
            );
        }
        report
    }

    pub(crate) fn stepper(&self) -> Stepper<'_, 'e, 'p> {
        Stepper {
            evaluator: self.evaluator,
            worker: self.evaluator.worker(),
            vocabulary: &self.vocabulary,
            kinds: &self.kinds,
            probes: &self.probes,
            self_binding: None,
            fitted: vec![None; self.kinds.len()],
        }
    }

    /// The whole trace as one behaviour.
    fn behaviour(
        &self,
        trace: &ParsedTrace,
        format: TraceFormat,
        report: &mut TraceReport,
    ) -> Result<(), EvalError> {
        let mut stepper = self.stepper();
        let (mut candidates, over_budget) =
            stepper.initial_within(trace.init.as_ref(), self.options.max_states)?;
        if candidates.is_empty() {
            let line = (format == TraceFormat::EventLog).then_some(1);
            return self.initial_miss(&mut stepper, trace.init.as_ref(), line, report);
        }
        let initial = Location {
            line: (format == TraceFormat::EventLog && trace.init.is_some()).then_some(1),
            file: None,
            step: 0,
        };
        if over_budget {
            report.verdict = Verdict::OutOfBudget {
                location: initial,
                candidates: candidates.len(),
            };
            return Ok(());
        }
        let mut satisfied = vec![None; self.invariants.len()];
        self.check_invariants(&mut stepper, &candidates, &initial, report, &mut satisfied)?;
        let may_stutter = format == TraceFormat::EventLog;
        for (done, step) in trace.steps.iter().enumerate() {
            // Steps too short to poll the stop signal themselves (it is polled every few
            // thousand steps of evaluation) are many in a long trace.
            if let Some(reason) = self.evaluator.interrupt().check() {
                return Err(tlafid_eval::interrupted(
                    reason,
                    tlafid_base::Span::default(),
                ));
            }
            let location = Location {
                line: step.line,
                file: None,
                step: step.number,
            };
            if !self.options.silent.is_empty() && self.options.max_silent > 0 {
                let (closed, over_budget) = stepper.close_silent(
                    candidates,
                    &self.options.silent,
                    self.options.max_silent,
                    self.options.max_states,
                )?;
                if over_budget {
                    report.verdict = Verdict::OutOfBudget {
                        location,
                        candidates: closed.len(),
                    };
                    return Ok(());
                }
                candidates = closed;
            }
            let advance =
                stepper.advance(&candidates, step, may_stutter, self.options.max_states)?;
            if advance.over_budget {
                report.verdict = Verdict::OutOfBudget {
                    location,
                    candidates: advance.states.len(),
                };
                return Ok(());
            }
            if advance.states.is_empty() {
                let misses = stepper.nearest_misses(&candidates, step)?;
                report.verdict = Verdict::Missed(MissedCodeBehavior {
                    location,
                    action: step.action.as_ref().map(|a| a.name.clone()),
                    admitted_prefix: done,
                    candidates: candidates.len(),
                    misses,
                    blocked: Vec::new(),
                });
                return Ok(());
            }
            Stepper::count_action(&mut report.action_counts, step, &advance.actions);
            candidates = advance.states;
            self.check_invariants(&mut stepper, &candidates, &location, report, &mut satisfied)?;
        }
        report.verdict = Verdict::Admitted;
        Ok(())
    }

    /// The verdict when no initial state shows the trace's `init` observation.
    pub(crate) fn initial_miss(
        &self,
        stepper: &mut Stepper<'_, 'e, 'p>,
        init: Option<&Observation>,
        line: Option<u32>,
        report: &mut TraceReport,
    ) -> Result<(), EvalError> {
        let all = stepper.initial(None)?;
        let observed = init.expect("only an init observation rules states out");
        let miss = stepper.observation_miss("Init", &all, observed, 256)?;
        report.verdict = Verdict::Missed(MissedCodeBehavior {
            location: Location {
                file: None,
                line,
                step: 0,
            },
            action: None,
            admitted_prefix: 0,
            candidates: all.len(),
            misses: vec![miss],
            blocked: Vec::new(),
        });
        Ok(())
    }

    /// Records each invariant, not already recorded, that every one of `candidates` (the
    /// model states matching the trace at `location`) violates. `satisfied[i]` holds, for
    /// invariant `i`, the values of the variables it reads in a state of this trace that
    /// satisfied it: a candidate with the same values satisfies it too, and is not evaluated
    /// (in a long trace most steps leave an invariant's variables as they were).
    fn check_invariants(
        &self,
        stepper: &mut Stepper<'_, 'e, 'p>,
        candidates: &[State],
        location: &Location,
        report: &mut TraceReport,
        satisfied: &mut [Option<Vec<Value>>],
    ) -> Result<(), EvalError> {
        for (index, invariant) in self.invariants.iter().enumerate() {
            let applies = location.step == 0 || !invariant.initial_only;
            let recorded = report
                .violations
                .iter()
                .any(|v| v.property == invariant.name);
            if !applies || recorded {
                continue;
            }
            let reads = self.invariant_reads[index].as_deref();
            let projection = |state: &State| -> Option<Vec<Value>> {
                let values = state.values();
                reads?.iter().map(|&v| values.get(v).cloned()).collect()
            };
            let mut violated = true;
            for state in candidates {
                let known = match (reads, &satisfied[index]) {
                    (Some(reads), Some(values)) => (reads.iter().zip(values))
                        .all(|(&v, value)| state.values().get(v) == Some(value)),
                    _ => false,
                };
                if known {
                    violated = false;
                    break;
                }
                if stepper
                    .worker
                    .eval_bool(invariant.expr, state.values(), None)?
                {
                    satisfied[index] = projection(state);
                    violated = false;
                    break;
                }
            }
            if violated {
                report.violations.push(PropertyViolation {
                    property: invariant.name.clone(),
                    location: location.clone(),
                });
            }
        }
        Ok(())
    }

    /// Each window on its own: is there a reachable state showing `pre_state` from which
    /// the action reaches a state showing `post_state` (see [`crate::windows`])?
    fn windows(&self, trace: &ParsedTrace, report: &mut TraceReport) -> Result<(), EvalError> {
        let mut stepper = self.stepper();
        // Room for the states the windows reach, beyond the budget: a chain of windows
        // keeps at least one state per window.
        let max_learned = self.options.max_states + trace.steps.len();
        let mut checker = WindowChecker::new(&mut stepper, &self.reachable, max_learned)?;
        let mut stats = WindowStats::default();
        for step in &trace.steps {
            let Some(pre) = &step.pre else {
                report.diagnostics.push(Diagnostic::error_nowhere(
                    codes::BAD_SHAPE,
                    "--windows needs action windows (lines with pre_state and post_state)",
                ));
                return Ok(());
            };
            checker.check(step, pre, &mut stats)?;
            let counts = &mut report.action_counts;
            if let Some(named) = &step.action {
                *counts.entry(named.name.clone()).or_default() += 1;
            }
        }
        let rejected = stats
            .failed
            .iter()
            .find(|f| f.failure != WindowFailure::Inconclusive);
        let inconclusive = stats
            .failed
            .iter()
            .find(|f| f.failure == WindowFailure::Inconclusive);
        report.verdict = match (rejected, inconclusive) {
            (Some(first), _) => Verdict::Missed(MissedCodeBehavior {
                location: first.location.clone(),
                action: Some(first.action.clone()),
                admitted_prefix: first.location.step - 1,
                candidates: first.matching,
                misses: first.misses.clone(),
                blocked: Vec::new(),
            }),
            (None, Some(first)) => Verdict::OutOfBudget {
                location: first.location.clone(),
                candidates: self.reachable.explored().map_or(0, |r| r.states.len()),
            },
            (None, None) => Verdict::Admitted,
        };
        report.windows = Some(stats);
        Ok(())
    }

    /// With `--windows`: how many reachable states were explored, and whether that is all of
    /// them (`None` when every window was decided without exploring).
    pub fn reachable_explored(&self) -> Option<(usize, bool)> {
        self.reachable
            .explored()
            .map(|r| (r.states.len(), r.complete))
    }
}
