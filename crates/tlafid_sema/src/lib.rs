//! Module loading, name resolution, level checking, and lowering to the resolved [`ir`].
//!
//! No I/O: modules other than the root are asked for through a closure, and the standard
//! modules are compiled in (`stdlib/*.tla`, found by `build.rs`).
//!
//! The passes, in order:
//! - `modules` parses the root, finds every module it extends or instantiates (nested
//!   modules first, then the caller's `find_module`, then the built-ins) and orders them,
//!   reporting cycles;
//! - `scope` builds each module's names (SANY's rules for `EXTENDS`, unnamed `INSTANCE`,
//!   `LOCAL`, duplicates, `RECURSIVE`, and a nested module seeing what precedes it);
//! - `lower` resolves every name and flattens instances into one operator table, reached
//!   from the root's names in order of first reach: each instance is a context holding its
//!   substitutions (inlined where used) and parameters (prepended); operators of modules
//!   without constants and variables are shared by all contexts; `LET`s and `LAMBDA`s are
//!   lifted with the slots they capture first;
//! - `level` marks recursive operators, computes every operator's level and checks SANY's
//!   level rules (primes, `ENABLED`, `UNCHANGED`, `[A]_v`, temporal operators, `ASSUME`,
//!   argument and substitution levels).
//!
//! Invariant: depends only on `tlafid_base` and `tlafid_syntax`; never reads files, never
//! panics on bad input, and gives the same program and diagnostics for the same input.
#![warn(missing_docs)]

pub mod codes;
pub mod dump;
pub mod ir;
mod level;
mod lower;
mod modules;
mod names;
mod param_levels;
mod scope;
pub mod stdlib;
mod syntax_walk;
pub mod walk;

use tlafid_base::{Diagnostic, FileId, SourceMap};

/// The result of loading a root module and everything it uses.
#[derive(Debug)]
pub struct Loaded {
    /// The resolved program, when there were no errors.
    pub program: Option<ir::Program>,
    /// Problems found (errors and warnings), in a stable order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Finds a module's text by its name: returns the name to show for it (a path) and its
/// text, or `None`, in which case the built-in standard modules are tried.
pub type FindModule<'a> = dyn FnMut(&str) -> Option<(String, String)> + 'a;

/// What a lookup of a module by name found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModuleLookup {
    /// The module's file: the name to show for it (a path) and its text.
    Found(String, String),
    /// No file of that name: the built-in standard modules are tried.
    Absent,
    /// A file of that name exists but was refused or cannot be read; the finder has
    /// reported why. The module is not loaded, and neither a built-in module nor an
    /// "unknown module" diagnostic stands in for it.
    Refused,
}

/// [`FindModule`] with a third answer: a file that was found and refused.
pub type LookupModule<'a> = dyn FnMut(&str) -> ModuleLookup + 'a;

/// Parses the root module in `root` (already in `sources`), loads what it extends and
/// instantiates (adding those files to `sources`), resolves names, checks arity and levels,
/// and lowers everything to an [`ir::Program`].
pub fn load(root: FileId, sources: &mut SourceMap, find_module: &mut FindModule<'_>) -> Loaded {
    load_with(
        root,
        sources,
        &mut |name: &str| match find_module(name) {
            Some((path, text)) => ModuleLookup::Found(path, text),
            None => ModuleLookup::Absent,
        },
        None,
    )
}

/// The prefix under which a definition of the overriding module (see [`load_with`]) is
/// exported when it has the spelling of a name the module extends.
pub const OVERRIDE_PREFIX: &str = "__tlafid_observe_";

/// [`load`], with a finder that can refuse a module it found ([`ModuleLookup::Refused`]),
/// and where the module named `overriding` (an observation module) may define an operator
/// with the spelling of a name it extends: inside that module the name keeps the extended
/// meaning, and the new definition is exported as [`OVERRIDE_PREFIX`] + the name (instead of
/// being a duplicate definition).
pub fn load_with(
    root: FileId,
    sources: &mut SourceMap,
    find_module: &mut LookupModule<'_>,
    overriding: Option<&str>,
) -> Loaded {
    let mut diagnostics = Vec::new();
    let Some(modules) = modules::load_modules(root, sources, find_module, &mut diagnostics) else {
        return Loaded {
            program: None,
            diagnostics,
        };
    };
    let overriding = overriding.and_then(|name| {
        (0..modules.list.len()).find(|&id| modules.list[id].ast.name.name == name)
    });
    let scopes = scope::build_scopes(&modules, overriding, &mut diagnostics);
    let (mut program, lowering, substitutions) = lower::lower_program(&modules, &scopes);
    diagnostics.extend(lowering);
    if !diagnostics.iter().any(Diagnostic::is_error) {
        level::analyse(&mut program, &substitutions, &mut diagnostics);
    }
    let ok = !diagnostics.iter().any(Diagnostic::is_error);
    Loaded {
        program: ok.then_some(program),
        diagnostics,
    }
}
