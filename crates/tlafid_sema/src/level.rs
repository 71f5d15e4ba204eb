//! Levels (constant, state, action, temporal) of every operator, computed as SANY does, and
//! the level rules: no prime of an action, `ENABLED`/`UNCHANGED`/`[A]_v`/fairness operand
//! levels, no temporal operator over an action, constant `ASSUME`s. Also marks operators
//! that are part of a recursive cycle.

use tlafid_base::{Diagnostic, Span};

use crate::ir::{Builtin, Expr, ExprKind, Level, OpId, Program};
use crate::lower::SubstCheck;
use crate::walk;
use crate::{codes, param_levels};

/// Computes `level` and `recursive` of every operator and reports level errors.
pub(crate) fn analyse(
    program: &mut Program,
    substitutions: &[SubstCheck],
    diagnostics: &mut Vec<Diagnostic>,
) {
    mark_recursive(program);
    let used: Vec<Vec<bool>> = program
        .ops
        .iter()
        .map(|op| params_used(&op.body, op.params.len()))
        .collect();
    let mut levels = vec![Level::Constant; program.ops.len()];
    for _ in 0..8 {
        let mut changed = false;
        for (i, op) in program.ops.iter().enumerate() {
            let mut cx = LevelCx {
                levels: &levels,
                used: &used,
                limits: &[],
                slots: Vec::new(),
                diagnostics: None,
            };
            let level = cx.op_level(op);
            if level != levels[i] {
                levels[i] = level;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let limits = param_levels::parameter_limits(program);
    for op in &program.ops {
        let mut cx = LevelCx {
            levels: &levels,
            used: &used,
            limits: &limits,
            slots: Vec::new(),
            diagnostics: Some(diagnostics),
        };
        cx.op_level(op);
    }
    for assume in &program.assumes {
        let mut cx = LevelCx {
            levels: &levels,
            used: &used,
            limits: &limits,
            slots: Vec::new(),
            diagnostics: Some(diagnostics),
        };
        cx.slots = vec![Level::Constant; assume.frame_size];
        if cx.level(&assume.expr) > Level::Constant {
            diagnostics.push(
                Diagnostic::error(
                    codes::ASSUME_LEVEL,
                    "an ASSUME must be constant level",
                    assume.span,
                )
                .with_hint("an assumption cannot mention variables or temporal operators"),
            );
        }
    }
    for check in substitutions {
        let mut cx = LevelCx {
            levels: &levels,
            used: &used,
            limits: &limits,
            slots: Vec::new(),
            diagnostics: Some(diagnostics),
        };
        let level = cx.level(&check.expr);
        if level > check.max {
            diagnostics.push(
                Diagnostic::error(
                    codes::SUBSTITUTION_LEVEL,
                    format!(
                        "INSTANCE {}: the expression substituted for `{}` is {}-level, but must be at most {}-level",
                        check.module,
                        check.name,
                        level_name(level),
                        level_name(check.max)
                    ),
                    check.span,
                )
                .with_label(check.expr.span, "used here")
                .with_hint("a CONSTANT takes a constant expression, a VARIABLE a state-level one"),
            );
        }
    }
    for (op, level) in program.ops.iter_mut().zip(levels) {
        op.level = level;
    }
}

/// Which of the first `count` slots `body` uses.
fn params_used(body: &Expr, count: usize) -> Vec<bool> {
    fn visit(e: &Expr, used: &mut [bool]) {
        if let ExprKind::Local(s) | ExprKind::LocalCall(s, _) | ExprKind::LocalOpArg(s) = &e.kind {
            if let Some(u) = used.get_mut(s.0 as usize) {
                *u = true;
            }
        }
        walk::each_child(e, &mut |c| visit(c, used));
    }
    let mut used = vec![false; count];
    visit(body, &mut used);
    used
}

/// Marks operators that can reach themselves through calls or operator arguments.
fn mark_recursive(program: &mut Program) {
    let callees: Vec<Vec<usize>> = program
        .ops
        .iter()
        .map(|op| {
            let mut out = Vec::new();
            collect_callees(&op.body, &mut out);
            if let Some(f) = &op.function {
                f.binders
                    .iter()
                    .filter_map(|b| b.domain.as_ref())
                    .for_each(|d| collect_callees(d, &mut out));
            }
            out
        })
        .collect();
    for start in 0..program.ops.len() {
        let mut seen = vec![false; program.ops.len()];
        let mut stack = callees[start].clone();
        while let Some(next) = stack.pop() {
            if next == start {
                program.ops[start].recursive = true;
                break;
            }
            if !std::mem::replace(&mut seen[next], true) {
                stack.extend(&callees[next]);
            }
        }
    }
}

fn collect_callees(e: &Expr, out: &mut Vec<usize>) {
    if let ExprKind::Call(OpId(id), _) | ExprKind::OpArg(OpId(id), _) = &e.kind {
        out.push(*id as usize);
    }
    walk::each_child(e, &mut |c| collect_callees(c, out));
}

struct LevelCx<'a> {
    levels: &'a [Level],
    used: &'a [Vec<bool>],
    /// The highest level each parameter of each operator accepts (empty: not checked).
    limits: &'a [Vec<Level>],
    slots: Vec<Level>,
    diagnostics: Option<&'a mut Vec<Diagnostic>>,
}

impl LevelCx<'_> {
    fn op_level(&mut self, op: &crate::ir::OpDef) -> Level {
        self.slots = vec![Level::Constant; op.frame_size.max(op.params.len())];
        let mut level = self.level(&op.body);
        if let Some(f) = &op.function {
            for b in &f.binders {
                level = level.max(b.domain.as_ref().map_or(Level::Constant, |d| self.level(d)));
            }
        }
        level
    }

    fn report(&mut self, code: tlafid_base::Code, message: &str, span: Span, hint: &str) {
        if let Some(d) = self.diagnostics.as_deref_mut() {
            d.push(Diagnostic::error(code, message, span).with_hint(hint));
        }
    }

    fn set_slot(&mut self, slot: u32, level: Level) {
        let slot = slot as usize;
        if slot >= self.slots.len() {
            self.slots.resize(slot + 1, Level::Constant);
        }
        self.slots[slot] = level;
    }

    fn slot(&self, slot: u32) -> Level {
        self.slots
            .get(slot as usize)
            .copied()
            .unwrap_or(Level::Constant)
    }

    fn max_of(&mut self, items: &[Expr]) -> Level {
        items
            .iter()
            .fold(Level::Constant, |l, e| l.max(self.level(e)))
    }

    fn children_max(&mut self, e: &Expr) -> Level {
        let mut children = Vec::new();
        walk::each_child(e, &mut |c| children.push(c));
        children
            .into_iter()
            .fold(Level::Constant, |l, c| l.max(self.level(c)))
    }

    /// The level of `e`, reporting level errors when diagnostics are collected.
    fn level(&mut self, e: &Expr) -> Level {
        use ExprKind::*;
        match &e.kind {
            Var { primed, .. } => {
                if *primed {
                    Level::Action
                } else {
                    Level::State
                }
            }
            Local(s) | LocalOpArg(s) => self.slot(s.0),
            LocalCall(s, args) => self.slot(s.0).max(self.max_of(args)),
            Call(op, args) => {
                let id = op.0 as usize;
                let mut level = self.levels[id];
                for (i, a) in args.iter().enumerate() {
                    let arg = self.level(a);
                    if self.used[id].get(i).copied().unwrap_or(true) {
                        level = level.max(arg);
                    }
                    let limit = self.limits.get(id).and_then(|l| l.get(i)).copied();
                    if limit.is_some_and(|limit| arg > limit) {
                        self.report(
                            codes::ARGUMENT_LEVEL,
                            &format!(
                                "this argument is {}-level, but the operator uses it where at most a {}-level one is allowed",
                                level_name(arg),
                                level_name(limit.unwrap_or(Level::Temporal))
                            ),
                            a.span,
                            "a parameter used under a prime or UNCHANGED takes a state-level argument; one used as a value, at most an action",
                        );
                    }
                }
                level
            }
            OpArg(op, args) => self.levels[op.0 as usize].max(self.max_of(args)),
            Builtin(b, args) => self.builtin_level(*b, args, e.span),
            Prime(inner) => {
                let level = self.level(inner);
                if level >= Level::Action {
                    self.report(
                        codes::DOUBLE_PRIME,
                        "a prime is applied to an expression that is already an action",
                        e.span,
                        "only constant and state-level expressions can be primed",
                    );
                }
                if level == Level::Constant {
                    Level::Constant
                } else {
                    Level::Action
                }
            }
            LetValue { slot, value, body } => {
                let level = self.level(value);
                self.set_slot(slot.0, level);
                self.level(body)
            }
            Except { base, at, .. } => {
                let level = self.level(base);
                self.set_slot(at.0, level);
                level.max(self.children_max(e))
            }
            TemporalQuant { body, .. } => self.level(body).max(Level::Temporal),
            BoxAction(action, vars) | AngleAction(action, vars) => {
                self.action_operands(action, vars, "[A]_v and <<A>>_v");
                Level::Action
            }
            Fairness { vars, action, .. } => {
                self.action_operands(action, vars, "WF and SF");
                Level::Temporal
            }
            Quant { binders, .. } | SetMap(_, binders) | FnCons(binders, _) => {
                binders
                    .iter()
                    .flat_map(|b| &b.slots)
                    .for_each(|s| self.set_slot(s.0, Level::Constant));
                self.children_max(e)
            }
            Choose(b, _) | SetFilter(b, _) => {
                b.slots
                    .iter()
                    .for_each(|s| self.set_slot(s.0, Level::Constant));
                self.children_max(e)
            }
            Junction { .. } | If(..) | Case { .. } => self.children_max(e),
            _ => {
                let level = self.children_max(e);
                if level == Level::Temporal {
                    self.temporal_operand(e.span);
                }
                level
            }
        }
    }

    /// A temporal formula used inside a value (a set, a function, an equality, …).
    fn temporal_operand(&mut self, span: Span) {
        self.report(
            codes::OPERAND_LEVEL,
            "a temporal formula cannot be an operand here",
            span,
            "temporal formulas can only be combined with logical operators and quantifiers",
        );
    }

    /// Checks the operands of `[A]_v`, `<<A>>_v`, `WF_v(A)`: `v` a state function, `A` an action.
    fn action_operands(&mut self, action: &Expr, vars: &Expr, what: &str) {
        if self.level(action) == Level::Temporal {
            self.report(
                codes::OPERAND_LEVEL,
                &format!("the action of {what} is a temporal formula"),
                action.span,
                "the operand must be an action",
            );
        }
        if self.level(vars) >= Level::Action {
            self.report(
                codes::OPERAND_LEVEL,
                &format!("the subscript of {what} is not a state function"),
                vars.span,
                "the subscript must not contain primes or temporal operators",
            );
        }
    }

    fn builtin_level(&mut self, b: Builtin, args: &[Expr], span: Span) -> Level {
        let levels: Vec<Level> = args.iter().map(|a| self.level(a)).collect();
        let top = levels.iter().copied().max().unwrap_or(Level::Constant);
        match b {
            Builtin::Enabled => {
                if top == Level::Temporal {
                    self.report(
                        codes::OPERAND_LEVEL,
                        "ENABLED is applied to a temporal formula",
                        span,
                        "ENABLED takes an action",
                    );
                }
                top.min(Level::State)
            }
            Builtin::Unchanged => {
                if top >= Level::Action {
                    self.report(
                        codes::OPERAND_LEVEL,
                        "UNCHANGED is applied to an action or temporal expression",
                        span,
                        "UNCHANGED takes a state function, such as a tuple of variables",
                    );
                }
                if top == Level::Constant {
                    Level::Constant
                } else {
                    Level::Action
                }
            }
            Builtin::Always | Builtin::Eventually | Builtin::LeadsTo | Builtin::WhilePlus => {
                for (a, level) in args.iter().zip(&levels) {
                    if *level == Level::Action && !boxed_action(b, a) {
                        self.report(
                            codes::TEMPORAL_OF_ACTION,
                            "a temporal operator is applied to an action",
                            a.span,
                            "write `[][A]_v` for an action that must always hold, or `<><<A>>_v`",
                        );
                    }
                }
                Level::Temporal
            }
            Builtin::Cdot => {
                if top == Level::Temporal {
                    self.report(
                        codes::OPERAND_LEVEL,
                        "\\cdot is applied to a temporal formula",
                        span,
                        "\\cdot composes actions",
                    );
                }
                Level::Action
            }
            Builtin::Not | Builtin::Implies | Builtin::Equiv => top,
            _ => {
                if top == Level::Temporal {
                    self.temporal_operand(span);
                }
                top
            }
        }
    }
}

/// `[][A]_v` and `<><<A>>_v` are the temporal forms allowed over actions.
fn boxed_action(b: Builtin, e: &Expr) -> bool {
    matches!(
        (b, &e.kind),
        (Builtin::Always, ExprKind::BoxAction(..))
            | (Builtin::Eventually, ExprKind::AngleAction(..))
    )
}

/// A level as a word for messages.
fn level_name(level: Level) -> &'static str {
    match level {
        Level::Constant => "constant",
        Level::State => "state",
        Level::Action => "action",
        Level::Temporal => "temporal",
    }
}
