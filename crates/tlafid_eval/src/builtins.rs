//! Language-level operators: logic, equality, membership, set algebra, `DOMAIN`,
//! `UNCHANGED`, `ENABLED`.

use tlafid_base::Span;
use tlafid_sema::ir::{Builtin, Expr, ExprKind, OpId, Slot};
use tlafid_value::{LazySet, Value};

use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_ENUMERATE, E_INCOMPARABLE, E_TYPE, E_UNSUPPORTED};
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
            (Builtin::SubsetEq, [a, b]) => {
                let x = self.eval(a)?;
                self.subset_of_expr(&x, a.span, b, span).map(Value::Bool)
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

    /// `x \in set`, with the sets of [`lazy_member`] tested lazily, as TLC does:
    /// `x \in {n \in S : P(n)}` is `x \in S /\ P(x)`, so the filter's domain may be
    /// infinite (`{n \in Nat : n > 0}`); enumerating such a set stays an error.
    pub(crate) fn member_of_expr(
        &mut self,
        x: &Value,
        set: &'p Expr,
        span: Span,
    ) -> EvalResult<bool> {
        match lazy_member(self.ev, set) {
            Some(LazyMember::Filter { slot, domain, pred }) => {
                if !self.member_of_expr(x, domain, span)? {
                    return Ok(false);
                }
                self.bind_value(slot, x.clone());
                self.eval_bool(pred)
            }
            Some(LazyMember::FnSet(dom, range)) => {
                let d = self.eval(dom)?;
                self.expect_set(&d, dom.span)?;
                if !x.is_fcn() || !self.value(x.domain_equals(&d), span)? {
                    return Ok(false);
                }
                let values = self.value(x.fn_value_refs(), span)?;
                if !self.range_tested_lazily(range, span)? {
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
            Some(LazyMember::Constant(op_id)) if self.constant_stays_lazy(op_id, span)? => {
                self.member_of_body(x, op_id, &[], span)
            }
            Some(LazyMember::Def(op_id, args)) => self.member_of_body(x, op_id, args, span),
            Some(LazyMember::Constant(_)) | None => self.member_of_value(x, set, span),
        }
    }

    /// `x \in op(args)` decided on `op`'s body: TLC keeps a set filter lazy through a
    /// definition too (`x \in Op(a)` with `Op(s) == {y \in S : P}`): only `x` is tested,
    /// the set is never built.
    fn member_of_body(
        &mut self,
        x: &Value,
        op_id: OpId,
        args: &'p [Expr],
        span: Span,
    ) -> EvalResult<bool> {
        let body = &self.ev.program.op(op_id).body;
        let saved = self.push_frame(op_id, args, span)?;
        let r = crate::call::grow_stack(|| self.member_of_expr(x, body, span));
        self.pop_frame(saved);
        r
    }

    /// Whether the values of a function in `[D -> range]` are tested one by one against
    /// `range` ([`member_of_expr`](Self::member_of_expr)) rather than against its value,
    /// built once: a set filter, a function set, or a constant that cannot be built.
    pub(crate) fn range_tested_lazily(&mut self, range: &'p Expr, span: Span) -> EvalResult<bool> {
        match lazy_member(self.ev, range) {
            Some(LazyMember::Filter { .. } | LazyMember::FnSet(..)) => Ok(true),
            Some(LazyMember::Constant(op_id)) => self.constant_stays_lazy(op_id, span),
            Some(LazyMember::Def(..)) | None => Ok(false),
        }
    }

    /// `x \subseteq set` (`x` the value of the left side, at `x_span`): when `set` is one
    /// [`member_of_expr`](Self::member_of_expr) tests lazily, each element of `x` is tested
    /// as by `\in`, as TLC does, and `set` is never built (`S \subseteq {n \in Nat : n > 0}`).
    pub(crate) fn subset_of_expr(
        &mut self,
        x: &Value,
        x_span: Span,
        set: &'p Expr,
        span: Span,
    ) -> EvalResult<bool> {
        let lazy = match lazy_member(self.ev, set) {
            Some(LazyMember::Constant(op_id)) => self.constant_stays_lazy(op_id, span)?,
            Some(_) => true,
            None => false,
        };
        if !lazy {
            let y = self.eval(set)?;
            return self.value(x.subset_eq(&y), span);
        }
        self.expect_set(x, x_span)?;
        for e in self.value(x.iter_set(), x_span)? {
            if !self.member_of_expr(&e, set, span)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the constant operator `op_id` ([`LazyMember::Constant`]) is kept lazy: its
    /// value, built once and cached when it can be, cannot be built because a set would
    /// have to be enumerated (`Positive == {n \in Nat : n > 0}`). Decided once, on first
    /// use, by building it; a finite set is then cached as any constant.
    pub(crate) fn constant_stays_lazy(&mut self, op_id: OpId, span: Span) -> EvalResult<bool> {
        let i = op_id.0 as usize;
        if self.ev.op_cache[i].get().is_some() {
            return Ok(false);
        }
        if let Some(lazy) = self.ev.lazy_constants[i].get() {
            return Ok(*lazy);
        }
        match self.call_op(op_id, &[], span) {
            Ok(_) => Ok(false),
            Err(e) if e.code == E_ENUMERATE => {
                let _ = self.ev.lazy_constants[i].set(true);
                Ok(true)
            }
            Err(e) => Err(e),
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

/// A set whose membership [`Ctx::member_of_expr`] tests without building it (TLC's lazy
/// `SetPredValue` and function sets), and how.
pub(crate) enum LazyMember<'p> {
    /// `{v \in domain : pred}` with one untupled variable, bound in `slot`: `x \in domain`
    /// (itself tested lazily) and then `pred` of `x`.
    Filter {
        slot: Slot,
        domain: &'p Expr,
        pred: &'p Expr,
    },
    /// `[dom -> range]`: `x` a function of domain `dom` whose values are in `range`.
    FnSet(&'p Expr, &'p Expr),
    /// A call decided on its operator's body ([`member_sees_through`]).
    Def(OpId, &'p [Expr]),
    /// A constant operator (no parameter, cached once built) whose body is one of these
    /// sets or a call: decided on its body only when its value cannot be built
    /// ([`Ctx::constant_stays_lazy`]), else tested on its cached value.
    Constant(OpId),
}

/// How [`Ctx::member_of_expr`] tests membership in `set` without building it, if it does.
pub(crate) fn lazy_member<'p>(ev: &Evaluator<'p>, set: &'p Expr) -> Option<LazyMember<'p>> {
    match &set.kind {
        ExprKind::SetFilter(binder, pred) if !binder.tuple && binder.slots.len() == 1 => {
            let domain = binder.domain.as_ref()?;
            Some(LazyMember::Filter {
                slot: binder.slots[0],
                domain,
                pred,
            })
        }
        ExprKind::FnSet(dom, range) => Some(LazyMember::FnSet(dom, range)),
        ExprKind::Call(op_id, args) if member_sees_through(ev, *op_id) => {
            Some(LazyMember::Def(*op_id, args))
        }
        ExprKind::Call(op_id, args) if args.is_empty() && lazy_constant_shape(ev, *op_id) => {
            Some(LazyMember::Constant(*op_id))
        }
        _ => None,
    }
}

/// Whether `x \in op(...)` is decided on `op`'s body rather than on its value: a plain
/// definition (no override, native or recursive function) of a state or action level, or
/// with parameters (a constant one without parameters is built once and cached instead:
/// [`LazyMember::Constant`]), whose body is a set filter, a function set or another call.
pub(crate) fn member_sees_through(ev: &Evaluator<'_>, op_id: OpId) -> bool {
    !ev.cacheable[op_id.0 as usize] && plain_set_definition(ev, op_id)
}

/// Whether `op_id` is a constant operator without parameters ([`LazyMember::Constant`])
/// whose body may be a set [`Ctx::member_of_expr`] tests lazily.
fn lazy_constant_shape(ev: &Evaluator<'_>, op_id: OpId) -> bool {
    ev.cacheable[op_id.0 as usize] && plain_set_definition(ev, op_id)
}

/// A definition (no override, native or recursive function) whose body is a set filter,
/// a function set or another call.
fn plain_set_definition(ev: &Evaluator<'_>, op_id: OpId) -> bool {
    let i = op_id.0 as usize;
    if ev.overrides[i].is_some() || ev.natives[i].is_some() {
        return false;
    }
    let op = ev.program.op(op_id);
    op.function.is_none()
        && matches!(
            op.body.kind,
            ExprKind::SetFilter(..) | ExprKind::FnSet(..) | ExprKind::Call(..)
        )
}

#[cfg(test)]
mod tests {
    use tlafid_base::SourceMap;
    use tlafid_sema::ir::RootName;

    use crate::evaluator::Evaluator;

    /// Membership in a constant set filter: a finite one is built once and cached (the
    /// constant cache), an infinite one is decided on its body (TLC's `SetPredValue`), and
    /// both give TLC's answers.
    #[test]
    fn constant_filters_are_cached_when_finite_and_lazy_when_not() {
        let text = "---- MODULE M ----\nEXTENDS Naturals\n\
            Positive == {n \\in Nat : n > 0}\nPos == Positive\n\
            Odd == {n \\in 0..9 : n % 2 = 1}\n\
            A == 3 \\in Pos /\\ 0 \\notin Positive /\\ 7 \\in Odd /\\ 4 \\notin Odd\n\
            B == {1, 2} \\subseteq Pos /\\ {1, 3} \\subseteq Odd\n====\n";
        let mut sources = SourceMap::new();
        let root = sources.add("M.tla", text.to_string());
        let program = tlafid_sema::load(root, &mut sources, &mut |_| None)
            .program
            .expect("loads");
        let op = |name: &str| match program.root_name(name) {
            Some(RootName::Op(op)) => op,
            _ => panic!("{name} defined"),
        };
        let ev = Evaluator::new(&program, vec![]);
        for test in ["A", "B"] {
            let v = ev.eval_op(op(test), &[], None).expect("evaluates");
            assert_eq!(v.to_string(), "TRUE", "{test}");
        }
        let (odd, positive, pos) = (op("Odd"), op("Positive"), op("Pos"));
        assert_eq!(
            ev.op_cache[odd.0 as usize].get().map(|v| v.to_string()),
            Some("{1, 3, 5, 7, 9}".to_string())
        );
        assert!(ev.lazy_constants[odd.0 as usize].get().is_none());
        for lazy in [positive, pos] {
            assert!(ev.op_cache[lazy.0 as usize].get().is_none());
            assert_eq!(ev.lazy_constants[lazy.0 as usize].get(), Some(&true));
        }
    }
}
