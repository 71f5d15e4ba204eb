//! Name resolution: names, instance paths and operator symbols to what they stand for
//! (a [`Callee`]), applying them to arguments, operator arguments, and inlining instance
//! substitutions.

use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};
use tlafid_syntax::ast::{Ident, RefSegment, Unit};

use super::frame::{error_expr, Local, LocalKind, Lowerer};
use super::CtxId;
use crate::codes;
use crate::ir::{ConstId, Expr, ExprKind, OpId, Slot};
use crate::modules::ModId;
use crate::names;
use crate::scope::Sym;

/// The first segment of an instance path.
enum First {
    /// A module-level name.
    Sym(Sym),
    /// A `LET` instance, with the arguments for its own parameters.
    LetInstance {
        ctx: CtxId,
        module: ModId,
        args: Vec<Expr>,
    },
}

/// What a resolved name stands for, before it is applied to arguments.
pub(super) enum Callee {
    /// A value (variable, constant, bound name, substituted expression).
    Value(Expr),
    /// An operator parameter held in a slot.
    LocalOp { slot: u32, arity: usize },
    /// A global operator with its leading (instance or captured) arguments.
    Global {
        op: OpId,
        leading: Vec<Expr>,
        arities: Vec<usize>,
        function: bool,
    },
    /// A constant operator `CONSTANT F(_)`.
    ConstOp { id: ConstId, arity: usize },
}

impl Lowerer<'_, '_> {
    /// Lowers a name, application or instance path used as a value.
    pub fn lower_ref(&mut self, segments: &[RefSegment], span: Span) -> Expr {
        let Some(last) = segments.last() else {
            return error_expr(span);
        };
        match self.resolve_ref(segments) {
            Some(callee) => self.apply(callee, &last.args, &last.name, span),
            None => error_expr(span),
        }
    }

    /// Resolves every segment of a reference; the last segment's arguments are not applied.
    pub fn resolve_ref(&mut self, segments: &[RefSegment]) -> Option<Callee> {
        if let [only] = segments {
            return self.resolve_name(&only.name);
        }
        let mut ctx = self.env.ctx;
        let mut extra = Vec::new();
        let mut target: Option<ModId> = None;
        for (i, segment) in segments.iter().enumerate() {
            let sym = match target {
                None => match self.first_segment(segment)? {
                    First::Sym(sym) => sym,
                    First::LetInstance {
                        ctx: c,
                        module,
                        args,
                    } => {
                        ctx = c;
                        extra = args;
                        target = Some(module);
                        continue;
                    }
                },
                Some(module) => self.exported(module, &segments[i - 1].name, &segment.name)?,
            };
            if i + 1 == segments.len() {
                return self.resolve_sym(&sym, ctx, extra, &segment.name);
            }
            let (via_ctx, inner) = self.follow_via(ctx, &sym)?;
            match inner {
                Sym::Inst { module, unit } => {
                    ctx = self.g.instance_ctx(via_ctx, module, unit)?;
                    extra.extend(self.instance_args(module, unit, segment)?);
                    target = Some(*self.g.modules.list[module].instances.get(&unit)?);
                }
                Sym::Op { module, unit } if extra.is_empty() => {
                    let expr = self.select(via_ctx, module, unit, segment, &segments[i + 1..])?;
                    return Some(Callee::Value(expr));
                }
                _ => {
                    self.error(Diagnostic::error(
                        codes::BAD_INSTANCE_PATH,
                        format!(
                            "`{}` is not an instance, so `{}!…` names nothing",
                            segment.name.name, segment.name.name
                        ),
                        segment.name.span,
                    ));
                    return None;
                }
            }
        }
        None
    }

    /// The first segment of an instance path: a `LET` instance, or a module-level name.
    fn first_segment(&mut self, segment: &RefSegment) -> Option<First> {
        let local = self
            .env
            .locals
            .iter()
            .rev()
            .find(|l| l.name == segment.name.name)
            .cloned();
        if let Some(Local {
            kind:
                LocalKind::LetInst {
                    ctx,
                    module,
                    arities,
                },
            ..
        }) = local
        {
            if arities.len() != segment.args.len() {
                self.arity_mismatch(&segment.name, arities.len(), segment.args.len());
                return None;
            }
            let args = self.lower_args(&segment.args, &arities);
            return Some(First::LetInstance { ctx, module, args });
        }
        if local.is_some() {
            self.unsupported(
                "`!` after a bound name or LET definition",
                segment.name.span,
            );
            return None;
        }
        match self.g.scopes[self.env.module].lookup(&segment.name.name, self.env.position) {
            Some(entry) => Some(First::Sym(entry.sym.clone())),
            None => {
                self.undefined(&segment.name);
                None
            }
        }
    }

    /// The exported definition `name` of `module`, reached as `instance!name`.
    fn exported(&mut self, module: ModId, instance: &Ident, name: &Ident) -> Option<Sym> {
        if let Some(found) = self.g.scopes[module].exported(&name.name) {
            return Some(found.sym.clone());
        }
        let module_name = self.g.modules.list[module].ast.name.name.clone();
        let scope = &self.g.scopes[module];
        let exported = scope
            .entries
            .iter()
            .filter(|e| !e.local)
            .map(|e| e.name.as_str());
        let hint = match names::closest(&name.name, exported) {
            Some(close) => format!("did you mean `{close}`?"),
            None => "only the non-LOCAL definitions of an instantiated module can be named".into(),
        };
        self.error(
            Diagnostic::error(
                codes::BAD_INSTANCE_PATH,
                format!(
                    "module `{module_name}` (instance `{}`) defines no `{}`",
                    instance.name, name.name
                ),
                name.span,
            )
            .with_hint(hint),
        );
        None
    }

    /// The module (other than the current one) that defines `name` as LOCAL, if any.
    fn local_elsewhere(&self, name: &str) -> Option<SmolStr> {
        let modules = &self.g.modules.list;
        (0..modules.len()).filter(|&m| m != self.env.module).find_map(|m| {
            let entry = self.g.scopes[m].get(name)?;
            let own = matches!(entry.sym, Sym::Op { module, .. } | Sym::Inst { module, .. } if module == m);
            (entry.local && own).then(|| modules[m].ast.name.name.clone())
        })
    }

    /// Follows unnamed instances: the context and symbol `sym` finally stands for.
    fn follow_via(&mut self, mut ctx: CtxId, sym: &Sym) -> Option<(CtxId, Sym)> {
        let mut sym = sym;
        while let Sym::Via {
            module,
            unit,
            inner,
        } = sym
        {
            ctx = self.g.instance_ctx(ctx, *module, *unit)?;
            sym = inner;
        }
        Some((ctx, sym.clone()))
    }

    /// The arguments of a segment `I(a, b)` of an instance path, checked against `I`'s parameters.
    fn instance_args(
        &mut self,
        module: usize,
        unit: usize,
        segment: &RefSegment,
    ) -> Option<Vec<Expr>> {
        let arities: Vec<usize> = match &self.g.modules.list[module].ast.units[unit] {
            Unit::ModDef(def) => def.params.iter().map(|p| p.arity).collect(),
            _ => Vec::new(),
        };
        if arities.len() != segment.args.len() {
            self.arity_mismatch(&segment.name, arities.len(), segment.args.len());
            return None;
        }
        Some(self.lower_args(&segment.args, &arities))
    }

    /// Resolves a single name: bound names first, then the module's scope.
    pub fn resolve_name(&mut self, name: &Ident) -> Option<Callee> {
        if let Some(local) = self
            .env
            .locals
            .iter()
            .rev()
            .find(|l| l.name == name.name)
            .cloned()
        {
            return self.local_callee(&local, name.span);
        }
        match self.g.scopes[self.env.module].lookup(&name.name, self.env.position) {
            Some(entry) => {
                let sym = entry.sym.clone();
                self.resolve_sym(&sym, self.env.ctx, Vec::new(), name)
            }
            None => {
                self.undefined(name);
                None
            }
        }
    }

    fn local_callee(&mut self, local: &Local, span: Span) -> Option<Callee> {
        Some(match &local.kind {
            LocalKind::Value => {
                let slot = self.access(local.frame, local.slot, &local.name, 0);
                Callee::Value(Expr {
                    kind: ExprKind::Local(Slot(slot)),
                    span,
                })
            }
            LocalKind::OpParam(arity) => {
                let slot = self.access(local.frame, local.slot, &local.name, *arity);
                Callee::LocalOp {
                    slot,
                    arity: *arity,
                }
            }
            LocalKind::LetOp(let_op) => {
                let leading = let_op
                    .captures
                    .iter()
                    .map(|c| self.capture_arg(local.frame, c, span))
                    .collect();
                Callee::Global {
                    op: let_op.op,
                    leading,
                    arities: let_op.arities.clone(),
                    function: let_op.function,
                }
            }
            LocalKind::LetInst { .. } => {
                self.error(
                    Diagnostic::error(
                        codes::NOT_A_VALUE,
                        format!("`{}` is an instance, not a value", local.name),
                        span,
                    )
                    .with_hint(format!(
                        "name one of its definitions: `{}!Name`",
                        local.name
                    )),
                );
                return None;
            }
        })
    }

    /// Resolves a module-level symbol in context `ctx`; `extra` are the arguments of named
    /// instances passed on the way.
    fn resolve_sym(
        &mut self,
        sym: &Sym,
        ctx: CtxId,
        extra: Vec<Expr>,
        name: &Ident,
    ) -> Option<Callee> {
        match sym {
            Sym::Const {
                module,
                unit,
                index,
            } => {
                let arity = match &self.g.modules.list[*module].ast.units[*unit] {
                    Unit::Constants(decls) => decls[*index].arity,
                    _ => 0,
                };
                if ctx != 0 {
                    return self.substitute(ctx, name, arity);
                }
                let id = self.g.const_id(*module, *unit, *index)?;
                Some(match arity {
                    0 => Callee::Value(Expr {
                        kind: ExprKind::Const(id),
                        span: name.span,
                    }),
                    _ => Callee::ConstOp { id, arity },
                })
            }
            Sym::Var {
                module,
                unit,
                index,
            } => {
                if ctx != 0 {
                    return self.substitute(ctx, name, 0);
                }
                let var = self.g.var_id(*module, *unit, *index)?;
                Some(Callee::Value(Expr {
                    kind: ExprKind::Var { var, primed: false },
                    span: name.span,
                }))
            }
            Sym::Op { module, unit } => {
                let home = self.g.home_ctx(ctx, *module);
                let op = self.g.op_for(ctx, *module, *unit);
                let (arities, function) = signature(&self.g.modules.list[*module].ast.units[*unit]);
                let leading = if home == 0 {
                    Vec::new()
                } else {
                    self.leading_args(extra, name.span)
                };
                Some(Callee::Global {
                    op,
                    leading,
                    arities,
                    function,
                })
            }
            Sym::Inst { .. } => {
                self.error(
                    Diagnostic::error(
                        codes::NOT_A_VALUE,
                        format!("`{}` is an instance, not a value", name.name),
                        name.span,
                    )
                    .with_hint(format!("name one of its definitions: `{}!Name`", name.name)),
                );
                None
            }
            Sym::Via {
                module,
                unit,
                inner,
            } => {
                let child = self.g.instance_ctx(ctx, *module, *unit)?;
                self.resolve_sym(inner, child, extra, name)
            }
        }
    }

    /// The instance-parameter arguments for a call from the current context: the current
    /// operator's own instance parameters, then `extra`.
    fn leading_args(&mut self, extra: Vec<Expr>, span: Span) -> Vec<Expr> {
        let count = self.g.ctxs[self.env.ctx].prefix.len();
        let mut args: Vec<Expr> = (0..count).map(|i| self.prefix_arg(i, span)).collect();
        args.extend(extra);
        args
    }

    /// Reports an undefined name, with a suggestion.
    pub fn undefined(&mut self, name: &Ident) {
        let scope = &self.g.scopes[self.env.module];
        let mut diagnostic = Diagnostic::error(
            codes::UNDEFINED_NAME,
            format!("`{}` is not defined", name.name),
            name.span,
        );
        if let Some(later) = scope.get(&name.name) {
            diagnostic = diagnostic
                .with_label(later.span, "defined only later, here")
                .with_hint(
                    "a definition can only use names defined before it (or declared RECURSIVE)",
                );
        } else {
            let visible: Vec<SmolStr> = self
                .env
                .locals
                .iter()
                .map(|l| l.name.clone())
                .chain(
                    scope
                        .entries
                        .iter()
                        .filter(|e| e.visible_from <= self.env.position)
                        .map(|e| e.name.clone()),
                )
                .collect();
            let hint = match names::closest(&name.name, visible.iter().map(|n| n.as_str())) {
                Some(close) => format!("did you mean `{close}`?"),
                None => match self.local_elsewhere(&name.name) {
                    Some(module) => format!(
                        "`{}` is LOCAL to module `{module}`, so modules that extend or instantiate it cannot use it",
                        name.name
                    ),
                    None => "define it, or EXTEND the module that defines it".to_string(),
                },
            };
            diagnostic = diagnostic.with_hint(hint);
        }
        self.error(diagnostic);
    }
}

/// Parameter arities of a module-level definition, and whether it is a function definition.
pub(super) fn signature(unit: &Unit) -> (Vec<usize>, bool) {
    match unit {
        Unit::Op(def) => (def.params.iter().map(|p| p.arity).collect(), false),
        Unit::Fn(_) => (Vec::new(), true),
        _ => (Vec::new(), false),
    }
}
