//! Lowering definitions: module-level operators, functions and `ASSUME`s, and lifting `LET`
//! definitions and `LAMBDA`s to global operators whose first parameters are what they capture.

use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};
use tlafid_syntax::ast::{self, Ident, OpDecl, Unit};

use super::frame::{Capture, LetOp, Local, LocalKind, Lowerer};
use super::refs::Callee;
use super::{CtxId, Global};
use crate::codes;
use crate::ir::{self, Expr, ExprKind, Level, OpId, Slot};
use crate::modules::ModId;

/// Lowers the definition at `unit` of `module` in context `ctx`.
pub(super) fn lower_module_op(
    g: &mut Global<'_>,
    ctx: CtxId,
    module: ModId,
    unit: usize,
) -> ir::OpDef {
    let modules = g.modules;
    let recursive = g.scopes[module].recursive.contains(&unit);
    let prefix = g.ctxs[ctx].prefix.clone();
    let instance = g.ctxs[ctx].path.clone();
    let module_name = modules.list[module].ast.name.name.clone();
    let first = prefix.len() as u32;
    let mut params = prefix;
    let captured = params.len();
    let (name, body, function, span, frame_size) = match &modules.list[module].ast.units[unit] {
        Unit::Op(def) => {
            let mut lw = Lowerer::new(g, module, ctx, unit, first + def.params.len() as u32);
            for (i, p) in def.params.iter().enumerate() {
                lw.check_new_name(&p.name);
                lw.push_local(&p.name, first + i as u32, param_kind(p));
            }
            params.extend(def.params.iter().map(|p| ir::Param {
                name: p.name.name.clone(),
                arity: p.arity,
            }));
            let body = lw.lower(&def.body);
            (
                def.name.name.clone(),
                body,
                None,
                def.span,
                lw.frames[0].max,
            )
        }
        Unit::Fn(def) => {
            let mut lw = Lowerer::new(g, module, ctx, unit, first);
            let binders = lw.lower_bounds(&def.bounds);
            let body = lw.lower(&def.body);
            (
                def.name.name.clone(),
                body,
                Some(ir::FnDefInfo { binders }),
                def.span,
                lw.frames[0].max,
            )
        }
        Unit::Assume(assume) => {
            let mut lw = Lowerer::new(g, module, ctx, unit, first);
            let body = lw.lower(&assume.expr);
            let name = assume
                .name
                .as_ref()
                .map_or_else(|| SmolStr::new_static("ASSUME"), |n| n.name.clone());
            (name, body, None, assume.span, lw.frames[0].max)
        }
        Unit::Theorem(ast::Theorem {
            name: Some(name),
            body: Some(body),
            span,
        }) => {
            let mut lw = Lowerer::new(g, module, ctx, unit, first);
            let body = lw.lower(body);
            (name.name.clone(), body, None, *span, lw.frames[0].max)
        }
        _ => {
            let span = modules.list[module].ast.name.span;
            (
                SmolStr::new_static("?"),
                super::frame::error_expr(span),
                None,
                span,
                first,
            )
        }
    };
    ir::OpDef {
        name,
        module: module_name,
        instance,
        params,
        captured,
        body,
        function,
        recursive,
        level: Level::Constant,
        frame_size: frame_size as usize,
        span,
    }
}

/// Lowers an `ASSUME` of the root module or a module it extends.
pub(super) fn lower_assume(
    g: &mut Global<'_>,
    module: ModId,
    unit: usize,
    assume: &ast::Assume,
) -> ir::AssumeDef {
    let mut lw = Lowerer::new(g, module, 0, unit, 0);
    let expr = lw.lower(&assume.expr);
    let frame_size = lw.frames[0].max as usize;
    ir::AssumeDef {
        expr,
        span: assume.span,
        frame_size,
    }
}

fn param_kind(p: &OpDecl) -> LocalKind {
    if p.arity == 0 {
        LocalKind::Value
    } else {
        LocalKind::OpParam(p.arity)
    }
}

impl Lowerer<'_, '_> {
    /// `LET defs IN body`: values become [`ExprKind::LetValue`] slots, operators and
    /// functions are lifted.
    pub fn lower_let(&mut self, defs: &[Unit], body: &ast::Expr, span: Span) -> Expr {
        let mark = self.mark();
        let recursive: Vec<SmolStr> = defs
            .iter()
            .filter_map(|d| match d {
                Unit::Recursive(decls) => Some(decls.iter().map(|d| d.name.name.clone())),
                _ => None,
            })
            .flatten()
            .collect();
        let mut values = Vec::new();
        for def in defs {
            match def {
                Unit::Recursive(decls) => {
                    decls.iter().for_each(|d| self.declare_recursive(d, defs))
                }
                Unit::Op(d) if d.params.is_empty() && !recursive.contains(&d.name.name) => {
                    self.check_new_name(&d.name);
                    let slot = self.new_slot();
                    values.push((slot, self.lower_let_value(&d.body)));
                    self.push_local(&d.name, slot, LocalKind::Value);
                }
                Unit::Op(d) => self.lift_let_op(d, recursive.contains(&d.name.name)),
                Unit::Fn(d) => self.lift_let_fn(d),
                Unit::ModDef(d) => self.let_instance(d),
                Unit::Instance(i) => {
                    self.unsupported("INSTANCE inside LET", i.span);
                }
                _ => {
                    self.unsupported("this kind of definition inside LET", span);
                }
            }
        }
        let mut result = self.lower(body);
        for (slot, value) in values.into_iter().rev() {
            let kind = ExprKind::LetValue {
                slot: Slot(slot),
                value: Box::new(value),
                body: Box::new(result),
            };
            result = Expr { kind, span };
        }
        self.release(mark);
        result
    }

    /// Lowers a `LET` value, keeping the slots its binders use reserved until the `LET` ends
    /// (it is evaluated lazily, while the body's binders are live).
    pub fn lower_let_value(&mut self, e: &ast::Expr) -> Expr {
        let frame = self.frames.last_mut().expect("a frame is open");
        let saved_max = frame.max;
        frame.max = frame.next;
        let value = self.lower(e);
        let frame = self.frames.last_mut().expect("a frame is open");
        let top = frame.max;
        frame.next = top;
        frame.max = saved_max.max(top);
        value
    }

    /// `I(p) == INSTANCE M WITH …` in a `LET` (its substitutions may not use `LET`-bound names).
    fn let_instance(&mut self, def: &ast::ModDef) {
        self.check_new_name(&def.name);
        let (module, position) = (self.env.module, self.env.position);
        let Some(ctx) = self.g.let_instance_ctx(self.env.ctx, module, position, def) else {
            return;
        };
        let Some(&target) = self.g.modules.list[module]
            .let_instances
            .get(&def.instance.span.start)
        else {
            return;
        };
        let arities = def.params.iter().map(|p| p.arity).collect();
        self.push_local(
            &def.name,
            0,
            LocalKind::LetInst {
                ctx,
                module: target,
                arities,
            },
        );
    }

    /// `RECURSIVE F(_)` in a `LET`: reserves `F` with every visible slot captured.
    fn declare_recursive(&mut self, decl: &OpDecl, defs: &[Unit]) {
        let arities = defs.iter().find_map(|d| match d {
            Unit::Op(def) if def.name.name == decl.name.name => {
                Some(def.params.iter().map(|p| p.arity).collect())
            }
            _ => None,
        });
        let Some(arities) = arities else {
            self.error(Diagnostic::error(
                codes::RECURSIVE_UNDEFINED,
                format!(
                    "`{}` is declared RECURSIVE but not defined in this LET",
                    decl.name.name
                ),
                decl.name.span,
            ));
            return;
        };
        self.check_new_name(&decl.name);
        let op = self.g.reserve_lifted();
        let captures = self.capture_all();
        let let_op = LetOp {
            op,
            arities,
            captures,
            function: false,
        };
        self.push_local(&decl.name, 0, LocalKind::LetOp(let_op));
    }

    /// Every slot visible from the current frame (captured by recursive definitions, whose
    /// calls are written before their captures could be discovered).
    fn capture_all(&mut self) -> Vec<Capture> {
        let mut wanted: Vec<(usize, u32, SmolStr, usize)> = Vec::new();
        for (i, p) in self.g.ctxs[self.env.ctx].prefix.iter().enumerate() {
            wanted.push((0, i as u32, p.name.clone(), p.arity));
        }
        for local in &self.env.locals {
            match local.kind {
                LocalKind::Value => wanted.push((local.frame, local.slot, local.name.clone(), 0)),
                LocalKind::OpParam(arity) => {
                    wanted.push((local.frame, local.slot, local.name.clone(), arity))
                }
                LocalKind::LetOp(_) | LocalKind::LetInst { .. } => {}
            }
        }
        if let Some((frame, slot)) = self.env.at {
            wanted.push((frame, slot, SmolStr::new_static("@"), 0));
        }
        let mut out: Vec<Capture> = Vec::new();
        for (frame, slot, name, arity) in wanted {
            let slot = self.access(frame, slot, &name, arity);
            if !out.iter().any(|c| c.slot == slot) {
                out.push(Capture { slot, name, arity });
            }
        }
        out
    }

    fn lift_let_op(&mut self, def: &ast::OpDef, recursive: bool) {
        let reserved = if recursive {
            self.reserved_let_op(&def.name.name)
        } else {
            None
        };
        let (op, pre_captures) = match reserved {
            Some(r) => (r.op, Some(r.captures)),
            None => {
                self.check_new_name(&def.name);
                (self.g.reserve_lifted(), None)
            }
        };
        let names: Vec<Ident> = def.params.iter().map(|p| p.name.clone()).collect();
        let kinds: Vec<LocalKind> = def.params.iter().map(param_kind).collect();
        let (captures, body, frame_size) = self.lower_lifted_body(
            &names,
            kinds,
            &def.body,
            pre_captures.clone().unwrap_or_default(),
        );
        if pre_captures.is_some_and(|p| p.len() != captures.len()) {
            self.unsupported(
                "a recursive LET definition using a name defined after its RECURSIVE declaration",
                def.span,
            );
        }
        let own = def.params.iter().map(|p| ir::Param {
            name: p.name.name.clone(),
            arity: p.arity,
        });
        self.finish_lifted(
            op,
            &def.name.name,
            &captures,
            own.collect(),
            body,
            None,
            frame_size,
            def.span,
        );
        if !recursive {
            let arities = def.params.iter().map(|p| p.arity).collect();
            self.push_local(
                &def.name,
                0,
                LocalKind::LetOp(LetOp {
                    op,
                    arities,
                    captures,
                    function: false,
                }),
            );
        }
    }

    /// The `RECURSIVE` reservation of `name` in the current frame.
    fn reserved_let_op(&self, name: &str) -> Option<LetOp> {
        let frame = self.current();
        self.env.locals.iter().rev().find_map(|l| match &l.kind {
            LocalKind::LetOp(op) if l.name == name && l.frame == frame => Some(op.clone()),
            _ => None,
        })
    }

    /// Lowers a lifted body in a new frame with its own parameters bound first.
    fn lower_lifted_body(
        &mut self,
        params: &[Ident],
        kinds: Vec<LocalKind>,
        body: &ast::Expr,
        captures: Vec<Capture>,
    ) -> (Vec<Capture>, Expr, usize) {
        let locals_mark = self.env.locals.len();
        let saved_at = self.env.at;
        self.push_frame(params.len() as u32, captures);
        let frame = self.current();
        for (i, (p, kind)) in params.iter().zip(kinds).enumerate() {
            self.check_new_name(p);
            self.env.locals.push(Local {
                name: p.name.clone(),
                frame,
                slot: i as u32,
                kind,
                span: p.span,
            });
        }
        let mut body = self.lower(body);
        self.env.locals.truncate(locals_mark);
        self.env.at = saved_at;
        let (captures, frame_size) = self.pop_frame(&mut [&mut body], &mut []);
        (captures, body, frame_size)
    }

    fn lift_let_fn(&mut self, def: &ast::FnDef) {
        self.check_new_name(&def.name);
        let op = self.g.reserve_lifted();
        let captures = self.capture_all();
        let let_op = LetOp {
            op,
            arities: Vec::new(),
            captures: captures.clone(),
            function: true,
        };
        self.push_local(&def.name, 0, LocalKind::LetOp(let_op));
        let locals_mark = self.env.locals.len();
        self.push_frame(0, captures.clone());
        let mut binders = self.lower_bounds(&def.bounds);
        let mut body = self.lower(&def.body);
        self.env.locals.truncate(locals_mark);
        let (found, frame_size) = self.pop_frame(&mut [&mut body], &mut binders);
        if found.len() != captures.len() {
            self.unsupported("this recursive LET function definition", def.span);
        }
        let info = Some(ir::FnDefInfo { binders });
        self.finish_lifted(
            op,
            &def.name.name,
            &found,
            Vec::new(),
            body,
            info,
            frame_size,
            def.span,
        );
    }

    /// `LAMBDA x, y : e` as an operator argument.
    pub fn lift_lambda(&mut self, params: &[Ident], body: &ast::Expr, span: Span) -> Callee {
        let op = self.g.reserve_lifted();
        let kinds = params.iter().map(|_| LocalKind::Value).collect();
        let (captures, body, frame_size) = self.lower_lifted_body(params, kinds, body, Vec::new());
        let own = params
            .iter()
            .map(|p| ir::Param {
                name: p.name.clone(),
                arity: 0,
            })
            .collect();
        self.finish_lifted(op, "LAMBDA", &captures, own, body, None, frame_size, span);
        let frame = self.current();
        let leading = captures
            .iter()
            .map(|c| self.capture_arg(frame, c, span))
            .collect();
        Callee::Global {
            op,
            leading,
            arities: vec![0; params.len()],
            function: false,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_lifted(
        &mut self,
        op: OpId,
        name: &str,
        captures: &[Capture],
        own: Vec<ir::Param>,
        body: Expr,
        function: Option<ir::FnDefInfo>,
        frame_size: usize,
        span: Span,
    ) {
        let mut params: Vec<ir::Param> = captures
            .iter()
            .map(|c| ir::Param {
                name: c.name.clone(),
                arity: c.arity,
            })
            .collect();
        params.extend(own);
        let def = ir::OpDef {
            name: SmolStr::from(name),
            module: self.g.modules.list[self.env.module].ast.name.name.clone(),
            instance: self.g.ctxs[self.env.ctx].path.clone(),
            params,
            captured: captures.len(),
            body,
            function,
            recursive: false,
            level: Level::Constant,
            frame_size,
            span,
        };
        self.g.ops[op.0 as usize] = Some(def);
    }
}
