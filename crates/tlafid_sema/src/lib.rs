//! Module loading, name resolution, level checking, and lowering to the resolved [`ir`].
//!
//! No I/O: modules other than the root are asked for through a closure, and the standard
//! modules are compiled in.
//!
//! The passes: [`modules`] loads and orders the modules; [`scope`] builds each module's names;
//! `lower` resolves names and flattens instances into the global operator table; [`level`]
//! computes levels and checks the level rules.
#![warn(missing_docs)]

pub mod codes;
pub mod dump;
pub mod ir;
mod level;
mod lower;
mod modules;
mod names;
mod scope;
pub mod stdlib;
mod syntax_walk;
mod walk;

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

/// Parses the root module in `root` (already in `sources`), loads what it extends and
/// instantiates (adding those files to `sources`), resolves names, checks arity and levels,
/// and lowers everything to an [`ir::Program`].
pub fn load(root: FileId, sources: &mut SourceMap, find_module: &mut FindModule<'_>) -> Loaded {
    let mut diagnostics = Vec::new();
    let Some(modules) = modules::load_modules(root, sources, find_module, &mut diagnostics) else {
        return Loaded {
            program: None,
            diagnostics,
        };
    };
    let scopes = scope::build_scopes(&modules, &mut diagnostics);
    let (mut program, lowering) = lower::lower_program(&modules, &scopes);
    diagnostics.extend(lowering);
    if !diagnostics.iter().any(Diagnostic::is_error) {
        level::analyse(&mut program, &mut diagnostics);
    }
    let ok = !diagnostics.iter().any(Diagnostic::is_error);
    Loaded {
        program: ok.then_some(program),
        diagnostics,
    }
}
