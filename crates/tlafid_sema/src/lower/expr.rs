//! Lowering expressions: literals, built-in operators, binders and constructors.

use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};
use tlafid_syntax::ast::{self, ExprKind as A, Ident};

use super::frame::{error_expr, Lowerer};
use crate::codes;
use crate::ir::{self, Builtin, Expr, ExprKind as I, Slot};

/// How an operator symbol of the syntax tree is lowered.
enum SymbolForm {
    Builtin(Builtin),
    Junction(bool),
    Prime,
}

/// The language-level meaning of a normalised operator symbol, if it has one.
fn symbol_form(op: &str) -> Option<SymbolForm> {
    use Builtin::*;
    let b = match op {
        "'" => return Some(SymbolForm::Prime),
        "/\\" => return Some(SymbolForm::Junction(true)),
        "\\/" => return Some(SymbolForm::Junction(false)),
        "~" => Not,
        "=>" => Implies,
        "<=>" => Equiv,
        "=" => Eq,
        "#" => Neq,
        "\\in" => In,
        "\\notin" => NotIn,
        "\\cup" => Union,
        "\\cap" => Intersect,
        "\\" => SetMinus,
        "\\subseteq" => SubsetEq,
        "SUBSET" => Powerset,
        "UNION" => BigUnion,
        "DOMAIN" => Domain,
        "ENABLED" => Enabled,
        "UNCHANGED" => Unchanged,
        "[]" => Always,
        "<>" => Eventually,
        "~>" => LeadsTo,
        "-+->" => WhilePlus,
        "\\cdot" => Cdot,
        _ => return None,
    };
    Some(SymbolForm::Builtin(b))
}

impl Lowerer<'_, '_> {
    /// Lowers one expression in the current frame and scope.
    pub fn lower(&mut self, e: &ast::Expr) -> Expr {
        let span = e.span;
        let kind = match &e.kind {
            A::Number(digits) => match digits.parse::<i64>() {
                Ok(n) => I::Int(n),
                Err(_) => I::BigInt(digits.clone()),
            },
            A::Decimal(_) => return self.unsupported("decimal numbers (module Reals)", span),
            A::String(s) => I::Str(s.clone()),
            A::Bool(b) => I::Bool(*b),
            A::BooleanSet => I::BooleanSet,
            A::StringSet => I::StringSet,
            A::Ref(segments) => return self.lower_ref(segments, span),
            A::Op { op, op_span, args } => return self.lower_symbol(op, *op_span, args, span),
            A::Junction { and, items } => I::Junction {
                and: *and,
                items: self.lower_all(items),
            },
            A::Cross(items) => I::Cross(self.lower_all(items)),
            A::If(c, a, b) => I::If(self.boxed(c), self.boxed(a), self.boxed(b)),
            A::Case { arms, other } => I::Case {
                arms: arms
                    .iter()
                    .map(|(g, v)| (self.lower(g), self.lower(v)))
                    .collect(),
                other: other.as_ref().map(|o| self.boxed(o)),
            },
            A::Let { defs, body } => return self.lower_let(defs, body, span),
            A::Quant {
                forall,
                bounds,
                body,
            } => {
                let mark = self.mark();
                let binders = self.lower_bounds(bounds);
                let body = self.boxed(body);
                self.release(mark);
                I::Quant {
                    forall: *forall,
                    binders,
                    body,
                }
            }
            A::TemporalQuant {
                forall,
                names,
                body,
            } => {
                let mark = self.mark();
                for n in names {
                    self.bind_value(n);
                }
                let body = self.boxed(body);
                self.release(mark);
                I::TemporalQuant {
                    forall: *forall,
                    body,
                }
            }
            A::Choose { bound, body } => {
                let mark = self.mark();
                let binder = self.lower_single_bound(bound);
                let body = self.boxed(body);
                self.release(mark);
                I::Choose(Box::new(binder), body)
            }
            A::SetEnum(items) => I::SetEnum(self.lower_all(items)),
            A::SetFilter { bound, pred } => {
                let mark = self.mark();
                let binder = self.lower_single_bound(bound);
                let pred = self.boxed(pred);
                self.release(mark);
                I::SetFilter(Box::new(binder), pred)
            }
            A::SetMap { body, bounds } => {
                let mark = self.mark();
                let binders = self.lower_bounds(bounds);
                let body = self.boxed(body);
                self.release(mark);
                I::SetMap(body, binders)
            }
            A::FnCons { bounds, body } => {
                let mark = self.mark();
                let binders = self.lower_bounds(bounds);
                let body = self.boxed(body);
                self.release(mark);
                I::FnCons(binders, body)
            }
            A::FnSet(a, b) => I::FnSet(self.boxed(a), self.boxed(b)),
            A::Record(fields) => I::Record(self.lower_fields(fields)),
            A::RecordSet(fields) => I::RecordSet(self.lower_fields(fields)),
            A::Tuple(items) => I::Tuple(self.lower_all(items)),
            A::Except { base, updates } => self.lower_except(base, updates),
            A::At => return self.lower_at(span),
            A::FnApp(f, args) => I::FnApp(self.boxed(f), Box::new(self.lower_index(args, span))),
            A::Dot(r, field) => I::Dot(self.boxed(r), field.name.clone()),
            A::BoxAction(a, v) => I::BoxAction(self.boxed(a), self.boxed(v)),
            A::AngleAction(a, v) => I::AngleAction(self.boxed(a), self.boxed(v)),
            A::Fairness {
                strong,
                vars,
                action,
            } => I::Fairness {
                strong: *strong,
                vars: self.boxed(vars),
                action: self.boxed(action),
            },
            A::Lambda(..) => {
                self.error(
                    Diagnostic::error(codes::NOT_A_VALUE, "a LAMBDA is not a value", span)
                        .with_hint("a LAMBDA can only be passed as an operator argument"),
                );
                return error_expr(span);
            }
            A::Label(_, inner) => return self.lower(inner),
        };
        Expr { kind, span }
    }

    fn boxed(&mut self, e: &ast::Expr) -> Box<Expr> {
        Box::new(self.lower(e))
    }

    fn lower_all(&mut self, items: &[ast::Expr]) -> Vec<Expr> {
        items.iter().map(|e| self.lower(e)).collect()
    }

    fn lower_fields(&mut self, fields: &[(Ident, ast::Expr)]) -> Vec<(SmolStr, Expr)> {
        fields
            .iter()
            .map(|(name, e)| (name.name.clone(), self.lower(e)))
            .collect()
    }

    /// `f[a]` or `f[a, b]` (a tuple).
    fn lower_index(&mut self, args: &[ast::Expr], span: Span) -> Expr {
        match args {
            [one] => self.lower(one),
            _ => Expr {
                kind: I::Tuple(self.lower_all(args)),
                span,
            },
        }
    }

    /// Reports an unsupported construct.
    pub fn unsupported(&mut self, what: &str, span: Span) -> Expr {
        self.error(Diagnostic::error(
            codes::UNSUPPORTED,
            format!("unsupported: {what}"),
            span,
        ));
        error_expr(span)
    }

    /// An operator symbol: built into the language, or looked up like a name.
    fn lower_symbol(
        &mut self,
        op: &'static str,
        op_span: Span,
        args: &[ast::Expr],
        span: Span,
    ) -> Expr {
        let kind = match symbol_form(op) {
            Some(SymbolForm::Builtin(b)) => I::Builtin(b, self.lower_all(args)),
            Some(SymbolForm::Junction(and)) => I::Junction {
                and,
                items: self.lower_all(args),
            },
            Some(SymbolForm::Prime) => {
                let Some(arg) = args.first() else {
                    return error_expr(span);
                };
                let inner = self.lower(arg);
                return prime(inner, span);
            }
            None => {
                let name = Ident {
                    name: SmolStr::new_static(op),
                    span: op_span,
                };
                return match self.resolve_name(&name) {
                    Some(callee) => self.apply(callee, args, &name, span),
                    None => error_expr(span),
                };
            }
        };
        Expr { kind, span }
    }

    /// Lowers bounds and binds their names (the caller releases them).
    pub fn lower_bounds(&mut self, bounds: &[ast::Bound]) -> Vec<ir::Binder> {
        let mut out = Vec::new();
        for bound in bounds {
            let domain = bound.domain.as_ref().map(|d| self.lower(d));
            if bound.tuple {
                let slots = bound
                    .names
                    .iter()
                    .map(|n| Slot(self.bind_value(n)))
                    .collect();
                let names = bound.names.iter().map(|n| n.name.clone()).collect();
                out.push(ir::Binder {
                    slots,
                    names,
                    tuple: true,
                    domain,
                    span: bound.span,
                });
                continue;
            }
            // `\A a, b \in D`: D is lowered again for each name after the previous ones are
            // bound, so binders inside D take slots above theirs (one lowering shared by all
            // names would let D's own binders reuse, and overwrite, the slot of `a`). The
            // names cannot occur in D: SANY forbids rebinding a name in scope.
            let mut domain = domain;
            for (i, name) in bound.names.iter().enumerate() {
                if i > 0 {
                    domain = bound.domain.as_ref().map(|d| self.lower(d));
                }
                let slot = Slot(self.bind_value(name));
                out.push(ir::Binder {
                    slots: vec![slot],
                    names: vec![name.name.clone()],
                    tuple: false,
                    domain: domain.take(),
                    span: bound.span,
                });
            }
        }
        out
    }

    /// A bound of `CHOOSE` or a set filter: one binder (a tuple for `<<a, b>>`).
    fn lower_single_bound(&mut self, bound: &ast::Bound) -> ir::Binder {
        let domain = bound.domain.as_ref().map(|d| self.lower(d));
        let slots = bound
            .names
            .iter()
            .map(|n| Slot(self.bind_value(n)))
            .collect();
        let names = bound.names.iter().map(|n| n.name.clone()).collect();
        let tuple = bound.tuple || bound.names.len() != 1;
        ir::Binder {
            slots,
            names,
            tuple,
            domain,
            span: bound.span,
        }
    }

    fn lower_except(&mut self, base: &ast::Expr, updates: &[ast::ExceptUpdate]) -> I {
        let base = self.boxed(base);
        let mark = self.mark();
        let at = self.new_slot();
        let saved_at = self.env.at.replace((self.current(), at));
        let updates = updates
            .iter()
            .map(|u| {
                let path = u
                    .path
                    .iter()
                    .map(|step| match step {
                        ast::ExceptStep::Field(f) => ir::ExceptStep::Field(f.name.clone()),
                        ast::ExceptStep::Index(args) => {
                            let span = args.first().map_or(base.span, |a| a.span);
                            ir::ExceptStep::Index(self.lower_index(args, span))
                        }
                    })
                    .collect();
                ir::ExceptUpdate {
                    path,
                    value: self.lower(&u.value),
                }
            })
            .collect();
        self.env.at = saved_at;
        self.release(mark);
        I::Except {
            base,
            updates,
            at: Slot(at),
        }
    }

    fn lower_at(&mut self, span: Span) -> Expr {
        let Some((frame, slot)) = self.env.at else {
            self.error(Diagnostic::error(
                codes::AT_OUTSIDE_EXCEPT,
                "`@` is only meaningful in an EXCEPT value",
                span,
            ));
            return error_expr(span);
        };
        let slot = self.access(frame, slot, &SmolStr::new_static("@"), 0);
        Expr {
            kind: I::Local(Slot(slot)),
            span,
        }
    }
}

/// `e'`: a variable is primed in place; anything else is evaluated in the next state.
pub(super) fn prime(inner: Expr, span: Span) -> Expr {
    match inner.kind {
        I::Var { var, primed: false } => Expr {
            kind: I::Var { var, primed: true },
            span,
        },
        kind => Expr {
            kind: I::Prime(Box::new(Expr {
                kind,
                span: inner.span,
            })),
            span,
        },
    }
}

impl Lowerer<'_, '_> {
    /// A language-level operator symbol passed as an operator argument (`ReduceSet(\cap, …)`).
    pub fn builtin_operator(&mut self, name: &Ident, arity: usize) -> Option<super::refs::Callee> {
        let form = symbol_form(&name.name)?;
        let own_arity = match &*name.name {
            "~" | "SUBSET" | "UNION" | "DOMAIN" | "ENABLED" | "UNCHANGED" | "[]" | "<>" | "'" => 1,
            _ => 2,
        };
        if own_arity != arity {
            return None;
        }
        let span = name.span;
        let params: Vec<Expr> = (0..arity as u32)
            .map(|s| Expr {
                kind: I::Local(Slot(s)),
                span,
            })
            .collect();
        let body = match form {
            SymbolForm::Builtin(b) => I::Builtin(b, params),
            SymbolForm::Junction(and) => I::Junction { and, items: params },
            SymbolForm::Prime => I::Prime(Box::new(params.into_iter().next()?)),
        };
        let op = self.g.builtin_op(&name.name, arity, body, span);
        Some(super::refs::Callee::Global {
            op,
            leading: Vec::new(),
            arities: vec![0; arity],
            function: false,
        })
    }
}
