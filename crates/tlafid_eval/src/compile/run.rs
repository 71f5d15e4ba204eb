//! Running compiled expressions inside the interpreter's context: the same frames, the same
//! current state, and the interpreter wherever a node falls back.

use std::borrow::Cow;

use tlafid_base::Span;
use tlafid_sema::ir::{Expr, ExprKind, Slot};
use tlafid_value::{LazySet, Text, Value};

use super::{Kind, Member, Node, Order, PathStep, QuantVar, Rows, Step};
use crate::builtins::values_equal;
use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_CHOOSE, E_TYPE};
use crate::exprs::Made;
use crate::frame::FrameSlot;

impl<'a, 'p> Ctx<'a, 'p> {
    /// Evaluates `expr` as a boolean: its compiled form when it has one.
    pub fn test(&mut self, expr: &'p Expr) -> EvalResult<bool> {
        match self.ev.compiled().root(expr) {
            Some(node) => self.run_bool(node),
            None => self.eval_bool(expr),
        }
    }

    /// [`test`](Self::test) of a state predicate at the top of a check, where it held in
    /// `parent`, a state the current one was made from (`Worker::first_false`): a
    /// membership `v \in S` of a state variable in a constant set is tested only on the
    /// parts of `v` that differ from its value in `parent` ([`Ctx::member_after`]), and a
    /// `\A` over the rows of a state variable ([`Rows`]) only on the rows that differ
    /// from the parent's (the others held there, and the rest of the quantifier depends
    /// on nothing else), without this thread's table of rows.
    pub(crate) fn test_after(&mut self, expr: &'p Expr, parent: &[Value]) -> EvalResult<bool> {
        let Some(node) = self.ev.compiled().root(expr) else {
            return self.eval_bool(expr);
        };
        let top = !(self.in_prime
            || self.init_mode
            || !self.shadowed.is_empty()
            || self.changed_test.is_some());
        match &node.kind {
            Kind::In {
                elem,
                set,
                negate: false,
            } if top && matches!(**set, Member::Remembered(_)) => {
                let cur: &'a [Value] = self.cur;
                if let Kind::Var(v) = elem.kind {
                    if let (Some(x), Some(before)) = (cur.get(v), parent.get(v)) {
                        return self.member_after(x, before, set, node.expr.span);
                    }
                }
                self.run_bool(node)
            }
            Kind::Quant {
                vars,
                body,
                rows: Some(rows),
                ..
            } if top => {
                let before = parent.get(rows.var as usize);
                match self.rows_hold(node.expr, *rows, vars, body, before) {
                    Ok(RowsTest::Hold) => Ok(true),
                    Ok(RowsTest::False) if vars.len() == 1 => Ok(false),
                    _ => self.run_quant(true, vars, body),
                }
            }
            _ => self.run_bool(node),
        }
    }

    /// Evaluates `expr`: its compiled form when it has one.
    pub fn eval_fast(&mut self, expr: &'p Expr) -> EvalResult<Value> {
        match self.ev.compiled().root(expr) {
            Some(node) => self.run(node),
            None => self.eval(expr),
        }
    }

    /// The value of a compiled expression (as [`Ctx::eval`] of its expression).
    pub fn run(&mut self, n: &'a Node<'p>) -> EvalResult<Value> {
        match &n.kind {
            Kind::Interpret => self.eval(n.expr),
            Kind::Value(v) => Ok(v.clone()),
            Kind::Local(slot) => match self.ready_local(*slot) {
                Some(v) => Ok(v.clone()),
                None => self.local(*slot, n.expr.span),
            },
            Kind::Var(_) | Kind::Path(_) | Kind::App(..) | Kind::Field(..) => {
                match self.run_place(n)? {
                    Some(v) => Ok(v.clone()),
                    None => self.eval(n.expr),
                }
            }
            Kind::Cached(op) => match self.ev.op_cache[*op].get() {
                Some(v) => Ok(v.clone()),
                None => self.eval(n.expr),
            },
            Kind::Once(cell, inner) => match cell.get() {
                Some(v) => Ok(v.clone()),
                None => {
                    let v = self.run(inner)?;
                    Ok(cell.get_or_init(|| v).clone())
                }
            },
            Kind::Native1(f, a) => {
                let result = match self.read(a) {
                    Some(a) => f(a),
                    None => f(&*self.run_cow(a)?),
                };
                self.value(result, n.expr.span)
            }
            Kind::Native2(f, a, b) | Kind::SetOp(f, a, b) => {
                self.run_native2(*f, a, b, n.expr.span)
            }
            _ => self.run_other(n),
        }
    }

    /// A native operator of two values: `a`, then `b`, as the interpreter evaluates them,
    /// each read in place where it can be ([`read`](Self::read)).
    fn run_native2(
        &mut self,
        f: super::Binary,
        a: &'a Node<'p>,
        b: &'a Node<'p>,
        span: Span,
    ) -> EvalResult<Value> {
        let result = match self.read(a) {
            Some(x) => match self.read(b) {
                Some(y) => f(x, y),
                None => match self.read_stable(a) {
                    Some(x) => f(x, &*self.run_cow(b)?),
                    None => {
                        let x = x.clone();
                        f(&x, &*self.run_cow(b)?)
                    }
                },
            },
            None => {
                let x = self.run_cow(a)?;
                match self.read(b) {
                    Some(y) => f(&x, y),
                    None => f(&x, &*self.run_cow(b)?),
                }
            }
        };
        self.value(result, span)
    }

    /// The less frequent kinds of [`run`](Self::run), out of line to keep it small.
    #[inline(never)]
    fn run_other(&mut self, n: &'a Node<'p>) -> EvalResult<Value> {
        match &n.kind {
            Kind::RememberedCall(op, slots) => self.call_remembered_locals(*op, slots, n.expr),
            Kind::Remembered(slots, inner) => self.run_remembered_locals(n.expr, slots, inner),
            Kind::NextVar(i) if !self.in_prime && !self.init_mode => match &self.next[*i] {
                Some(v) => {
                    self.next_reads += 1;
                    Ok(Value::clone(v))
                }
                None => self.eval(n.expr),
            },
            Kind::Primed(inner) if self.next_state_ready() => {
                self.in_next_state(|ctx| ctx.run(inner))
            }
            Kind::LocalField(slot, name) => match self.ready_local(*slot) {
                Some(v) => self.value(v.field_text(*name).cloned(), n.expr.span),
                None => {
                    // As the interpreter: the slot's value (a `LET` value forced now, or
                    // evaluated again under a prime), then its field.
                    let ExprKind::Dot(r, _) = &n.expr.kind else {
                        return self.eval(n.expr);
                    };
                    let v = self.local(*slot, r.span)?;
                    self.value(v.field_text(*name).cloned(), n.expr.span)
                }
            },
            Kind::ConstApp(f, a) => {
                let known = match &f.kind {
                    _ if self.in_prime || self.init_mode => None,
                    Kind::Cached(op) => self.ev.op_cache[*op].get(),
                    Kind::Once(cell, _) => cell.get(),
                    Kind::Value(v) => Some(v),
                    _ => None,
                };
                // Until the function is known (a function definition is built after a few
                // applications), the interpreter applies it.
                let Some(fv) = known else {
                    return self.eval(n.expr);
                };
                let a = self.run_cow(a)?;
                self.value(fv.apply(&a).cloned(), n.expr.span)
            }
            Kind::FnDefApp(app) => self.run_fn_def_app(app, n.expr.span),
            Kind::LocalApp(slot, a) => {
                // As the interpreter's `fn_app` on a ready local: the argument, then the
                // function read in place.
                if self.ready_local(*slot).is_none() {
                    return self.eval(n.expr);
                }
                let arg = self.run_cow(a)?;
                match self.ready_local(*slot) {
                    Some(f) => self.value(f.apply(&arg).cloned(), n.expr.span),
                    None => self.eval(n.expr),
                }
            }
            Kind::SetEnum(items) => Ok(Value::set(self.run_all(items)?)),
            Kind::Tuple(items) => Ok(Value::seq(self.run_all(items)?)),
            Kind::Record(record) => {
                // Each field in the order written, put at its place in name order.
                let mut out: Vec<(Text, Value)> = record
                    .names
                    .iter()
                    .map(|name| (*name, Value::Bool(false)))
                    .collect();
                for ((_, field), place) in record.fields.iter().zip(record.places.iter()) {
                    out[*place as usize].1 = self.run(field)?;
                }
                Ok(Value::record_sorted(out))
            }
            Kind::SetFilter { slot, domain, pred } => {
                // As the interpreter: the domain in order, each element kept as its key.
                let mut kept = Vec::new();
                self.each_in(*slot, domain, |ctx, elem| {
                    if ctx.run_bool(pred)? {
                        kept.push(elem);
                    }
                    Ok(())
                })?;
                Ok(Value::set_sorted(kept))
            }
            Kind::SetMap { slot, domain, body } => {
                let mut out = Vec::new();
                self.each_in(*slot, domain, |ctx, _| {
                    out.push(ctx.run(body)?);
                    Ok(())
                })?;
                Ok(Value::set(out))
            }
            Kind::NativeConst(op, f) => Ok(self.ev.op_cache[*op].get_or_init(f).clone()),
            Kind::PerState(inner) => {
                // Inside `ENABLED` with shadowed variables (`shadow.rs`) an instantiated
                // variable may read otherwise: nothing is kept or read there.
                if self.in_prime || self.init_mode || !self.shadowed.is_empty() {
                    return self.run(inner);
                }
                // Keyed by the node's address, which no operator index (the other keys) can be.
                let key = n as *const Node<'p> as usize;
                if let Some((_, v)) = self.state_cache.iter().find(|(k, _)| *k == key) {
                    return Ok(v.clone());
                }
                let v = self.run(inner)?;
                self.state_cache.push((key, v.clone()));
                Ok(v)
            }
            Kind::Powerset(a) => {
                let s = self.run(a)?;
                self.expect_set(&s, a.expr.span)?;
                Ok(Value::lazy(LazySet::Subset(s)))
            }
            Kind::FnSet(d, r) => {
                let (dv, rv) = (self.run(d)?, self.run(r)?);
                self.expect_set(&dv, d.expr.span)?;
                self.expect_set(&rv, r.expr.span)?;
                Ok(Value::lazy(LazySet::FnSet(dv, rv)))
            }
            Kind::SubsetOfConstant { a, set } => {
                let x = self.run_cow(a)?;
                let Member::Set(node) = &**set else {
                    unreachable!("a subset's constant set is a plain one")
                };
                let t = self.run_cow(node)?;
                match (&*x, t.is_set()) {
                    (Value::Set(_), true) => self.subset_of_constant(&x, &t, set, n.expr.span),
                    _ => self.value(x.subset_eq(&t), n.expr.span),
                }
                .map(Value::Bool)
            }
            Kind::SubsetOf { a, set, constant } => {
                let x = self.run_cow(a)?;
                let ev = self.ev;
                if let Some(y) = constant.and_then(|op| ev.op_cache[op].get()) {
                    return self.value(x.subset_eq(y), n.expr.span).map(Value::Bool);
                }
                self.subset_of_expr(&x, a.expr.span, set, n.expr.span)
                    .map(Value::Bool)
            }
            Kind::Case { arms, other } => {
                for (guard, value) in arms {
                    if self.run_bool(guard)? {
                        return self.run(value);
                    }
                }
                match other {
                    Some(other) => self.run(other),
                    None => Err(EvalError::no_case_arm(n.expr.span)),
                }
            }
            Kind::Choose { slot, domain, pred } => {
                // As the interpreter: the domain in order, the first element satisfying `pred`.
                let set = self.run_cow(domain)?;
                self.expect_set(&set, domain.expr.span)?;
                for elem in self.value(set.iter_elements(), domain.expr.span)? {
                    self.tick(domain.expr.span)?;
                    let elem = elem.into_owned();
                    self.bind_value(*slot, elem.clone());
                    if self.run_bool(pred)? {
                        return Ok(elem);
                    }
                }
                Err(EvalError::new(
                    E_CHOOSE,
                    "CHOOSE found no element satisfying its predicate",
                    n.expr.span,
                ))
            }
            Kind::Cross(parts) => {
                let mut sets = Vec::with_capacity(parts.len());
                for p in parts {
                    let s = self.run(p)?;
                    self.expect_set(&s, p.expr.span)?;
                    sets.push(s);
                }
                Ok(Value::lazy(LazySet::Product(sets)))
            }
            Kind::If(c, a, b) => {
                if self.run_bool(c)? {
                    self.run(a)
                } else {
                    self.run(b)
                }
            }
            Kind::FnCons { vars, body } => {
                // As `fn_cons`: the domains in order, each element (or tuple of elements) a key.
                let mut pairs = Vec::new();
                if let [var] = vars.as_slice() {
                    self.each_in(var.slot, &var.domain, |ctx, key| {
                        pairs.push((key, ctx.run(body)?));
                        Ok(())
                    })?;
                    return Ok(Value::function_sorted(pairs));
                }
                self.for_each_var(vars, &mut |ctx| {
                    let key = vars.iter().map(|var| ctx.ready_local(var.slot).cloned());
                    let key = key.collect::<Option<Vec<Value>>>().ok_or_else(|| {
                        EvalError::new(E_TYPE, "a bound variable has no value", n.expr.span)
                    })?;
                    pairs.push((Value::seq(key), ctx.run(body)?));
                    Ok(true)
                })?;
                Ok(Value::function(pairs))
            }
            Kind::Let { slot, value, body } => {
                self.bind(*slot, FrameSlot::Thunk(value));
                self.run(body)
            }
            Kind::Except(x) => {
                let mut value = self.run(&x.base)?;
                if let [(path, new)] = x.updates.as_slice() {
                    if let [step] = path.as_slice() {
                        return self.run_except_step(value, step, new, x.at);
                    }
                }
                let last = x.updates.len().saturating_sub(1);
                for (k, (path, new)) in x.updates.iter().enumerate() {
                    let made = match k < last {
                        true => Made::Intermediate,
                        false => Made::Fresh,
                    };
                    value = self.run_except_path(value, path, new, x.at, made)?;
                }
                Ok(value)
            }
            Kind::Not(..)
            | Kind::And(_)
            | Kind::Or(_)
            | Kind::Implies(..)
            | Kind::Equiv(..)
            | Kind::Eq { .. }
            | Kind::In { .. }
            | Kind::Disjoint { .. }
            | Kind::IntCmp(..)
            | Kind::Quant { .. } => self.run_bool(n).map(Value::Bool),
            // Outside the modes handled above: as the interpreter reads them.
            Kind::NextVar(_) | Kind::Primed(_) => self.eval(n.expr),
            _ => self.run(n),
        }
    }

    /// Binds `slot` to each element of the set `domain` in order, and calls `each` with it.
    fn each_in(
        &mut self,
        slot: Slot,
        domain: &'a Node<'p>,
        mut each: impl FnMut(&mut Self, Value) -> EvalResult<()>,
    ) -> EvalResult<()> {
        let set = self.run_cow(domain)?;
        self.expect_set(&set, domain.expr.span)?;
        for elem in self.value(set.iter_elements(), domain.expr.span)? {
            self.tick(domain.expr.span)?;
            let elem = elem.into_owned();
            self.bind_value(slot, elem.clone());
            each(self, elem)?;
        }
        Ok(())
    }

    /// The values of `items`, left to right, in a vector of exactly their number (collected
    /// from an iterator of results, it started at 4 and doubled, and kept the spare room).
    fn run_all(&mut self, items: &'a [Node<'p>]) -> EvalResult<Vec<Value>> {
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            values.push(self.run(item)?);
        }
        Ok(values)
    }

    /// The boolean value of a compiled expression (as [`Ctx::eval_bool`]).
    pub fn run_bool(&mut self, n: &'a Node<'p>) -> EvalResult<bool> {
        match &n.kind {
            Kind::Not(a) => Ok(!self.run_bool(a)?),
            Kind::Let { slot, value, body } => {
                self.bind(*slot, FrameSlot::Thunk(value));
                self.run_bool(body)
            }
            Kind::And(items) => {
                for item in items {
                    if !self.run_bool(item)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Kind::Or(items) => {
                for item in items {
                    if self.run_bool(item)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Kind::Implies(a, b) => Ok(!self.run_bool(a)? || self.run_bool(b)?),
            Kind::Equiv(a, b) => Ok(self.run_bool(a)? == self.run_bool(b)?),
            Kind::Eq {
                a,
                b,
                literal,
                negate,
            } => {
                if let Some(x) = self.read(a) {
                    if let (Some(s), Value::Str(t)) = (literal, x) {
                        return Ok((t == s) != *negate);
                    }
                    if let Some(y) = self.read(b) {
                        return Ok(values_equal(x, y, n.expr.span)? != *negate);
                    }
                }
                let x = self.run_cow(a)?;
                if let (Some(s), Value::Str(t)) = (literal, &*x) {
                    return Ok((t == s) != *negate);
                }
                let y = self.run_cow(b)?;
                Ok(values_equal(&x, &y, n.expr.span)? != *negate)
            }
            Kind::IntCmp(order, f, a, b) => self.run_int_cmp(*order, *f, a, b, n.expr.span),
            Kind::In { elem, set, negate } => {
                if let (Kind::Record(record), Member::Set(s)) = (&elem.kind, &**set) {
                    return Ok(self.record_member(elem, record, s, n.expr.span)? != *negate);
                }
                let x = self.run_cow(elem)?;
                Ok(self.run_member(&x, set, n.expr.span)? != *negate)
            }
            Kind::Quant {
                forall,
                vars,
                body,
                rows,
            } => match rows {
                Some(rows) => self.run_rows(n.expr, *rows, vars, body),
                None => self.run_quant(*forall, vars, body),
            },
            Kind::Disjoint { a, b, negate } => {
                let x = self.run_cow(a)?;
                let y = self.run_cow(b)?;
                let empty = match self.value(x.intersect_is_empty(&y), n.expr.span)? {
                    Some(empty) => empty,
                    None => {
                        let cap = self.value(x.intersect(&y), n.expr.span)?;
                        values_equal(&cap, &Value::empty_set(), n.expr.span)?
                    }
                };
                Ok(empty != *negate)
            }
            _ => match self.run(n)? {
                Value::Bool(b) => Ok(b),
                other => Err(not_boolean(&other, n.expr.span)),
            },
        }
    }

    /// An integer comparison ([`Kind::IntCmp`]): `a` then `b` read in place as integers
    /// where they can be (also the result of a native of one value read in place,
    /// `Len(network[p][q])`), else as [`Kind::Native2`] runs it.
    fn run_int_cmp(
        &mut self,
        order: Order,
        f: super::Binary,
        a: &'a Node<'p>,
        b: &'a Node<'p>,
        span: Span,
    ) -> EvalResult<bool> {
        let Some(x) = self.read_int(a) else {
            let v = self.run_native2(f, a, b, span)?;
            return truth(v, span);
        };
        let y = match self.read_int(b) {
            Some(y) => y,
            None => {
                let y = self.run_cow(b)?;
                match *y {
                    Value::Int(y) => y,
                    // `a` was an integer: the native decides (and words the error).
                    _ => {
                        let v = self.value(f(&Value::Int(x), &y), span)?;
                        return truth(v, span);
                    }
                }
            }
        };
        Ok(order.holds(x, y))
    }

    /// A 64-bit integer read in place ([`read`](Self::read)), or the result of a native of
    /// one value read in place when it is one; `None`, having evaluated nothing that
    /// matters, otherwise (a native that fails is evaluated again, for its error).
    fn read_int(&self, n: &'a Node<'p>) -> Option<i64> {
        let v = match &n.kind {
            Kind::Native1(f, x) => {
                return match f(self.read(x)?) {
                    Ok(Value::Int(i)) => Some(i),
                    _ => None,
                }
            }
            _ => self.read(n)?,
        };
        match v {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// `x \in S` (as [`Ctx::member_of_expr`], `span` that of the whole test).
    fn run_member(&mut self, x: &Value, set: &'a Member<'p>, span: Span) -> EvalResult<bool> {
        match set {
            Member::Set(s) => {
                let s = self.run_cow(s)?;
                self.value(s.contains(x), span)
            }
            Member::Interpret(e) => self.member_of_expr(x, e, span),
            Member::Constant(op, e) => match self.ev.op_cache[*op].get() {
                Some(s) => self.value(s.contains(x), span),
                None => self.member_of_expr(x, e, span),
            },
            Member::Remembered(inner) if x.is_compound() => {
                self.remembered_member(x, set, |ctx, x| ctx.constant_member(x, None, inner, span))
            }
            Member::Remembered(inner) => self.run_member(x, inner, span),
            Member::Enum(items) => {
                // Every item is evaluated, as when the set is built (the same errors).
                let mut found = false;
                for item in items {
                    let v = self.run_cow(item)?;
                    found = found || *v == *x;
                }
                Ok(found)
            }
            Member::FnSet { dom, range } => {
                let d = self.run_cow(dom)?;
                self.expect_set(&d, dom.expr.span)?;
                if !x.is_fcn() || !self.value(x.domain_equals(&d), span)? {
                    return Ok(false);
                }
                let values = self.value(x.fn_value_refs(), span)?;
                let r = match range.plain_set() {
                    Some(r) => Some(self.run_cow(r)?),
                    None => self.built_constant(range, span)?.map(Cow::Borrowed),
                };
                if let Some(r) = r {
                    // An ordinary range is evaluated once, not per value.
                    let remembered = matches!(**range, Member::Remembered(_));
                    for v in values {
                        if remembered && v.is_compound() {
                            let test = |ctx: &mut Self, v: &Value| ctx.value(r.contains(v), span);
                            if !self.remembered_member(v, range, test)? {
                                return Ok(false);
                            }
                        } else if !self.value(r.contains(v), span)? {
                            return Ok(false);
                        }
                    }
                    return Ok(true);
                }
                for v in values {
                    if !self.run_member(v, range, span)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
        }
    }

    /// `x \in set` for a constant `set` ([`Member::Remembered`]) where `before` is known to
    /// be in `set` (`x`'s value in a state where the membership held, [`Ctx::test_after`]):
    /// `x` the same allocation holds again, and a function tested against a function set
    /// whose range is constant, with the arguments of `before` (so the set's domain), is
    /// tested only at the arguments where its value differs from `before`'s (the others
    /// held there, against the same constant range), in domain order, each as this
    /// function tests it; a value tested against another constant set is tested directly
    /// (`Ctx::constant_member`: a value other than its parent's is mostly a new allocation,
    /// an update's or an `Append`'s, neither looked up among those remembered nor
    /// remembered); anything else as [`Ctx::run_member`] tests it. The first false value
    /// (or error) in domain order is the one the whole test meets first: the domain and
    /// the range are constants that were evaluated without error for `before`, and the
    /// values skipped held, without error, against the same range.
    fn member_after(
        &mut self,
        x: &Value,
        before: &Value,
        set: &'a Member<'p>,
        span: Span,
    ) -> EvalResult<bool> {
        if crate::memo::identical(x, before) {
            return Ok(true);
        }
        let Member::Remembered(inner) = set else {
            return self.run_member(x, set, span);
        };
        match &**inner {
            Member::FnSet { range, .. }
                if matches!(**range, Member::Remembered(_)) && x.same_domain(before) =>
            {
                let values = self.value(x.fn_value_refs(), span)?;
                let old = self.value(before.fn_value_refs(), span)?;
                for (v, b) in values.zip(old) {
                    if !self.member_after(v, b, range, span)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Member::FnSet { .. } => self.run_member(x, set, span),
            _ if x.is_compound() => self.constant_member(x, Some(before), inner, span),
            _ => self.run_member(x, inner, span),
        }
    }

    /// `[f |-> e, ...] \in s` (as [`Kind::In`] of the built record and [`Member::Set`]):
    /// the fields evaluated in the order written, then the set; an enumerated set of
    /// records is searched by the fields in place ([`record_in`]), without
    /// building the record (PaxosCommit's `[type |-> "phase2b", ...] \in msgs`), any
    /// other set is given the record built from them.
    #[inline(never)]
    fn record_member(
        &mut self,
        elem: &'a Node<'p>,
        record: &'a super::Record<'p>,
        s: &'a Node<'p>,
        span: Span,
    ) -> EvalResult<bool> {
        const IN_PLACE: usize = 8;
        let count = record.names.len();
        if count > IN_PLACE {
            let x = self.run(elem)?;
            let s = self.run_cow(s)?;
            return self.value(s.contains(&x), span);
        }
        let mut values: [Value; IN_PLACE] = std::array::from_fn(|_| Value::Bool(false));
        for ((_, field), place) in record.fields.iter().zip(record.places.iter()) {
            values[*place as usize] = self.run(field)?;
        }
        let set = self.run_cow(s)?;
        if let Some(found) = record_in(&set, &record.names, &values[..count]) {
            return Ok(found);
        }
        let fields = record.names.iter().copied().zip(values).take(count);
        let x = Value::record_sorted(fields.collect());
        self.value(set.contains(&x), span)
    }

    /// The value of `set` when it is a constant operator ([`Member::Constant`]) that can be
    /// built (built now if need be), as the interpreter's `range_tested_lazily` decides.
    fn built_constant(&mut self, set: &Member<'p>, span: Span) -> EvalResult<Option<&'a Value>> {
        let op = match set {
            Member::Constant(op, _) => *op,
            Member::Remembered(inner) => return self.built_constant(inner, span),
            _ => return Ok(None),
        };
        if self.constant_stays_lazy(tlafid_sema::ir::OpId(op as u32), span)? {
            return Ok(None);
        }
        let ev = self.ev;
        Ok(ev.op_cache[op].get())
    }

    /// `x \in set` for a compound `x` and a constant `set` (inside [`Member::Remembered`],
    /// whose answer for this allocation of `x` was not remembered): when `set` is `SUBSET
    /// T`, each element of `x` is tested against `T` ([`Ctx::subset_of_constant`]), else
    /// as [`Ctx::run_member`] tests it.
    ///
    /// With `before`, a value known to be in `set` (see [`Ctx::member_after`]), a sequence
    /// tested against `Seq(t)` is tested only on its elements that are not the same
    /// allocation (or scalar) as `before`'s at the same position or the next one: an
    /// update or an `Append` leaves the others where they were, a `Tail` moves each one
    /// place down, and those held in `before`, against the same `t`, without error (so
    /// the first false element is the one the whole test meets first); each compound
    /// element tested has its answer remembered by its allocation, as
    /// [`Ctx::subset_of_constant`] does.
    fn constant_member(
        &mut self,
        x: &Value,
        before: Option<&Value>,
        set: &'a Member<'p>,
        span: Span,
    ) -> EvalResult<bool> {
        let Member::Set(node) = set else {
            return self.run_member(x, set, span);
        };
        let s = self.run_cow(node)?;
        match (&*s, x, before) {
            (Value::Lazy(lazy), _, _) if x.is_set() => match lazy.kind() {
                LazySet::Subset(t) => self.subset_of_constant(x, t, set, span),
                _ => self.value(s.contains(x), span),
            },
            (Value::Lazy(lazy), Value::Seq(_), Some(before @ Value::Seq(_))) => {
                let LazySet::SeqOf(t) = lazy.kind() else {
                    return self.value(s.contains(x), span);
                };
                let old = self.value(before.seq_elems(), span)?;
                for (i, e) in self.value(x.seq_elems(), span)?.iter().enumerate() {
                    let held =
                        |at: usize| old.get(at).is_some_and(|b| crate::memo::identical(e, b));
                    if held(i) || held(i + 1) {
                        continue;
                    }
                    let test = |ctx: &mut Self, e: &Value| ctx.value(t.contains(e), span);
                    // As in `subset_of_constant`: a compound element's answer remembered by
                    // its allocation under `set`'s address (the message a `Broadcast`
                    // appends to each channel, a constant record appended again).
                    let holds = match e.is_compound() {
                        true => self.remembered_member(e, set, test)?,
                        false => test(self, e)?,
                    };
                    if !holds {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            _ => self.value(s.contains(x), span),
        }
    }

    /// `x \in SUBSET t` for a set `x` and a constant `t` (as `LazySet::Subset`'s membership:
    /// every element of `x` in `t`, in `x`'s order), each compound element's answer
    /// remembered by its allocation under `key`'s address: a set that grows from state to
    /// state (PaxosCommit's `msgs \in SUBSET Message`) is a new allocation at each
    /// successor, but its elements are mostly the ones of earlier states.
    fn subset_of_constant(
        &mut self,
        x: &Value,
        t: &Value,
        key: &'a Member<'p>,
        span: Span,
    ) -> EvalResult<bool> {
        for e in self.value(x.iter_set(), span)? {
            let test = |ctx: &mut Self, e: &Value| ctx.value(t.contains(e), span);
            let holds = if e.is_compound() {
                // `key` is the `Member::Set` inside the `Member::Remembered` whose own
                // address names the question about the whole set.
                self.remembered_member(&e, key, test)?
            } else {
                test(self, &e)?
            };
            if !holds {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `x \in set` for a compound `x` and a constant `set` ([`Member::Remembered`]): the
    /// answer remembered for this very allocation of `x`, or `test`'s, remembered when it
    /// holds.
    fn remembered_member(
        &mut self,
        x: &Value,
        set: &'a Member<'p>,
        test: impl FnOnce(&mut Self, &Value) -> EvalResult<bool>,
    ) -> EvalResult<bool> {
        let generation = self.ev.compiled().generation;
        let key = set as *const Member<'p> as usize;
        if crate::memo::recall_member(generation, key, x) {
            return Ok(true);
        }
        let holds = test(self, x)?;
        if holds {
            crate::memo::remember_member(generation, key, x);
        }
        Ok(holds)
    }

    /// [`Kind::Remembered`]: the value this thread remembers for `inner` (of `expr`) with
    /// the values `slots` hold now, or `inner`'s, then remembered with how much deeper
    /// than here its evaluation went. Where a remembered call would not be looked up
    /// ([`Ctx::call_remembered_locals`]: under a prime, in the initial predicate, inside
    /// `ENABLED`) or a slot holds no value yet, `inner` is run as it is.
    #[inline(never)]
    fn run_remembered_locals(
        &mut self,
        expr: &'p Expr,
        slots: &[Slot],
        inner: &'a Node<'p>,
    ) -> EvalResult<Value> {
        if self.in_prime
            || self.init_mode
            || !self.shadowed.is_empty()
            || self.changed_test.is_some()
        {
            return self.run(inner);
        }
        let generation = self.ev.compiled().generation;
        let key = expr as *const Expr as usize;
        let looked_up = {
            let filler = Value::Bool(false);
            let mut args = [&filler; crate::call::LOOKED_UP_ARGS];
            for (arg, slot) in args.iter_mut().zip(slots) {
                match self.ready_local(*slot) {
                    Some(v) => *arg = v,
                    None => return self.run(inner),
                }
            }
            let args = &args[..slots.len()];
            match crate::memo::recall_expr(generation, key, args) {
                Some((value, needed)) if self.depth + needed <= self.ev.options.max_depth => {
                    Ok((value, needed))
                }
                _ => Err(args.iter().copied().cloned().collect::<Vec<_>>()),
            }
        };
        match looked_up {
            Ok((value, needed)) => {
                self.deepest = self.deepest.max(self.depth + needed);
                Ok(value)
            }
            Err(args) => {
                let outer = std::mem::replace(&mut self.deepest, self.depth);
                let result = self.run(inner);
                let needed = self.deepest - self.depth;
                self.deepest = self.deepest.max(outer);
                if let Ok(value) = &result {
                    crate::memo::remember_expr(generation, key, args, value.clone(), needed);
                }
                result
            }
        }
    }

    /// One update of an `EXCEPT` (as the interpreter's `except_path`), its outermost copy
    /// made as `made` says (the inner ones are [`Made::Fresh`]).
    fn run_except_path(
        &mut self,
        old: Value,
        path: &'a [Step<'p>],
        new: &'a Node<'p>,
        at: Option<Slot>,
        made: Made,
    ) -> EvalResult<Value> {
        let Some((step, rest)) = path.split_first() else {
            if let Some(at) = at {
                self.bind_value(at, old);
            }
            return self.run(new);
        };
        let (key, span) = match step {
            Step::Field(name) => (name.clone(), new.expr.span),
            Step::Index(e) => (self.run(e)?, e.expr.span),
        };
        self.except_at(old, &key, span, made, |ctx, inner| {
            ctx.run_except_path(inner, rest, new, at, Made::Fresh)
        })
    }

    /// An `EXCEPT` of one update of one step (`[pc EXCEPT ![self] = "L"]`), as
    /// [`run_except_path`](Self::run_except_path) runs it, its result perhaps one this
    /// thread made before ([`crate::memo::updated`]).
    fn run_except_step(
        &mut self,
        old: Value,
        step: &'a Step<'p>,
        new: &'a Node<'p>,
        at: Option<Slot>,
    ) -> EvalResult<Value> {
        let (key, span) = match step {
            Step::Field(name) => (name.clone(), new.expr.span),
            Step::Index(e) => (self.run(e)?, e.expr.span),
        };
        self.except_at(old, &key, span, Made::Remembered, |ctx, inner| {
            if let Some(at) = at {
                ctx.bind_value(at, inner);
            }
            ctx.run(new)
        })
    }

    /// `\A` (`forall`) or `\E` over `vars`, as [`for_each_var`](Self::for_each_var) binds
    /// them, stopping at the first binding that decides. One and two variables (`\A p, q
    /// \in Proc`) are walked here, the body tested directly rather than through a callback.
    /// Out of line, so that `run_bool`, which every boolean node passes through, stays small.
    #[inline(never)]
    fn run_quant(
        &mut self,
        forall: bool,
        vars: &'a [QuantVar<'p>],
        body: &'a Node<'p>,
    ) -> EvalResult<bool> {
        match vars {
            [x] => {
                let span = x.domain.expr.span;
                let set = self.run_cow(&x.domain)?;
                self.expect_set(&set, span)?;
                for elem in self.value(set.iter_elements(), span)? {
                    self.tick(span)?;
                    self.bind_value(x.slot, elem.into_owned());
                    if self.run_bool(body)? != forall {
                        return Ok(!forall);
                    }
                }
                Ok(forall)
            }
            [x, y] => {
                // Both domains first, left to right; then `x` varies fastest.
                let (x_span, y_span) = (x.domain.expr.span, y.domain.expr.span);
                let x_set = self.run_cow(&x.domain)?;
                self.expect_set(&x_set, x_span)?;
                self.value(x_set.iter_elements(), x_span)?;
                let y_set = match y.same_as_previous {
                    true => None,
                    false => {
                        let set = self.run_cow(&y.domain)?;
                        self.expect_set(&set, y_span)?;
                        self.value(set.iter_elements(), y_span)?;
                        Some(set)
                    }
                };
                let y_elems =
                    self.value(y_set.as_ref().unwrap_or(&x_set).iter_elements(), y_span)?;
                for y_elem in y_elems {
                    self.tick(y_span)?;
                    self.bind_value(y.slot, y_elem.into_owned());
                    for x_elem in self.value(x_set.iter_elements(), x_span)? {
                        self.tick(x_span)?;
                        self.bind_value(x.slot, x_elem.into_owned());
                        if self.run_bool(body)? != forall {
                            return Ok(!forall);
                        }
                    }
                }
                Ok(forall)
            }
            _ => {
                let finished =
                    self.for_each_var(vars, &mut |ctx| Ok(ctx.run_bool(body)? == forall))?;
                Ok(if finished { forall } else { !forall })
            }
        }
    }

    /// A `\A` over the rows of a state variable ([`Rows`]): each `x`'s row looked up in
    /// this thread's table of rows found true, the others tested; when one fails (or
    /// anything else does), the whole quantifier is run as [`run_quant`] runs it, in TLC's
    /// order, for the same answer and the same first error. A row found false is the
    /// answer of a quantifier of one variable (its rows are walked in TLC's order, and each
    /// before it held without error); one of two variables is run again, as for an error.
    /// Where a remembered value would not be looked up (under a prime, in the initial
    /// predicate, inside `ENABLED`), it is run as it is.
    ///
    /// [`run_quant`]: Self::run_quant
    #[inline(never)]
    fn run_rows(
        &mut self,
        expr: &'p Expr,
        rows: Rows,
        vars: &'a [QuantVar<'p>],
        body: &'a Node<'p>,
    ) -> EvalResult<bool> {
        let looked_up = !(self.in_prime
            || self.init_mode
            || !self.shadowed.is_empty()
            || self.changed_test.is_some());
        if looked_up {
            match self.rows_hold(expr, rows, vars, body, None) {
                Ok(RowsTest::Hold) => return Ok(true),
                Ok(RowsTest::False) if vars.len() == 1 => return Ok(false),
                _ => {}
            }
        }
        self.run_quant(true, vars, body)
    }

    /// Does every row of [`run_rows`](Self::run_rows) hold? [`RowsTest::False`] at the
    /// first row whose test is false, [`RowsTest::Unread`] where one cannot be read (or an
    /// error). With `before`, the variable's value in a state
    /// where the quantifier held ([`Ctx::test_after`]), a row that is the same allocation
    /// as `before`'s holds, and the others are tested without the table. Inlined always
    /// (into its two callers), as it was into `run_rows` alone.
    #[inline(always)]
    fn rows_hold(
        &mut self,
        expr: &'p Expr,
        rows: Rows,
        vars: &'a [QuantVar<'p>],
        body: &'a Node<'p>,
        before: Option<&Value>,
    ) -> EvalResult<RowsTest> {
        let bound = rows.second as usize;
        let x = &vars[bound];
        let other = vars.get(1 - bound);
        let first = self.run_cow(&vars[0].domain)?;
        let x_set = match (bound, vars.get(1)) {
            (1, Some(y)) if !y.same_as_previous => self.run_cow(&y.domain)?,
            _ => first.clone(),
        };
        let other_set = match other {
            Some(y) if bound == 0 && !y.same_as_previous => Some(self.run_cow(&y.domain)?),
            Some(_) => Some(first),
            None => None,
        };
        let cur: &'a [Value] = self.cur;
        let Some(function) = cur.get(rows.var as usize) else {
            return Ok(RowsTest::Unread);
        };
        let generation = self.ev.compiled().generation;
        let key = expr as *const Expr as usize;
        let span = x.domain.expr.span;
        for px in self.value(x_set.iter_elements(), span)? {
            self.tick(span)?;
            let Some(row) = function.get(&px) else {
                return Ok(RowsTest::Unread);
            };
            match before {
                Some(before) => {
                    if before
                        .get(&px)
                        .is_some_and(|old| crate::memo::identical(old, row))
                    {
                        continue;
                    }
                }
                None => match crate::memo::recall_row(generation, key, &px, row) {
                    Some(needed) if self.depth + needed <= self.ev.options.max_depth => {
                        self.deepest = self.deepest.max(self.depth + needed);
                        continue;
                    }
                    _ => {}
                },
            }
            let px = px.into_owned();
            self.bind_value(x.slot, px.clone());
            let outer = std::mem::replace(&mut self.deepest, self.depth);
            let holds = self.row_holds(other, other_set.as_deref(), body);
            let needed = self.deepest - self.depth;
            self.deepest = self.deepest.max(outer);
            if !holds? {
                return Ok(RowsTest::False);
            }
            if before.is_none() {
                crate::memo::remember_row(generation, key, px, row.clone(), needed);
            }
        }
        Ok(RowsTest::Hold)
    }

    /// Does one row of [`rows_hold`](Self::rows_hold), its `x` bound, hold for every `y` of
    /// `other` (when the quantifier has a second variable)?
    fn row_holds(
        &mut self,
        other: Option<&'a QuantVar<'p>>,
        other_set: Option<&Value>,
        body: &'a Node<'p>,
    ) -> EvalResult<bool> {
        let (Some(y), Some(set)) = (other, other_set) else {
            return self.run_bool(body);
        };
        let y_span = y.domain.expr.span;
        for py in self.value(set.iter_elements(), y_span)? {
            self.tick(y_span)?;
            self.bind_value(y.slot, py.into_owned());
            if !self.run_bool(body)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Binds `vars` in the interpreter's (TLC's) order and calls `each` with every binding;
    /// `false` when `each` stopped the walk. Every domain is evaluated, and found
    /// enumerable, left to right first (one shared with the previous variable, `\A x, y
    /// \in S`, once); then the first variable varies fastest.
    fn for_each_var(
        &mut self,
        vars: &'a [QuantVar<'p>],
        each: &mut dyn FnMut(&mut Self) -> EvalResult<bool>,
    ) -> EvalResult<bool> {
        if let [var] = vars {
            let set = self.run_cow(&var.domain)?;
            self.expect_set(&set, var.domain.expr.span)?;
            for elem in self.value(set.iter_elements(), var.domain.expr.span)? {
                self.tick(var.domain.expr.span)?;
                self.bind_value(var.slot, elem.into_owned());
                if !each(self)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        let mut sets: Vec<Cow<'a, Value>> = Vec::with_capacity(vars.len());
        for var in vars {
            let set = match sets.last() {
                Some(previous) if var.same_as_previous => previous.clone(),
                _ => {
                    let set = self.run_cow(&var.domain)?;
                    self.expect_set(&set, var.domain.expr.span)?;
                    self.value(set.iter_elements(), var.domain.expr.span)?;
                    set
                }
            };
            sets.push(set);
        }
        self.vars_below(vars, &sets, each)
    }

    /// Binds the last of `vars` to each element of its set, and for each the ones before
    /// it (see [`for_each_var`](Self::for_each_var)).
    fn vars_below(
        &mut self,
        vars: &'a [QuantVar<'p>],
        sets: &[Cow<'a, Value>],
        each: &mut dyn FnMut(&mut Self) -> EvalResult<bool>,
    ) -> EvalResult<bool> {
        let (Some((var, outer)), Some((set, inner))) = (vars.split_last(), sets.split_last())
        else {
            return each(self);
        };
        for elem in self.value(set.iter_elements(), var.domain.expr.span)? {
            self.tick(var.domain.expr.span)?;
            self.bind_value(var.slot, elem.into_owned());
            if !self.vars_below(outer, inner, each)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The value of a compiled expression, borrowed when it is a place of the current state,
    /// a literal or a constant already computed (no reference count is touched: constants
    /// are shared by every worker).
    pub(super) fn run_cow(&mut self, n: &'a Node<'p>) -> EvalResult<Cow<'a, Value>> {
        match &n.kind {
            Kind::Value(v) => return Ok(Cow::Borrowed(v)),
            Kind::Cached(op) => {
                if let Some(v) = self.ev.op_cache[*op].get() {
                    return Ok(Cow::Borrowed(v));
                }
            }
            Kind::Once(cell, _) => {
                if let Some(v) = cell.get() {
                    return Ok(Cow::Borrowed(v));
                }
            }
            _ if n.is_place() => {
                return Ok(match self.run_place(n)? {
                    Some(v) => Cow::Borrowed(v),
                    None => Cow::Owned(self.eval(n.expr)?),
                });
            }
            _ => {}
        }
        self.run(n).map(Cow::Owned)
    }

    /// The value of `n` read in place, without evaluating anything: a literal or a
    /// constant already computed, a ready local (a bound value, a forced `LET` value),
    /// a variable of the current state (outside primes and the initial predicate), or a
    /// field or application of such a value to such a value (`network[p][q]`,
    /// `s[i]` in `\A i \in 1..Len(s) : s[i] = t[i]`, `num[nxt[self]]`). `None`, having
    /// evaluated nothing, for any other node and where an application fails (evaluating
    /// the node words the error): reading has no effect, so a caller that reads first and
    /// evaluates afterwards sees what evaluating alone would.
    fn read(&self, n: &'a Node<'p>) -> Option<&Value> {
        match &n.kind {
            Kind::Local(slot) => self.ready_local(*slot),
            Kind::LocalField(slot, name) => self.ready_local(*slot)?.field_text(*name).ok(),
            Kind::LocalApp(slot, arg) => {
                let arg = self.read(arg)?;
                self.ready_local(*slot)?.apply(arg).ok()
            }
            _ => self.read_stable(n),
        }
    }

    /// [`read`](Self::read) of a node that reads no local at its root: a constant or a
    /// place of the current state, borrowed for as long as the state.
    fn read_stable(&self, n: &'a Node<'p>) -> Option<&'a Value> {
        match &n.kind {
            Kind::Value(v) => Some(v),
            Kind::Var(i) if !self.in_prime && !self.init_mode => {
                let cur: &'a [Value] = self.cur;
                cur.get(*i)
            }
            Kind::Path(path) if !self.in_prime && !self.init_mode => self.read_path(path),
            Kind::App(f, a) => {
                let f = self.read_stable(f)?;
                f.get(self.read(a)?)
            }
            Kind::Field(r, name) => self.read_stable(r)?.get_field(*name),
            Kind::Cached(op) => {
                let ev: &'a crate::evaluator::Evaluator<'p> = self.ev;
                ev.op_cache[*op].get()
            }
            Kind::Once(cell, _) => cell.get(),
            _ => None,
        }
    }

    /// A [`Path`](super::Path) read in place ([`read`](Self::read)), outside primes and
    /// the initial predicate.
    #[inline]
    fn read_path(&self, path: &'a super::Path<'p>) -> Option<&'a Value> {
        let cur: &'a [Value] = self.cur;
        let mut v = cur.get(path.var)?;
        for (step, _) in &path.steps {
            v = match step {
                PathStep::Index(Node {
                    kind: Kind::Local(slot),
                    ..
                }) => v.get(self.ready_local(*slot)?)?,
                PathStep::Index(a) => v.get(self.read(a)?)?,
                PathStep::Field(name) => v.get_field(*name)?,
            };
        }
        Some(v)
    }

    /// A [`Path`](super::Path) that cannot be read in place, evaluated as nested
    /// applications and fields are: each index in turn, after the place it applies, each
    /// failure the error of its own step. Outside primes and the initial predicate.
    #[inline]
    fn run_path(&mut self, path: &'a super::Path<'p>) -> EvalResult<Option<&'a Value>> {
        let cur: &'a [Value] = self.cur;
        let Some(mut v) = cur.get(path.var) else {
            return Ok(None);
        };
        for (step, span) in &path.steps {
            let found = match step {
                PathStep::Index(a) => match self.read(a) {
                    Some(a) => v.apply(a),
                    None => v.apply(&*self.run_cow(a)?),
                },
                PathStep::Field(name) => v.field_text(*name),
            };
            v = self.value(found, *span)?;
        }
        Ok(Some(v))
    }

    /// A place of the current state, borrowed (as [`Ctx::place`]); `None`, having evaluated
    /// nothing, where the interpreter would not read the current state.
    fn run_place(&mut self, n: &'a Node<'p>) -> EvalResult<Option<&'a Value>> {
        match &n.kind {
            Kind::Var(i) if !self.in_prime && !self.init_mode => {
                let cur: &'a [Value] = self.cur;
                Ok(cur.get(*i))
            }
            Kind::Path(path) if !self.in_prime && !self.init_mode => self.run_path(path),
            Kind::App(f, a) => {
                let Some(fv) = self.run_place(f)? else {
                    return Ok(None);
                };
                let applied = match (self.read(a), &a.kind) {
                    (Some(a), _) => fv.apply(a),
                    (None, Kind::Tuple(items)) if items.len() == 2 => {
                        // `f[x, y]`: the pair's items, then the function searched without
                        // building the pair (built only when the search cannot answer).
                        let x = self.run_cow(&items[0])?;
                        let y = self.run_cow(&items[1])?;
                        match fv.apply_pair(&x, &y) {
                            Some(v) => Ok(v),
                            None => fv.apply(&Value::seq(vec![x.into_owned(), y.into_owned()])),
                        }
                    }
                    (None, _) => fv.apply(&*self.run_cow(a)?),
                };
                self.value(applied, n.expr.span).map(Some)
            }
            Kind::Field(r, name) => {
                let Some(rv) = self.run_place(r)? else {
                    return Ok(None);
                };
                self.value(rv.field_text(*name), n.expr.span).map(Some)
            }
            _ => Ok(None),
        }
    }
}

/// `[names |-> values] \in set` without building the record (`names` in name order, each
/// once, `values` theirs), as [`Value::contains`] decides it, where `set` is an enumerated
/// set of records: `None` for any other set and where an element looked at is not a
/// record, for the caller to build the record and ask `contains`. A small set is scanned;
/// a larger one bisected in the order of records (field count, names, then values).
fn record_in(set: &Value, names: &[Text], values: &[Value]) -> Option<bool> {
    const SCANNED: usize = 8;
    let Value::Set(s) = set else {
        return None;
    };
    let elems = s.elems();
    if elems.len() <= SCANNED {
        for e in elems {
            let Value::Record(r) = e else {
                return None;
            };
            let fields = r.fields();
            if fields.len() == names.len()
                && fields.iter().zip(names).all(|((p, _), q)| p.same(*q))
                && fields.iter().zip(values).all(|((_, v), w)| v == w)
            {
                return Some(true);
            }
        }
        return Some(false);
    }
    let (mut lo, mut hi) = (0, elems.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let Value::Record(r) = &elems[mid] else {
            return None;
        };
        match record_order(r.fields(), names, values) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return Some(true),
        }
    }
    Some(false)
}

/// A record's fields against a record given as its names (in name order) and their values,
/// in the order of records (`Ord for Value`: field count, names, then values).
fn record_order(fields: &[(Text, Value)], names: &[Text], values: &[Value]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let by_len = fields.len().cmp(&names.len());
    if by_len != Ordering::Equal {
        return by_len;
    }
    for ((p, _), q) in fields.iter().zip(names) {
        let by_name = p.cmp(q);
        if by_name != Ordering::Equal {
            return by_name;
        }
    }
    for ((_, v), w) in fields.iter().zip(values) {
        let by_value = v.cmp(w);
        if by_value != Ordering::Equal {
            return by_value;
        }
    }
    Ordering::Equal
}

/// A boolean value, or the interpreter's error for a non-boolean.
fn truth(value: Value, span: Span) -> EvalResult<bool> {
    match value {
        Value::Bool(b) => Ok(b),
        other => Err(not_boolean(&other, span)),
    }
}

/// The interpreter's error for a non-boolean where a boolean is needed.
#[cold]
fn not_boolean(value: &Value, span: Span) -> EvalError {
    EvalError::new(
        E_TYPE,
        format!(
            "expected a boolean, found the {} {value}",
            value.kind_name()
        ),
        span,
    )
}

/// What [`Ctx::rows_hold`] found of the rows of a `\A` ([`Rows`]).
enum RowsTest {
    /// Every row holds.
    Hold,
    /// A row's test is false (every row before it, in the domain's order, held).
    False,
    /// A row cannot be read (the variable is not a function, or not defined there).
    Unread,
}
