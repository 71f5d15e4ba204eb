//! Does each property a model checks actually constrain anything? Three questions, one
//! report (see [`analyze`]):
//!
//! 1. **Vacuity** (Beer et al.; Kupferman & Vardi): every Boolean subformula occurrence of the
//!    property (definitions unfolded) is replaced by its strongest value, FALSE where it
//!    occurs positively and TRUE where negatively; if the model still satisfies the
//!    strengthened property, the property is vacuous in that subformula. All strengthenings of
//!    all properties are evaluated during one exploration ([`observed`]).
//! 2. **Tautology**: the property holds on states the model need not reach: the type domain
//!    the type invariant describes, or a seeded sample near the reachable values ([`domain`]).
//! 3. **Mutants**: one-change edits of the actions ([`mutant`]), each explored within a budget
//!    in parallel; a property that kills no mutant whose state space differs from the model's
//!    is not load-bearing.
//!
//! Invariant: no I/O; deterministic for any number of workers (mutants are reported in site
//! order, values are collected order-independently, samples are seeded); a budget that runs
//! out makes a verdict *inconclusive*, never *load-bearing*.
#![warn(missing_docs)]

pub mod codes;
pub mod domain;
mod judge;
pub mod mutant;
mod mutant_run;
pub mod observed;
pub mod occurrence;
pub mod report;
pub mod sample;
pub mod space;
mod walk_mut;

use std::collections::BTreeSet;

use tlafid_base::Diagnostic;
use tlafid_check::{Explorer, Options, Outcome};
use tlafid_config::{Binding, Config};
use tlafid_model::{Model, SpecOps};
use tlafid_sema::ir::{Expr, Level, OpDef, OpId, Program, RootName};

pub use mutant_run::RunBudget;
pub use report::{
    MutantOutcome, MutantReport, MutationReport, PropertyReport, TautologyFinding, VacuousIn,
    Verdict,
};

use crate::observed::ObservedRun;
use crate::occurrence::{Occurrence, Unfolding};

/// Without `--max-states`, a mutant may reach four times the model's distinct states plus
/// this many before it is given up (a mutant's state space may be infinite).
pub const DEFAULT_MUTANT_STATES: u64 = 10_000;

/// What to judge and how much work to spend.
#[derive(Clone, Debug, Default)]
pub struct MutateOptions {
    /// Judge only these properties (by configured name); all when empty.
    pub properties: Vec<String>,
    /// The type invariant's name (default: `TypeOK`, `TypeInvariant` or `TypeInv`, if defined).
    pub type_invariant: Option<String>,
    /// The most mutants explored (evenly spread over the sites found).
    pub max_mutants: usize,
    /// The budget of each exploration (the model's and each mutant's).
    pub budget: RunBudget,
    /// Worker threads.
    pub workers: usize,
    /// Stops every exploration from outside (memory, cancellation); each adds the deadline
    /// of its time budget. An exploration stopped so is incomplete.
    pub interrupt: tlafid_base::Interrupt,
    /// What the spec may read (`IOEnv`, the files `--allow-read` names), in every exploration.
    pub inputs: tlafid_eval::SpecInputs,
}

/// How the analysis ended.
#[derive(Debug)]
pub enum Analysis {
    /// The model itself fails a check (or an assumption, or evaluation): nothing to judge.
    /// The caller should report it as `check` does.
    ModelFails,
    /// The verdicts.
    Judged(MutationReport),
}

/// A property judged: which check of the model it is.
struct Target<'p> {
    name: String,
    action: bool,
    index: usize,
    formula: &'p Expr,
}

/// Runs the three questions on `program` (resolved, not yet prepared) under `config`.
pub fn analyze(
    mut program: Program,
    config: &Config,
    options: &MutateOptions,
) -> Result<Analysis, Vec<Diagnostic>> {
    let Some(spec) = tlafid_model::prepare(&mut program, config)? else {
        return Err(vec![Diagnostic::error_nowhere(
            codes::NO_BEHAVIOUR,
            "the configuration names no behaviour (SPECIFICATION, or INIT and NEXT), so there \
             is nothing to explore or mutate",
        )]);
    };
    let base = program;
    let type_invariant = type_invariant(&base, config, options)?;
    let unfolding = Unfolding {
        program: &base,
        overridden: overridden_names(config),
    };
    let model = tlafid_model::bind(&base, config, Some(spec))?;
    let targets = targets(&model, options)?;
    let mut extended = base.clone();
    let mut occurrences = Vec::new();
    let mut variant_ops = Vec::new();
    for (t, target) in targets.iter().enumerate() {
        let found = unfolding.occurrences(target.formula);
        for (o, occurrence) in found.iter().enumerate() {
            let body = occurrence::strengthen(
                &base,
                &mut extended,
                target.formula,
                &occurrence.route,
                !occurrence.positive,
            );
            extended.ops.push(variant_op(&base, body, target.action));
            variant_ops.push((t, o, OpId(extended.ops.len() as u32 - 1)));
        }
        occurrences.push(found);
    }
    drop(model);
    let mut model = tlafid_model::bind(&extended, config, Some(spec))?;
    model.evaluator.set_inputs(options.inputs.clone());
    if model.evaluator.check_assumes().is_err() {
        return Ok(Analysis::ModelFails);
    }
    let variants: Vec<(bool, usize, &Expr)> = variant_ops
        .iter()
        .map(|&(t, _, op)| (targets[t].action, targets[t].index, &extended.op(op).body))
        .collect();
    let check_deadlock = model.check_deadlock;
    let interrupt = options.budget.interrupt(&options.interrupt);
    model.evaluator.set_interrupt(interrupt.clone());
    let run = ObservedRun::new(model, &variants);
    let explorer = Explorer::new(run, explore_options(options, check_deadlock, interrupt));
    let report = explorer.run().map_err(|d| vec![d])?;
    let complete = match report.outcome {
        Outcome::Success => true,
        Outcome::Incomplete { .. } => false,
        // Stopped from outside inside one state's work: incomplete, not a failing model.
        Outcome::EvalError { ref error } if error.code == tlafid_eval::E_INTERRUPTED => false,
        _ => return Ok(Analysis::ModelFails),
    };
    let run = explorer.system();
    let falsified = run.falsified();
    let judged = judge::Judged {
        targets: targets
            .iter()
            .map(|t| judge::TargetInfo {
                name: t.name.clone(),
                action: t.action,
                check: if t.action {
                    run.model.invariants.len() + t.index
                } else {
                    t.index
                },
                span: t.formula.span,
                is_type_invariant: Some(t.name.as_str())
                    == type_invariant.map(|op| base.op(op).name.as_str()),
            })
            .collect(),
        vacuous: vacuous_subformulas(&occurrences, &variant_ops, &falsified, complete),
        tautology: tautologies(&run.model, &targets, type_invariant, &run.values.values()),
        complete,
        distinct_states: report.stats.distinct_states,
        space: run.space.summary(),
        type_invariant: type_invariant.map(|op| base.op(op).name.to_string()),
        subformulas_tried: occurrences.iter().map(Vec::len).collect(),
    };
    let sites = mutant::mutation_sites(&unfolding, spec.next);
    let chosen = mutant::spread(&sites, options.max_mutants);
    let budget = RunBudget {
        max_states: (options.budget.max_states).or(Some(
            report.stats.distinct_states.saturating_mul(4) + DEFAULT_MUTANT_STATES,
        )),
        ..options.budget
    };
    let results = run_mutants(
        &base,
        config,
        spec,
        &chosen,
        type_invariant,
        budget,
        options,
    )?;
    Ok(Analysis::Judged(judged.finish(
        sites.len(),
        chosen,
        results,
    )))
}

fn explore_options(
    options: &MutateOptions,
    check_deadlock: bool,
    interrupt: tlafid_base::Interrupt,
) -> Options {
    Options {
        workers: options.workers.max(1),
        check_deadlock,
        max_states: options.budget.max_states,
        max_duration: options.budget.max_duration,
        interrupt: Some(interrupt),
        ..Options::default()
    }
}

/// The operator holding a strengthened property (only its body is evaluated).
fn variant_op(base: &Program, body: Expr, action: bool) -> OpDef {
    let frame_size = base.ops.iter().map(|d| d.frame_size).max().unwrap_or(0);
    OpDef {
        name: "vacuity variant".into(),
        module: base.root.clone(),
        instance: Default::default(),
        params: Vec::new(),
        captured: 0,
        span: body.span,
        body,
        function: None,
        recursive: false,
        level: if action { Level::Action } else { Level::State },
        frame_size,
    }
}

/// Names the configuration binds: their definitions do not run, so they are not unfolded.
fn overridden_names(config: &Config) -> BTreeSet<String> {
    config
        .constants
        .iter()
        .filter(|c| matches!(c.binding, Binding::Substitute(_) | Binding::Value(_)))
        .map(|c| c.name.name.to_string())
        .collect()
}

/// The type invariant: the one named, or a conventional name the spec defines, or else the
/// first configured invariant whose name says it is one (`TCTypeOK`, `VTypeInv`).
fn type_invariant(
    program: &Program,
    config: &Config,
    options: &MutateOptions,
) -> Result<Option<OpId>, Vec<Diagnostic>> {
    let usable = |name: &str| match program.root_name(name) {
        Some(RootName::Op(op)) => {
            let def = program.op(op);
            (def.params.is_empty() && def.level <= Level::State).then_some(op)
        }
        _ => None,
    };
    match &options.type_invariant {
        Some(name) => usable(name).map(Some).ok_or_else(|| {
            vec![Diagnostic::error_nowhere(
                codes::BAD_TYPE_INVARIANT,
                format!("--type-invariant {name}: the spec defines no state predicate {name}"),
            )]
        }),
        None => Ok(["TypeOK", "TypeInvariant", "TypeInv"]
            .iter()
            .find_map(|name| usable(name))
            .or_else(|| {
                config.invariants.iter().find_map(|named| {
                    let lower = named.name.to_lowercase();
                    (lower.contains("typeok") || lower.contains("typeinv"))
                        .then(|| usable(&named.name))
                        .flatten()
                })
            })),
    }
}

/// The checks to judge: every invariant and `[][A]_v` part, or those `--property` names.
fn targets<'p>(
    model: &Model<'p>,
    options: &MutateOptions,
) -> Result<Vec<Target<'p>>, Vec<Diagnostic>> {
    let wanted =
        |name: &str| options.properties.is_empty() || options.properties.iter().any(|p| p == name);
    let mut out = Vec::new();
    for (index, check) in model.invariants.iter().enumerate() {
        if wanted(&check.name) {
            out.push(Target {
                name: check.name.to_string(),
                action: false,
                index,
                formula: check.expr,
            });
        }
    }
    for (index, check) in model.action_properties.iter().enumerate() {
        if wanted(&check.name) {
            out.push(Target {
                name: check.name.to_string(),
                action: true,
                index,
                formula: check.expr,
            });
        }
    }
    let unknown: Vec<Diagnostic> = options
        .properties
        .iter()
        .filter(|p| !out.iter().any(|t| &t.name == *p))
        .map(|p| {
            Diagnostic::error_nowhere(
                codes::UNKNOWN_PROPERTY,
                format!(
                    "--property {p}: the configuration checks no invariant or safety property {p}"
                ),
            )
        })
        .collect();
    if !unknown.is_empty() {
        return Err(unknown);
    }
    if out.is_empty() {
        return Err(vec![Diagnostic::error_nowhere(
            codes::NOTHING_TO_JUDGE,
            "the configuration checks no invariant and no safety property ([]P, [][A]_v)",
        )]);
    }
    Ok(out)
}

/// Per target, the outermost occurrences whose strengthening no reachable state falsifies.
fn vacuous_subformulas(
    occurrences: &[Vec<Occurrence>],
    variant_ops: &[(usize, usize, OpId)],
    falsified: &[bool],
    complete: bool,
) -> Vec<Vec<VacuousIn>> {
    let mut out: Vec<Vec<VacuousIn>> = occurrences.iter().map(|_| Vec::new()).collect();
    if !complete {
        return out;
    }
    let mut vacuous: Vec<Vec<bool>> = occurrences.iter().map(|o| vec![false; o.len()]).collect();
    for (number, &(t, o, _)) in variant_ops.iter().enumerate() {
        vacuous[t][o] = !falsified[number];
    }
    for (t, list) in occurrences.iter().enumerate() {
        for (o, occurrence) in list.iter().enumerate() {
            let mut ancestor = occurrence.parent;
            let mut covered = false;
            while let Some(a) = ancestor {
                covered |= vacuous[t][a];
                ancestor = list[a].parent;
            }
            if vacuous[t][o] && !covered {
                out[t].push(VacuousIn {
                    span: occurrence.span,
                    role: occurrence.role,
                    positive: occurrence.positive,
                });
            }
        }
    }
    out
}

/// Per target, the tautology question's answer.
fn tautologies(
    model: &Model<'_>,
    targets: &[Target<'_>],
    type_invariant: Option<OpId>,
    reachable: &[Vec<tlafid_value::Value>],
) -> (Vec<TautologyFinding>, domain::DomainSource, usize) {
    let domain = domain::domain(model, type_invariant, reachable);
    let type_name = type_invariant.map(|op| model.program.op(op).name.as_str());
    let findings = targets
        .iter()
        .map(|t| {
            let check = if t.action {
                &model.action_properties[t.index]
            } else {
                &model.invariants[t.index]
            };
            if domain.states.is_empty() || Some(t.name.as_str()) == type_name {
                return TautologyFinding::NotChecked;
            }
            match domain::holds_everywhere(model, check, &domain) {
                Some(n) => TautologyFinding::HoldsIn(n),
                None => TautologyFinding::Refuted,
            }
        })
        .collect();
    (findings, domain.source, domain.states.len())
}

fn run_mutants(
    base: &Program,
    config: &Config,
    spec: SpecOps,
    chosen: &[mutant::Mutation],
    type_invariant: Option<OpId>,
    budget: RunBudget,
    options: &MutateOptions,
) -> Result<Vec<mutant_run::MutantResult>, Vec<Diagnostic>> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.workers.max(1))
        .stack_size(tlafid_check::WORKER_STACK_BYTES)
        .build()
        .map_err(|e| {
            vec![Diagnostic::error_nowhere(
                tlafid_check::errors::THREADS_UNAVAILABLE,
                format!("cannot start worker threads: {e}"),
            )]
        })?;
    Ok(pool.install(|| {
        chosen
            .par_iter()
            .map(|m| mutant_run::run_mutant(base, config, spec, m, type_invariant, budget, options))
            .collect()
    }))
}
