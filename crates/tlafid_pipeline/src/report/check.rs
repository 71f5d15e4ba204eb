//! The reports of `check`: an exhaustive run (`mode: "bfs"`) and a simulation
//! (`mode: "simulate"`).

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Map;
use tlafid_base::{Diagnostic, SourceMap};
use tlafid_model::{itf, TraceAction};

use super::{json_diagnostics, location, ItfValue, JsonDiagnostic, Location, SCHEMA_VERSION};
use crate::load::ModelInputs;
use crate::run::{budget_name, Exhaustive, Explored, OutcomeKind, Run, Simulated};

/// The label of a violated requirement.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Label {
    /// The model does what a reviewed requirement forbids.
    IllegalModelBehavior,
}

/// What `check` reports (exhaustive exploration, or a run that stopped before exploring).
#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// `check`.
    pub command: &'static str,
    /// `bfs`.
    pub mode: &'static str,
    /// The model's root module.
    pub spec: String,
    /// How the run ended.
    pub outcome: OutcomeKind,
    /// Every requested check was made and passed.
    pub complete: bool,
    /// TLC's words for the outcome, for a run that explored.
    pub message: Option<String>,
    /// The violated check (the first, for a temporal violation).
    pub violated: Option<String>,
    /// With requirements: the requirements module checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirements: Option<String>,
    /// With requirements, when one is violated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
    /// The budget that ran out (`max_states`, `max_depth`, `max_seconds`, `cancelled`).
    pub budget: Option<&'static str>,
    /// Initial states plus successors generated.
    pub states_generated: Option<u64>,
    /// Distinct states found.
    pub distinct_states: Option<u64>,
    /// Distinct states found but not explored.
    pub states_left_on_queue: Option<u64>,
    /// Breadth-first levels.
    pub depth: Option<u32>,
    /// What checking temporal properties cost, when there were some to check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub liveness: Option<LivenessFigures>,
    /// Seconds the exploration took.
    pub elapsed_seconds: Option<f64>,
    /// Configured checks that were not made.
    pub unchecked: Vec<UncheckedReport>,
    /// The counterexample as an ITF trace (a lasso's has `loop`).
    pub trace: Option<ItfValue>,
    /// The action into each state of `trace` (null for an initial state).
    pub trace_actions: Vec<Option<ActionReport>>,
    /// For a temporal violation that loops back (rather than stutters): the action of the
    /// step from the trace's last state back to `trace.loop`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loop_action: Option<ActionReport>,
    /// Coverage, as TLC's `-coverage` reports it: the initial predicate, then each action of
    /// the next-state relation in its order (empty when nothing was explored).
    pub coverage: Vec<CoverageReport>,
    /// With `--continue`: every invariant and action-property violation met, in breadth-first
    /// order (`violated`, `message` and `trace` above are the first unless something else
    /// stopped the run).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub violations: Vec<ViolationReport>,
    /// Problems found.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// A violation a `--continue` run met and went on after.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ViolationReport {
    /// The violated invariant or action property.
    pub violated: Option<String>,
    /// TLC's words for it.
    pub message: String,
    /// A shortest behaviour to it, as an ITF trace.
    pub trace: Option<ItfValue>,
    /// The action into each state of `trace` (null for an initial state).
    pub trace_actions: Vec<Option<ActionReport>>,
}

/// What the liveness phase held.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LivenessFigures {
    /// Edges of the state graph, stuttering steps included.
    pub edges: u64,
    /// Distinct sets of atom values on steps.
    pub labels: u64,
    /// Bytes the state graph took.
    pub graph_bytes: u64,
    /// The same per distinct state.
    pub graph_bytes_per_distinct_state: f64,
    /// Nodes of the largest product search.
    pub product_nodes: u64,
    /// Bytes the largest product search took.
    pub search_bytes: u64,
}

/// A configured check that was not made.
#[derive(Debug, Serialize, JsonSchema)]
pub struct UncheckedReport {
    /// Its configured name.
    pub name: String,
    /// Why not.
    pub reason: String,
    /// Where its formula is.
    pub location: Location,
}

/// An action of a behaviour's step.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ActionReport {
    /// The action operator's name.
    pub name: String,
    /// Its parameters, as ITF values.
    pub params: Map<String, ItfValue>,
    /// Where the action is defined.
    pub location: Location,
}

impl ActionReport {
    fn new(sources: &SourceMap, action: &TraceAction) -> ActionReport {
        ActionReport {
            name: action.name.clone(),
            params: itf_params(&action.params),
            location: location(sources, action.span),
        }
    }
}

/// Parameters as ITF values, by name.
pub(crate) fn itf_params(params: &[(String, tlafid_eval::Value)]) -> Map<String, ItfValue> {
    params
        .iter()
        .map(|(name, value)| (name.clone(), itf::value(value)))
        .collect()
}

fn requirements(inputs: &ModelInputs) -> Option<String> {
    inputs
        .requirements
        .as_ref()
        .map(|r| r.display().to_string())
}

fn label(run: &Run) -> Option<Label> {
    run.illegal_model_behavior
        .then_some(Label::IllegalModelBehavior)
}

impl CheckReport {
    /// The report of a run that did not simulate.
    pub fn new(
        sources: &SourceMap,
        diagnostics: &[Diagnostic],
        inputs: &ModelInputs,
        run: &Run,
    ) -> CheckReport {
        let explored = match &run.explored {
            Explored::Exhaustive(e) => Some(e.as_ref()),
            _ => None,
        };
        // With no behaviour to explore, TLC reports success with no states.
        let zero = matches!(run.explored, Explored::AssumptionsOnly).then_some(0);
        let kind = run.outcome.kind();
        CheckReport {
            schema_version: SCHEMA_VERSION,
            command: "check",
            mode: "bfs",
            spec: inputs.model.display().to_string(),
            outcome: kind,
            complete: kind == OutcomeKind::Success,
            message: explored.and(run.message.clone()),
            violated: explored.and(run.outcome.violated().map(str::to_string)),
            requirements: requirements(inputs),
            label: explored.and(label(run)),
            budget: explored.and(run.outcome.budget().map(budget_name)),
            states_generated: explored.map(|e| e.stats.states_generated).or(zero),
            distinct_states: explored.map(|e| e.stats.distinct_states).or(zero),
            states_left_on_queue: explored.map(|e| e.stats.states_left_on_queue).or(zero),
            depth: explored.map(|e| e.stats.depth),
            liveness: explored.and_then(liveness),
            elapsed_seconds: explored.map(|e| e.elapsed.as_secs_f64()),
            unchecked: explored.map(|e| unchecked(sources, e)).unwrap_or_default(),
            trace: explored
                .and_then(|e| e.counterexample.dump.as_ref())
                .map(|d| d.itf.clone()),
            trace_actions: explored
                .map(|e| {
                    e.counterexample
                        .states
                        .iter()
                        .map(|s| s.action.as_ref().map(|a| ActionReport::new(sources, a)))
                        .collect()
                })
                .unwrap_or_default(),
            loop_action: explored
                .and_then(|e| e.counterexample.cycle.as_ref())
                .and_then(|c| c.action.as_ref())
                .map(|a| ActionReport::new(sources, a)),
            coverage: explored.map(coverage).unwrap_or_default(),
            violations: explored.map(|e| violations(sources, e)).unwrap_or_default(),
            diagnostics: json_diagnostics(sources, diagnostics),
        }
    }
}

fn violations(sources: &SourceMap, e: &Exhaustive) -> Vec<ViolationReport> {
    e.violations
        .iter()
        .map(|v| ViolationReport {
            violated: v.outcome.violated().map(str::to_string),
            message: v.message.clone(),
            trace: v.counterexample.dump.as_ref().map(|d| d.itf.clone()),
            trace_actions: v
                .counterexample
                .states
                .iter()
                .map(|s| s.action.as_ref().map(|a| ActionReport::new(sources, a)))
                .collect(),
        })
        .collect()
}

fn unchecked(sources: &SourceMap, e: &Exhaustive) -> Vec<UncheckedReport> {
    e.unchecked
        .iter()
        .map(|u| UncheckedReport {
            name: u.name.to_string(),
            reason: u.reason.clone(),
            location: location(sources, u.span),
        })
        .collect()
}

fn liveness(e: &Exhaustive) -> Option<LivenessFigures> {
    let live = e.stats.liveness.as_ref()?;
    Some(LivenessFigures {
        edges: live.edges,
        labels: live.labels,
        graph_bytes: live.graph_bytes,
        graph_bytes_per_distinct_state: live.bytes_per_state(e.stats.distinct_states),
        product_nodes: live.product_nodes,
        search_bytes: live.search_bytes,
    })
}

/// One operator's coverage in an exhaustive run.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CoverageReport {
    /// The operator's name (`Init`, an action).
    pub name: String,
    /// Where it is defined, as TLC writes it (`line 16, col 1 to line 16, col 7 of module
    /// DieHard`).
    pub location: String,
    /// The distinct states it found first.
    pub distinct_states: u64,
    /// The states it generated (for the initial predicate: the initial states).
    pub states_generated: u64,
}

fn coverage(e: &Exhaustive) -> Vec<CoverageReport> {
    let lines = e.coverage.init.iter().chain(&e.coverage.actions);
    lines
        .map(|line| CoverageReport {
            name: line.name.clone(),
            location: line.location.clone(),
            distinct_states: line.distinct,
            states_generated: line.generated,
        })
        .collect()
}

/// What `check --simulate` reports.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SimulateReport {
    /// The version of this shape.
    pub schema_version: u32,
    /// `check`.
    pub command: &'static str,
    /// `simulate`.
    pub mode: &'static str,
    /// The model's root module.
    pub spec: String,
    /// How the run ended.
    pub outcome: OutcomeKind,
    /// TLC's words for the outcome.
    pub message: String,
    /// The violated check.
    pub violated: Option<String>,
    /// With requirements: the requirements module checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirements: Option<String>,
    /// With requirements, when one is violated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
    /// The seed of the random choices.
    pub seed: u64,
    /// The most steps in one behaviour.
    pub depth: u32,
    /// Behaviours run.
    pub behaviours: u64,
    /// Initial states plus successors generated.
    pub states_generated: u64,
    /// Every action of the next-state relation and how often it was taken.
    pub actions: Vec<ActionCountReport>,
    /// Seconds the simulation took.
    pub elapsed_seconds: f64,
    /// The behaviour that violates a check, as an ITF trace.
    pub trace: Option<ItfValue>,
    /// Problems found.
    pub diagnostics: Vec<JsonDiagnostic>,
}

/// An action and how often a simulation took it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ActionCountReport {
    /// Its name.
    pub name: String,
    /// Where it is defined, as TLC writes it.
    pub location: String,
    /// How often it was taken.
    pub count: u64,
}

impl SimulateReport {
    /// The report of a simulated run.
    pub fn new(
        sources: &SourceMap,
        diagnostics: &[Diagnostic],
        inputs: &ModelInputs,
        run: &Run,
        simulated: &Simulated,
    ) -> SimulateReport {
        SimulateReport {
            schema_version: SCHEMA_VERSION,
            command: "check",
            mode: "simulate",
            spec: inputs.model.display().to_string(),
            outcome: run.outcome.kind(),
            message: run.message.clone().unwrap_or_default(),
            violated: run.outcome.violated().map(str::to_string),
            requirements: requirements(inputs),
            label: label(run),
            seed: simulated.options.seed,
            depth: simulated.options.depth,
            behaviours: simulated.behaviours,
            states_generated: simulated.states_generated,
            actions: simulated
                .actions
                .iter()
                .map(|a| ActionCountReport {
                    name: a.name.clone(),
                    location: a.location.clone(),
                    count: a.count,
                })
                .collect(),
            elapsed_seconds: simulated.elapsed.as_secs_f64(),
            trace: simulated
                .counterexample
                .dump
                .as_ref()
                .map(|d| d.itf.clone()),
            diagnostics: json_diagnostics(sources, diagnostics),
        }
    }
}
