//! Module scopes: the names each module defines or imports (through `EXTENDS` and unnamed
//! `INSTANCE`), where each becomes visible, and which are exported. Reports duplicate
//! definitions and `RECURSIVE` declarations without a definition.

use ahash::{AHashMap, AHashSet};
use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};
use tlafid_syntax::ast::{OpDecl, Unit};

use crate::codes;
use crate::modules::{self, ModId, Modules};

/// What a module-level name stands for, relative to the module that declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Sym {
    /// The `index`-th name of the `CONSTANTS` unit `unit` of `module`.
    Const {
        module: ModId,
        unit: usize,
        index: usize,
    },
    /// The `index`-th name of the `VARIABLES` unit `unit` of `module`.
    Var {
        module: ModId,
        unit: usize,
        index: usize,
    },
    /// An operator, function, named `ASSUME` or named `THEOREM` defined by unit `unit` of `module`.
    Op { module: ModId, unit: usize },
    /// A named instance `I == INSTANCE …` (unit `unit` of `module`).
    Inst { module: ModId, unit: usize },
    /// A name imported by the unnamed `INSTANCE` at unit `unit` of `module`.
    Via {
        module: ModId,
        unit: usize,
        inner: Box<Sym>,
    },
}

/// One name of a scope.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    pub name: SmolStr,
    pub sym: Sym,
    /// Not exported to extending or instantiating modules.
    pub local: bool,
    /// The first unit index of the module from which the name may be used.
    pub visible_from: usize,
    /// Where the name is defined.
    pub span: Span,
    /// Where it was imported (`EXTENDS`, `INSTANCE`), if it was.
    pub site: Option<Span>,
}

/// The names of one module.
#[derive(Debug, Default)]
pub(crate) struct Scope {
    /// Names in the order they are defined (extended modules' names first).
    pub entries: Vec<Entry>,
    index: AHashMap<SmolStr, usize>,
    /// No constants or variables: its definitions mean the same in every instance.
    pub closed: bool,
    /// Unit indices of this module's definitions declared `RECURSIVE`.
    pub recursive: AHashSet<usize>,
    /// The module's own operators may have the spelling of an extended name (an
    /// observation module): such an operator is entered as [`crate::OVERRIDE_PREFIX`] + name.
    overrides: bool,
}

impl Scope {
    /// The entry named `name`, if it is visible from unit `position`.
    pub fn lookup(&self, name: &str, position: usize) -> Option<&Entry> {
        self.get(name).filter(|e| e.visible_from <= position)
    }

    /// The entry named `name`, wherever it is defined.
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.index.get(name).map(|&i| &self.entries[i])
    }

    /// The exported entry named `name` (for `I!name`).
    pub fn exported(&self, name: &str) -> Option<&Entry> {
        self.get(name).filter(|e| !e.local)
    }

    /// Adds a name. A name bound twice is an error when both definitions are written in this
    /// module, when this module defines a name it already imported (SANY: "already defined
    /// or declared"), or when they differ in kind or arity; otherwise (two imports, or an
    /// import after this module's own definition) SANY warns and keeps the first.
    fn insert(
        &mut self,
        modules: &Modules,
        id: ModId,
        entry: Entry,
        diagnostics: &mut Vec<Diagnostic>,
    ) {
        let Some(&i) = self.index.get(&entry.name) else {
            self.index.insert(entry.name.clone(), self.entries.len());
            self.entries.push(entry);
            return;
        };
        let previous = &self.entries[i];
        if previous.sym == entry.sym {
            return;
        }
        if self.overrides
            && !defined_in(&previous.sym, id)
            && matches!(entry.sym, Sym::Op { module, .. } if module == id)
        {
            let renamed = Entry {
                name: SmolStr::from(format!("{}{}", crate::OVERRIDE_PREFIX, entry.name)),
                ..entry
            };
            self.insert(modules, id, renamed, diagnostics);
            return;
        }
        let both_here = defined_in(&previous.sym, id) && defined_in(&entry.sym, id);
        let redefines_import = defined_in(&entry.sym, id) && !defined_in(&previous.sym, id);
        if both_here
            || redefines_import
            || shape(modules, &previous.sym) != shape(modules, &entry.sym)
        {
            diagnostics.push(
                Diagnostic::error(
                    codes::DUPLICATE_DEFINITION,
                    format!("`{}` is defined more than once", entry.name),
                    entry.site.unwrap_or(entry.span),
                )
                .with_label(previous.span, "first defined here")
                .with_hint("rename one of the definitions"),
            );
        } else {
            diagnostics.push(
                Diagnostic::warning(
                    codes::DUPLICATE_WARNING,
                    format!(
                        "`{}` is defined more than once; the first definition is used",
                        entry.name
                    ),
                    entry.site.unwrap_or(entry.span),
                )
                .with_label(previous.span, "first defined here")
                .with_label(entry.span, "defined again here"),
            );
        }
    }
}

/// Builds the scope of every module, in dependency order. Indexed by module id.
/// The module `overriding` may redefine extended names (see [`Scope::insert`]).
pub(crate) fn build_scopes(
    modules: &Modules,
    overriding: Option<ModId>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Scope> {
    let mut scopes: Vec<Scope> = modules.list.iter().map(|_| Scope::default()).collect();
    for &id in &modules.order {
        let scope = build_scope(modules, id, overriding == Some(id), &scopes, diagnostics);
        scopes[id] = scope;
    }
    scopes
}

fn build_scope(
    modules: &Modules,
    id: ModId,
    overrides: bool,
    scopes: &[Scope],
    diagnostics: &mut Vec<Diagnostic>,
) -> Scope {
    let mut scope = Scope {
        overrides,
        ..Scope::default()
    };
    if let Some((outer, before)) = modules.list[id].outer {
        for e in build_units(modules, outer, before, false, scopes, &mut Vec::new()).entries {
            scope.insert(
                modules,
                id,
                Entry {
                    local: true,
                    visible_from: 0,
                    ..e
                },
                diagnostics,
            );
        }
    }
    let own = build_units(modules, id, usize::MAX, overrides, scopes, diagnostics);
    for e in own.entries {
        scope.insert(modules, id, e, diagnostics);
    }
    scope.recursive = own.recursive;
    scope.closed = !scope
        .entries
        .iter()
        .any(|e| matches!(e.sym, Sym::Const { .. } | Sym::Var { .. }));
    scope
}

/// The names of module `id`'s extended modules and of its first `before` units.
fn build_units(
    modules: &Modules,
    id: ModId,
    before: usize,
    overrides: bool,
    scopes: &[Scope],
    diagnostics: &mut Vec<Diagnostic>,
) -> Scope {
    let info = &modules.list[id];
    let mut scope = Scope {
        overrides,
        ..Scope::default()
    };
    for (target, name) in info.extends.iter().zip(&info.ast.extends) {
        let Some(target) = target else { continue };
        if before != usize::MAX && modules::is_nested_in(&modules.list, *target, id) {
            continue;
        }
        for e in scopes[*target].entries.iter().filter(|e| !e.local) {
            let entry = Entry {
                local: false,
                visible_from: 0,
                site: Some(name.span),
                ..e.clone()
            };
            scope.insert(modules, id, entry, diagnostics);
        }
    }
    for (unit_index, unit) in info.ast.units.iter().enumerate().take(before) {
        let after = unit_index + 1;
        let plain =
            |name: &tlafid_syntax::ast::Ident, sym: Sym, local: bool, visible_from: usize| Entry {
                name: name.name.clone(),
                sym,
                local,
                visible_from,
                span: name.span,
                site: None,
            };
        match unit {
            Unit::Constants(decls) => {
                for (index, d) in decls.iter().enumerate() {
                    let sym = Sym::Const {
                        module: id,
                        unit: unit_index,
                        index,
                    };
                    scope.insert(modules, id, plain(&d.name, sym, false, after), diagnostics);
                }
            }
            Unit::Variables(names) => {
                for (index, n) in names.iter().enumerate() {
                    let sym = Sym::Var {
                        module: id,
                        unit: unit_index,
                        index,
                    };
                    scope.insert(modules, id, plain(n, sym, false, after), diagnostics);
                }
            }
            Unit::Op(def) => {
                let sym = Sym::Op {
                    module: id,
                    unit: unit_index,
                };
                scope.insert(
                    modules,
                    id,
                    plain(&def.name, sym, def.local, after),
                    diagnostics,
                );
            }
            Unit::Fn(def) => {
                let sym = Sym::Op {
                    module: id,
                    unit: unit_index,
                };
                scope.insert(
                    modules,
                    id,
                    plain(&def.name, sym, def.local, unit_index),
                    diagnostics,
                );
            }
            Unit::Assume(assume) => {
                if let Some(name) = &assume.name {
                    let sym = Sym::Op {
                        module: id,
                        unit: unit_index,
                    };
                    scope.insert(modules, id, plain(name, sym, false, after), diagnostics);
                }
            }
            Unit::ModDef(def) => {
                let sym = Sym::Inst {
                    module: id,
                    unit: unit_index,
                };
                scope.insert(
                    modules,
                    id,
                    plain(&def.name, sym, def.local, after),
                    diagnostics,
                );
            }
            Unit::Instance(inst) => {
                let Some(&target) = info.instances.get(&unit_index) else {
                    continue;
                };
                let closed = scopes[target].closed;
                for e in scopes[target].entries.iter().filter(|e| !e.local) {
                    if matches!(e.sym, Sym::Const { .. } | Sym::Var { .. }) {
                        continue;
                    }
                    let sym = if closed || context_free(&e.sym, scopes) {
                        e.sym.clone()
                    } else {
                        Sym::Via {
                            module: id,
                            unit: unit_index,
                            inner: Box::new(e.sym.clone()),
                        }
                    };
                    let entry = Entry {
                        sym,
                        local: inst.local,
                        visible_from: after,
                        site: Some(inst.span),
                        ..e.clone()
                    };
                    scope.insert(modules, id, entry, diagnostics);
                }
            }
            Unit::Recursive(decls) => {
                declare_recursive(modules, id, unit_index, decls, &mut scope, diagnostics)
            }
            Unit::Theorem(theorem) => {
                if let (Some(name), Some(_)) = (&theorem.name, &theorem.body) {
                    let sym = Sym::Op {
                        module: id,
                        unit: unit_index,
                    };
                    scope.insert(modules, id, plain(name, sym, false, after), diagnostics);
                }
            }
            Unit::Module(_) => {}
        }
    }
    scope
}

/// `RECURSIVE F(_)` at unit `at`: makes the later definition of `F` visible from here.
fn declare_recursive(
    modules: &Modules,
    id: ModId,
    at: usize,
    decls: &[OpDecl],
    scope: &mut Scope,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let units = &modules.list[id].ast.units;
    for decl in decls {
        let defined = units
            .iter()
            .enumerate()
            .skip(at + 1)
            .find_map(|(i, u)| match u {
                Unit::Op(def) if def.name.name == decl.name.name => Some((i, def.local)),
                _ => None,
            });
        let Some((unit, local)) = defined else {
            diagnostics.push(
                Diagnostic::error(
                    codes::RECURSIVE_UNDEFINED,
                    format!(
                        "`{}` is declared RECURSIVE but not defined after the declaration",
                        decl.name.name
                    ),
                    decl.name.span,
                )
                .with_hint(format!(
                    "define `{}` later in the same module",
                    decl.name.name
                )),
            );
            continue;
        };
        scope.recursive.insert(unit);
        let sym = Sym::Op { module: id, unit };
        let entry = Entry {
            name: decl.name.name.clone(),
            sym,
            local,
            visible_from: at + 1,
            span: decl.name.span,
            site: None,
        };
        scope.insert(modules, id, entry, diagnostics);
    }
}

/// A definition of a module without constants and variables means the same in every
/// instance, so importing it through an instance is the same as importing it directly.
fn context_free(sym: &Sym, scopes: &[Scope]) -> bool {
    match sym {
        Sym::Op { module, .. } | Sym::Inst { module, .. } => scopes[*module].closed,
        _ => false,
    }
}

/// True if `sym` is written in module `id` itself (not imported).
fn defined_in(sym: &Sym, id: ModId) -> bool {
    matches!(sym,
        Sym::Const { module, .. } | Sym::Var { module, .. } | Sym::Op { module, .. } | Sym::Inst { module, .. }
        if *module == id)
}

/// The kind and arity of what a symbol names, as SANY compares them for duplicates.
fn shape(modules: &Modules, sym: &Sym) -> (u8, usize) {
    let units = |module: &ModId| &modules.list[*module].ast.units;
    match sym {
        Sym::Const {
            module,
            unit,
            index,
        } => match &units(module)[*unit] {
            Unit::Constants(decls) => (0, decls[*index].arity),
            _ => (0, 0),
        },
        Sym::Var { .. } => (1, 0),
        Sym::Op { module, unit } => match &units(module)[*unit] {
            Unit::Op(def) => (2, def.params.len()),
            Unit::Fn(_) => (2, 0),
            _ => (3, 0),
        },
        Sym::Inst { module, unit } => match &units(module)[*unit] {
            Unit::ModDef(def) => (4, def.params.len()),
            _ => (4, 0),
        },
        Sym::Via { inner, .. } => shape(modules, inner),
    }
}
