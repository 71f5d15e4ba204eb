//! [`Model`]: the program, its evaluator and every check the configuration asks for.

use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};
use tlafid_config::{Config, Named};
use tlafid_eval::{Evaluator, Value};
use tlafid_sema::ir::{Expr, Level, OpId, Program, RootName};

use crate::codes;
use crate::constants::bind_constants;
use crate::spec::{self, PropertyPart};

/// A named check: an invariant, a property's part, a constraint.
#[derive(Clone, Debug)]
pub struct Check<'p> {
    /// The name in the configuration.
    pub name: SmolStr,
    /// What is evaluated (a state predicate, or `A` of `[][A]_v`).
    pub expr: &'p Expr,
    /// `v` of `[][A]_v`: a step that leaves it unchanged satisfies the check.
    pub vars: Option<&'p Expr>,
    /// Where the configuration names it.
    pub config_span: Span,
}

/// Something the configuration asks for that this run does not check (so the run cannot be
/// called complete).
#[derive(Clone, Debug)]
pub struct Unchecked {
    /// The configured name.
    pub name: SmolStr,
    /// Why it is not checked.
    pub reason: String,
    /// The formula's place in the spec.
    pub span: Span,
}

/// A bound model, ready to explore.
pub struct Model<'p> {
    /// The program.
    pub program: &'p Program,
    /// Its evaluator, with constants bound and `Init`/`Next` set.
    pub evaluator: Evaluator<'p>,
    /// The initial predicate and next-state relation; `None` when the configuration names
    /// no behaviour (TLC then only evaluates the `ASSUME`s).
    pub spec: Option<SpecOps>,
    /// Invariants, in configuration order, then `[]P` parts of properties.
    pub invariants: Vec<Check<'p>>,
    /// State predicates of properties, checked on initial states.
    pub initial_properties: Vec<Check<'p>>,
    /// `[][A]_v` parts of properties, checked on every step.
    pub action_properties: Vec<Check<'p>>,
    /// `CONSTRAINT`s.
    pub constraints: Vec<OpId>,
    /// `ACTION_CONSTRAINT`s.
    pub action_constraints: Vec<OpId>,
    /// `VIEW`.
    pub view: Option<OpId>,
    /// `SYMMETRY`: the permutations of model values, each as (from, to) pairs.
    pub symmetry: Vec<Vec<(Value, Value)>>,
    /// `ALIAS`.
    pub alias: Option<OpId>,
    /// Whether a state without successors is an error.
    pub check_deadlock: bool,
    /// What is configured but not checked.
    pub unchecked: Vec<Unchecked>,
    /// Problems that do not stop the run (names TLC ignores).
    pub warnings: Vec<Diagnostic>,
}

/// The operators of the initial predicate and the next-state relation.
#[derive(Clone, Copy, Debug)]
pub struct SpecOps {
    /// The initial predicate.
    pub init: OpId,
    /// The next-state relation.
    pub next: OpId,
}

/// Finds the initial predicate and next-state relation the configuration names, adding an
/// operator to `program` for each that is not simply the name of one (`Init /\ PrintT(x)`,
/// `[][\E n \in Node : Next(n)]_vars`). `None` when the configuration names neither a
/// `SPECIFICATION` nor `INIT`/`NEXT`.
pub fn prepare(program: &mut Program, config: &Config) -> Result<Option<SpecOps>, Vec<Diagnostic>> {
    if let Some(spec_name) = &config.specification {
        let spec_op = defined_op(program, spec_name, Level::Temporal, "a SPECIFICATION")
            .map_err(|d| vec![d])?;
        let parts = spec::split_spec(program, spec_op, spec_name.span).map_err(|d| vec![d])?;
        let init: Vec<Expr> = parts.init.into_iter().cloned().collect();
        let next: Vec<Expr> = parts.next.into_iter().cloned().collect();
        let init = spec::part_op(program, &init, spec_op, "Init", Level::State);
        let next = spec::part_op(program, &next, spec_op, "Next", Level::Action);
        return Ok(Some(SpecOps { init, next }));
    }
    match (&config.init, &config.next) {
        (Some(init), Some(next)) => {
            let init = defined_op(program, init, Level::State, "an initial predicate");
            let next = defined_op(program, next, Level::Action, "a next-state relation");
            match (init, next) {
                (Ok(init), Ok(next)) => Ok(Some(SpecOps { init, next })),
                (init, next) => Err(init.err().into_iter().chain(next.err()).collect()),
            }
        }
        (Some(named), None) | (None, Some(named)) => Err(vec![Diagnostic::error(
            codes::NO_BEHAVIOUR_SPEC,
            "the configuration gives only one of INIT and NEXT",
            named.span,
        )]),
        (None, None) => Ok(None),
    }
}

pub(crate) fn bind<'p>(
    program: &'p Program,
    config: &Config,
    spec: Option<SpecOps>,
) -> Result<Model<'p>, Vec<Diagnostic>> {
    let bindings = bind_constants(program, config)?;
    let warnings = bindings.warnings;
    let mut evaluator = Evaluator::new(program, bindings.consts);
    for (op, binding) in bindings.overrides {
        evaluator.override_op(op, binding);
    }
    let mut problems = Vec::new();
    let mut unchecked = Vec::new();
    let mut lookup = |named: &Named, max: Level, what: &str| -> Option<OpId> {
        match defined_op(program, named, max, what) {
            Ok(op) => Some(op),
            Err(problem) => {
                problems.push(problem);
                None
            }
        }
    };
    let mut invariants: Vec<Check<'p>> = Vec::new();
    for named in &config.invariants {
        if let Some(op) = lookup(named, Level::State, "an invariant") {
            invariants.push(check(program, named, op));
        }
    }
    let constraints = config
        .constraints
        .iter()
        .filter_map(|n| lookup(n, Level::State, "a state constraint"))
        .collect();
    let action_constraints = config
        .action_constraints
        .iter()
        .filter_map(|n| lookup(n, Level::Action, "an action constraint"))
        .collect();
    let view = config
        .view
        .as_ref()
        .and_then(|n| lookup(n, Level::State, "a VIEW"));
    let alias = config
        .alias
        .as_ref()
        .and_then(|n| lookup(n, Level::Action, "an ALIAS"));
    let symmetry_op = config
        .symmetry
        .as_ref()
        .and_then(|n| lookup(n, Level::Constant, "a SYMMETRY set"));
    let property_ops: Vec<(&Named, OpId)> = config
        .properties
        .iter()
        .filter_map(|n| lookup(n, Level::Temporal, "a property").map(|op| (n, op)))
        .collect();
    for named in &config.postconditions {
        unchecked.push(Unchecked {
            name: named.name.clone(),
            reason: "POSTCONDITION is not checked yet".into(),
            span: named.span,
        });
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    if let Some(ops) = spec {
        evaluator.set_spec(Some(ops.init), Some(ops.next));
    }
    let symmetry = match symmetry_op {
        Some(op) => symmetry_permutations(
            &evaluator,
            op,
            config.symmetry.as_ref().map_or(Span::default(), |n| n.span),
        )
        .map_err(|d| vec![d])?,
        None => Vec::new(),
    };
    let mut model = Model {
        program,
        evaluator,
        spec,
        invariants,
        initial_properties: Vec::new(),
        action_properties: Vec::new(),
        constraints,
        action_constraints,
        view,
        symmetry,
        alias,
        check_deadlock: config.checks_deadlock(),
        unchecked,
        warnings,
    };
    for (named, op) in property_ops {
        model.add_property(named, op);
    }
    Ok(model)
}

impl<'p> Model<'p> {
    fn add_property(&mut self, named: &Named, op: OpId) {
        for part in spec::split_property(self.program, op) {
            let at = |expr: &'p Expr, vars| Check {
                name: named.name.clone(),
                expr,
                vars,
                config_span: named.span,
            };
            match part {
                PropertyPart::Initial(expr) => self.initial_properties.push(at(expr, None)),
                PropertyPart::Always(expr) => self.invariants.push(at(expr, None)),
                PropertyPart::Action { action, vars } => {
                    self.action_properties.push(at(action, Some(vars)))
                }
                PropertyPart::Temporal(expr) => self.unchecked.push(Unchecked {
                    name: named.name.clone(),
                    reason: "a temporal (liveness) formula: tlafid does not check liveness yet"
                        .into(),
                    span: expr.span,
                }),
            }
        }
    }
}

fn check<'p>(program: &'p Program, named: &Named, op: OpId) -> Check<'p> {
    Check {
        name: named.name.clone(),
        expr: &program.op(op).body,
        vars: None,
        config_span: named.span,
    }
}

/// The zero-parameter operator a configuration name refers to, at most at level `max`.
fn defined_op(
    program: &Program,
    named: &Named,
    max: Level,
    what: &str,
) -> Result<OpId, Diagnostic> {
    match program.root_name(&named.name) {
        Some(RootName::Op(op)) => {
            let def = program.op(op);
            if !def.params.is_empty() {
                return Err(Diagnostic::error(
                    codes::WRONG_KIND,
                    format!(
                        "{} takes {} argument(s); {what} must take none",
                        named.name,
                        def.params.len()
                    ),
                    named.span,
                )
                .with_label(def.span, "defined here"));
            }
            if def.level > max {
                return Err(Diagnostic::error(
                    codes::WRONG_KIND,
                    format!(
                        "{} is {} formula, which cannot be {what}",
                        named.name,
                        level_name(def.level)
                    ),
                    named.span,
                )
                .with_label(def.span, "defined here"));
            }
            Ok(op)
        }
        Some(_) => Err(Diagnostic::error(
            codes::WRONG_KIND,
            format!(
                "{} is a constant or variable, not a definition, so it cannot be {what}",
                named.name
            ),
            named.span,
        )),
        None => Err(Diagnostic::error(
            codes::UNDEFINED_IN_CONFIG,
            format!(
                "the configuration names {}, which the spec does not define",
                named.name
            ),
            named.span,
        )),
    }
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Constant => "a constant",
        Level::State => "a state-level",
        Level::Action => "an action-level",
        Level::Temporal => "a temporal",
    }
}

/// The permutations a `SYMMETRY` definition denotes (a set of functions from model values to
/// model values, as `Permutations(S)` gives).
fn symmetry_permutations(
    evaluator: &Evaluator<'_>,
    op: OpId,
    at: Span,
) -> Result<Vec<Vec<(Value, Value)>>, Diagnostic> {
    let bad = |why: String| {
        Diagnostic::error(
            codes::BAD_SYMMETRY,
            format!("the SYMMETRY set cannot be used: {why}"),
            at,
        )
    };
    let set = evaluator
        .eval_op(op, &[], None)
        .map_err(|e| e.to_diagnostic())?;
    let elems = set.iter_set().map_err(|e| bad(e.to_string()))?;
    let mut perms = Vec::new();
    for perm in elems {
        let pairs = perm.fn_pairs().map_err(|e| bad(e.to_string()))?;
        if pairs
            .iter()
            .any(|(k, v)| !matches!(k, Value::Model(_)) || !matches!(v, Value::Model(_)))
        {
            return Err(bad(
                "a permutation maps something other than model values".into()
            ));
        }
        perms.push(pairs);
    }
    Ok(perms)
}
