//! TLA+ front end: a pest lexer (`grammars/tla.pest`) and a layout-aware parser to [`ast`].
//!
//! Parsing never fails: [`parse`] returns what it could build and the diagnostics it found
//! (codes E010-E019 for lexing, E020-E039 for parsing; see [`codes`]).
//!
//! Why two stages: the token grammar is regular enough for pest, but TLA+'s bulleted
//! conjunction and disjunction lists are delimited by column alignment, which a PEG cannot
//! express. So pest only cuts the text into tokens (each with its byte span and column) and a
//! hand-written precedence-climbing parser builds the tree, keeping a stack of offside columns
//! for the lists (see `parser`). Hostile input is bounded: comment nesting is counted, not
//! recursed; expression nesting has an explicit depth limit; error counts are capped.
#![warn(missing_docs)]

pub mod ast;
pub mod codes;
pub mod dump;
mod lexer;
mod literal;
pub mod ops;
mod parser;

use tlafid_base::{Diagnostic, FileId, Span};

/// The result of parsing one `.tla` file.
#[derive(Debug)]
pub struct Parsed {
    /// The file's top-level module, if one could be built.
    pub module: Option<ast::Module>,
    /// Problems found, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses the text of one `.tla` file (text before the first module header and after its
/// closing line is ignored, as SANY does).
pub fn parse(file: FileId, text: &str) -> Parsed {
    if u32::try_from(text.len()).is_err() {
        let msg = "file larger than 4 GiB: spans are 32-bit";
        let diag = Diagnostic::error(codes::UNSUPPORTED, msg, Span::new(file, 0, 0));
        return Parsed {
            module: None,
            diagnostics: vec![diag],
        };
    }
    let Some(header) = find_header(text) else {
        let diag = Diagnostic::error(
            codes::NO_MODULE,
            "no module header found",
            Span::new(file, 0, 0),
        )
        .with_hint("a TLA+ module starts with a line like `---- MODULE Name ----`");
        return Parsed {
            module: None,
            diagnostics: vec![diag],
        };
    };
    let lexed = lexer::lex(file, text, header);
    let mut parser = parser::Parser::new(file, text, lexed.tokens);
    let (module, closed_at) = parser::parse_file_module(&mut parser);
    // Lexical errors after a properly closed module lie in ignored trailing text.
    let module_end = closed_at.unwrap_or(u32::MAX);
    let mut diagnostics: Vec<Diagnostic> = lexed
        .diagnostics
        .into_iter()
        .filter(|d| d.span.is_none_or(|s| s.start < module_end))
        .collect();
    diagnostics.extend(parser.diagnostics);
    diagnostics.sort_by_key(|d| d.span.map(|s| s.start));
    Parsed {
        module,
        diagnostics,
    }
}

/// The byte offset of the first `----` run followed (on its line) by `MODULE`.
fn find_header(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(found) = text[from..].find("----") {
        let start = from + found;
        let mut i = start;
        while i < bytes.len() && bytes[i] == b'-' {
            i += 1;
        }
        while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
            i += 1;
        }
        let rest = &bytes[i..];
        let word_ends = rest
            .get(6)
            .is_none_or(|b| !(b.is_ascii_alphanumeric() || *b == b'_'));
        if rest.starts_with(b"MODULE") && word_ends {
            return Some(start);
        }
        from = i.max(start + 4);
    }
    None
}
