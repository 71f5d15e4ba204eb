//! Subexpression selectors: `Op!2` (the second conjunct or operand of `Op`'s body),
//! `Op!lbl` (the expression labelled `lbl ::`), `Op!:` (the body), as in `Init!1`.

use tlafid_base::Diagnostic;
use tlafid_syntax::ast::{self, ExprKind as A, RefSegment, Unit};

use super::frame::{Env, Local, LocalKind, Lowerer};
use super::CtxId;
use crate::codes;
use crate::ir::{Expr, ExprKind, Slot};
use crate::modules::ModId;
use crate::syntax_walk;

impl Lowerer<'_, '_> {
    /// The subexpression of the definition at `unit` of `module` that `selectors` name, with
    /// its parameters bound to the arguments of `op` (as `LET` values).
    pub fn select(
        &mut self,
        ctx: CtxId,
        module: ModId,
        unit: usize,
        op: &RefSegment,
        selectors: &[RefSegment],
    ) -> Option<Expr> {
        let modules = self.g.modules;
        let (params, body): (&[ast::OpDecl], &ast::Expr) =
            match &modules.list[module].ast.units[unit] {
                Unit::Op(def) => (&def.params, &def.body),
                Unit::Theorem(ast::Theorem {
                    body: Some(body), ..
                }) => (&[], body),
                Unit::Assume(assume) => (&[], &assume.expr),
                _ => {
                    self.unsupported("a subexpression of a function definition", op.name.span);
                    return None;
                }
            };
        if params.len() != op.args.len() || params.iter().any(|p| p.arity > 0) {
            self.unsupported(
                "this subexpression selector (check the operator's arguments)",
                op.name.span,
            );
            return None;
        }
        let mut selected = body;
        for selector in selectors {
            match select_one(selected, &selector.name.name) {
                Some(e) if selector.args.is_empty() => selected = e,
                _ => {
                    self.error(Diagnostic::error(
                        codes::BAD_INSTANCE_PATH,
                        format!(
                            "`{}!{}` selects no subexpression",
                            op.name.name, selector.name.name
                        ),
                        selector.name.span,
                    ));
                    return None;
                }
            }
        }
        let mark = self.mark();
        let mut values = Vec::new();
        let mut locals = Vec::new();
        for (param, arg) in params.iter().zip(&op.args) {
            let slot = self.new_slot();
            values.push((slot, self.lower_let_value(arg)));
            let frame = self.current();
            let name = param.name.name.clone();
            locals.push(Local {
                name,
                frame,
                slot,
                kind: LocalKind::Value,
                span: param.name.span,
            });
        }
        let home = self.g.home_ctx(ctx, module);
        let env = Env {
            module,
            ctx: home,
            position: unit,
            locals,
            at: None,
        };
        if !self.enter_inline(op.name.span) {
            self.release(mark);
            return None;
        }
        let saved = std::mem::replace(&mut self.env, env);
        let mut result = self.lower(selected);
        self.env = saved;
        self.inline_depth -= 1;
        self.release(mark);
        for (slot, value) in values.into_iter().rev() {
            let span = result.span;
            let kind = ExprKind::LetValue {
                slot: Slot(slot),
                value: Box::new(value),
                body: Box::new(result),
            };
            result = Expr { kind, span };
        }
        Some(result)
    }
}

/// One selector step: `:` the expression, `n` its `n`-th operand, a label its labelled part.
fn select_one<'a>(e: &'a ast::Expr, selector: &str) -> Option<&'a ast::Expr> {
    let mut e = e;
    while let A::Label(_, inner) = &e.kind {
        e = inner;
    }
    if selector == ":" {
        return Some(e);
    }
    if let Ok(n) = selector.parse::<usize>() {
        let operands: Vec<&ast::Expr> = match &e.kind {
            A::Junction { items, .. } | A::Tuple(items) | A::SetEnum(items) | A::Cross(items) => {
                items.iter().collect()
            }
            A::Op { args, .. } => args.iter().collect(),
            A::If(c, a, b) => vec![c, a, b],
            A::Ref(segments) => segments
                .last()
                .map(|s| s.args.iter().collect())
                .unwrap_or_default(),
            A::Quant { body, .. } | A::Choose { body, .. } | A::Let { body, .. } => vec![body],
            _ => Vec::new(),
        };
        return operands.get(n.checked_sub(1)?).copied();
    }
    find_label(e, selector)
}

/// The expression labelled `name ::` inside `e`, depth first.
fn find_label<'a>(e: &'a ast::Expr, name: &str) -> Option<&'a ast::Expr> {
    if let A::Label(label, inner) = &e.kind {
        if label.name == name {
            return Some(inner);
        }
    }
    let mut found = None;
    syntax_walk::children(e, &mut |c| {
        if found.is_none() {
            found = find_label(c, name);
        }
    });
    found
}
