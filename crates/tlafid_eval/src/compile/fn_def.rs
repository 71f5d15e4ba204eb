//! Compiled application of a function definition, `F[a]` and `F[a, b]`
//! ([`Kind::FnDefApp`]): what the interpreter's `fn_app` and [`Ctx::apply_fn_def`] do, with
//! the argument, the variables' domains and the body run as compiled nodes.

use tlafid_base::Span;
use tlafid_sema::ir::{Expr, ExprKind, OpDef, OpId, Slot};
use tlafid_value::Value;

use super::{Compiler, Kind, Node};
use crate::call::grow_stack;
use crate::ctx::Ctx;
use crate::error::EvalResult;

/// `F[a]` for a function definition `F` over bounded, untupled variables that is neither
/// overridden, native nor a cached constant (so [`Ctx::apply_fn_def`] always applies it).
pub(super) struct FnDefApp<'p> {
    op: OpId,
    /// The captured arguments of the call (a function defined inside a `LET` that reads
    /// the parameters around it), evaluated as a call's arguments into the frame.
    captured: &'p [Expr],
    arg: FnDefArg<'p>,
    /// Each variable's slot and domain, in binding order (`F[x, y \in S]`: `S` once per
    /// variable, as `bind_fn_arg` evaluates it).
    params: Vec<(Slot, Node<'p>)>,
}

/// The argument of a [`FnDefApp`].
enum FnDefArg<'p> {
    /// One value (a tuple of the arguments, for a function of several variables).
    Whole(Node<'p>),
    /// `F[a, b]` of a function of two variables: the two items, run in order, without
    /// building the pair unless the function is applied as a value or the pair is reported.
    Pair(Node<'p>, Node<'p>),
}

impl<'p> Compiler<'_, 'p> {
    /// [`Kind::FnDefApp`] for `f[a]` where `f` is a call of a function definition that the
    /// interpreter applies one argument at a time (never by building it first as a
    /// constant, nor through an override or a native); `None` otherwise.
    pub(super) fn fn_def_app(&self, f: &'p Expr, a: &'p Expr) -> Option<Kind<'p>> {
        let ExprKind::Call(op, captured) = &f.kind else {
            return None;
        };
        let i = op.0 as usize;
        let ev = self.ev;
        if ev.overrides[i].is_some() || ev.natives[i].is_some() || ev.cacheable[i] {
            return None;
        }
        let info = ev.program.op(*op).function.as_ref()?;
        let mut params = Vec::new();
        for b in &info.binders {
            let domain = b.domain.as_ref().filter(|_| !b.tuple)?;
            params.extend(b.slots.iter().map(|s| (*s, self.compile(domain))));
        }
        let arg = match &a.kind {
            ExprKind::Tuple(items) if items.len() == 2 && params.len() == 2 => {
                FnDefArg::Pair(self.compile(&items[0]), self.compile(&items[1]))
            }
            _ => FnDefArg::Whole(self.compile(a)),
        };
        Some(Kind::FnDefApp(Box::new(FnDefApp {
            op: *op,
            captured,
            arg,
            params,
        })))
    }
}

/// The applications of function definitions kept for one current state
/// ([`Ctx::fn_applied`]): `CanServiceCall[e, c]`, a function of the state applied to the same
/// arguments by several actions, guards and `ENABLED` tests of one state, runs its body
/// once. Only for a definition that is pure and reads no next state
/// ([`Evaluator::per_state_cacheable`](crate::evaluator::Evaluator::per_state_cacheable)),
/// without captured arguments, of one or two variables, applied outside primes, initial
/// states and `ENABLED`'s shadows; each entry holds the arguments' values (compared by
/// value: equal arguments give equal values) and how much deeper its evaluation went.
#[derive(Default)]
pub(crate) struct FnApplied {
    /// The current state the entries were computed in (its address: the current state and a
    /// next state given whole are both alive while a call lasts).
    state: usize,
    entries: Vec<Applied>,
}

struct Applied {
    op: u32,
    parts: [Value; 2],
    value: Value,
    needed: usize,
}

/// At most this many applications are kept for one state (looked up in order).
const APPLIED_KEPT: usize = 32;

impl FnApplied {
    fn find(&self, state: usize, op: u32, parts: &[Value]) -> Option<&Applied> {
        if self.state != state {
            return None;
        }
        self.entries
            .iter()
            .find(|a| a.op == op && parts.iter().zip(&a.parts).all(|(x, y)| x == y))
    }

    fn keep(&mut self, state: usize, applied: Applied) {
        if self.state != state {
            self.state = state;
            self.entries.clear();
        }
        if self.entries.len() < APPLIED_KEPT {
            self.entries.push(applied);
        }
    }
}

impl<'a, 'p> Ctx<'a, 'p> {
    /// The value of `app` (its expression at `span`), as `fn_app` decides it: the argument
    /// evaluated, then the value kept for it in this state ([`FnApplied`]), else the whole
    /// function applied where it is worth building ([`Ctx::built_fn_def`]), else the body
    /// run at it in a frame of its own.
    #[inline(never)]
    pub(super) fn run_fn_def_app(
        &mut self,
        app: &'a FnDefApp<'p>,
        span: Span,
    ) -> EvalResult<Value> {
        match &app.arg {
            FnDefArg::Whole(a) => {
                let a = self.run_cow(a)?;
                let parts = match app.params.len() {
                    1 => Some(std::slice::from_ref(&*a)),
                    n => a.as_seq().filter(|p| p.len() == n),
                };
                self.apply_fn_def_at(
                    app,
                    parts,
                    span,
                    || a.clone().into_owned(),
                    |fv| fv.apply(&a).cloned(),
                )
            }
            FnDefArg::Pair(a, b) => {
                let parts = [self.run(a)?, self.run(b)?];
                let [x, y] = &parts;
                self.apply_fn_def_at(
                    app,
                    Some(&parts),
                    span,
                    || pair(x, y),
                    |fv| match fv.apply_pair(x, y) {
                        Some(v) => Ok(v.clone()),
                        None => fv.apply(&pair(x, y)).cloned(),
                    },
                )
            }
        }
    }

    /// The body of `app`'s function at `parts` (one value per variable; `None` where the
    /// argument has the wrong shape), in a frame of its own: each variable's domain run and
    /// tested in turn, as `bind_fn_arg` does; outside the domain, the error of
    /// [`Ctx::apply_fn_def`], naming `whole()`, the argument.
    fn apply_fn_def_at(
        &mut self,
        app: &'a FnDefApp<'p>,
        parts: Option<&[Value]>,
        span: Span,
        whole: impl FnOnce() -> Value,
        built: impl FnOnce(&Value) -> tlafid_value::ValueResult<Value>,
    ) -> EvalResult<Value> {
        let kept = match parts {
            Some(parts) if self.keeps_applications(app) && parts.len() == app.params.len() => {
                let state = self.cur.as_ptr() as usize;
                if let Some(a) = self.fn_applied.find(state, app.op.0, parts) {
                    if self.depth + a.needed <= self.ev.options.max_depth {
                        self.deepest = self.deepest.max(self.depth + a.needed);
                        return Ok(a.value.clone());
                    }
                }
                Some(state)
            }
            _ => None,
        };
        if app.captured.is_empty() {
            if let Some(fv) = self.built_fn_def(app.op, span) {
                return self.value(built(&fv), span);
            }
        }
        let Some(state) = kept else {
            return self.run_fn_def_at(app, parts, span, whole);
        };
        let outer = std::mem::replace(&mut self.deepest, self.depth);
        let result = self.run_fn_def_at(app, parts, span, whole);
        let needed = self.deepest - self.depth;
        self.deepest = self.deepest.max(outer);
        if let (Ok(value), Some(parts)) = (&result, parts) {
            let second = parts.get(1).cloned().unwrap_or(Value::Bool(false));
            self.fn_applied.keep(
                state,
                Applied {
                    op: app.op.0,
                    parts: [parts[0].clone(), second],
                    value: value.clone(),
                    needed,
                },
            );
        }
        result
    }

    /// Are `app`'s applications kept for the current state ([`FnApplied`])?
    fn keeps_applications(&self, app: &FnDefApp<'p>) -> bool {
        app.captured.is_empty()
            && (1..=2).contains(&app.params.len())
            && !self.in_prime
            && !self.init_mode
            && self.shadowed.is_empty()
            && self.ev.per_state_cacheable(app.op.0 as usize)
    }

    /// [`apply_fn_def_at`](Self::apply_fn_def_at) without looking up or keeping the value.
    fn run_fn_def_at(
        &mut self,
        app: &'a FnDefApp<'p>,
        parts: Option<&[Value]>,
        span: Span,
        whole: impl FnOnce() -> Value,
    ) -> EvalResult<Value> {
        let saved = self.push_frame(app.op, app.captured, span)?;
        let result = match self.bind_fn_params(&app.params, parts, span) {
            Ok(true) => {
                let i = app.op.0 as usize;
                let op: &'p OpDef = self.ev.program.op(app.op);
                // Recursive function definitions recurse here, as in `apply_fn_def`.
                grow_stack(|| match self.ev.compiled().body(i) {
                    Some(body) => self.run(body),
                    None => self.eval(&op.body),
                })
            }
            Ok(false) => Err(self.fn_domain_error(app.op, &whole(), span)),
            Err(e) => Err(e),
        };
        self.pop_frame(saved);
        result
    }

    /// Binds each variable of `params` to its part, testing it against its domain first;
    /// `false` at the first outside it (or when there are no parts).
    fn bind_fn_params(
        &mut self,
        params: &'a [(Slot, Node<'p>)],
        parts: Option<&[Value]>,
        span: Span,
    ) -> EvalResult<bool> {
        let Some(parts) = parts else {
            return Ok(false);
        };
        for ((slot, domain), part) in params.iter().zip(parts) {
            let domain = self.run_cow(domain)?;
            if !self.value(domain.contains(part), span)? {
                return Ok(false);
            }
            self.bind_value(*slot, part.clone());
        }
        Ok(true)
    }
}

/// The pair `<<x, y>>`.
fn pair(x: &Value, y: &Value) -> Value {
    Value::seq(vec![x.clone(), y.clone()])
}
