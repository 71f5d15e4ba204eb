//! Language-level operators: logic, equality, membership, set algebra, `DOMAIN`,
//! `UNCHANGED`, `ENABLED`.

use tlafid_base::Span;
use tlafid_sema::ir::{Builtin, Expr, ExprKind};
use tlafid_value::{LazySet, Value};

use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_INCOMPARABLE, E_TYPE, E_UNSUPPORTED};
use crate::evaluator::Evaluator;

impl<'a, 'p> Ctx<'a, 'p> {
    pub fn builtin(&mut self, op: Builtin, args: &'p [Expr], span: Span) -> EvalResult<Value> {
        let arity_error = || {
            EvalError::new(
                E_TYPE,
                format!("{op:?} given {} operands", args.len()),
                span,
            )
        };
        match (op, args) {
            (Builtin::Not, [a]) => Ok(Value::Bool(!self.eval_bool(a)?)),
            (Builtin::Implies, [a, b]) => {
                Ok(Value::Bool(!self.eval_bool(a)? || self.eval_bool(b)?))
            }
            (Builtin::Equiv, [a, b]) => Ok(Value::Bool(self.eval_bool(a)? == self.eval_bool(b)?)),
            (Builtin::Eq, [a, b]) => self.equal(a, b, span).map(Value::Bool),
            (Builtin::Neq, [a, b]) => self.equal(a, b, span).map(|e| Value::Bool(!e)),
            (Builtin::In, [a, b]) => self.member(a, b, span).map(Value::Bool),
            (Builtin::NotIn, [a, b]) => self.member(a, b, span).map(|m| Value::Bool(!m)),
            (Builtin::Union, [a, b]) => self.set_op(a, b, span, Value::union),
            (Builtin::Intersect, [a, b]) => self.set_op(a, b, span, Value::intersect),
            (Builtin::SetMinus, [a, b]) => self.set_op(a, b, span, Value::minus),
            (Builtin::SubsetEq, [a, b]) if tests_members_lazily(self.ev, b) => {
                // `S \subseteq {n \in Nat : n > 0}`: each element of `S` is tested as by
                // `\in`, as TLC does; the right side is never enumerated.
                let x = self.eval(a)?;
                self.expect_set(&x, a.span)?;
                for e in self.value(x.iter_set(), a.span)? {
                    if !self.member_of_expr(&e, b, span)? {
                        return Ok(Value::Bool(false));
                    }
                }
                Ok(Value::Bool(true))
            }
            (Builtin::SubsetEq, [a, b]) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                self.value(x.subset_eq(&y), span).map(Value::Bool)
            }
            (Builtin::Powerset, [a]) => {
                let s = self.eval(a)?;
                self.expect_set(&s, a.span)?;
                Ok(Value::lazy(LazySet::Subset(s)))
            }
            (Builtin::BigUnion, [a]) => {
                let s = self.eval(a)?;
                self.value(s.big_union(), span)
            }
            (Builtin::Domain, [a]) => {
                let f = self.eval(a)?;
                self.value(f.domain(), span)
            }
            (Builtin::Unchanged, [a]) => self.unchanged_value(a).map(Value::Bool),
            (Builtin::Enabled, [a]) => self.enabled(a).map(Value::Bool),
            (Builtin::Always | Builtin::Eventually | Builtin::LeadsTo | Builtin::WhilePlus, _) => {
                Err(EvalError::new(
                    E_UNSUPPORTED,
                    format!("the temporal operator {op:?} cannot be evaluated on states"),
                    span,
                ))
            }
            (Builtin::Cdot, [a, b]) => self.eval_cdot(a, b, span).map(Value::Bool),
            _ => Err(arity_error()),
        }
    }

    /// `a = b`, an error (as in TLC) for values TLC cannot compare.
    fn equal(&mut self, a: &'p Expr, b: &'p Expr, span: Span) -> EvalResult<bool> {
        let x = self.eval_cow(a)?;
        if let (ExprKind::Str(s), Value::Str(t)) = (&b.kind, &*x) {
            return Ok(**t == **s);
        }
        let y = self.eval_cow(b)?;
        values_equal(&x, &y, span)
    }

    fn member(&mut self, a: &'p Expr, b: &'p Expr, span: Span) -> EvalResult<bool> {
        let x = self.eval_cow(a)?;
        self.member_of_expr(&x, b, span)
    }

    /// `x \in set`, with set filters (and function sets whose range is one) tested lazily,
    /// as TLC does: `x \in {n \in S : P(n)}` is `x \in S /\ P(x)`, so the filter's domain
    /// may be infinite (`{n \in Nat : n > 0}`); enumerating such a set stays an error.
    pub(crate) fn member_of_expr(
        &mut self,
        x: &Value,
        set: &'p Expr,
        span: Span,
    ) -> EvalResult<bool> {
        match &set.kind {
            ExprKind::SetFilter(binder, pred) if !binder.tuple && binder.slots.len() == 1 => {
                let Some(domain) = &binder.domain else {
                    return self.member_of_value(x, set, span);
                };
                if !self.member_of_expr(x, domain, span)? {
                    return Ok(false);
                }
                self.bind_value(binder.slots[0], x.clone());
                self.eval_bool(pred)
            }
            ExprKind::FnSet(dom, range) => {
                let d = self.eval(dom)?;
                self.expect_set(&d, dom.span)?;
                if !x.is_fcn() || !self.value(x.domain_equals(&d), span)? {
                    return Ok(false);
                }
                let values = self.value(x.fn_value_refs(), span)?;
                if !matches!(range.kind, ExprKind::SetFilter(..) | ExprKind::FnSet(..)) {
                    // An ordinary range is evaluated once, not per value.
                    let r = self.eval(range)?;
                    for v in values {
                        if !self.value(r.contains(v), span)? {
                            return Ok(false);
                        }
                    }
                    return Ok(true);
                }
                for v in values {
                    if !self.member_of_expr(v, range, span)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            ExprKind::Call(op_id, args) if member_sees_through(self.ev, *op_id) => {
                // TLC keeps a set filter lazy through a definition too (`x \in Op(a)` with
                // `Op(s) == {y \in S : P}`): only `x` is tested, the set is never built.
                let body = &self.ev.program.op(*op_id).body;
                let saved = self.push_frame(*op_id, args, span)?;
                let r = crate::call::grow_stack(|| self.member_of_expr(x, body, span));
                self.pop_frame(saved);
                r
            }
            _ => self.member_of_value(x, set, span),
        }
    }

    fn member_of_value(&mut self, x: &Value, set: &'p Expr, span: Span) -> EvalResult<bool> {
        let s = self.eval(set)?;
        self.value(s.contains(x), span)
    }

    fn set_op(
        &mut self,
        a: &'p Expr,
        b: &'p Expr,
        span: Span,
        op: fn(&Value, &Value) -> tlafid_value::ValueResult<Value>,
    ) -> EvalResult<Value> {
        let (x, y) = (self.eval(a)?, self.eval(b)?);
        self.value(op(&x, &y), span)
    }
}

/// Equality as TLC checks it: values of different kinds (other than model values) are an error.
pub(crate) fn values_equal(x: &Value, y: &Value, span: Span) -> EvalResult<bool> {
    if !x.comparable_with(y) {
        return Err(EvalError::new(
            E_INCOMPARABLE,
            format!(
                "cannot compare the {} {x} with the {} {y}",
                x.kind_name(),
                y.kind_name()
            ),
            span,
        ));
    }
    Ok(x == y)
}

/// Whether `x \in op(...)` is decided on `op`'s body rather than on its value: a plain
/// definition (no override, native or recursive function) of a state or action level (a
/// constant one is built once and cached instead) whose body is a set filter, a function set
/// or another call.
/// Whether [`Ctx::member_of_expr`] tests membership in `set` without building it: a set
/// filter of one bound variable, a function set, or a definition of one.
pub(crate) fn tests_members_lazily(ev: &Evaluator<'_>, set: &Expr) -> bool {
    match &set.kind {
        ExprKind::SetFilter(binder, _) => {
            !binder.tuple && binder.slots.len() == 1 && binder.domain.is_some()
        }
        ExprKind::FnSet(..) => true,
        ExprKind::Call(op_id, _) => member_sees_through(ev, *op_id),
        _ => false,
    }
}

pub(crate) fn member_sees_through(ev: &Evaluator<'_>, op_id: tlafid_sema::ir::OpId) -> bool {
    let i = op_id.0 as usize;
    if ev.overrides[i].is_some() || ev.natives[i].is_some() {
        return false;
    }
    if ev.cacheable[i] {
        return false;
    }
    let op = ev.program.op(op_id);
    op.function.is_none()
        && matches!(
            op.body.kind,
            ExprKind::SetFilter(..) | ExprKind::FnSet(..) | ExprKind::Call(..)
        )
}
