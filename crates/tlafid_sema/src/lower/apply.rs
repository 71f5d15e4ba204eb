//! Applying resolved names: arguments (values, or operators for higher-order parameters),
//! operator arguments (names, `LAMBDA`s, built-in symbols), and inlining instance
//! substitutions.

use tlafid_base::{Diagnostic, Span};
use tlafid_syntax::ast::{self, Ident};

use super::frame::{error_expr, Env, Local, LocalKind, Lowerer};
use super::refs::Callee;
use super::{CtxId, SubstCheck};
use crate::codes;
use crate::ir::{Expr, ExprKind, Slot};
use smol_str::SmolStr;

impl Lowerer<'_, '_> {
    /// Inlines the substitution for `name` of context `ctx`, lowered where the `INSTANCE` is.
    pub fn substitute(&mut self, ctx: CtxId, name: &Ident, arity: usize) -> Option<Callee> {
        let c = &self.g.ctxs[ctx];
        let expr = c.substs.get(&name.name)?.clone();
        let (module, unit) = c.origin;
        let parent = c.parent;
        let params = c.params.clone();
        let first = self.g.ctxs[parent].prefix.len() as u32;
        let locals = params
            .iter()
            .enumerate()
            .map(|(i, p)| Local {
                name: p.name.name.clone(),
                frame: 0,
                slot: first + i as u32,
                kind: if p.arity == 0 {
                    LocalKind::Value
                } else {
                    LocalKind::OpParam(p.arity)
                },
                span: p.name.span,
            })
            .collect();
        let env = Env {
            module,
            ctx: parent,
            position: unit,
            locals,
            at: None,
        };
        if !self.enter_inline(name.span) {
            return None;
        }
        let saved = std::mem::replace(&mut self.env, env);
        let result = if arity == 0 {
            let mut e = self.lower(&expr);
            e.span = name.span;
            self.note_substitution(ctx, &name.name, &e);
            Some(Callee::Value(self.mark_substituted_var(ctx, &name.name, e)))
        } else {
            self.operator_callee(&expr, arity)
        };
        self.inline_depth -= 1;
        self.env = saved;
        result
    }

    /// Wraps the substitution `e` of a variable `name` of context `ctx` in
    /// [`ExprKind::Substituted`] when it is not itself a variable.
    fn mark_substituted_var(&mut self, ctx: CtxId, name: &SmolStr, e: Expr) -> Expr {
        let c = &self.g.ctxs[ctx];
        let is_variable = |n: &SmolStr| c.limits.get(n) == Some(&crate::ir::Level::State);
        if !is_variable(name) {
            return e;
        }
        if matches!(e.kind, ExprKind::Var { primed: false, .. }) {
            // A variable stays one (so `x' = v` assigns it), unless another variable of the
            // instance is substituted by the same name: TLC's `ENABLED` keeps the two apart.
            let own = c.substs.get(name).and_then(bare_name);
            let aliased = own.is_some_and(|own| {
                c.substs
                    .iter()
                    .any(|(n, s)| n != name && is_variable(n) && bare_name(s) == Some(own))
            });
            if !aliased {
                return e;
            }
        }
        let key = (ctx, name.clone());
        let var = match self.g.substituted_index.get(&key) {
            Some(&id) => id,
            None => {
                let id = crate::ir::SubstId(self.g.substituted.len() as u32);
                let (instance, module) = (c.path.clone(), c.clause.1.clone());
                self.g.substituted.push(crate::ir::SubstitutedVar {
                    name: name.clone(),
                    instance,
                    module,
                    unnamed_modules: c.unnamed_modules.clone(),
                });
                self.g.substituted_index.insert(key, id);
                id
            }
        };
        let span = e.span;
        Expr {
            kind: ExprKind::Substituted {
                var,
                value: Box::new(e),
            },
            span,
        }
    }

    /// Keeps the first inlining of a level-limited substitution, to check its level later.
    fn note_substitution(&mut self, ctx: CtxId, name: &SmolStr, e: &Expr) {
        let c = &self.g.ctxs[ctx];
        let Some(&max) = c.limits.get(name) else {
            return;
        };
        if !self.g.subst_checked.insert((ctx, name.clone())) {
            return;
        }
        let (span, module) = c.clause.clone();
        let check = SubstCheck {
            expr: e.clone(),
            max,
            name: name.clone(),
            module,
            span,
        };
        self.g.subst_checks.push(check);
    }

    /// Applies a resolved name to its arguments.
    pub fn apply(&mut self, callee: Callee, args: &[ast::Expr], name: &Ident, span: Span) -> Expr {
        let kind = match callee {
            Callee::Value(e) if args.is_empty() => return e,
            Callee::Value(_) => {
                self.error(
                    Diagnostic::error(
                        codes::NOT_A_VALUE,
                        format!(
                            "`{}` is not an operator; it cannot be applied to arguments",
                            name.name
                        ),
                        name.span,
                    )
                    .with_hint("to apply a function, use square brackets: `f[x]`"),
                );
                return error_expr(span);
            }
            Callee::LocalOp { slot, arity } => {
                if args.len() != arity {
                    self.arity_mismatch(name, arity, args.len());
                    return error_expr(span);
                }
                ExprKind::LocalCall(Slot(slot), self.lower_args(args, &vec![0; arity]))
            }
            Callee::Global {
                op,
                mut leading,
                arities,
                function,
            } => {
                if function && !args.is_empty() {
                    self.error(
                        Diagnostic::error(
                            codes::NOT_A_VALUE,
                            format!(
                                "`{}` is a function; it is applied with square brackets",
                                name.name
                            ),
                            name.span,
                        )
                        .with_hint(format!("write `{}[…]`", name.name)),
                    );
                    return error_expr(span);
                }
                if args.len() != arities.len() {
                    self.arity_mismatch(name, arities.len(), args.len());
                    return error_expr(span);
                }
                leading.extend(self.lower_args(args, &arities));
                ExprKind::Call(op, leading)
            }
            Callee::ConstOp { id, arity } => {
                if args.len() != arity {
                    self.arity_mismatch(name, arity, args.len());
                    return error_expr(span);
                }
                ExprKind::ConstCall(id, self.lower_args(args, &vec![0; arity]))
            }
        };
        Expr { kind, span }
    }

    /// Lowers arguments: values, or operators where the parameter has an arity.
    pub fn lower_args(&mut self, args: &[ast::Expr], arities: &[usize]) -> Vec<Expr> {
        args.iter()
            .zip(arities)
            .map(|(a, &arity)| {
                if arity == 0 {
                    self.lower(a)
                } else {
                    self.operator_arg(a, arity)
                }
            })
            .collect()
    }

    /// An argument for an operator parameter of `arity`.
    fn operator_arg(&mut self, arg: &ast::Expr, arity: usize) -> Expr {
        let kind = match self.operator_callee(arg, arity) {
            Some(Callee::Global { op, leading, .. }) => ExprKind::OpArg(op, leading),
            Some(Callee::LocalOp { slot, .. }) => ExprKind::LocalOpArg(Slot(slot)),
            Some(Callee::ConstOp { id, arity }) => {
                // `F` for `CONSTANT F(_)`: a wrapper operator `p1, … |-> F(p1, …)`.
                let params = (0..arity as u32).map(|s| Expr {
                    kind: ExprKind::Local(Slot(s)),
                    span: arg.span,
                });
                let body = ExprKind::ConstCall(id, params.collect());
                let name = self
                    .g
                    .consts
                    .get(id.0 as usize)
                    .map_or_else(|| "?".into(), |c| c.name.clone());
                let key = SmolStr::from(format!("{name}#const{}", id.0));
                let op = self.g.builtin_op(&key, arity, body, arg.span);
                ExprKind::OpArg(op, Vec::new())
            }
            Some(Callee::Value(_)) | None => return error_expr(arg.span),
        };
        Expr {
            kind,
            span: arg.span,
        }
    }

    /// Resolves an expression that must denote an operator of `arity` (a name or `LAMBDA`).
    pub fn operator_callee(&mut self, arg: &ast::Expr, arity: usize) -> Option<Callee> {
        if let ast::ExprKind::Ref(segments) = &arg.kind {
            if let [only] = &segments[..] {
                let shadowed = self.env.locals.iter().any(|l| l.name == only.name.name);
                if !shadowed && only.args.is_empty() {
                    if let Some(callee) = self.builtin_operator(&only.name, arity) {
                        return Some(callee);
                    }
                }
            }
        }
        let (callee, name) = match &arg.kind {
            ast::ExprKind::Ref(segments) if segments.last().is_some_and(|s| s.args.is_empty()) => (
                self.resolve_ref(segments)?,
                segments.last().expect("checked").name.clone(),
            ),
            ast::ExprKind::Lambda(params, body) => {
                return Some(self.lift_lambda(params, body, arg.span))
            }
            _ => {
                self.error(Diagnostic::error(
                    codes::NOT_A_VALUE,
                    format!("an operator taking {arity} argument(s) is expected here: a name or a LAMBDA"),
                    arg.span,
                ));
                return None;
            }
        };
        let actual = match &callee {
            Callee::Value(_) => 0,
            Callee::LocalOp { arity, .. } | Callee::ConstOp { arity, .. } => *arity,
            Callee::Global {
                arities, function, ..
            } => {
                if *function {
                    0
                } else {
                    arities.len()
                }
            }
        };
        if actual != arity {
            self.arity_mismatch(&name, arity, actual);
            return None;
        }
        Some(callee)
    }

    pub fn arity_mismatch(&mut self, name: &Ident, expected: usize, given: usize) {
        self.error(Diagnostic::error(
            codes::ARITY_MISMATCH,
            format!(
                "`{}` takes {expected} argument(s), but {given} are given",
                name.name
            ),
            name.span,
        ));
    }
}

/// The name `e` is, when it is a bare name (`y`, not `y[1]` or `I!y`).
fn bare_name(e: &ast::Expr) -> Option<&SmolStr> {
    match &e.kind {
        ast::ExprKind::Ref(segments) => match segments.as_slice() {
            [only] if only.args.is_empty() => Some(&only.name.name),
            _ => None,
        },
        _ => None,
    }
}
