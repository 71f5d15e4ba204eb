//! `ENABLED A`: whether the generator finds a successor of `A` in the current state. When
//! `A` is a call of one of the next-state relation's actions (`ENABLED EnterElevator(e)`
//! inside another action, or a fairness condition's `ENABLED A(p)`), the plan the action
//! splitter runs for it is run instead, stopping at its first successor: the same answer,
//! with the action's conjuncts compiled rather than interpreted.

use tlafid_base::Span;
use tlafid_sema::ir::{Expr, ExprKind, OpId};

use super::plan::Plan;
use crate::ctx::Ctx;
use crate::error::EvalResult;
use crate::frame::FrameSlot;

impl<'a, 'p> Ctx<'a, 'p> {
    /// Is the action `expr` enabled in the current state?
    pub fn enabled(&mut self, expr: &'p Expr) -> EvalResult<bool> {
        let saved_shadowed = match self.ev.enabled_shadows.of(expr) {
            Some(own) => Some(std::mem::replace(&mut self.shadowed, own.to_vec())),
            None => None,
        };
        let n = self.ev.program.vars.len() + self.shadowed.len();
        let mut fresh = std::mem::take(&mut self.spare_next);
        fresh.resize_with(n, || None);
        let saved_next = std::mem::replace(&mut self.next, fresh);
        let saved_fixed = self.unfix_next();
        let saved_modes = (
            self.init_mode,
            self.in_prime,
            self.assigned,
            self.pending_conjuncts,
        );
        (
            self.init_mode,
            self.in_prime,
            self.assigned,
            self.pending_conjuncts,
        ) = (false, false, 0, 0);
        let saved_test = self.changed_test.take();
        let mut found = false;
        let r = match self.enabled_plan(expr).filter(|_| self.shadowed.is_empty()) {
            Some((op, args, plan)) => self.run_enabled_plan(op, args, expr.span, plan, &mut found),
            None => self.gen(expr, &mut |_| {
                found = true;
                Ok(false)
            }),
        };
        let mut used = std::mem::replace(&mut self.next, saved_next);
        used.clear();
        self.spare_next = used;
        self.next_fixed = saved_fixed;
        (
            self.init_mode,
            self.in_prime,
            self.assigned,
            self.pending_conjuncts,
        ) = saved_modes;
        self.changed_test = saved_test;
        if let Some(saved) = saved_shadowed {
            self.shadowed = saved;
        }
        r.map(|_| found)
    }

    /// The action `expr` calls, with its arguments and the plan the action splitter runs for
    /// its body (under the `LET`s the body begins with), when it has one.
    fn enabled_plan(&self, expr: &'p Expr) -> Option<(OpId, &'p [Expr], &'a Plan<'p>)> {
        let (op, args) = self.ev.inline_call(expr)?;
        let mut leaf: &'p Expr = &self.ev.program.op(op).body;
        while let ExprKind::LetValue { body, .. } = &leaf.kind {
            leaf = body;
        }
        let ev: &'a crate::evaluator::Evaluator<'p> = self.ev;
        Some((op, args, ev.plans.get(leaf)?))
    }

    /// Runs `plan` in the frame of the call of `op` with `args`, its `LET`s bound as the
    /// splitter binds them, setting `found` at the first successor and stopping there.
    fn run_enabled_plan(
        &mut self,
        op: OpId,
        args: &'p [Expr],
        span: Span,
        plan: &'a Plan<'p>,
        found: &mut bool,
    ) -> EvalResult<bool> {
        let saved = self.push_frame(op, args, span)?;
        let mut body: &'p Expr = &self.ev.program.op(op).body;
        while let ExprKind::LetValue {
            slot,
            value,
            body: inner,
        } = &body.kind
        {
            self.bind(*slot, FrameSlot::Thunk(value));
            body = inner;
        }
        let first_only = std::mem::replace(&mut self.first_only, true);
        let r = self.run_plan(plan, &mut |_| {
            *found = true;
            Ok(false)
        });
        self.first_only = first_only;
        self.pop_frame(saved);
        r
    }
}
