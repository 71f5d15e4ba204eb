//! The hand-written parser over the token stream: a cursor with layout (offside) handling,
//! diagnostics and error recovery, shared by the module, expression and proof parsers.
//!
//! Layout: a `/\` or `\/` in prefix position at column `c` opens a bulleted list. While one of
//! its items is parsed, column `c` is pushed on an offside stack and every token at a column
//! `<= c` reads as end of input, so the item ends there; the next item is the same bullet at
//! exactly column `c`. Brackets push "no limit", so a bracketed sub-expression may wander left.
//!
//! Errors: each parse function returns `PResult`; an error is recorded as a diagnostic when it
//! is found and the `Err` unwinds to the enclosing unit, which skips to the next line that
//! starts a unit in column 0. Nesting is bounded by an explicit depth counter.

mod brackets;
mod depth;
mod expr;
mod module;
mod primary;
mod proof;

use smol_str::SmolStr;
use tlafid_base::{Code, Diagnostic, FileId, Span};

use crate::ast::{Expr, ExprKind, Ident};
use crate::codes;
use crate::lexer::{Kw, PackedToken, TokKind, Token};

pub(crate) use module::parse_file_module;

/// The marker of an error that was already reported.
#[derive(Debug)]
pub(crate) struct Abort;

/// The result of one parse function.
pub(crate) type PResult<T> = Result<T, Abort>;

/// How deep expressions may nest (each level is a few stack frames).
const MAX_DEPTH: u32 = 256;
/// Syntax errors reported before parsing stops.
const MAX_ERRORS: usize = 100;
/// Column limit meaning "no limit" on the offside stack.
const NO_LIMIT: i64 = -1;

/// The parser state: tokens, position, layout stack and diagnostics.
pub(crate) struct Parser<'t> {
    file: FileId,
    text: &'t str,
    tokens: Vec<PackedToken>,
    pos: usize,
    offside: Vec<i64>,
    depth: u32,
    /// Nesting of `MODULE`s.
    module_depth: u32,
    /// Nesting of `EXCEPT` values, where `@` is allowed.
    except_depth: u32,
    fatal: bool,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

impl<'t> Parser<'t> {
    /// A parser over `tokens` (which end with one `Eof`).
    pub(crate) fn new(file: FileId, text: &'t str, tokens: Vec<PackedToken>) -> Parser<'t> {
        Parser {
            file,
            text,
            tokens,
            pos: 0,
            offside: Vec::new(),
            depth: 0,
            module_depth: 0,
            except_depth: 0,
            fatal: false,
            diagnostics: Vec::new(),
        }
    }

    // ----- cursor -------------------------------------------------------------------------

    /// The `n`th token ahead, seen through the layout: `Eof` past the offside column.
    pub(crate) fn nth(&self, n: usize) -> Token {
        let last = self.tokens.len() - 1;
        let tok = self.raw((self.pos + n).min(last));
        if self.fatal {
            return Token {
                kind: TokKind::Eof,
                ..self.raw(last)
            };
        }
        match self.offside.last() {
            Some(&limit) if i64::from(tok.col) <= limit => Token {
                kind: TokKind::Eof,
                ..tok
            },
            _ => tok,
        }
    }

    /// The token at index `i`, regardless of layout.
    pub(crate) fn raw(&self, i: usize) -> Token {
        self.tokens[i].unpack()
    }

    /// The current token.
    pub(crate) fn peek(&self) -> Token {
        self.nth(0)
    }

    /// The current token's kind.
    pub(crate) fn kind(&self) -> TokKind {
        self.peek().kind
    }

    /// True if the current token is the symbol `sym`.
    pub(crate) fn at_sym(&self, sym: &str) -> bool {
        matches!(self.kind(), TokKind::Sym(s) if s == sym)
    }

    /// True if the current token is the keyword `kw`.
    pub(crate) fn at_kw(&self, kw: Kw) -> bool {
        self.kind() == TokKind::Kw(kw)
    }

    /// Consumes and returns the current token (never moves past `Eof`).
    pub(crate) fn bump(&mut self) -> Token {
        let tok = self.peek();
        if tok.kind != TokKind::Eof {
            self.pos += 1;
        }
        tok
    }

    /// Consumes the symbol `sym` if it is next.
    pub(crate) fn eat_sym(&mut self, sym: &str) -> bool {
        let here = self.at_sym(sym);
        if here {
            self.pos += 1;
        }
        here
    }

    /// Consumes the keyword `kw` if it is next.
    pub(crate) fn eat_kw(&mut self, kw: Kw) -> bool {
        let here = self.at_kw(kw);
        if here {
            self.pos += 1;
        }
        here
    }

    /// Consumes the symbol `sym` or reports what was found instead.
    pub(crate) fn expect_sym(&mut self, sym: &str) -> PResult<Token> {
        if self.at_sym(sym) {
            return Ok(self.bump());
        }
        Err(self.unexpected(&format!("`{sym}`")))
    }

    /// Consumes an identifier or reports what was found instead.
    pub(crate) fn expect_ident(&mut self, what: &str) -> PResult<Ident> {
        if self.kind() == TokKind::Ident {
            let tok = self.bump();
            return Ok(self.ident(tok));
        }
        Err(self.unexpected(what))
    }

    /// The text of a token.
    pub(crate) fn text(&self, tok: Token) -> &'t str {
        &self.text[tok.start as usize..tok.end as usize]
    }

    /// The span of a token.
    pub(crate) fn span(&self, tok: Token) -> Span {
        Span::new(self.file, tok.start, tok.end)
    }

    /// The end of the last consumed token, as an empty span (for diagnostics at a gap).
    pub(crate) fn prev_end(&self) -> u32 {
        if self.pos == 0 {
            return 0;
        }
        self.tokens[self.pos - 1].unpack().end
    }

    /// A span from `start` (a byte offset) to the end of the last consumed token.
    pub(crate) fn span_from(&self, start: u32) -> Span {
        Span::new(self.file, start, self.prev_end().max(start))
    }

    /// Consumes the current token and makes an identifier of its text.
    pub(crate) fn bump_ident(&mut self) -> Ident {
        let tok = self.bump();
        self.ident(tok)
    }

    /// An identifier made from a token.
    pub(crate) fn ident(&self, tok: Token) -> Ident {
        Ident {
            name: SmolStr::new(self.text(tok)),
            span: self.span(tok),
        }
    }

    /// An expression node.
    pub(crate) fn node(&self, kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    // ----- layout ---------------------------------------------------------------------------

    /// Runs `f` with the offside column `limit` (or `NO_LIMIT`) in force.
    pub(crate) fn with_offside<T>(&mut self, limit: i64, f: impl FnOnce(&mut Self) -> T) -> T {
        self.offside.push(limit);
        let result = f(self);
        self.offside.pop();
        result
    }

    /// Runs `f` inside brackets: no column limit applies until they close.
    pub(crate) fn bracketed<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.with_offside(NO_LIMIT, f)
    }

    /// Counts one level of nesting; reports and stops parsing when too deep.
    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let tok = self.peek();
            let msg = format!("expression nested more than {MAX_DEPTH} levels deep");
            self.report(
                codes::TOO_DEEP,
                self.span(tok),
                msg,
                Some("split the expression into definitions"),
            );
            self.fatal = true;
            return Err(Abort);
        }
        Ok(())
    }

    /// Tracks the height of a chain being built by a loop: `height` is the chain so far,
    /// `operand` the part just added; reports when the tree grows too deep.
    pub(crate) fn grow_chain(
        &mut self,
        height: &mut usize,
        operand: &Expr,
        flat: bool,
    ) -> PResult<()> {
        let cap = depth::MAX_TREE_DEPTH;
        let operand_height = depth::height(operand, cap) + 1;
        *height = if flat {
            (*height).max(operand_height)
        } else {
            (*height).max(operand_height) + 1
        };
        if *height > cap {
            let msg = format!("expression nested more than {cap} levels deep (counting chains such as `a + b + …`)");
            self.report(
                codes::TOO_DEEP,
                operand.span,
                msg,
                Some("split the expression into definitions"),
            );
            self.fatal = true;
            return Err(Abort);
        }
        Ok(())
    }

    /// Leaves one level of nesting.
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ----- diagnostics ----------------------------------------------------------------------

    /// Records a diagnostic (stopping the parse after too many).
    pub(crate) fn report(
        &mut self,
        code: Code,
        span: Span,
        msg: impl Into<String>,
        hint: Option<&str>,
    ) {
        if self.fatal {
            return;
        }
        let mut diag = Diagnostic::error(code, msg, span);
        if let Some(hint) = hint {
            diag = diag.with_hint(hint);
        }
        self.diagnostics.push(diag);
        if self.diagnostics.len() >= MAX_ERRORS {
            let msg = "too many syntax errors; parsing stopped";
            self.diagnostics
                .push(Diagnostic::error(codes::TOO_MANY_ERRORS, msg, span));
            self.fatal = true;
        }
    }

    /// Reports an error and returns the abort marker.
    pub(crate) fn fail(&mut self, code: Code, span: Span, msg: impl Into<String>) -> Abort {
        self.report(code, span, msg, None);
        Abort
    }

    /// Reports that `expected` was expected where the current token stands.
    pub(crate) fn unexpected(&mut self, expected: &str) -> Abort {
        let tok = self.peek();
        let found = self.describe(tok);
        let msg = format!("expected {expected}, found {found}");
        let hint = (tok.kind == TokKind::Eof && tok.start < self.text.len() as u32).then_some(
            "a token at or left of the column of an enclosing `/\\` or `\\/` bullet ends its item",
        );
        self.report(codes::UNEXPECTED, self.span(tok), msg, hint);
        Abort
    }

    /// A short description of a token for messages.
    pub(crate) fn describe(&self, tok: Token) -> String {
        if tok.kind == TokKind::Eof {
            let raw = self.raw(self.pos.min(self.tokens.len() - 1));
            if raw.kind != TokKind::Eof && !self.fatal {
                return format!(
                    "`{}` (which ends the enclosing bulleted list item)",
                    self.text(raw)
                );
            }
            return "end of input".to_string();
        }
        let text = self.text(tok);
        let shown: String = text.chars().take(30).collect();
        format!("`{shown}`")
    }

    /// Drops consumed tokens once more than half of those held are behind the cursor, so the
    /// token buffer shrinks while the tree grows (amortised linear; called between units,
    /// where nothing looks back further than one token).
    pub(crate) fn compact_tokens(&mut self) {
        if self.pos < 4096 || self.pos < self.tokens.len() / 2 {
            return;
        }
        let consumed = self.pos - 1;
        self.tokens.drain(..consumed);
        self.tokens.shrink_to_fit();
        self.pos -= consumed;
    }

    /// Clears the per-unit state after an error unwound to the unit level.
    pub(crate) fn reset_unit_state(&mut self) {
        self.offside.clear();
        self.depth = 0;
        self.except_depth = 0;
    }
}
