//! `tlafid check --simulate`: random behaviours, as TLC's `-simulate`, with
//! [`tlafid_check::Simulator`] (deterministic for a seed, whatever the worker count).

use std::io::Write;
use std::time::Duration;

use serde::Serialize;
use serde_json::json;
use tlafid_base::{Diagnostic, SourceMap};
use tlafid_check::{
    ActionId, SimulationOptions, SimulationOutcome, SimulationReport, Simulator, TransitionSystem,
    ViolationId,
};
use tlafid_eval::{EvalError, State, Value};
use tlafid_model::{Model, TraceAction};

use crate::commands::check::{self, CheckArgs};
use crate::commands::check_report::{self, describe_action, tlc_location, write_state};
use crate::commands::counterexample::{self, TraceDump};
use crate::exit::ExitStatus;
use crate::render::{self, Format};

/// Runs `tlafid check --simulate`.
pub fn run(args: &CheckArgs) -> ExitStatus {
    let mut sources = SourceMap::new();
    let mut diagnostics = Vec::new();
    let simulated = check::with_model(args, &mut sources, &mut diagnostics, |model, src, diags| {
        simulate(args, src, &model, diags)
    });
    match simulated {
        Ok(Ok(simulated)) => {
            print(args, &sources, &diagnostics, &simulated);
            simulated.status
        }
        Ok(Err(problem)) => {
            diagnostics.push(problem);
            let finish = check_report::Finish::SystemError;
            check_report::print(args, &sources, &diagnostics, &finish);
            finish.status()
        }
        Err(finish) => {
            check_report::print(args, &sources, &diagnostics, &finish);
            finish.status()
        }
    }
}

/// A state of the reported behaviour: the action into it and the lines to print.
type TraceState = (Option<TraceAction>, Vec<(String, Value)>);

/// The result of a simulation, ready to print.
pub(crate) struct Simulated {
    kind: &'static str,
    status: ExitStatus,
    message: String,
    violated: Option<String>,
    behaviours: u64,
    states_generated: u64,
    /// Every action of the next-state relation: its name, place and how often it was taken.
    actions: Vec<(String, String, u64)>,
    trace: Vec<TraceState>,
    dump: Option<TraceDump>,
    elapsed_seconds: f64,
}

impl Simulated {
    /// The outcome (as JSON names it), the message, and the behaviours run.
    pub(crate) fn gist(&self) -> (&'static str, &str, u64) {
        (self.kind, &self.message, self.behaviours)
    }
}

pub(crate) fn simulate(
    args: &CheckArgs,
    sources: &SourceMap,
    model: &Model<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Simulated, Diagnostic> {
    let options = SimulationOptions {
        workers: check::workers(args),
        depth: args.depth,
        behaviours: Some(args.num),
        seed: args.seed,
        check_deadlock: check::check_deadlock(args, model),
        max_duration: args.max_seconds.map(Duration::from_secs_f64),
        cancel: None,
    };
    let report = Simulator::new(Borrowed(model), options).run()?;
    let (kind, status, violated, message) = classify(sources, model, &report, diagnostics);
    let actions = model
        .evaluator
        .actions()
        .iter()
        .enumerate()
        .map(|(i, decl)| {
            let count = report.action_counts.get(i).copied().unwrap_or(0);
            (
                decl.name.to_string(),
                tlc_location(sources, decl.span),
                count,
            )
        })
        .collect();
    let states: Vec<State> = report
        .trace
        .unwrap_or_default()
        .into_iter()
        .map(|s| s.state)
        .collect();
    let trace: Vec<TraceState> = states
        .iter()
        .enumerate()
        .map(|(i, state)| {
            let action = i
                .checked_sub(1)
                .and_then(|p| model.action_between(&states[p], state));
            let next = states.get(i + 1).unwrap_or(state);
            (action, model.trace_lines(state, next))
        })
        .collect();
    let steps: Vec<(Option<&TraceAction>, &State)> = trace
        .iter()
        .zip(&states)
        .map(|((action, _), state)| (action.as_ref(), state))
        .collect();
    let dump = TraceDump::new(model, &steps, &message, None);
    Ok(Simulated {
        kind,
        status,
        message,
        violated,
        behaviours: report.behaviours,
        states_generated: report.states_generated,
        actions,
        trace,
        dump,
        elapsed_seconds: report.elapsed.as_secs_f64(),
    })
}

type Classified = (&'static str, ExitStatus, Option<String>, String);

fn classify(
    sources: &SourceMap,
    model: &Model<'_>,
    report: &SimulationReport<State, EvalError>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Classified {
    let violation = |id: ViolationId| {
        let name = match model.violation_location(id) {
            Some(span) => tlc_location(sources, span),
            None => model.violation_name(id).to_string(),
        };
        let message = format!("{} {name} is violated.", model.violation_label(id));
        ("safety_violation", ExitStatus::Safety, Some(name), message)
    };
    match &report.outcome {
        SimulationOutcome::NoViolation => (
            "success",
            ExitStatus::Success,
            None,
            format!(
                "{} behaviours simulated; no error has been found.",
                report.behaviours
            ),
        ),
        SimulationOutcome::Stopped { .. } => (
            "incomplete",
            ExitStatus::Incomplete,
            None,
            format!(
                "Stopped by the time budget after {} behaviours; no error has been found.",
                report.behaviours
            ),
        ),
        SimulationOutcome::InvariantViolation { invariant: id } => {
            let (_, status, name, message) = violation(*id);
            let kind = if model.violation_is_property(*id) {
                "safety_violation"
            } else {
                "invariant_violation"
            };
            (kind, status, name, message)
        }
        SimulationOutcome::InitialPropertyViolation { property: id }
        | SimulationOutcome::ActionPropertyViolation { property: id } => violation(*id),
        SimulationOutcome::Deadlock => (
            "deadlock",
            ExitStatus::Deadlock,
            None,
            "Deadlock reached.".into(),
        ),
        SimulationOutcome::EvalError { error } => {
            diagnostics.push(error.to_diagnostic());
            if error.code == tlafid_eval::E_ASSERT {
                (
                    "assertion_failure",
                    ExitStatus::Assertion,
                    None,
                    format!("Assertion failed: {}", error.message),
                )
            } else {
                (
                    "evaluation_error",
                    ExitStatus::EvalFailure,
                    None,
                    format!("Evaluation failed: {}", error.message),
                )
            }
        }
    }
}

#[derive(Serialize)]
struct JsonReport<'a> {
    schema_version: u32,
    command: &'static str,
    mode: &'static str,
    spec: String,
    outcome: &'static str,
    message: &'a str,
    violated: Option<&'a str>,
    /// With `--requirements`: the requirements module checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    requirements: Option<String>,
    /// With `--requirements`, when one is violated: `"illegal_model_behavior"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'static str>,
    seed: u64,
    depth: u32,
    behaviours: u64,
    states_generated: u64,
    actions: Vec<serde_json::Value>,
    elapsed_seconds: f64,
    trace: Option<&'a serde_json::Value>,
    diagnostics: Vec<render::JsonDiagnostic>,
}

fn print(args: &CheckArgs, sources: &SourceMap, diagnostics: &[Diagnostic], s: &Simulated) {
    counterexample::write(args, s.dump.as_ref());
    match args.format {
        Format::Json => render::print_json(&JsonReport {
            schema_version: 1,
            command: "check",
            mode: "simulate",
            spec: args.file.display().to_string(),
            outcome: s.kind,
            message: &s.message,
            violated: s.violated.as_deref(),
            requirements: args.requirements.as_ref().map(|r| r.display().to_string()),
            label: check_report::violates_requirement(args, s.kind)
                .then_some(check_report::ILLEGAL_MODEL_BEHAVIOR),
            seed: args.seed,
            depth: args.depth,
            behaviours: s.behaviours,
            states_generated: s.states_generated,
            actions: s
                .actions
                .iter()
                .map(|(name, location, count)| json!({ "name": name, "location": location, "count": count }))
                .collect(),
            elapsed_seconds: s.elapsed_seconds,
            trace: s.dump.as_ref().map(|d| &d.itf),
            diagnostics: render::json_diagnostics(sources, diagnostics),
        }),
        Format::Human => {
            render::print_human(sources, diagnostics);
            let out = std::io::stdout();
            let _ = write_transcript(&mut out.lock(), sources, args, s);
        }
    }
}

fn write_transcript(
    out: &mut impl Write,
    sources: &SourceMap,
    args: &CheckArgs,
    s: &Simulated,
) -> std::io::Result<()> {
    if s.status != ExitStatus::Success {
        writeln!(out, "Error: {}", s.message)?;
    }
    if check_report::violates_requirement(args, s.kind) {
        check_report::write_illegal(out, args, s.violated.as_deref())?;
    }
    if !s.trace.is_empty() {
        writeln!(out, "Error: The behavior up to this point is:")?;
        for (i, (action, lines)) in s.trace.iter().enumerate() {
            match action {
                None => writeln!(out, "State {}: <Initial predicate>", i + 1)?,
                Some(a) => writeln!(out, "State {}: <{}>", i + 1, describe_action(sources, a))?,
            }
            write_state(out, lines)?;
            writeln!(out)?;
        }
    }
    if s.status == ExitStatus::Success {
        writeln!(out, "{}", s.message)?;
    }
    writeln!(
        out,
        "{} behaviours, {} states generated.",
        s.behaviours, s.states_generated
    )?;
    writeln!(out, "Actions taken:")?;
    for (name, location, count) in &s.actions {
        writeln!(out, "<{name} {location}>: {count}")?;
    }
    writeln!(
        out,
        "Simulation using seed {} and depth {}.",
        args.seed, args.depth
    )?;
    writeln!(out, "Finished in {:.2}s.", s.elapsed_seconds)
}

/// The model, lent to the simulator so that the trace can be described afterwards.
struct Borrowed<'m, 'p>(&'m Model<'p>);

impl TransitionSystem for Borrowed<'_, '_> {
    type State = State;
    type Error = EvalError;

    fn fingerprint(&self, state: &State) -> u64 {
        self.0.fingerprint(state)
    }

    fn initial_states(&self, emit: &mut dyn FnMut(State)) -> Result<(), EvalError> {
        self.0.initial_states(emit)
    }

    fn successors(
        &self,
        state: &State,
        emit: &mut dyn FnMut(ActionId, State),
    ) -> Result<(), EvalError> {
        self.0.successors(state, emit)
    }

    fn check_invariants(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        self.0.check_invariants(state)
    }

    fn check_initial_properties(&self, state: &State) -> Result<Option<ViolationId>, EvalError> {
        self.0.check_initial_properties(state)
    }

    fn in_model(&self, state: &State) -> Result<bool, EvalError> {
        self.0.in_model(state)
    }

    fn action_allowed(&self, from: &State, to: &State) -> Result<bool, EvalError> {
        self.0.action_allowed(from, to)
    }

    fn check_action_properties(
        &self,
        from: &State,
        to: &State,
    ) -> Result<Option<ViolationId>, EvalError> {
        self.0.check_action_properties(from, to)
    }
}
