//! `ENABLED A`: whether the generator finds a successor of `A` in the current state.

use tlafid_sema::ir::Expr;

use crate::ctx::Ctx;
use crate::error::EvalResult;

impl<'a, 'p> Ctx<'a, 'p> {
    /// Is the action `expr` enabled in the current state?
    pub fn enabled(&mut self, expr: &'p Expr) -> EvalResult<bool> {
        let saved_shadowed = match self.ev.enabled_shadows.of(expr) {
            Some(own) => Some(std::mem::replace(&mut self.shadowed, own.to_vec())),
            None => None,
        };
        let n = self.ev.program.vars.len() + self.shadowed.len();
        let saved_next = std::mem::replace(&mut self.next, vec![None; n]);
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
        let r = self.gen(expr, &mut |_| {
            found = true;
            Ok(false)
        });
        self.next = saved_next;
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
}
