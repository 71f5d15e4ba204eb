//! Variables of an instantiated module inside `ENABLED`, as TLC treats them.
//!
//! For `R == INSTANCE M WITH x <- e` where `e` is not a variable, sema keeps each use of `x`
//! as [`ExprKind::Substituted`](tlafid_sema::ir::ExprKind::Substituted). When TLC decides
//! `ENABLED <<A>>_v` for the fairness of `R!Spec` (or any `ENABLED` written in `M`), the
//! substitutions of `R` were made outside the `ENABLED`, and its lookups of primed
//! variables stop there (`Context.branch` and the `cutoff` of `Tool.lookup`): `x'` is then a
//! variable of its own, assigned by `x' = v`, `x' \in S` or `UNCHANGED x` and read after
//! that, while an unprimed `x` is `e` in the current state. Reading `x'` before it is
//! assigned is an error, as in TLC. This module keeps those "shadow" variables after the
//! refining model's own in the next-state buffer, at `vars.len() + id`.

use std::collections::HashMap;

use tlafid_base::Span;
use tlafid_sema::ir::{Builtin, Expr, ExprKind, Program, SubstId, SubstitutedVar};
use tlafid_value::Value;

use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_UNASSIGNED_READ};

/// Which substituted variables are shadows in an `ENABLED` written in an operator of
/// instance path `instance` defined by the text of `module`: those substituted by that
/// operator's instance or an enclosing one. Empty when none are.
pub(crate) fn shadowed_in(program: &Program, instance: &str, module: &str) -> Vec<bool> {
    let shadowed: Vec<bool> = program
        .substituted
        .iter()
        .map(|s| substituted_outside(s, instance, module))
        .collect();
    if shadowed.contains(&true) {
        shadowed
    } else {
        Vec::new()
    }
}

/// Was the substitution of `s` made outside an `ENABLED` written in an operator of
/// instance path `instance` and module `module`, that is, is that operator part of the
/// instance that substitutes `s` (or of one nested in it)?
fn substituted_outside(s: &SubstitutedVar, instance: &str, module: &str) -> bool {
    if s.unnamed_modules.is_empty() {
        return !s.instance.is_empty()
            && (instance == s.instance || nested_in(instance, &s.instance));
    }
    // An unnamed instance's operators keep the path of the module that writes it: the
    // module that defines the operator tells them apart.
    if instance == s.instance {
        return s.unnamed_modules.iter().any(|m| m == module);
    }
    nested_in(instance, &s.instance)
}

/// Is the instance path `inner` strictly inside `outer` (`R!S` in `R`, anything in the
/// root's empty path)?
fn nested_in(inner: &str, outer: &str) -> bool {
    match inner.strip_prefix(outer) {
        Some(rest) if outer.is_empty() => !rest.is_empty(),
        Some(rest) => rest.starts_with('!'),
        None => false,
    }
}

/// The shadows of each `ENABLED` written in an instantiated module, keyed by the address
/// of its operand (the program outlives the evaluator, so addresses are stable).
#[derive(Debug, Default)]
pub(crate) struct EnabledShadows {
    by_operand: HashMap<usize, Vec<bool>, ahash::RandomState>,
}

impl EnabledShadows {
    /// Finds every `ENABLED` in the operators of instances that substitute a variable by
    /// an expression (none when the program has no such substitution).
    pub fn new(program: &Program) -> EnabledShadows {
        let mut by_operand = HashMap::default();
        if program.substituted.is_empty() {
            return EnabledShadows { by_operand };
        }
        for op in &program.ops {
            let shadowed = shadowed_in(program, &op.instance, &op.module);
            if shadowed.is_empty() {
                continue;
            }
            note_enabled(&op.body, &mut |operand| {
                by_operand.insert(operand as *const Expr as usize, shadowed.clone());
            });
        }
        EnabledShadows { by_operand }
    }

    /// The shadows of the `ENABLED` whose operand is `operand`, if it has any.
    pub fn of(&self, operand: &Expr) -> Option<&[bool]> {
        if self.by_operand.is_empty() {
            return None;
        }
        self.by_operand
            .get(&(operand as *const Expr as usize))
            .map(Vec::as_slice)
    }
}

/// Calls `f` on the operand of each `ENABLED` in `e`.
fn note_enabled(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    if let ExprKind::Builtin(Builtin::Enabled, args) = &e.kind {
        if let [operand] = args.as_slice() {
            f(operand);
        }
    }
    tlafid_sema::walk::each_child(e, &mut |child| note_enabled(child, f));
}

impl<'p> Ctx<'_, 'p> {
    /// The next-state slot of the shadow of `var`, when it is one here.
    pub(crate) fn shadow_slot(&self, var: SubstId) -> Option<usize> {
        let i = var.0 as usize;
        if self.shadowed.get(i).copied().unwrap_or(false) {
            Some(self.ev.program.vars.len() + i)
        } else {
            None
        }
    }

    /// The value of a substituted variable: its shadow under a prime when it is one,
    /// otherwise its substitution.
    pub(crate) fn substituted(
        &mut self,
        var: SubstId,
        value: &'p Expr,
        span: Span,
    ) -> EvalResult<Value> {
        let Some(slot) = self.shadow_slot(var).filter(|_| self.in_prime) else {
            return self.eval(value);
        };
        self.next_reads += 1;
        match self.next.get(slot) {
            Some(Some(v)) => Ok(Value::clone(v)),
            _ => {
                let s = &self.ev.program.substituted[var.0 as usize];
                Err(EvalError::new(
                    E_UNASSIGNED_READ,
                    format!(
                        "{}' (the variable {} of {}, substituted in {}) is read before it is assigned",
                        s.name, s.name, s.module, s.instance
                    ),
                    span,
                )
                .with_hint(
                    "inside ENABLED, TLC treats a primed variable of an instantiated module as a variable of its own: assign it before reading it",
                ))
            }
        }
    }
}
