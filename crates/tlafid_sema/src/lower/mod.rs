//! Lowering to the flattened [`ir::Program`]: the global operator table, instance contexts
//! (one per `INSTANCE` reached, holding its substitutions and parameters), and the driver that
//! lowers everything the root module can name, in order of first reach.

mod apply;
mod expr;
mod frame;
mod lift;
mod refs;
mod select;

use ahash::AHashMap;
use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};
use tlafid_syntax::ast::{self, Unit};

use crate::codes;
use crate::ir::{self, ConstId, OpId, RootName, VarId};
use crate::modules::{ModId, Modules};
use crate::scope::{Scope, Sym};

/// Index of an instance context in [`Global::ctxs`]; 0 is the root's (no substitutions).
pub(crate) type CtxId = usize;

/// One instantiation of a module: where names of its constants and variables are replaced.
pub(crate) struct Ctx {
    /// The context the `INSTANCE` is written in.
    pub parent: CtxId,
    /// The instance path (`R!S`), empty in the root.
    pub path: SmolStr,
    /// Parameters prepended to the operators of this context.
    pub prefix: Vec<ir::Param>,
    /// Substitutions by constant or variable name.
    pub substs: AHashMap<SmolStr, ast::Expr>,
    /// The module and unit of the `INSTANCE` (substitutions are resolved there).
    pub origin: (ModId, usize),
    /// The parameters of a named instance `I(p) == INSTANCE …`.
    pub params: Vec<ast::OpDecl>,
    /// For a module with variables: the highest level each substitution may have
    /// (constant for a `CONSTANT`, state for a `VARIABLE`), as SANY checks.
    pub limits: AHashMap<SmolStr, ir::Level>,
    /// The `INSTANCE` clause and the instantiated module's name, for messages.
    pub clause: (Span, SmolStr),
    /// For an unnamed `INSTANCE`: the instantiated module and the modules it extends
    /// ([`ir::SubstitutedVar::unnamed_modules`]); empty for a named one and the root.
    pub unnamed_modules: Vec<SmolStr>,
}

/// A substitution whose level is checked once levels are known.
pub(crate) struct SubstCheck {
    /// The substituted expression, as first inlined.
    pub expr: ir::Expr,
    /// The highest level allowed.
    pub max: ir::Level,
    /// The constant or variable substituted.
    pub name: SmolStr,
    /// The instantiated module.
    pub module: SmolStr,
    /// The `INSTANCE` clause.
    pub span: Span,
}

/// What an operator of the table comes from.
#[derive(Clone, Copy)]
enum OpSource {
    /// A module-level definition lowered in a context.
    Module {
        ctx: CtxId,
        module: ModId,
        unit: usize,
    },
    /// A lifted `LET` or `LAMBDA` (lowered where it is written).
    Lifted,
}

/// The program being built.
pub(crate) struct Global<'m> {
    pub modules: &'m Modules,
    pub scopes: &'m [Scope],
    pub ctxs: Vec<Ctx>,
    ctx_index: AHashMap<(CtxId, ModId, usize), Option<CtxId>>,
    let_ctx_index: AHashMap<(CtxId, ModId, u32), Option<CtxId>>,
    builtin_ops: AHashMap<SmolStr, OpId>,
    pub ops: Vec<Option<ir::OpDef>>,
    sources: Vec<OpSource>,
    op_index: AHashMap<(CtxId, ModId, usize), OpId>,
    pub consts: Vec<ir::ConstDecl>,
    const_index: AHashMap<(ModId, usize, usize), ConstId>,
    pub vars: Vec<ir::VarDecl>,
    var_index: AHashMap<(ModId, usize, usize), VarId>,
    pub diagnostics: Vec<Diagnostic>,
    /// Substitutions to check against their level limits.
    pub subst_checks: Vec<SubstCheck>,
    /// Which (context, name) substitutions are already in `subst_checks`.
    pub subst_checked: ahash::AHashSet<(CtxId, SmolStr)>,
    /// Variables substituted by expressions that are not variables ([`ir::Program::substituted`]).
    pub substituted: Vec<ir::SubstitutedVar>,
    /// Their ids by (context, variable name).
    pub substituted_index: AHashMap<(CtxId, SmolStr), ir::SubstId>,
}

/// Lowers everything the root module defines or can name. Returns the program (levels not
/// yet computed) and the problems found.
pub(crate) fn lower_program(
    modules: &Modules,
    scopes: &[Scope],
) -> (ir::Program, Vec<Diagnostic>, Vec<SubstCheck>) {
    let root = modules.root;
    let mut g = Global {
        modules,
        scopes,
        ctxs: vec![Ctx {
            parent: 0,
            path: SmolStr::default(),
            prefix: Vec::new(),
            substs: AHashMap::new(),
            origin: (root, 0),
            params: Vec::new(),
            limits: AHashMap::new(),
            clause: (modules.list[root].ast.name.span, SmolStr::default()),
            unnamed_modules: Vec::new(),
        }],
        ctx_index: AHashMap::new(),
        let_ctx_index: AHashMap::new(),
        builtin_ops: AHashMap::new(),
        ops: Vec::new(),
        sources: Vec::new(),
        op_index: AHashMap::new(),
        consts: Vec::new(),
        const_index: AHashMap::new(),
        vars: Vec::new(),
        var_index: AHashMap::new(),
        diagnostics: Vec::new(),
        subst_checks: Vec::new(),
        subst_checked: ahash::AHashSet::new(),
        substituted: Vec::new(),
        substituted_index: AHashMap::new(),
    };
    let root_names = g.declare_root_names();
    let extended = extends_closure(modules, root);
    for &m in &extended {
        for (unit, u) in modules.list[m].ast.units.iter().enumerate() {
            if matches!(u, Unit::Instance(_) | Unit::ModDef(_)) {
                g.instance_ctx(0, m, unit);
            }
        }
    }
    let assumes = g.lower_assumes(&extended);
    g.lower_pending();
    let root_span = modules.list[root].ast.name.span;
    let mut ops = Vec::with_capacity(g.ops.len());
    for op in std::mem::take(&mut g.ops) {
        ops.push(op.unwrap_or_else(|| {
            g.diagnostics.push(Diagnostic::error(
                codes::UNSUPPORTED,
                "internal: an operator was reserved but never defined",
                root_span,
            ));
            placeholder_op(root_span)
        }));
    }
    let program = ir::Program {
        root: modules.list[root].ast.name.name.clone(),
        ops,
        vars: g.vars,
        consts: g.consts,
        assumes,
        root_names,
        substituted: g.substituted,
    };
    (program, g.diagnostics, g.subst_checks)
}

/// Stands in for an operator that could not be defined (an error has been reported).
fn placeholder_op(span: Span) -> ir::OpDef {
    ir::OpDef {
        name: SmolStr::new_static("?"),
        module: SmolStr::default(),
        instance: SmolStr::default(),
        params: Vec::new(),
        captured: 0,
        body: ir::Expr {
            kind: ir::ExprKind::Bool(false),
            span,
        },
        function: None,
        recursive: false,
        level: ir::Level::Constant,
        frame_size: 0,
        span,
    }
}

/// The root module and the modules it extends, transitively, extended ones first.
fn extends_closure(modules: &Modules, root: ModId) -> Vec<ModId> {
    fn visit(modules: &Modules, m: ModId, seen: &mut Vec<ModId>, out: &mut Vec<ModId>) {
        if seen.contains(&m) {
            return;
        }
        seen.push(m);
        for &e in modules.list[m].extends.iter().flatten() {
            visit(modules, e, seen, out);
        }
        out.push(m);
    }
    let mut out = Vec::new();
    visit(modules, root, &mut Vec::new(), &mut out);
    out
}

impl Global<'_> {
    /// Declares the root's constants and variables and reaches every name it defines.
    fn declare_root_names(&mut self) -> Vec<(SmolStr, RootName)> {
        let root = self.modules.root;
        let mut names = Vec::new();
        for entry in &self.scopes[root].entries {
            let name = entry.name.clone();
            let resolved = match &entry.sym {
                Sym::Const {
                    module,
                    unit,
                    index,
                } => {
                    let arity = match &self.modules.list[*module].ast.units[*unit] {
                        Unit::Constants(decls) => decls[*index].arity,
                        _ => 0,
                    };
                    let id = ConstId(self.consts.len() as u32);
                    self.consts.push(ir::ConstDecl {
                        name: name.clone(),
                        arity,
                        span: entry.span,
                    });
                    self.const_index.insert((*module, *unit, *index), id);
                    Some(RootName::Const(id))
                }
                Sym::Var {
                    module,
                    unit,
                    index,
                } => {
                    let id = VarId(self.vars.len() as u32);
                    self.vars.push(ir::VarDecl {
                        name: name.clone(),
                        span: entry.span,
                    });
                    self.var_index.insert((*module, *unit, *index), id);
                    Some(RootName::Var(id))
                }
                sym => self.root_op(sym).map(RootName::Op),
            };
            if let Some(r) = resolved {
                names.push((name, r));
            }
        }
        names
    }

    /// The operator a root-level symbol names, through unnamed instances.
    fn root_op(&mut self, sym: &Sym) -> Option<OpId> {
        let mut ctx = 0;
        let mut sym = sym;
        loop {
            match sym {
                Sym::Op { module, unit } => return Some(self.op_for(ctx, *module, *unit)),
                Sym::Via {
                    module,
                    unit,
                    inner,
                } => {
                    ctx = self.instance_ctx(ctx, *module, *unit)?;
                    sym = inner;
                }
                _ => return None,
            }
        }
    }

    /// The constant id of a root (or extended) module's constant.
    pub fn const_id(&self, module: ModId, unit: usize, index: usize) -> Option<ConstId> {
        self.const_index.get(&(module, unit, index)).copied()
    }

    /// The variable id of a root (or extended) module's variable.
    pub fn var_id(&self, module: ModId, unit: usize, index: usize) -> Option<VarId> {
        self.var_index.get(&(module, unit, index)).copied()
    }

    /// The context a definition of `module` is lowered in when reached from `ctx`: the root
    /// context for modules without constants and variables.
    pub fn home_ctx(&self, ctx: CtxId, module: ModId) -> CtxId {
        if self.scopes[module].closed {
            0
        } else {
            ctx
        }
    }

    /// The operator for a module-level definition in a context, created on first reach.
    pub fn op_for(&mut self, ctx: CtxId, module: ModId, unit: usize) -> OpId {
        let ctx = self.home_ctx(ctx, module);
        if let Some(&id) = self.op_index.get(&(ctx, module, unit)) {
            return id;
        }
        let id = OpId(self.ops.len() as u32);
        self.ops.push(None);
        self.sources.push(OpSource::Module { ctx, module, unit });
        self.op_index.insert((ctx, module, unit), id);
        id
    }

    /// Reserves an operator id for a lifted `LET` or `LAMBDA`.
    pub fn reserve_lifted(&mut self) -> OpId {
        let id = OpId(self.ops.len() as u32);
        self.ops.push(None);
        self.sources.push(OpSource::Lifted);
        id
    }

    /// Lowers reached operators until none is left.
    fn lower_pending(&mut self) {
        let mut next = 0;
        while next < self.ops.len() {
            if let (None, OpSource::Module { ctx, module, unit }) =
                (&self.ops[next], self.sources[next])
            {
                let def = lift::lower_module_op(self, ctx, module, unit);
                self.ops[next] = Some(def);
            }
            next += 1;
        }
    }

    fn lower_assumes(&mut self, modules: &[ModId]) -> Vec<ir::AssumeDef> {
        let mut out = Vec::new();
        for &m in modules {
            for (unit, u) in self.modules.list[m].ast.units.iter().enumerate() {
                if let Unit::Assume(assume) = u {
                    out.push(lift::lower_assume(self, m, unit, assume));
                }
            }
        }
        out
    }

    /// The context of the `INSTANCE` at `unit` of `module`, written in context `parent`;
    /// created (and its substitutions checked) on first reach. `None` if the instantiated
    /// module is missing.
    pub fn instance_ctx(&mut self, parent: CtxId, module: ModId, unit: usize) -> Option<CtxId> {
        if let Some(&known) = self.ctx_index.get(&(parent, module, unit)) {
            return known;
        }
        let created = self.create_ctx(parent, module, unit);
        self.ctx_index.insert((parent, module, unit), created);
        created
    }

    fn create_ctx(&mut self, parent: CtxId, module: ModId, unit: usize) -> Option<CtxId> {
        let modules = self.modules;
        let info = &modules.list[module];
        let target = *info.instances.get(&unit)?;
        let (inst, name, params) = match &info.ast.units[unit] {
            Unit::Instance(inst) => (inst, None, &[][..]),
            Unit::ModDef(def) => (&def.instance, Some(&def.name), &def.params[..]),
            _ => return None,
        };
        Some(self.make_ctx(parent, (module, unit), inst, name, params, target))
    }

    /// The context of `I(p) == INSTANCE …` written in a `LET` of `module`, in the definition
    /// at unit `position`.
    pub fn let_instance_ctx(
        &mut self,
        parent: CtxId,
        module: ModId,
        position: usize,
        def: &ast::ModDef,
    ) -> Option<CtxId> {
        let key = (parent, module, def.instance.span.start);
        if let Some(&known) = self.let_ctx_index.get(&key) {
            return known;
        }
        let target = self.modules.list[module]
            .let_instances
            .get(&def.instance.span.start)
            .copied();
        let created = target.map(|target| {
            let origin = (module, position);
            self.make_ctx(
                parent,
                origin,
                &def.instance,
                Some(&def.name),
                &def.params,
                target,
            )
        });
        self.let_ctx_index.insert(key, created);
        created
    }

    fn make_ctx(
        &mut self,
        parent: CtxId,
        origin: (ModId, usize),
        inst: &ast::Instance,
        name: Option<&ast::Ident>,
        params: &[ast::OpDecl],
        target: ModId,
    ) -> CtxId {
        let (module, unit) = origin;
        let parent_ctx = &self.ctxs[parent];
        let path = match name {
            Some(n) if parent_ctx.path.is_empty() => n.name.clone(),
            Some(n) => SmolStr::from(format!("{}!{}", parent_ctx.path, n.name)),
            None => parent_ctx.path.clone(),
        };
        let mut prefix = parent_ctx.prefix.clone();
        prefix.extend(params.iter().map(|p| ir::Param {
            name: p.name.name.clone(),
            arity: p.arity,
        }));
        let substs = self.substitutions(module, unit, inst, params, target);
        let limits = substitution_limits(&self.scopes[target]);
        let clause = (inst.span, self.modules.list[target].ast.name.name.clone());
        let unnamed_modules = match name {
            Some(_) => Vec::new(),
            None => extends_closure(self.modules, target)
                .into_iter()
                .map(|m| self.modules.list[m].ast.name.name.clone())
                .collect(),
        };
        self.ctxs.push(Ctx {
            unnamed_modules,
            limits,
            clause,
            parent,
            path,
            prefix,
            substs,
            origin,
            params: params.to_vec(),
        });
        self.ctxs.len() - 1
    }

    /// A global operator applying a language-level operator symbol to its parameters (for a
    /// symbol passed as an operator argument, as in `ReduceSet(\cap, S, T)`).
    pub fn builtin_op(
        &mut self,
        symbol: &SmolStr,
        arity: usize,
        body: ir::ExprKind,
        span: Span,
    ) -> OpId {
        if let Some(&id) = self.builtin_ops.get(symbol) {
            return id;
        }
        let id = self.reserve_lifted();
        let params = (0..arity).map(|i| ir::Param {
            name: SmolStr::from(format!("p{}", i + 1)),
            arity: 0,
        });
        let name = symbol.split('#').next().unwrap_or_default();
        self.ops[id.0 as usize] = Some(ir::OpDef {
            name: SmolStr::from(name),
            module: SmolStr::default(),
            instance: SmolStr::default(),
            params: params.collect(),
            captured: 0,
            body: ir::Expr { kind: body, span },
            function: None,
            recursive: false,
            level: ir::Level::Constant,
            frame_size: arity,
            span,
        });
        self.builtin_ops.insert(symbol.clone(), id);
        id
    }

    /// The substitution of each constant and variable of `target`: explicit, or the same name
    /// in the instantiating scope. Reports missing and misdirected substitutions.
    fn substitutions(
        &mut self,
        module: ModId,
        unit: usize,
        inst: &ast::Instance,
        params: &[ast::OpDecl],
        target: ModId,
    ) -> AHashMap<SmolStr, ast::Expr> {
        let target_scope = &self.scopes[target];
        let target_name = &self.modules.list[target].ast.name.name;
        let mut substs = AHashMap::new();
        for s in &inst.substs {
            let is_parameter = matches!(
                target_scope.get(&s.name.name).map(|e| &e.sym),
                Some(Sym::Const { .. } | Sym::Var { .. })
            );
            if !is_parameter {
                self.diagnostics.push(
                    Diagnostic::error(
                        codes::BAD_SUBSTITUTION,
                        format!(
                            "`{}` is not a constant or variable of module `{target_name}`",
                            s.name.name
                        ),
                        s.name.span,
                    )
                    .with_hint("only declared CONSTANTS and VARIABLES can be substituted"),
                );
            } else if substs.insert(s.name.name.clone(), s.expr.clone()).is_some() {
                self.diagnostics.push(Diagnostic::error(
                    codes::BAD_SUBSTITUTION,
                    format!("`{}` is substituted more than once", s.name.name),
                    s.name.span,
                ));
            }
        }
        for e in &target_scope.entries {
            if !matches!(e.sym, Sym::Const { .. } | Sym::Var { .. }) || substs.contains_key(&e.name)
            {
                continue;
            }
            let in_scope = self.scopes[module].lookup(&e.name, unit).is_some()
                || params.iter().any(|p| p.name.name == e.name);
            if !in_scope {
                self.diagnostics
                    .push(missing_substitution(&e.name, target_name, inst.span));
            }
            substs.insert(
                e.name.clone(),
                implicit_substitution(&e.name, inst.module.span),
            );
        }
        substs
    }
}

fn missing_substitution(name: &str, module: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        codes::MISSING_SUBSTITUTION,
        format!(
            "INSTANCE {module} has no substitution for `{name}`, and no `{name}` is defined here"
        ),
        span,
    )
    .with_hint(format!(
        "add `WITH {name} <- …`, or define `{name}` before the INSTANCE"
    ))
}

/// The level limit of each substitution into a module with variables (none into a
/// constant module).
fn substitution_limits(target: &Scope) -> AHashMap<SmolStr, ir::Level> {
    let has_variables = target
        .entries
        .iter()
        .any(|e| matches!(e.sym, Sym::Var { .. }));
    let mut limits = AHashMap::new();
    if has_variables {
        for e in &target.entries {
            match e.sym {
                Sym::Const { .. } => limits.insert(e.name.clone(), ir::Level::Constant),
                Sym::Var { .. } => limits.insert(e.name.clone(), ir::Level::State),
                _ => None,
            };
        }
    }
    limits
}

/// `name` as an expression written at `span` (an implicit `name <- name`).
fn implicit_substitution(name: &SmolStr, span: Span) -> ast::Expr {
    let ident = ast::Ident {
        name: name.clone(),
        span,
    };
    ast::Expr {
        kind: ast::ExprKind::Ref(vec![ast::RefSegment {
            name: ident,
            args: Vec::new(),
        }]),
        span,
    }
}
