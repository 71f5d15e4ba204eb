//! Action composition `A \cdot B`: a step from `s` to `u` such that some state `t` has an
//! `A` step from `s` and a `B` step to `u` (TLC's experimental `\cdot`, which it runs when
//! `-Dtlc2.tool.impl.Tool.cdot=true`; tlafid always runs it).
//!
//! As a generator (successors, `ENABLED`): the states `t` are `A`'s successors of the
//! current state, in order, then for each `t` the states `u` are `B`'s successors of `t`,
//! in order; each `u` is passed on (duplicates included, as TLC does). As a value (an action
//! property, `<<A>>_v` of a fairness condition) with `u` given: `A`'s successors `t` of
//! the current state are tried in order until `B` holds from `t` to `u`.
//!
//! Limits (explicit errors, where TLC's experimental implementation would silently give a
//! composition with other semantics): a composition must be generated with no variable
//! assigned yet and with no conjunct left to run after it in the same step (TLC checks
//! such conjuncts on both halves of the step); under `ENABLED <<A>>_v` (fairness), TLC
//! tests `v` on the second half only, so each end found must give the same test on the
//! second half and on the whole step; `A` must assign every variable.

use tlafid_base::Span;
use tlafid_sema::ir::Expr;
use tlafid_value::Value;

use crate::ctx::Ctx;
use crate::error::{EvalError, EvalResult, E_UNSUPPORTED};
use crate::frame::FrameSlot;

/// Continuation of the generator, as in `action/`: `Ok(false)` stops the search.
type Cont<'k, 'a, 'p> = dyn FnMut(&mut Ctx<'a, 'p>) -> EvalResult<bool> + 'k;

impl<'a, 'p> Ctx<'a, 'p> {
    /// A composition replaces the whole next state, which inside an `ENABLED` through a
    /// refinement mapping also holds the substituted variables' shadows: not supported.
    fn no_shadows(&self, span: Span) -> EvalResult<()> {
        if self.shadowed.iter().any(|&s| s) {
            return Err(EvalError::new(
                E_UNSUPPORTED,
                "action composition (\\cdot) inside ENABLED through a refinement mapping",
                span,
            ));
        }
        Ok(())
    }

    /// Generates the steps of `first \cdot second` from the current state, calling `k` with
    /// the next state set to each end state in turn.
    pub(crate) fn gen_cdot(
        &mut self,
        first: &'p Expr,
        second: &'p Expr,
        span: Span,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        self.no_shadows(span)?;
        if self.assigned > 0 || self.pending_conjuncts > 0 {
            return Err(EvalError::new(
                E_UNSUPPORTED,
                "action composition (\\cdot) combined with other conjuncts of the same step",
                span,
            )
            .with_hint(
                "write A \\cdot B as a whole disjunct of the next-state relation (TLC's experimental \\cdot checks the other conjuncts on each half of the step)",
            ));
        }
        let changed_test = self.changed_test.take();
        let r = self.gen_composed(first, second, span, changed_test, k);
        self.changed_test = changed_test;
        r
    }

    fn gen_composed(
        &mut self,
        first: &'p Expr,
        second: &'p Expr,
        span: Span,
        changed_test: Option<(&'p Expr, usize)>,
        k: &mut Cont<'_, 'a, 'p>,
    ) -> EvalResult<bool> {
        for middle in self.first_steps(first, span)? {
            for end in self.second_steps(&middle, second, span, changed_test.is_some())? {
                let fixed = self.unfix_next();
                let saved = std::mem::replace(
                    &mut self.next,
                    end.into_iter()
                        .map(|v| Some(std::borrow::Cow::Owned(v)))
                        .collect(),
                );
                self.assigned = self.next.len();
                let agreed = match changed_test {
                    Some((vars, base)) => self.changed_tests_agree(&middle, vars, base, span),
                    None => Ok(()),
                };
                let r = agreed.and_then(|()| k(self));
                self.next = saved;
                self.next_fixed = fixed;
                self.assigned = 0;
                if !r? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// Under `ENABLED <<A>>_v`, TLC tests `v` between the middle and the end state of a
    /// composition, where `<<A>>_v` means between the current and the end state: an error
    /// when the two disagree, so the answer is TLC's and TLA+'s.
    fn changed_tests_agree(
        &mut self,
        middle: &[Value],
        vars: &'p Expr,
        base: usize,
        span: Span,
    ) -> EvalResult<()> {
        let home = std::mem::replace(&mut self.base, base);
        let whole_step = self.unchanged_value(vars);
        self.base = home;
        let mut sub = self.composed_half(middle);
        sub.next = self.next.clone();
        sub.assigned = self.assigned;
        sub.base = base;
        if whole_step? == sub.unchanged_value(vars)? {
            return Ok(());
        }
        Err(EvalError::new(
            E_UNSUPPORTED,
            "ENABLED <<A>>_v of an action composition (\\cdot) where v changes over the second step but not over the whole step, or the reverse",
            span,
        )
        .with_hint("TLC's experimental \\cdot tests v on the second step only; tlafid refuses rather than answer differently (this is the ENABLED of a WF_v/SF_v fairness condition)"))
    }

    /// Is `first \cdot second` a step from the current state to the (assigned) next state?
    pub(crate) fn eval_cdot(
        &mut self,
        first: &'p Expr,
        second: &'p Expr,
        span: Span,
    ) -> EvalResult<bool> {
        self.no_shadows(span)?;
        if self.init_mode || self.in_prime {
            return Err(EvalError::new(
                E_UNSUPPORTED,
                "action composition (\\cdot) evaluated inside a prime or the initial predicate",
                span,
            ));
        }
        let n = self.ev.program.vars.len();
        let saved_fixed = self.unfix_next();
        let saved_next = std::mem::replace(&mut self.next, vec![None; n]);
        let saved_assigned = std::mem::replace(&mut self.assigned, 0);
        let middles = self.first_steps(first, span);
        self.next = saved_next;
        self.next_fixed = saved_fixed;
        self.assigned = saved_assigned;
        for middle in middles? {
            let mut sub = self.composed_half(&middle);
            sub.next = self.next.clone();
            sub.assigned = self.assigned;
            if sub.eval_bool(second)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The successors of the current state under `first`, each complete.
    fn first_steps(&mut self, first: &'p Expr, span: Span) -> EvalResult<Vec<Vec<Value>>> {
        let pending = std::mem::replace(&mut self.pending_conjuncts, 0);
        let changed_test = self.changed_test.take();
        let mut middles = Vec::new();
        let r = self.gen(first, &mut |ctx| {
            middles.push(ctx.composed_state(span, "the first action of a composition (\\cdot)")?);
            Ok(true)
        });
        self.pending_conjuncts = pending;
        self.changed_test = changed_test;
        r.map(|_| middles)
    }

    /// The successors of `middle` under `second`, each complete.
    /// With `test_after`, a `v` test follows (see [`Ctx::changed_tests_agree`]): a
    /// composition nested in `second` is refused, since TLC would test `v` from its middle.
    fn second_steps(
        &self,
        middle: &[Value],
        second: &'p Expr,
        span: Span,
        test_after: bool,
    ) -> EvalResult<Vec<Vec<Value>>> {
        let mut sub = self.composed_half(middle);
        sub.pending_conjuncts = u32::from(test_after);
        let mut ends = Vec::new();
        sub.gen(second, &mut |ctx| {
            ends.push(ctx.composed_state(span, "the second action of a composition (\\cdot)")?);
            Ok(true)
        })?;
        Ok(ends)
    }

    /// The assigned next state as values, or an error naming the first variable left out.
    fn composed_state(&self, span: Span, what: &str) -> EvalResult<Vec<Value>> {
        self.complete_state(span, || what)
            .map(|state| state.values().to_vec())
    }

    /// A context in this one's frames whose current state is `middle` and whose next
    /// state is unassigned. Values the frames cached for the current state are dropped
    /// (they are recomputed in `middle`); bound values and arguments are kept.
    fn composed_half<'b>(&self, middle: &'b [Value]) -> Ctx<'b, 'p>
    where
        'a: 'b,
    {
        let stack = self
            .stack
            .iter()
            .map(|slot| match slot {
                FrameSlot::Forced(expr, _) => FrameSlot::Thunk(expr),
                FrameSlot::ByName { expr, base, .. } => FrameSlot::ByName {
                    expr,
                    base: *base,
                    cached: None,
                },
                other => other.clone(),
            })
            .collect();
        let mut sub = Ctx::new(self.ev, stack, middle, vec![None; self.next.len()]);
        sub.base = self.base;
        sub.depth = self.depth;
        sub.level = self.level;
        sub
    }
}
