//! Compound expressions: quantifiers, `CHOOSE`, set, function, record and tuple forms,
//! `EXCEPT`, application; and binder enumeration shared with the action generator.

use std::borrow::Cow;

use tlafid_base::Span;
use tlafid_sema::ir::{Binder, ExceptStep, ExceptUpdate, Expr, ExprKind, OpId, Slot};
use tlafid_value::{LazySet, Value};

use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_CHOOSE, E_TYPE, E_UNSUPPORTED};
use crate::frame::FrameSlot;

/// One bound component of a list of binders: `x \in S` or `<<a, b>> \in S`.
struct Component<'p> {
    slots: &'p [Slot],
    tuple: bool,
    domain: &'p Expr,
}

fn components<'p>(binders: &'p [Binder]) -> EvalResult<Vec<Component<'p>>> {
    let mut out = Vec::new();
    for b in binders {
        let Some(domain) = &b.domain else {
            return Err(EvalError::new(
                E_UNSUPPORTED,
                "unbounded quantifiers and CHOOSE cannot be evaluated",
                b.span,
            )
            .with_hint("bound the variable with \\in"));
        };
        if b.tuple {
            out.push(Component {
                slots: &b.slots,
                tuple: true,
                domain,
            });
        } else {
            out.extend(b.slots.iter().map(|s| Component {
                slots: std::slice::from_ref(s),
                tuple: false,
                domain,
            }));
        }
    }
    Ok(out)
}

impl<'a, 'p> Ctx<'a, 'p> {
    pub fn eval_compound(&mut self, expr: &'p Expr) -> EvalResult<Value> {
        let span = expr.span;
        match &expr.kind {
            ExprKind::Quant {
                forall,
                binders,
                body,
            } => {
                let forall = *forall;
                let mut result = forall;
                self.for_each_binding(binders, &mut |ctx| {
                    if ctx.eval_bool(body)? != forall {
                        result = !forall;
                        return Ok(false);
                    }
                    Ok(true)
                })?;
                Ok(Value::Bool(result))
            }
            ExprKind::Choose(binder, body) => self.choose(binder, body, span),
            ExprKind::SetEnum(items) => {
                let elems = items
                    .iter()
                    .map(|e| self.eval(e))
                    .collect::<EvalResult<Vec<_>>>()?;
                Ok(Value::set(elems))
            }
            ExprKind::SetFilter(binder, pred) => {
                let mut kept = Vec::new();
                let sorted = !binder.tuple && binder.slots.len() == 1;
                self.for_each_binding(std::slice::from_ref(&**binder), &mut |ctx| {
                    if ctx.eval_bool(pred)? {
                        kept.push(ctx.binding_key(std::slice::from_ref(&**binder)));
                    }
                    Ok(true)
                })?;
                Ok(if sorted {
                    Value::set_sorted(kept)
                } else {
                    Value::set(kept)
                })
            }
            ExprKind::SetMap(body, binders) => {
                let mut out = Vec::new();
                self.for_each_binding(binders, &mut |ctx| {
                    out.push(ctx.eval(body)?);
                    Ok(true)
                })?;
                Ok(Value::set(out))
            }
            ExprKind::FnCons(binders, body) => self.fn_cons(binders, body, span),
            ExprKind::FnSet(dom, range) => {
                let (d, r) = (self.eval(dom)?, self.eval(range)?);
                self.expect_set(&d, dom.span)?;
                self.expect_set(&r, range.span)?;
                Ok(Value::lazy(LazySet::FnSet(d, r)))
            }
            ExprKind::Record(fields) => {
                let mut out = Vec::with_capacity(fields.len());
                for (name, e) in fields {
                    out.push((self.ev.interned(name), self.eval(e)?));
                }
                Ok(Value::record(out))
            }
            ExprKind::RecordSet(fields) => {
                let mut out = Vec::with_capacity(fields.len());
                for (name, e) in fields {
                    let s = self.eval(e)?;
                    self.expect_set(&s, e.span)?;
                    out.push((self.ev.interned(name), s));
                }
                Ok(Value::lazy(LazySet::RecordSet(out)))
            }
            ExprKind::Tuple(items) if items.is_empty() => {
                static EMPTY: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
                Ok(EMPTY.get_or_init(Value::empty_seq).clone())
            }
            ExprKind::Tuple(items) => {
                let elems = items
                    .iter()
                    .map(|e| self.eval(e))
                    .collect::<EvalResult<Vec<_>>>()?;
                Ok(Value::seq(elems))
            }
            ExprKind::Cross(parts) => {
                let mut sets = Vec::with_capacity(parts.len());
                for p in parts {
                    let s = self.eval(p)?;
                    self.expect_set(&s, p.span)?;
                    sets.push(s);
                }
                Ok(Value::lazy(LazySet::Product(sets)))
            }
            ExprKind::Except { base, updates, at } => {
                let mut value = self.eval(base)?;
                for update in updates {
                    value = self.except_update(value, update, *at)?;
                }
                Ok(value)
            }
            ExprKind::FnApp(f, arg) => match self.place(expr)? {
                Some(v) => Ok(v.clone()),
                None => self.fn_app(f, arg, span),
            },
            ExprKind::Dot(r, field) => {
                if let Some(v) = self.place(expr)? {
                    return Ok(v.clone());
                }
                if let ExprKind::Local(slot) = r.kind {
                    if let Some(v) = self.ready_local(slot) {
                        return self.value(v.field(field).cloned(), span);
                    }
                }
                let r = self.eval(r)?;
                self.value(r.field(field).cloned(), span)
            }
            ExprKind::BoxAction(action, vars) => {
                if self.eval_bool(action)? {
                    return Ok(Value::Bool(true));
                }
                self.unchanged_value(vars).map(Value::Bool)
            }
            ExprKind::AngleAction(action, vars) => {
                if !self.eval_bool(action)? {
                    return Ok(Value::Bool(false));
                }
                self.unchanged_value(vars).map(|same| Value::Bool(!same))
            }
            ExprKind::Fairness { .. } | ExprKind::TemporalQuant { .. } => Err(EvalError::new(
                E_UNSUPPORTED,
                "a temporal formula cannot be evaluated as a value",
                span,
            )),
            _ => Err(EvalError::new(
                E_UNSUPPORTED,
                "this expression cannot be evaluated here",
                span,
            )),
        }
    }

    /// `e' = e` for the state function `e`.
    pub fn unchanged_value(&mut self, vars: &'p Expr) -> EvalResult<bool> {
        let now = self.eval(vars)?;
        let saved = std::mem::replace(&mut self.in_prime, true);
        let later = self.eval(vars);
        self.in_prime = saved;
        Ok(now == later?)
    }

    pub fn expect_set(&self, v: &Value, span: Span) -> EvalResult<()> {
        if v.is_set() {
            Ok(())
        } else {
            Err(EvalError::new(
                E_TYPE,
                format!("expected a set, found the {} {v}", v.kind_name()),
                span,
            ))
        }
    }

    /// Binds every combination of the binders' elements in turn (left to right, each domain
    /// in TLC's order) and calls `body`; stops early when `body` returns `false`.
    /// Returns `false` when stopped early.
    pub fn for_each_binding(
        &mut self,
        binders: &'p [Binder],
        body: &mut dyn FnMut(&mut Self) -> EvalResult<bool>,
    ) -> EvalResult<bool> {
        if let [Binder {
            slots,
            tuple: false,
            domain: Some(domain),
            ..
        }] = binders
        {
            if let [slot] = slots.as_slice() {
                // The common case, without building the component list.
                let set = self.eval_fast(domain)?;
                self.expect_set(&set, domain.span)?;
                for elem in self.value(set.iter_elements(), domain.span)? {
                    self.tick(domain.span)?;
                    self.bind_value(*slot, elem.into_owned());
                    if !body(self)? {
                        return Ok(false);
                    }
                }
                return Ok(true);
            }
        }
        let comps = components(binders)?;
        // TLC's order (its `ContextEnumerator`): every domain is evaluated, and found
        // enumerable, left to right before anything is bound; then the first component
        // varies fastest (`\E r, c \in S` binds <<1, 1>>, <<2, 1>>, ..., <<1, 2>>, ...),
        // which decides the order of a `\E`'s actions and so of the search.
        let mut domains = Vec::with_capacity(comps.len());
        for c in &comps {
            let domain = self.eval_fast(c.domain)?;
            self.expect_set(&domain, c.domain.span)?;
            self.value(domain.iter_elements(), c.domain.span)?;
            domains.push(domain);
        }
        self.bind_below(&comps, &domains, body)
    }

    /// Binds the last of `comps` to each element of its domain in turn, and for each, the
    /// ones before it (so the first varies fastest), calling `body` with all bound; `false`
    /// when `body` stopped the walk.
    fn bind_below(
        &mut self,
        comps: &[Component<'p>],
        domains: &[Value],
        body: &mut dyn FnMut(&mut Self) -> EvalResult<bool>,
    ) -> EvalResult<bool> {
        let (Some((c, outer)), Some((domain, inner))) = (comps.split_last(), domains.split_last())
        else {
            return body(self);
        };
        for elem in self.value(domain.iter_elements(), c.domain.span)? {
            self.tick(c.domain.span)?;
            self.bind_component(c, elem, c.domain.span)?;
            if !self.bind_below(outer, inner, body)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn bind_component(
        &mut self,
        c: &Component<'p>,
        elem: Cow<'_, Value>,
        span: Span,
    ) -> EvalResult<()> {
        if !c.tuple {
            self.bind_value(c.slots[0], elem.into_owned());
            return Ok(());
        }
        match elem.as_seq() {
            Some(parts) if parts.len() == c.slots.len() => {
                for (slot, v) in c.slots.iter().zip(parts) {
                    self.bind_value(*slot, v.clone());
                }
                Ok(())
            }
            _ => Err(EvalError::new(
                E_TYPE,
                format!(
                    "cannot bind {} to a tuple of {} variables",
                    elem,
                    c.slots.len()
                ),
                span,
            )),
        }
    }

    /// Every binding of the binders, each as the slots it sets and their values, in order.
    pub fn collect_bindings(
        &mut self,
        binders: &'p [Binder],
    ) -> EvalResult<Vec<Vec<(Slot, Value)>>> {
        let slots: Vec<Slot> = binders
            .iter()
            .flat_map(|b| b.slots.iter().copied())
            .collect();
        let mut out = Vec::new();
        self.for_each_binding(binders, &mut |ctx| {
            out.push(slots.iter().map(|s| (*s, ctx.slot_value(*s))).collect());
            Ok(true)
        })?;
        Ok(out)
    }

    /// The values `slots` take in each binding of `binders` (as
    /// [`collect_bindings`](Self::collect_bindings)), one binding after another in a single
    /// vector.
    pub(crate) fn collect_binding_values(
        &mut self,
        binders: &'p [Binder],
        slots: &[Slot],
    ) -> EvalResult<Vec<Value>> {
        let mut out = Vec::new();
        self.for_each_binding(binders, &mut |ctx| {
            out.extend(slots.iter().map(|s| ctx.slot_value(*s)));
            Ok(true)
        })?;
        Ok(out)
    }

    fn slot_value(&self, slot: Slot) -> Value {
        match &self.stack[self.base + slot.0 as usize] {
            FrameSlot::Val(v) => v.clone(),
            _ => Value::Bool(false),
        }
    }

    /// The element (or tuple of elements, for several binders) currently bound.
    fn binding_key(&self, binders: &'p [Binder]) -> Value {
        let mut parts = Vec::new();
        for b in binders {
            if b.tuple {
                parts.push(Value::seq(
                    b.slots.iter().map(|s| self.slot_value(*s)).collect(),
                ));
            } else {
                parts.extend(b.slots.iter().map(|s| self.slot_value(*s)));
            }
        }
        if parts.len() == 1 {
            parts.pop().expect("one element")
        } else {
            Value::seq(parts)
        }
    }

    /// Binds the slots of function binders from one argument; false when it lies outside
    /// the domain.
    pub fn bind_fn_arg(
        &mut self,
        binders: &'p [Binder],
        arg: &Value,
        span: Span,
    ) -> EvalResult<bool> {
        let comps = components(binders)?;
        let parts: Vec<Value> = if comps.len() == 1 {
            vec![arg.clone()]
        } else {
            match arg.as_seq() {
                Some(p) if p.len() == comps.len() => p.to_vec(),
                _ => return Ok(false),
            }
        };
        for (c, part) in comps.iter().zip(parts) {
            let domain = self.eval(c.domain)?;
            if !self.value(domain.contains(&part), span)? {
                return Ok(false);
            }
            self.bind_component(c, Cow::Owned(part), span)?;
        }
        Ok(true)
    }

    /// `[x \in S |-> body]`.
    pub fn fn_cons(
        &mut self,
        binders: &'p [Binder],
        body: &'p Expr,
        _span: Span,
    ) -> EvalResult<Value> {
        self.fn_of(binders, |ctx| ctx.eval(body))
    }

    /// [`fn_cons`](Self::fn_cons) of a body with a compiled form (a function definition's).
    pub(crate) fn fn_cons_compiled(
        &mut self,
        binders: &'p [Binder],
        body: &'a crate::compile::Node<'p>,
    ) -> EvalResult<Value> {
        self.fn_of(binders, |ctx| ctx.run(body))
    }

    /// The function over `binders`' bindings whose value at each is `value`'s there.
    fn fn_of(
        &mut self,
        binders: &'p [Binder],
        mut value: impl FnMut(&mut Self) -> EvalResult<Value>,
    ) -> EvalResult<Value> {
        let mut pairs = Vec::new();
        self.for_each_binding(binders, &mut |ctx| {
            let key = ctx.binding_key(binders);
            pairs.push((key, value(ctx)?));
            Ok(true)
        })?;
        let simple = binders.len() == 1 && binders[0].slots.len() == 1 && !binders[0].tuple;
        Ok(if simple {
            Value::function_sorted(pairs)
        } else {
            Value::function(pairs)
        })
    }

    fn choose(&mut self, binder: &'p Binder, body: &'p Expr, span: Span) -> EvalResult<Value> {
        let mut found = None;
        let binders = std::slice::from_ref(binder);
        self.for_each_binding(binders, &mut |ctx| {
            if ctx.eval_bool(body)? {
                found = Some(ctx.binding_key(binders));
                return Ok(false);
            }
            Ok(true)
        })?;
        found.ok_or_else(|| {
            EvalError::new(
                E_CHOOSE,
                "CHOOSE found no element satisfying its predicate",
                span,
            )
        })
    }

    fn fn_app(&mut self, f: &'p Expr, arg: &'p Expr, span: Span) -> EvalResult<Value> {
        // A function definition, possibly passed by name (`Sum(sc, S)` with `sc[p \in P] == …`):
        // apply it to the one argument rather than building the whole function.
        let (target, base) = match &f.kind {
            ExprKind::Local(slot) => match self.stack.get(self.base + slot.0 as usize) {
                Some(FrameSlot::ByName {
                    expr,
                    base,
                    cached: None,
                }) => (*expr, *base),
                _ => (f, self.base),
            },
            _ => (f, self.base),
        };
        if let ExprKind::Call(op, captured) = &target.kind {
            if self.ev.program.op(*op).function.is_some() {
                if captured.is_empty() {
                    if let Some(fv) = self.built_fn_def(*op, span) {
                        let a = self.eval(arg)?;
                        return self.value(fv.apply(&a).cloned(), span);
                    }
                }
                let a = self.eval(arg)?;
                let home = std::mem::replace(&mut self.base, base);
                let applied = self.apply_fn_def(*op, captured, &a, span);
                self.base = home;
                if let Some(v) = applied? {
                    return Ok(v);
                }
                let fv = self.eval(f)?;
                return self.value(fv.apply(&a).cloned(), span);
            }
        }
        if let ExprKind::Local(slot) = f.kind {
            if self.ready_local(slot).is_some() {
                let a = self.eval_cow(arg)?;
                if let Some(fv) = self.ready_local(slot) {
                    return self.value(fv.apply(&a).cloned(), span);
                }
                let fv = self.eval(f)?;
                return self.value(fv.apply(&a).cloned(), span);
            }
        }
        let fv = self.eval(f)?;
        let a = self.eval_cow(arg)?;
        self.value(fv.apply(&a).cloned(), span)
    }

    /// The whole value of the function definition `op` (called without captured
    /// arguments) where it is [worth building](Self::worth_building) and builds; `None`
    /// where it is to be applied one argument at a time. Shared by the interpreter's
    /// `fn_app` and the compiled [`Kind::FnDefApp`](crate::compile) so that both decide alike.
    pub(crate) fn built_fn_def(&mut self, op: OpId, span: Span) -> Option<Value> {
        let first = self.worth_building(op.0 as usize)?;
        match self.call_op(op, &[], span) {
            Ok(fv) => {
                // Later applications in this call read the value kept for the state.
                if first {
                    crate::memo::note_fn_size(op.0 as usize, fv.fn_len());
                }
                Some(fv)
            }
            // Applied one argument at a time, as before (TLC's functions are lazy: values
            // outside the applied arguments may fail); not built again in this call.
            Err(_) => {
                if let Some(entry) = self.fn_uses.iter_mut().find(|(o, _)| *o == op.0 as usize) {
                    entry.1 = u32::MAX;
                }
                None
            }
        }
    }

    /// Is the function definition `op` applied often enough in this call (one current
    /// state) to build it whole once (cached per state) rather than run its body for each
    /// argument? A build runs the body once per pair, so it is worth it once the
    /// applications counted reach the number of pairs its last build on this thread had
    /// (and at least four): never more than twice the work of the better choice made
    /// knowing how many applications the call will make. `Some(true)` at the application
    /// that crosses that threshold, `Some(false)` after it, `None` before.
    fn worth_building(&mut self, op: usize) -> Option<bool> {
        const APPLICATIONS_BEFORE_BUILDING: u32 = 4;
        if self.in_prime || self.init_mode || !self.ev.per_state_cacheable(op) {
            return None;
        }
        match self.fn_uses.iter_mut().find(|(o, _)| *o == op) {
            Some((_, u32::MAX)) => None,
            Some((_, n)) => {
                *n += 1;
                let threshold = APPLICATIONS_BEFORE_BUILDING.max(crate::memo::fn_size(op));
                (*n >= threshold).then_some(*n == threshold)
            }
            None => {
                self.fn_uses.push((op, 1));
                None
            }
        }
    }

    fn except_update(
        &mut self,
        base: Value,
        update: &'p ExceptUpdate,
        at: Slot,
    ) -> EvalResult<Value> {
        self.except_path(base, &update.path, &update.value, at)
    }

    fn except_path(
        &mut self,
        old: Value,
        path: &'p [ExceptStep],
        value: &'p Expr,
        at: Slot,
    ) -> EvalResult<Value> {
        let Some((step, rest)) = path.split_first() else {
            self.bind_value(at, old);
            return self.eval_fast(value);
        };
        let (key, span) = match step {
            ExceptStep::Field(name) => (Value::Str(self.ev.interned(name)), value.span),
            ExceptStep::Index(e) => (self.eval_fast(e)?, e.span),
        };
        self.except_at(old, &key, span, Made::Fresh, |ctx, inner| {
            ctx.except_path(inner, rest, value, at)
        })
    }

    /// One step of an `EXCEPT` path: `old` with its value at `key` replaced by `update` of
    /// that value (`old` itself when `key` lies outside its domain); `made` says how a
    /// copy of `old` is made ([`Made`]).
    pub(crate) fn except_at(
        &mut self,
        old: Value,
        key: &Value,
        span: Span,
        made: Made,
        update: impl FnOnce(&mut Self, Value) -> EvalResult<Value>,
    ) -> EvalResult<Value> {
        if !old.is_fcn() {
            return Err(EvalError::new(
                E_TYPE,
                format!(
                    "EXCEPT applied to the {} {old}, not a function",
                    old.kind_name()
                ),
                span,
            ));
        }
        let Some(i) = old.key_index(key) else {
            // Outside the domain, `[f EXCEPT ![k] = v]` is `f` itself.
            return Ok(old);
        };
        // An intermediate result of this `EXCEPT` (no other reference) is updated in place.
        let mut old = old;
        if let Some(inner) = old.take_unique_at(i) {
            let updated = update(self, inner)?;
            old.put_unique_at(i, updated);
            return Ok(old);
        }
        let inner = old.value_at(i).clone();
        let updated = update(self, inner)?;
        match made {
            Made::Remembered => Ok(crate::memo::updated(&old, i, updated)),
            Made::Fresh => Ok(old.except_index(i, updated)),
            Made::Intermediate => Ok(old.except_index_unsealed(i, updated)),
        }
    }
}

/// How [`Ctx::except_at`] makes the copy of a function it updates (when the function is
/// shared; one referred to only by the `EXCEPT` itself is updated in place).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Made {
    /// The whole `EXCEPT` is one update of one step (`[pc EXCEPT ![self] = "L"]`): its
    /// result may be one this thread made before (`memo::updated`).
    Remembered,
    /// A new function, its fingerprint derived from `old`'s where that pays.
    Fresh,
    /// A new function that a later update of the same `EXCEPT` changes again in place
    /// (the outermost step of every update but the last), which would forget a
    /// fingerprint derived now: none is.
    Intermediate,
}
