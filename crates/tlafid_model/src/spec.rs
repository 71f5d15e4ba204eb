//! Splitting temporal formulas as TLC does: a `SPECIFICATION` into its initial predicate,
//! next-state relation and fairness; a `PROPERTY` into what a safety search checks (state
//! predicates on initial states, `[][A]_v` on every step, `[]P` on every state) and what
//! only a liveness checker can decide.

use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};
use tlafid_sema::ir::{Builtin, Expr, ExprKind, Level, OpId, Program};

use crate::codes;

/// The parts of a `SPECIFICATION`.
pub struct SpecParts<'p> {
    /// State-level conjuncts: together, the initial predicate.
    pub init: Vec<&'p Expr>,
    /// `A` of each `[][A]_v` conjunct: together, the next-state relation.
    pub next: Vec<&'p Expr>,
    /// Fairness conjuncts (`WF_v(A)`, `SF_v(A)`, quantified ones); not needed for safety.
    pub fairness: Vec<&'p Expr>,
}

/// One checkable part of a property.
pub enum PropertyPart<'p> {
    /// A state predicate: holds in every initial state.
    Initial(&'p Expr),
    /// `[][A]_v`: every step satisfies `A` or leaves `v` unchanged.
    Action {
        /// `A`.
        action: &'p Expr,
        /// `v`.
        vars: &'p Expr,
    },
    /// `[]P` with `P` a state predicate: holds in every reachable state.
    Always(&'p Expr),
    /// Anything else (liveness, fairness, quantified temporal formulas): not checked by the
    /// safety search.
    Temporal(&'p Expr),
}

/// The conjuncts of `expr`, looking through `/\` and zero-argument operators of temporal
/// level (so `Spec == Safe /\ Fair` yields the conjuncts of both).
pub fn conjuncts<'p>(program: &'p Program, expr: &'p Expr, out: &mut Vec<&'p Expr>) {
    match &expr.kind {
        ExprKind::Junction { and: true, items } => {
            items.iter().for_each(|item| conjuncts(program, item, out))
        }
        ExprKind::Call(op, args) if args.is_empty() => {
            let def = program.op(*op);
            if def.level == Level::Temporal && def.params.is_empty() && def.function.is_none() {
                conjuncts(program, &def.body, out)
            } else {
                out.push(expr)
            }
        }
        _ => out.push(expr),
    }
}

/// Splits the `SPECIFICATION` operator `spec` into its parts.
pub fn split_spec<'p>(
    program: &'p Program,
    spec: OpId,
    at: Span,
) -> Result<SpecParts<'p>, Diagnostic> {
    let mut parts = Vec::new();
    conjuncts(program, &program.op(spec).body, &mut parts);
    let mut split = SpecParts {
        init: Vec::new(),
        next: Vec::new(),
        fairness: Vec::new(),
    };
    for part in parts {
        match always_box(part) {
            Some((action, _)) => split.next.push(action),
            None if is_temporal(program, part) => split.fairness.push(part),
            None if is_action(program, part) => {
                return Err(Diagnostic::error(
                    codes::UNSUPPORTED_SPEC,
                    "an action conjunct outside [][...]_v in a SPECIFICATION",
                    part.span,
                )
                .with_label(at, "named here"))
            }
            None => split.init.push(part),
        }
    }
    if split.init.is_empty() || split.next.is_empty() {
        return Err(Diagnostic::error(
            codes::UNSUPPORTED_SPEC,
            "the SPECIFICATION does not have the form Init /\\ [][Next]_vars (/\\ fairness)",
            program.op(spec).span,
        )
        .with_label(at, "named here")
        .with_hint("or give INIT and NEXT in the configuration instead"));
    }
    Ok(split)
}

/// The operator for a conjunction of spec parts: the operator itself when the only part is
/// its name, otherwise a new operator (named `name`) whose body is the conjunction.
pub fn part_op(
    program: &mut Program,
    parts: &[Expr],
    owner: OpId,
    name: &str,
    level: Level,
) -> OpId {
    if let [only] = parts {
        if let Some(op) = plain_call(only) {
            return op;
        }
    }
    let owner_def = program.op(owner);
    let span = parts.first().map_or(owner_def.span, |p| p.span);
    let body = match parts {
        [only] => only.clone(),
        _ => Expr {
            kind: ExprKind::Junction {
                and: true,
                items: parts.to_vec(),
            },
            span,
        },
    };
    let def = tlafid_sema::ir::OpDef {
        name: name.into(),
        module: owner_def.module.clone(),
        instance: owner_def.instance.clone(),
        params: Vec::new(),
        captured: 0,
        body,
        function: None,
        recursive: false,
        level,
        frame_size: owner_def.frame_size,
        span,
    };
    program.ops.push(def);
    OpId(program.ops.len() as u32 - 1)
}

/// A part of a property with the name TLC gives it in messages: the innermost zero-argument
/// operator the part was reached through (for `[]P` with `P` a zero-argument operator, `P`),
/// or, for a part reached by splitting a conjunction without passing such an operator
/// afterwards, the conjunct's place in the spec ("line 9, col 20 to line 9, col 31 of module
/// M", which only the caller can render).
pub struct NamedPart<'p> {
    /// The innermost zero-argument operator the part was reached through.
    pub name: SmolStr,
    /// The conjunct TLC names the part by, when it names it by place.
    pub location: Option<Span>,
    /// The part.
    pub part: PropertyPart<'p>,
}

/// How TLC names a part: an operator's name, and the conjunct it names it by instead.
#[derive(Clone)]
struct PartName {
    name: SmolStr,
    location: Option<Span>,
}

/// Splits a property into checkable parts as TLC's `SpecProcessor.processConfigProps` does:
/// conjunctions are split and zero-argument operators (of any level, through `INSTANCE`s)
/// unfolded; a state-level part is checked on initial states, `[][A]_v` on every step, `[]P`
/// (with `P` of state level) on every state, and anything else is temporal. An action-level
/// part is an error, as in TLC.
///
/// TLC also unrolls `\A x \in S : F` (with `S` constant) and inlines applications of
/// operators with arguments before splitting; tlafid keeps such temporal parts whole, and
/// `crate::temporal` expands them when it translates them into liveness obligations.
pub fn split_property<'p>(
    program: &'p Program,
    property: OpId,
) -> Result<Vec<NamedPart<'p>>, Diagnostic> {
    let mut out = Vec::new();
    let def = program.op(property);
    let name = PartName {
        name: op_name(program, property),
        location: None,
    };
    split_part(program, &def.body, &name, &mut out)?;
    Ok(out)
}

fn split_part<'p>(
    program: &'p Program,
    expr: &'p Expr,
    name: &PartName,
    out: &mut Vec<NamedPart<'p>>,
) -> Result<(), Diagnostic> {
    let named = |part| NamedPart {
        name: name.name.clone(),
        location: name.location,
        part,
    };
    match &expr.kind {
        ExprKind::Junction { and: true, items } => {
            for item in items {
                let by_place = PartName {
                    name: name.name.clone(),
                    location: Some(item.span),
                };
                split_part(program, item, &by_place, out)?;
            }
            return Ok(());
        }
        ExprKind::Call(op, args) if args.is_empty() => {
            let def = program.op(*op);
            if def.params.is_empty() && def.function.is_none() && !def.recursive {
                let by_op = PartName {
                    name: op_name(program, *op),
                    location: None,
                };
                return split_part(program, &def.body, &by_op, out);
            }
        }
        ExprKind::Builtin(Builtin::Always, args) if args.len() == 1 => {
            let arg = &args[0];
            let part = match &arg.kind {
                ExprKind::BoxAction(action, vars) => named(PropertyPart::Action { action, vars }),
                _ if !is_action(program, arg) => match plain_call(arg) {
                    Some(op) => NamedPart {
                        name: op_name(program, op),
                        location: None,
                        part: PropertyPart::Always(arg),
                    },
                    None => named(PropertyPart::Always(arg)),
                },
                _ => named(PropertyPart::Temporal(expr)),
            };
            out.push(part);
            return Ok(());
        }
        _ => {}
    }
    let part = if is_temporal(program, expr) {
        PropertyPart::Temporal(expr)
    } else if is_action(program, expr) {
        return Err(Diagnostic::error(
            codes::WRONG_KIND,
            format!(
                "the property {} has an action-level part, which TLC cannot check",
                name.name
            ),
            expr.span,
        )
        .with_hint("write it as [][A]_vars"));
    } else {
        PropertyPart::Initial(expr)
    };
    out.push(named(part));
    Ok(())
}

/// An operator's name as TLC prints it (`R!Spec` for one reached through `R == INSTANCE M`).
fn op_name(program: &Program, op: OpId) -> SmolStr {
    let def = program.op(op);
    if def.instance.is_empty() {
        def.name.clone()
    } else {
        format!("{}!{}", def.instance, def.name).into()
    }
}

/// `[][A]_v` (parsed as `[]` applied to `[A]_v`): its `A` and `v`.
fn always_box(expr: &Expr) -> Option<(&Expr, &Expr)> {
    match &expr.kind {
        ExprKind::Builtin(Builtin::Always, args) if args.len() == 1 => match &args[0].kind {
            ExprKind::BoxAction(action, vars) => Some((action, vars)),
            _ => None,
        },
        _ => None,
    }
}

fn plain_call(expr: &Expr) -> Option<OpId> {
    match &expr.kind {
        ExprKind::Call(op, args) if args.is_empty() => Some(*op),
        _ => None,
    }
}

/// Does `expr` mention a temporal operator (directly or through the operators it calls)?
pub fn is_temporal(program: &Program, expr: &Expr) -> bool {
    level_at_least(program, expr, Level::Temporal)
}

/// Does `expr` mention a primed variable (directly or through the operators it calls)?
pub fn is_action(program: &Program, expr: &Expr) -> bool {
    level_at_least(program, expr, Level::Action)
}

fn level_at_least(program: &Program, expr: &Expr, level: Level) -> bool {
    let mut found = false;
    visit(expr, &mut |e| {
        found |= match &e.kind {
            ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => program.op(*op).level >= level,
            ExprKind::Var { primed, .. } => *primed && level <= Level::Action,
            ExprKind::Prime(_) | ExprKind::AngleAction(..) => level <= Level::Action,
            ExprKind::Builtin(Builtin::Unchanged, _) => level <= Level::Action,
            ExprKind::BoxAction(..)
            | ExprKind::Fairness { .. }
            | ExprKind::TemporalQuant { .. } => true,
            ExprKind::Builtin(
                Builtin::Always | Builtin::Eventually | Builtin::LeadsTo | Builtin::WhilePlus,
                _,
            ) => true,
            _ => false,
        };
    });
    found
}

/// Calls `f` on `expr` and every subexpression.
pub fn visit(expr: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(expr);
    tlafid_sema::walk::each_child(expr, &mut |child| visit(child, f));
}
