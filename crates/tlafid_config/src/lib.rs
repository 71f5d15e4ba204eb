//! TLC's model configuration language (`.cfg` files): a parser to a [`Config`].
//!
//! Parsing never fails and never panics: [`parse`] returns what it understood and the
//! diagnostics it found (codes `E060`-`E069`, listed in [`codes`] and `DIAGNOSTICS.md`).
//! Nothing is checked against the specification here; the checker reports names the
//! specification does not define, using the spans kept on every item.
//!
//! The language, as TLC reads it: a sequence of sections, each a keyword followed by what it
//! takes, up to the next keyword; newlines carry no meaning, and `\*` and `(* *)` are
//! comments.
//!
//! ```text
//! CONSTANTS N = 3   Procs = {p1, p2}   Data <- MCData   F(1) = "a"
//! SPECIFICATION Spec
//! INVARIANTS TypeOK Safety
//! CHECK_DEADLOCK FALSE
//! ```
//!
//! [`location`] holds TLC's rules for where the configuration of a specification is found.
#![warn(missing_docs)]

pub mod codes;
mod constants;
mod keywords;
mod lexer;
pub mod location;
mod model;
mod parser;

use tlafid_base::{Diagnostic, FileId};

pub use location::{config_source, default_config_path, find_embedded_config, ConfigSource};
pub use model::{Binding, Config, ConfigValue, ConstantBinding, Flag, Named, SpannedValue};

/// The result of parsing a configuration.
#[derive(Clone, Debug)]
pub struct ParsedConfig {
    /// Everything that could be understood; a statement with an error is left out.
    pub config: Config,
    /// Errors and warnings, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

impl ParsedConfig {
    /// True if any diagnostic is an error (warnings do not count).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Parses the whole `text` of a `.cfg` file; spans point into `text` in `file`.
pub fn parse(file: FileId, text: &str) -> ParsedConfig {
    parse_range(file, text, 0..text.len())
}

/// Parses the configuration section named `name` embedded in a `.tla` file's text (see
/// [`find_embedded_config`]); spans point into the `.tla` text. `None` if the section is
/// missing.
pub fn parse_embedded(file: FileId, tla_text: &str, name: &str) -> Option<ParsedConfig> {
    find_embedded_config(tla_text, name).map(|range| parse_range(file, tla_text, range))
}

fn parse_range(file: FileId, text: &str, range: std::ops::Range<usize>) -> ParsedConfig {
    let (tokens, mut diagnostics) = lexer::lex(file, text, range);
    let mut parser = parser::Parser::new(file, text, tokens);
    parser.parse_file();
    diagnostics.append(&mut parser.diagnostics);
    diagnostics.sort_by_key(|d| d.span.map(|s| (s.start, s.end)));
    ParsedConfig {
        config: parser.config,
        diagnostics,
    }
}
