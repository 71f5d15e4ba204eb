//! States the model need not reach, for the tautology question: the type domain the type
//! invariant describes (`x \in S` conjuncts, enumerated when finite and small), or else a
//! seeded sample of states combining the values each variable takes in the reachable space.

use tlafid_eval::{State, Value};
use tlafid_model::Model;
use tlafid_sema::ir::{Builtin, Expr, ExprKind, Level, OpId, Program};

use crate::mutant::is_action;
use crate::sample::{sample, Rng};

/// The most states of a type domain enumerated.
pub const DOMAIN_LIMIT: usize = 20_000;
/// The most pairs of states tried for an action property.
pub const PAIR_LIMIT: usize = 20_000;

/// Where the states come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DomainSource {
    /// Every state of the type domain (that satisfies the type invariant).
    TypeDomain,
    /// A seeded sample combining reachable values.
    Sample,
}

/// States for the tautology question.
pub struct Domain {
    /// The states.
    pub states: Vec<State>,
    /// Where they come from.
    pub source: DomainSource,
}

/// The type domain of `type_invariant` if it can be enumerated, else a sample built from
/// `reachable_values` (per variable).
pub fn domain(model: &Model<'_>, type_invariant: Option<OpId>, reachable: &[Vec<Value>]) -> Domain {
    if let Some(states) = type_invariant.and_then(|op| type_domain(model, op)) {
        return Domain {
            states,
            source: DomainSource::TypeDomain,
        };
    }
    Domain {
        states: sample(reachable),
        source: DomainSource::Sample,
    }
}

/// The states of the product of the `x \in S` conjuncts of the type invariant that satisfy it.
fn type_domain(model: &Model<'_>, op: OpId) -> Option<Vec<State>> {
    let program = model.program;
    let variables = program.vars.len();
    let mut sets: Vec<Option<Vec<Value>>> = vec![None; variables];
    let mut conjuncts = Vec::new();
    flatten(program, &program.op(op).body, &mut conjuncts, 0);
    let placeholder = vec![Value::from(false); variables];
    let mut worker = model.evaluator.worker();
    for conjunct in conjuncts {
        let ExprKind::Builtin(Builtin::In, args) = &conjunct.kind else {
            continue;
        };
        let ExprKind::Var { var, primed: false } = args[0].kind else {
            continue;
        };
        if sets[var.0 as usize].is_some() || mentions_state(program, &args[1]) {
            continue;
        }
        let set = worker.eval(&args[1], &placeholder, None).ok()?;
        if set.cardinality().ok()? > DOMAIN_LIMIT {
            return None;
        }
        sets[var.0 as usize] = Some(set.iter_set().ok()?.map(|v| v.into_owned()).collect());
    }
    let sets: Vec<Vec<Value>> = sets.into_iter().collect::<Option<_>>()?;
    let size = sets
        .iter()
        .try_fold(1usize, |n, s| n.checked_mul(s.len()))?;
    if size > DOMAIN_LIMIT || size == 0 {
        return None;
    }
    let mut states = Vec::new();
    let mut choice = vec![0usize; variables];
    for _ in 0..size {
        let values: Vec<Value> = (0..variables).map(|v| sets[v][choice[v]].clone()).collect();
        let state = State::new(values.into_boxed_slice());
        if worker.eval_op(op, state.values(), None).ok()?.as_bool() == Some(true) {
            states.push(state);
        }
        for v in (0..variables).rev() {
            choice[v] += 1;
            if choice[v] < sets[v].len() {
                break;
            }
            choice[v] = 0;
        }
    }
    Some(states)
}

/// The conjuncts of `expr`, unfolding zero-argument definitions.
fn flatten<'p>(program: &'p Program, expr: &'p Expr, out: &mut Vec<&'p Expr>, depth: usize) {
    match &expr.kind {
        ExprKind::Junction { and: true, items } => {
            items.iter().for_each(|i| flatten(program, i, out, depth))
        }
        ExprKind::Call(op, args) if args.is_empty() && depth < 8 => {
            let def = program.op(*op);
            if def.params.is_empty() && def.function.is_none() && !def.recursive {
                flatten(program, &def.body, out, depth + 1)
            } else {
                out.push(expr)
            }
        }
        _ => out.push(expr),
    }
}

fn mentions_state(program: &Program, expr: &Expr) -> bool {
    let mut found = is_action(program, expr);
    visit(expr, &mut |e| {
        found |= match &e.kind {
            ExprKind::Var { .. } => true,
            ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => {
                program.op(*op).level > Level::Constant
            }
            _ => false,
        }
    });
    found
}

fn visit(expr: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(expr);
    tlafid_sema::walk::each_child(expr, &mut |c| visit(c, f));
}

/// Does the check hold in every state of `domain` (every pair of states, for an action
/// property)? Returns how many states (or pairs) were tried, or `None` when one fails or
/// cannot be evaluated.
pub fn holds_everywhere(
    model: &Model<'_>,
    check: &tlafid_model::Check<'_>,
    domain: &Domain,
) -> Option<usize> {
    let mut worker = model.evaluator.worker();
    let states = &domain.states;
    if check.vars.is_none() {
        for state in states {
            if !worker.eval_bool(check.expr, state.values(), None).ok()? {
                return None;
            }
        }
        return Some(states.len());
    }
    let vars = check.vars?;
    let n = states.len();
    let pairs: Vec<(usize, usize)> = if n * n <= PAIR_LIMIT {
        (0..n).flat_map(|i| (0..n).map(move |j| (i, j))).collect()
    } else {
        let mut rng = Rng::new(0x5EED_0000_0000_0002);
        (0..PAIR_LIMIT)
            .map(|_| (rng.below(n), rng.below(n)))
            .collect()
    };
    for &(i, j) in &pairs {
        let (from, to) = (states[i].values(), states[j].values());
        let holds = worker.eval_bool(check.expr, from, Some(to)).ok()?
            || worker.eval(vars, from, None).ok()? == worker.eval(vars, to, None).ok()?;
        if !holds {
            return None;
        }
    }
    Some(pairs.len())
}
