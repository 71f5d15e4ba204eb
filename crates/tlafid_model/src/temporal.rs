//! Temporal properties as liveness obligations ([`tlafid_check::LivenessSpec`]): each
//! temporal part of a `PROPERTY` becomes `Fairness /\ ~part` in negation normal form over
//! atoms (state and action predicates), which the explorer decides on the state graph.
//!
//! The translation follows TLA+'s definitions:
//! - `WF_v(A)` is `[]<>(~ENABLED <<A>>_v \/ <<A>>_v)` and `SF_v(A)` is
//!   `<>[]~ENABLED <<A>>_v \/ []<><<A>>_v`, with `<<A>>_v` an action atom and
//!   `ENABLED <<A>>_v` a state atom;
//! - `F ~> G` is `[](~F \/ <>G)`; `=>`, `<=>` and `IF` are expanded; `~` is pushed to the
//!   atoms;
//! - a constant condition (`i # j` in `\A i, j \in S : i # j => WF_v(A(i, j))`) is decided
//!   when translated, as TLC does, so it does not split the normal form;
//! - a formula without temporal operators is an atom (a state predicate, or an action such
//!   as `[A]_v` in `[][A]_v` or `<<A>>_v` in `<><<A>>_v`);
//! - `\A x \in S : F` and `\E x \in S : F` with `F` temporal are expanded over the value of
//!   `S` (which must be constant) into a conjunction or disjunction;
//! - an operator applied to a temporal formula (`Fair(p) == WF_vars(Do(p))`) is inlined, its
//!   arguments bound by name (or by value when they are constant).
//!
//! An atom is an expression with the frames it was reached through ([`tlafid_eval::Env`]),
//! so `Do(p)` under `\A p \in Proc` is one atom per process. Atoms that are the same
//! expression in the same environment are shared.
//!
//! Temporal quantifiers (`\AA`, `\EE`), `-+->`, and anything else this cannot translate
//! faithfully are errors ([`codes::UNSUPPORTED_TEMPORAL`]).

use std::rc::Rc;

use tlafid_base::{Diagnostic, Span};
use tlafid_check::{AtomId, AtomKind, Ltl};
use tlafid_eval::{Env, Evaluator, Value};
use tlafid_sema::ir::{Binder, Builtin, Expr, ExprKind, Level, Program};

use crate::codes;

mod frames;
use frames::{bind_elem, closed, enclosing_op, flatten, rebind, slots_used};

/// What an atom evaluates.
#[derive(Clone, Copy, Debug)]
pub(crate) enum AtomForm<'p> {
    /// A state predicate or an action (by its kind).
    Pred(&'p Expr),
    /// `<<A>>_v`, from `WF_v(A)` or `SF_v(A)`.
    Angle {
        /// `A`.
        action: &'p Expr,
        /// `v`.
        vars: &'p Expr,
    },
    /// `ENABLED <<A>>_v`, from `WF_v(A)` or `SF_v(A)`.
    EnabledAngle {
        /// `A`.
        action: &'p Expr,
        /// `v`.
        vars: &'p Expr,
    },
}

impl AtomForm<'_> {
    fn same(&self, other: &AtomForm<'_>) -> bool {
        match (self, other) {
            (AtomForm::Pred(a), AtomForm::Pred(b)) => std::ptr::eq(*a, *b),
            (
                AtomForm::Angle { action, vars },
                AtomForm::Angle {
                    action: a2,
                    vars: v2,
                },
            )
            | (
                AtomForm::EnabledAngle { action, vars },
                AtomForm::EnabledAngle {
                    action: a2,
                    vars: v2,
                },
            ) => std::ptr::eq(*action, *a2) && std::ptr::eq(*vars, *v2),
            _ => false,
        }
    }
}

/// One atom: what to evaluate, and where.
#[derive(Clone, Debug)]
pub(crate) struct Atom<'p> {
    /// State or action.
    pub kind: AtomKind,
    /// The expression(s).
    pub form: AtomForm<'p>,
    /// The frames its expressions are evaluated in.
    pub env: Env<'p>,
    /// For `<<A>>_v` from a `WF`/`SF` written in the root module: its `ENABLED <<A>>_v`.
    /// Where that is false, no step satisfies `<<A>>_v` (`ENABLED <<A>>_v` says some step
    /// does), so the action need not be evaluated.
    pub enabled_twin: Option<u32>,
    /// For `<<A>>_v`: whether `v` is a tuple of every variable (through definitions without
    /// parameters), so that it changes exactly when the state does; computed on first use.
    pub vars_is_state: std::sync::OnceLock<bool>,
}

/// A frame of the translation: an operator call (or the property itself) with its bound
/// slots. Quantifiers and `LET` bind slots of the current frame in a copy that keeps the
/// frame's `id`, which is how arguments passed by name find their frame.
#[derive(Clone, Debug)]
struct Frame<'p> {
    id: usize,
    size: usize,
    slots: Vec<Binding<'p>>,
    parent: Option<Rc<Frame<'p>>>,
    /// The instance path of the operator whose body this frame runs (empty in the root):
    /// `ENABLED <<A>>_v` for a fairness formula written there treats the variables that
    /// instance substitutes as TLC does ([`Env::instance`]); `module` is the module whose
    /// text defines that operator ([`Env::module`]).
    instance: &'p str,
    module: &'p str,
}

#[derive(Clone, Debug)]
enum Binding<'p> {
    Empty,
    Val(Value),
    /// An argument passed by name (or a `LET` value), evaluated in `frame`.
    ByName {
        expr: &'p Expr,
        frame: Rc<Frame<'p>>,
    },
    /// An operator argument, made a closure in `frame`.
    Op {
        expr: &'p Expr,
        frame: Rc<Frame<'p>>,
    },
}

/// Translates temporal formulas, collecting their atoms.
pub(crate) struct Translator<'a, 'p> {
    program: &'p Program,
    evaluator: &'a Evaluator<'p>,
    /// The atoms found so far, indexed by [`AtomId`].
    pub atoms: Vec<Atom<'p>>,
    next_frame: usize,
}

type Translated = Result<Ltl, Diagnostic>;

impl<'a, 'p> Translator<'a, 'p> {
    /// A translator with no atoms yet.
    pub fn new(program: &'p Program, evaluator: &'a Evaluator<'p>) -> Self {
        Translator {
            program,
            evaluator,
            atoms: Vec::new(),
            next_frame: 0,
        }
    }

    /// `expr` (a closed formula: a property part or a fairness conjunct) in negation normal
    /// form, negated when `positive` is false.
    pub fn formula(&mut self, expr: &'p Expr, positive: bool) -> Translated {
        let place = enclosing_op(self.program, expr);
        let frame = self.frame(slots_used(expr), Vec::new(), None, place);
        self.translate(expr, &frame, positive)
    }

    fn frame(
        &mut self,
        size: usize,
        slots: Vec<Binding<'p>>,
        parent: Option<Rc<Frame<'p>>>,
        (instance, module): (&'p str, &'p str),
    ) -> Rc<Frame<'p>> {
        self.next_frame += 1;
        Rc::new(Frame {
            id: self.next_frame,
            size,
            slots,
            parent,
            instance,
            module,
        })
    }

    fn translate(&mut self, expr: &'p Expr, frame: &Rc<Frame<'p>>, positive: bool) -> Translated {
        let level = self.level(expr, frame);
        if level == Level::Constant {
            // A constant condition (`oi # oj` in `\A oi, oj \in S : oi # oj => WF_v(A)`) is
            // decided here, as TLC does, so that it does not split the normal form; one that
            // fails to evaluate stays an atom and reports its error where it is checked.
            if let Some(Value::Bool(b)) = self.constant(expr, frame) {
                return Ok(Ltl::Bool(b == positive));
            }
        }
        if level < Level::Temporal {
            let kind = if level == Level::Action {
                AtomKind::Action
            } else {
                AtomKind::State
            };
            let id = self.atom(kind, AtomForm::Pred(expr), frame);
            return Ok(literal(id, positive));
        }
        match &expr.kind {
            ExprKind::Junction { and, items } => {
                let parts = items
                    .iter()
                    .map(|item| self.translate(item, frame, positive))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(junction(*and == positive, parts))
            }
            ExprKind::Builtin(op, args) => self.builtin(expr, *op, args, frame, positive),
            ExprKind::Fairness {
                strong,
                vars,
                action,
            } => Ok(self.fairness(*strong, action, vars, frame, positive)),
            ExprKind::Quant {
                forall,
                binders,
                body,
            } => self.quantifier(*forall, binders, body, frame, positive),
            ExprKind::Call(op, args) => {
                let def = self.program.op(*op);
                if def.recursive || def.function.is_some() {
                    return Err(unsupported("a recursive temporal operator", expr.span));
                }
                let slots = args
                    .iter()
                    .zip(&def.params)
                    .map(|(arg, param)| self.bind_arg(arg, param.arity > 0, frame))
                    .collect();
                let size = def
                    .frame_size
                    .max(def.params.len())
                    .max(slots_used(&def.body));
                let place = (def.instance.as_str(), def.module.as_str());
                let callee = self.frame(size, slots, Some(frame.clone()), place);
                self.translate(&def.body, &callee, positive)
            }
            ExprKind::Local(slot) => match frame.slots.get(slot.0 as usize) {
                Some(Binding::ByName { expr, frame }) => {
                    let frame = frame.clone();
                    self.translate(expr, &frame, positive)
                }
                _ => Err(unsupported("this temporal argument", expr.span)),
            },
            ExprKind::LetValue { slot, value, body } => {
                let bound = Binding::ByName {
                    expr: value,
                    frame: frame.clone(),
                };
                let frame = rebind(frame, &[(*slot, bound)]);
                self.translate(body, &frame, positive)
            }
            ExprKind::If(cond, then, other) => {
                let (c, not_c) = (
                    self.translate(cond, frame, true)?,
                    self.translate(cond, frame, false)?,
                );
                let then = self.translate(then, frame, positive)?;
                let other = self.translate(other, frame, positive)?;
                Ok(Ltl::Or(vec![
                    Ltl::And(vec![c, then]),
                    Ltl::And(vec![not_c, other]),
                ]))
            }
            ExprKind::TemporalQuant { forall, .. } => Err(unsupported(
                if *forall {
                    "the temporal quantifier \\AA"
                } else {
                    "the temporal quantifier \\EE"
                },
                expr.span,
            )),
            _ => Err(unsupported("this temporal formula", expr.span)),
        }
    }

    fn builtin(
        &mut self,
        expr: &'p Expr,
        op: Builtin,
        args: &'p [Expr],
        frame: &Rc<Frame<'p>>,
        positive: bool,
    ) -> Translated {
        let mut t = |e: &'p Expr, pos: bool| self.translate(e, frame, pos);
        match (op, args) {
            (Builtin::Not, [a]) => t(a, !positive),
            // a => b is ~a \/ b.
            (Builtin::Implies, [a, b]) => {
                let parts = vec![t(a, !positive)?, t(b, positive)?];
                Ok(junction(!positive, parts))
            }
            // a <=> b is (a /\ b) \/ (~a /\ ~b); its negation (a /\ ~b) \/ (~a /\ b).
            (Builtin::Equiv, [a, b]) => {
                let (pa, na) = (t(a, true)?, t(a, false)?);
                let (pb, nb) = (t(b, positive)?, t(b, !positive)?);
                Ok(Ltl::Or(vec![
                    Ltl::And(vec![pa, pb]),
                    Ltl::And(vec![na, nb]),
                ]))
            }
            (Builtin::Always, [a]) => Ok(always(positive, t(a, positive)?)),
            (Builtin::Eventually, [a]) => Ok(always(!positive, t(a, positive)?)),
            // F ~> G is [](~F \/ <>G); its negation <>(F /\ []~G).
            (Builtin::LeadsTo, [f, g]) => {
                let inner = junction(
                    !positive,
                    vec![t(f, !positive)?, always(!positive, t(g, positive)?)],
                );
                Ok(always(positive, inner))
            }
            (Builtin::WhilePlus, _) => Err(unsupported("-+-> (while-plus)", expr.span)),
            _ => Err(unsupported("this operator on temporal formulas", expr.span)),
        }
    }

    /// `WF_v(A)` is `[]<>(~ENABLED <<A>>_v \/ <<A>>_v)`; `SF_v(A)` is
    /// `<>[]~ENABLED <<A>>_v \/ []<><<A>>_v`.
    fn fairness(
        &mut self,
        strong: bool,
        action: &'p Expr,
        vars: &'p Expr,
        frame: &Rc<Frame<'p>>,
        positive: bool,
    ) -> Ltl {
        let enabled = self.atom(
            AtomKind::State,
            AtomForm::EnabledAngle { action, vars },
            frame,
        );
        let taken = self.atom(AtomKind::Action, AtomForm::Angle { action, vars }, frame);
        // In an instance, ENABLED treats substituted variables as TLC does (`Env::instance`):
        // it then says more than "some step of the model".
        if frame.instance.is_empty() {
            self.atoms[taken.0 as usize].enabled_twin = Some(enabled.0);
        }
        let p = positive;
        if strong {
            let rarely_enabled = always(!p, always(p, literal(enabled, !p)));
            let often_taken = always(p, always(!p, literal(taken, p)));
            junction(!p, vec![rarely_enabled, often_taken])
        } else {
            let step = junction(!p, vec![literal(enabled, !p), literal(taken, p)]);
            always(p, always(!p, step))
        }
    }

    fn quantifier(
        &mut self,
        forall: bool,
        binders: &'p [Binder],
        body: &'p Expr,
        frame: &Rc<Frame<'p>>,
        positive: bool,
    ) -> Translated {
        let mut frames = vec![frame.clone()];
        for binder in binders {
            let Some(domain) = &binder.domain else {
                return Err(unsupported(
                    "an unbounded quantifier over a temporal formula",
                    binder.span,
                ));
            };
            let set = self.constant(domain, frame).ok_or_else(|| {
                Diagnostic::error(
                    codes::TEMPORAL_BOUND,
                    "the bound of a quantifier over a temporal formula must be a constant set",
                    domain.span,
                )
            })?;
            let elems: Vec<Value> = set
                .iter_set()
                .map_err(|e| Diagnostic::error(codes::TEMPORAL_BOUND, e.to_string(), domain.span))?
                .map(std::borrow::Cow::into_owned)
                .collect();
            let mut next = Vec::new();
            for f in &frames {
                for elem in &elems {
                    next.push(bind_elem(f, binder, elem).ok_or_else(|| {
                        Diagnostic::error(
                            codes::TEMPORAL_BOUND,
                            format!("{elem} is not a tuple of {} values", binder.slots.len()),
                            binder.span,
                        )
                    })?);
                }
            }
            frames = next;
        }
        let parts = frames
            .iter()
            .map(|f| self.translate(body, f, positive))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(junction(forall == positive, parts))
    }

    /// The value of `expr` in `frame` when it depends on no state.
    fn constant(&self, expr: &'p Expr, frame: &Rc<Frame<'p>>) -> Option<Value> {
        if self.level(expr, frame) != Level::Constant {
            return None;
        }
        let env = flatten(frame);
        self.evaluator.worker().eval_in(expr, &env, &[], None).ok()
    }

    fn bind_arg(&mut self, arg: &'p Expr, operator: bool, frame: &Rc<Frame<'p>>) -> Binding<'p> {
        if let ExprKind::Local(slot) | ExprKind::LocalOpArg(slot) = &arg.kind {
            if let Some(bound) = frame.slots.get(slot.0 as usize) {
                if !matches!(bound, Binding::Empty) {
                    return bound.clone();
                }
            }
        }
        if operator {
            return Binding::Op {
                expr: arg,
                frame: frame.clone(),
            };
        }
        match self.constant(arg, frame) {
            Some(v) => Binding::Val(v),
            None => Binding::ByName {
                expr: arg,
                frame: frame.clone(),
            },
        }
    }

    fn atom(&mut self, kind: AtomKind, form: AtomForm<'p>, frame: &Rc<Frame<'p>>) -> AtomId {
        let closed = match form {
            AtomForm::Pred(e) => closed(e),
            AtomForm::Angle { action, vars } | AtomForm::EnabledAngle { action, vars } => {
                closed(action) && closed(vars)
            }
        };
        let mut env = if closed {
            Env::default()
        } else {
            flatten(frame)
        };
        if let AtomForm::EnabledAngle { .. } = form {
            env.instance = frame.instance.into();
            env.module = frame.module.into();
        }
        if let Some(i) = self
            .atoms
            .iter()
            .position(|a| a.kind == kind && a.form.same(&form) && a.env == env)
        {
            return AtomId(i as u32);
        }
        self.atoms.push(Atom {
            kind,
            form,
            env,
            enabled_twin: None,
            vars_is_state: std::sync::OnceLock::new(),
        });
        AtomId(self.atoms.len() as u32 - 1)
    }

    /// The level of `expr` in `frame`: arguments passed by name count at their own level.
    fn level(&self, expr: &Expr, frame: &Rc<Frame<'p>>) -> Level {
        match &expr.kind {
            ExprKind::Var { primed, .. } => {
                return if *primed { Level::Action } else { Level::State }
            }
            ExprKind::Builtin(Builtin::Enabled, _) => return Level::State,
            ExprKind::Prime(_)
            | ExprKind::BoxAction(..)
            | ExprKind::AngleAction(..)
            | ExprKind::Builtin(Builtin::Unchanged, _) => return Level::Action,
            ExprKind::Fairness { .. }
            | ExprKind::TemporalQuant { .. }
            | ExprKind::Builtin(
                Builtin::Always | Builtin::Eventually | Builtin::LeadsTo | Builtin::WhilePlus,
                _,
            ) => return Level::Temporal,
            ExprKind::Local(slot) | ExprKind::LocalOpArg(slot) | ExprKind::LocalCall(slot, _) => {
                let own = match frame.slots.get(slot.0 as usize) {
                    Some(Binding::ByName { expr, frame } | Binding::Op { expr, frame }) => {
                        self.level(expr, frame)
                    }
                    _ => Level::Constant,
                };
                let mut level = own;
                tlafid_sema::walk::each_child(expr, &mut |c| {
                    level = level.max(self.level(c, frame))
                });
                return level;
            }
            _ => {}
        }
        let mut level = match &expr.kind {
            ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => self.program.op(*op).level,
            _ => Level::Constant,
        };
        tlafid_sema::walk::each_child(expr, &mut |c| level = level.max(self.level(c, frame)));
        level
    }
}

fn literal(id: AtomId, positive: bool) -> Ltl {
    if positive {
        Ltl::Atom(id)
    } else {
        Ltl::NotAtom(id)
    }
}

fn junction(and: bool, mut parts: Vec<Ltl>) -> Ltl {
    if parts.len() == 1 {
        return parts.pop().unwrap_or(Ltl::Bool(and));
    }
    if and {
        Ltl::And(parts)
    } else {
        Ltl::Or(parts)
    }
}

/// `[]f` when `box_` is true, `<>f` otherwise.
fn always(box_: bool, f: Ltl) -> Ltl {
    if box_ {
        Ltl::Always(Box::new(f))
    } else {
        Ltl::Eventually(Box::new(f))
    }
}

fn unsupported(what: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::UNSUPPORTED_TEMPORAL,
        format!("tlafid cannot check {what} in a temporal property"),
        span,
    )
}
