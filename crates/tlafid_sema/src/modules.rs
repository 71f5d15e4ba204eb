//! Module loading: parses the root file, finds every module it extends or instantiates
//! (nested modules of loaded files first, then the caller's `find_module`, then the built-in
//! standard modules), and orders them so that a module comes after everything it uses.

use ahash::AHashMap;
use smol_str::SmolStr;
use tlafid_base::{Diagnostic, FileId, SourceMap};
use tlafid_syntax::ast::{self, Ident, Unit};

use crate::{codes, stdlib, syntax_walk, LookupModule, ModuleLookup};

/// Index of a module in [`Modules::list`].
pub(crate) type ModId = usize;

/// One loaded module.
pub(crate) struct ModuleInfo {
    /// Its syntax tree (nested modules are separate entries).
    pub ast: ast::Module,
    /// The modules it extends, parallel to `ast.extends` (`None` when not found).
    pub extends: Vec<Option<ModId>>,
    /// For each unit index: the module an `INSTANCE` there instantiates.
    pub instances: AHashMap<usize, ModId>,
    /// For each `INSTANCE` inside a `LET` (by the byte offset of the clause): its module.
    pub let_instances: AHashMap<u32, ModId>,
    /// For a nested module: the enclosing module and how many of its units precede this one
    /// (their names are visible in the nested module).
    pub outer: Option<(ModId, usize)>,
}

/// Every module of a load, in dependency order.
pub(crate) struct Modules {
    /// The modules, in the order they were found.
    pub list: Vec<ModuleInfo>,
    /// Module ids such that each comes after the modules it extends or instantiates.
    pub order: Vec<ModId>,
    /// The root module.
    pub root: ModId,
}

struct Loader<'s, 'f, 'c> {
    sources: &'s mut SourceMap,
    find_module: &'f mut LookupModule<'c>,
    by_name: AHashMap<SmolStr, ModId>,
    list: Vec<ModuleInfo>,
    diagnostics: Vec<Diagnostic>,
}

/// Loads the root module of `root` and everything it uses. Returns `None` when the root
/// cannot be parsed or the modules are circular (the diagnostics say why).
pub(crate) fn load_modules(
    root: FileId,
    sources: &mut SourceMap,
    find_module: &mut LookupModule<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Modules> {
    let mut loader = Loader {
        sources,
        find_module,
        by_name: AHashMap::new(),
        list: Vec::new(),
        diagnostics: Vec::new(),
    };
    let parsed = tlafid_syntax::parse(root, &loader.sources.get(root).text);
    loader.diagnostics.extend(parsed.diagnostics);
    let root_end = parsed.module.as_ref().map(|m| m.span.end as usize);
    let root_id = parsed.module.map(|m| loader.register(m, None));
    if let Some(end) = root_end {
        loader.register_trailing_modules(root, end);
    }
    let mut next = 0;
    while next < loader.list.len() {
        loader.resolve_dependencies(next);
        next += 1;
    }
    diagnostics.append(&mut loader.diagnostics);
    let root = root_id?;
    let order = dependency_order(&loader.list, root, diagnostics)?;
    Some(Modules {
        list: loader.list,
        order,
        root,
    })
}

impl Loader<'_, '_, '_> {
    /// Adds a parsed module and, separately, every module nested in it.
    fn register(&mut self, mut module: ast::Module, outer: Option<(ModId, usize)>) -> ModId {
        let mut nested = Vec::new();
        let mut kept = 0;
        for unit in &module.units {
            match unit {
                Unit::Module(inner) => nested.push(((**inner).clone(), kept)),
                _ => kept += 1,
            }
        }
        module.units.retain(|u| !matches!(u, Unit::Module(_)));
        let id = self.list.len();
        self.by_name.entry(module.name.name.clone()).or_insert(id);
        let extends = vec![None; module.extends.len()];
        self.list.push(ModuleInfo {
            ast: module,
            extends,
            instances: AHashMap::new(),
            let_instances: AHashMap::new(),
            outer,
        });
        for (inner, position) in nested {
            self.register(inner, Some((id, position)));
        }
        id
    }

    /// Registers the modules written after the root module's closing line in the same file
    /// (SANY reads them: `INSTANCE` may name them). Text there that is no module is ignored,
    /// as it is after a module's end.
    fn register_trailing_modules(&mut self, file: FileId, mut end: usize) {
        loop {
            let text = &self.sources.get(file).text;
            if end >= text.len() || !text[end..].contains("MODULE") {
                return;
            }
            // Blank out what came before (keeping line breaks, so columns stay right) and parse
            // the rest with the same byte offsets.
            let mut masked = String::with_capacity(text.len());
            for (i, c) in text.char_indices() {
                if i >= end || c == '\n' {
                    masked.push(c);
                } else {
                    (0..c.len_utf8()).for_each(|_| masked.push(' '));
                }
            }
            let parsed = tlafid_syntax::parse(file, &masked);
            let Some(module) = parsed.module else { return };
            if (module.span.end as usize) <= end {
                return;
            }
            end = module.span.end as usize;
            self.diagnostics.extend(parsed.diagnostics);
            self.register(module, None);
        }
    }

    fn resolve_dependencies(&mut self, id: ModId) {
        let extends = self.list[id].ast.extends.clone();
        for (i, name) in extends.iter().enumerate() {
            self.list[id].extends[i] = self.module_named(name);
        }
        let mut wanted = Vec::new();
        for (i, unit) in self.list[id].ast.units.iter().enumerate() {
            match unit {
                Unit::Instance(inst) => wanted.push((i, inst.module.clone())),
                Unit::ModDef(def) => wanted.push((i, def.instance.module.clone())),
                _ => {}
            }
        }
        for (i, name) in wanted {
            if let Some(target) = self.module_named(&name) {
                self.list[id].instances.insert(i, target);
            }
        }
        let in_lets: Vec<(u32, Ident)> = syntax_walk::let_instances(&self.list[id].ast.units)
            .into_iter()
            .map(|inst| (inst.span.start, inst.module.clone()))
            .collect();
        for (start, name) in in_lets {
            if let Some(target) = self.module_named(&name) {
                self.list[id].let_instances.insert(start, target);
            }
        }
    }

    /// Finds a module by name, loading it if needed; reports it when it cannot be found.
    fn module_named(&mut self, name: &Ident) -> Option<ModId> {
        if let Some(&id) = self.by_name.get(&name.name) {
            return Some(id);
        }
        let (path, text) = match (self.find_module)(&name.name) {
            ModuleLookup::Found(path, text) => (path, text),
            ModuleLookup::Refused => return None,
            ModuleLookup::Absent => match stdlib::standard_module(&name.name) {
                Some(text) => (format!("<stdlib>/{}.tla", name.name), text.to_string()),
                None => {
                    self.diagnostics.push(unknown_module(name));
                    return None;
                }
            },
        };
        let file = self.sources.add(path, text);
        let parsed = tlafid_syntax::parse(file, &self.sources.get(file).text);
        self.diagnostics.extend(parsed.diagnostics);
        let module = parsed.module?;
        if module.name.name != name.name {
            self.diagnostics.push(
                Diagnostic::error(
                    codes::MODULE_NAME_MISMATCH,
                    format!(
                        "module `{}` was asked for, but its file defines module `{}`",
                        name.name, module.name.name
                    ),
                    name.span,
                )
                .with_label(module.name.span, "the module defined there")
                .with_hint("a module's file must be named after the module"),
            );
        }
        let id = self.register(module, None);
        self.by_name.insert(name.name.clone(), id);
        Some(id)
    }
}

fn unknown_module(name: &Ident) -> Diagnostic {
    let known: Vec<&str> = stdlib::STANDARD_MODULES.iter().map(|(n, _)| *n).collect();
    let hint = match crate::names::closest(&name.name, known.iter().copied()) {
        Some(close) => format!("did you mean the standard module `{close}`?"),
        None => format!(
            "no file `{}.tla` was found beside the specification or in the module search path",
            name.name
        ),
    };
    Diagnostic::error(
        codes::UNKNOWN_MODULE,
        format!("unknown module `{}`", name.name),
        name.span,
    )
    .with_hint(hint)
}

/// Orders the modules reachable from `root` so that each follows what it uses, reporting
/// cycles. `None` when there is a cycle.
fn dependency_order(
    list: &[ModuleInfo],
    root: ModId,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Vec<ModId>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        list: &[ModuleInfo],
        id: ModId,
        marks: &mut [Mark],
        path: &mut Vec<ModId>,
        order: &mut Vec<ModId>,
        diagnostics: &mut Vec<Diagnostic>,
    ) -> bool {
        marks[id] = Mark::Open;
        path.push(id);
        let mut ok = true;
        let mut targets = edges(list, id);
        let mut seen = Vec::new();
        targets.retain(|&(t, _)| {
            let first = !seen.contains(&t);
            seen.push(t);
            first
        });
        for (target, span) in targets {
            match marks[target] {
                Mark::Done => {}
                Mark::New => ok &= visit(list, target, marks, path, order, diagnostics),
                Mark::Open => {
                    let start = path.iter().position(|&m| m == target).unwrap_or(0);
                    let mut names: Vec<&str> = path[start..]
                        .iter()
                        .map(|&m| list[m].ast.name.name.as_str())
                        .collect();
                    names.push(&list[target].ast.name.name);
                    diagnostics.push(
                        Diagnostic::error(
                            codes::CIRCULAR_MODULES,
                            format!("circular module dependency: {}", names.join(" -> ")),
                            span,
                        )
                        .with_hint(
                            "a module may not extend or instantiate itself, directly or indirectly",
                        ),
                    );
                    ok = false;
                }
            }
        }
        path.pop();
        marks[id] = Mark::Done;
        order.push(id);
        ok
    }
    let mut marks = vec![Mark::New; list.len()];
    let mut order = Vec::new();
    let ok = visit(
        list,
        root,
        &mut marks,
        &mut Vec::new(),
        &mut order,
        diagnostics,
    );
    ok.then_some(order)
}

/// The modules module `id` uses, with the place that names each. A nested module also uses
/// what its enclosing module uses before it.
fn edges(list: &[ModuleInfo], id: ModId) -> Vec<(ModId, tlafid_base::Span)> {
    let module = &list[id];
    let mut out: Vec<(ModId, tlafid_base::Span)> = Vec::new();
    for (i, target) in module.extends.iter().enumerate() {
        if let Some(t) = target {
            out.push((*t, module.ast.extends[i].span));
        }
    }
    let mut units: Vec<(&usize, &ModId)> = module.instances.iter().collect();
    units.sort();
    for (&unit, &target) in units {
        let span = match &module.ast.units[unit] {
            Unit::Instance(inst) => inst.module.span,
            Unit::ModDef(def) => def.instance.module.span,
            _ => module.ast.name.span,
        };
        out.push((target, span));
    }
    let mut in_lets: Vec<(&u32, &ModId)> = module.let_instances.iter().collect();
    in_lets.sort();
    for (&start, &target) in in_lets {
        out.push((
            target,
            tlafid_base::Span::new(module.ast.name.span.file, start, start),
        ));
    }
    if let Some((outer, before)) = module.outer {
        out.extend(edges(list, outer).into_iter().filter(|&(t, span)| {
            let unit = list[outer]
                .ast
                .units
                .iter()
                .position(|u| unit_contains(u, span));
            let precedes = match unit {
                Some(u) => u < before,
                None => true,
            };
            precedes && !is_nested_in(list, t, outer)
        }));
    }
    out
}

/// True if `span` lies within the `INSTANCE` unit `unit`.
fn unit_contains(unit: &Unit, span: tlafid_base::Span) -> bool {
    let whole = match unit {
        Unit::Instance(inst) => inst.span,
        Unit::ModDef(def) => def.span,
        _ => return false,
    };
    whole.file == span.file && whole.start <= span.start && span.end <= whole.end
}

/// True if module `m` is nested (at any depth) in module `outer`.
pub(crate) fn is_nested_in(list: &[ModuleInfo], m: ModId, outer: ModId) -> bool {
    let mut current = list[m].outer;
    while let Some((o, _)) = current {
        if o == outer {
            return true;
        }
        current = list[o].outer;
    }
    false
}
