//! The [`Validator`]: a bound model plus its vocabulary; checks traces one by one or many in
//! parallel, as whole behaviours or (`--windows`) window by window.

use std::collections::BTreeMap;

use rayon::prelude::*;
use tlafid_base::{Diagnostic, FileId, Span};
use tlafid_eval::{ActionProbe, EvalError, Evaluator, State};

use crate::codes;
use crate::engine::Stepper;
use crate::parse::{self, ParsedTrace, TraceFormat};
use crate::verdict::{
    FailedWindow, Location, MissedCodeBehavior, TraceReport, Verdict, WindowStats,
};
use crate::vocabulary::{Observable, Vocabulary};

/// Options of a validation run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The most candidate states kept per step; beyond it the trace gets no verdict.
    pub max_states: usize,
    /// Check action windows one by one instead of as one behaviour.
    pub windows: bool,
    /// Actions the implementation does not log: up to [`Options::max_silent`] steps of them
    /// may happen before each logged step (behaviours only, not `--windows`).
    pub silent: Vec<String>,
    /// The most silent steps before one logged step.
    pub max_silent: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_states: 100_000,
            windows: false,
            silent: Vec::new(),
            max_silent: 0,
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

/// Checks traces against one model.
pub struct Validator<'e, 'p> {
    evaluator: &'e Evaluator<'p>,
    vocabulary: Vocabulary,
    kinds: Vec<Observable>,
    probes: Vec<ActionProbe<'e, 'p>>,
    options: Options,
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
            vocabulary,
            kinds,
            probes,
            options,
        }
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
        let format = input
            .format
            .unwrap_or_else(|| TraceFormat::detect(input.text));
        let mut report = TraceReport {
            name: input.name.to_string(),
            format,
            steps: 0,
            verdict: Verdict::Invalid,
            diagnostics: Vec::new(),
            action_counts: BTreeMap::new(),
            windows: None,
        };
        let trace = match parse::parse(input.text, input.file, format, &self.vocabulary) {
            Ok(trace) => trace,
            Err(problems) => {
                report.diagnostics = problems;
                return report;
            }
        };
        report.steps = trace.steps.len();
        let result = if self.options.windows {
            self.windows(&trace, input.file, &mut report)
        } else {
            self.behaviour(&trace, format, &mut report)
        };
        if let Err(error) = result {
            report.verdict = Verdict::Invalid;
            report.diagnostics.push(
                Diagnostic::error(
                    codes::EVALUATION_FAILED,
                    format!(
                        "evaluating the model on {} failed: {}",
                        input.name, error.message
                    ),
                    error.span,
                )
                .with_hint("the trace may log values of a type the model does not expect"),
            );
        }
        report
    }

    fn stepper(&self) -> Stepper<'_, 'e, 'p> {
        Stepper {
            evaluator: self.evaluator,
            worker: self.evaluator.worker(),
            vocabulary: &self.vocabulary,
            kinds: &self.kinds,
            probes: &self.probes,
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
        let mut candidates = stepper.initial(trace.init.as_ref())?;
        if candidates.is_empty() {
            let all = stepper.initial(None)?;
            let observed = trace
                .init
                .as_ref()
                .expect("only an init observation rules states out");
            let miss = stepper.observation_miss("Init", &all, observed)?;
            report.verdict = Verdict::Missed(MissedCodeBehavior {
                location: Location {
                    line: (format == TraceFormat::EventLog).then_some(1),
                    step: 0,
                },
                action: None,
                admitted_prefix: 0,
                candidates: all.len(),
                misses: vec![miss],
            });
            return Ok(());
        }
        let may_stutter = format == TraceFormat::EventLog;
        for (done, step) in trace.steps.iter().enumerate() {
            let location = Location {
                line: step.line,
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
                });
                return Ok(());
            }
            Stepper::count_action(&mut report.action_counts, step, &advance.actions);
            candidates = advance.states;
        }
        report.verdict = Verdict::Admitted;
        Ok(())
    }

    /// Each window on its own: from the full `pre_state`, does the named action reach a
    /// state showing `post_state`?
    fn windows(
        &self,
        trace: &ParsedTrace,
        file: FileId,
        report: &mut TraceReport,
    ) -> Result<(), EvalError> {
        let mut stepper = self.stepper();
        let mut stats = WindowStats::default();
        for step in &trace.steps {
            let location = Location {
                line: step.line,
                step: step.number,
            };
            let pre = step.pre.as_ref().map(|pre| stepper.full_state(pre));
            let state: State = match pre {
                Some(Ok(state)) => state,
                Some(Err(missing)) => {
                    report.diagnostics.push(Diagnostic::error(
                        codes::PARTIAL_PRE_STATE,
                        format!(
                            "line {}: pre_state does not give the variables {} (--windows needs full pre-states)",
                            step.line.unwrap_or(0),
                            missing.join(", ")
                        ),
                        Span::new(file, 0, 0),
                    ));
                    continue;
                }
                None => {
                    report.diagnostics.push(Diagnostic::error_nowhere(
                        codes::BAD_SHAPE,
                        "--windows needs action windows (lines with pre_state and post_state)",
                    ));
                    return Ok(());
                }
            };
            let action = step
                .action
                .as_ref()
                .map_or("(none)".to_string(), |a| a.name.clone());
            let candidates = [state];
            let advance = stepper.advance(&candidates, step, false, self.options.max_states)?;
            let entry = stats.per_action.entry(action.clone()).or_default();
            entry.1 += 1;
            Stepper::count_action(&mut report.action_counts, step, &advance.actions);
            if advance.states.is_empty() {
                let misses = stepper.nearest_misses(&candidates, step)?;
                stats.failed.push(FailedWindow {
                    location,
                    action,
                    misses,
                });
            } else {
                entry.0 += 1;
            }
        }
        report.verdict = match stats.failed.first() {
            _ if !report.diagnostics.is_empty() => Verdict::Invalid,
            None => Verdict::Admitted,
            Some(first) => Verdict::Missed(MissedCodeBehavior {
                location: first.location.clone(),
                action: Some(first.action.clone()),
                admitted_prefix: first.location.step - 1,
                candidates: 1,
                misses: first.misses.clone(),
            }),
        };
        report.windows = Some(stats);
        Ok(())
    }
}
