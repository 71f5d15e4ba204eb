//! The lexer: drives the pest token grammar (`grammars/tla.pest`) over the text and turns its
//! pairs into a flat vector of [`Token`]s, each with its byte span and its column.
//!
//! Block comments nest, so they are skipped here with a depth counter rather than by a
//! recursive grammar rule: a comment nested 100 000 deep costs no stack.

use pest::Parser as _;
use tlafid_base::{Diagnostic, FileId, Span};

use crate::codes;
use crate::ops;

#[derive(pest_derive::Parser)]
#[grammar = "../../grammars/tla.pest"]
struct TlaGrammar;

/// Reserved words the parser tests by kind (proof-only words stay identifiers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Kw {
    Assume,
    Assumption,
    Axiom,
    Boolean,
    Case,
    Choose,
    Constant,
    Constants,
    Domain,
    Else,
    Enabled,
    Except,
    Extends,
    False,
    If,
    In,
    Instance,
    Lambda,
    Let,
    Local,
    Module,
    Other,
    Recursive,
    StringSet,
    Subset,
    Then,
    Theorem,
    True,
    Unchanged,
    Union,
    Variable,
    Variables,
    With,
    Use,
    Hide,
    Proof,
    By,
    Obvious,
    Omitted,
}

/// Every keyword, indexed by its discriminant (for compact token storage).
const KEYWORDS: [Kw; 39] = [
    Kw::Assume,
    Kw::Assumption,
    Kw::Axiom,
    Kw::Boolean,
    Kw::Case,
    Kw::Choose,
    Kw::Constant,
    Kw::Constants,
    Kw::Domain,
    Kw::Else,
    Kw::Enabled,
    Kw::Except,
    Kw::Extends,
    Kw::False,
    Kw::If,
    Kw::In,
    Kw::Instance,
    Kw::Lambda,
    Kw::Let,
    Kw::Local,
    Kw::Module,
    Kw::Other,
    Kw::Recursive,
    Kw::StringSet,
    Kw::Subset,
    Kw::Then,
    Kw::Theorem,
    Kw::True,
    Kw::Unchanged,
    Kw::Union,
    Kw::Variable,
    Kw::Variables,
    Kw::With,
    Kw::Use,
    Kw::Hide,
    Kw::Proof,
    Kw::By,
    Kw::Obvious,
    Kw::Omitted,
];

impl Kw {
    fn from_text(text: &str) -> Option<Kw> {
        let kw = match text {
            "ASSUME" => Kw::Assume,
            "ASSUMPTION" => Kw::Assumption,
            "AXIOM" => Kw::Axiom,
            "BOOLEAN" => Kw::Boolean,
            "CASE" => Kw::Case,
            "CHOOSE" => Kw::Choose,
            "CONSTANT" => Kw::Constant,
            "CONSTANTS" => Kw::Constants,
            "DOMAIN" => Kw::Domain,
            "ELSE" => Kw::Else,
            "ENABLED" => Kw::Enabled,
            "EXCEPT" => Kw::Except,
            "EXTENDS" => Kw::Extends,
            "FALSE" => Kw::False,
            "IF" => Kw::If,
            "IN" => Kw::In,
            "INSTANCE" => Kw::Instance,
            "LAMBDA" => Kw::Lambda,
            "LET" => Kw::Let,
            "LOCAL" => Kw::Local,
            "MODULE" => Kw::Module,
            "OTHER" => Kw::Other,
            "RECURSIVE" => Kw::Recursive,
            "STRING" => Kw::StringSet,
            "SUBSET" => Kw::Subset,
            "THEN" => Kw::Then,
            "THEOREM" | "LEMMA" | "PROPOSITION" | "COROLLARY" => Kw::Theorem,
            "TRUE" => Kw::True,
            "UNCHANGED" => Kw::Unchanged,
            "UNION" => Kw::Union,
            "VARIABLE" => Kw::Variable,
            "VARIABLES" => Kw::Variables,
            "WITH" => Kw::With,
            "USE" => Kw::Use,
            "HIDE" => Kw::Hide,
            "PROOF" => Kw::Proof,
            "BY" => Kw::By,
            "OBVIOUS" => Kw::Obvious,
            "OMITTED" => Kw::Omitted,
            _ => return None,
        };
        Some(kw)
    }
}

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokKind {
    /// An identifier (its text is in the source).
    Ident,
    /// A reserved word.
    Kw(Kw),
    /// A natural number, possibly written `\b…`, `\o…`, `\h…`.
    Number,
    /// `1.5`.
    Decimal,
    /// A string literal, quotes included.
    String,
    /// A proof step label such as `<1>2.`.
    Step,
    /// Four or more dashes.
    Dashes,
    /// Four or more equal signs.
    EqualsLine,
    /// An operator or punctuation symbol in its normalised spelling.
    Sym(&'static str),
    /// End of input (also stands for "no more tokens in this layout context").
    Eof,
}

/// One token as the parser sees it: its kind, byte span and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokKind,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
    /// 0-based column in characters from the start of its line.
    pub col: u32,
}

/// A token as stored: 16 bytes instead of 40, decoded to a [`Token`] on access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedToken {
    tag: u8,
    index: u8,
    start: u32,
    end: u32,
    col: u32,
}

impl PackedToken {
    fn pack(token: Token) -> PackedToken {
        let (tag, index) = match token.kind {
            TokKind::Ident => (0, 0),
            TokKind::Kw(kw) => (1, kw as u8),
            TokKind::Number => (2, 0),
            TokKind::Decimal => (3, 0),
            TokKind::String => (4, 0),
            TokKind::Step => (5, 0),
            TokKind::Dashes => (6, 0),
            TokKind::EqualsLine => (7, 0),
            TokKind::Sym(sym) => (8, ops::symbol_index(sym)),
            TokKind::Eof => (9, 0),
        };
        PackedToken {
            tag,
            index,
            start: token.start,
            end: token.end,
            col: token.col,
        }
    }

    /// The token this stands for.
    pub fn unpack(self) -> Token {
        let kind = match self.tag {
            0 => TokKind::Ident,
            1 => TokKind::Kw(KEYWORDS[usize::from(self.index)]),
            2 => TokKind::Number,
            3 => TokKind::Decimal,
            4 => TokKind::String,
            5 => TokKind::Step,
            6 => TokKind::Dashes,
            7 => TokKind::EqualsLine,
            8 => TokKind::Sym(ops::SYMBOLS[usize::from(self.index)]),
            _ => TokKind::Eof,
        };
        Token {
            kind,
            start: self.start,
            end: self.end,
            col: self.col,
        }
    }
}

/// Tokens of a text and the lexical errors met.
pub struct Lexed {
    /// The tokens, ending with one [`TokKind::Eof`].
    pub tokens: Vec<PackedToken>,
    /// Lexical diagnostics (codes E010-E019).
    pub diagnostics: Vec<Diagnostic>,
}

/// Bytes handed to pest at a time (cut at a line end, which no token crosses).
const SLICE_BYTES: usize = 8 * 1024;
/// Lexical errors reported before lexing gives up.
const MAX_LEX_ERRORS: usize = 50;

/// Lexes `text` from byte `start` to its end.
pub fn lex(file: FileId, text: &str, start: usize) -> Lexed {
    let mut lexer = Lexer {
        file,
        text,
        // Typical TLA+ runs 4-15 bytes per token; the excess is returned below.
        tokens: Vec::with_capacity(text.len() / 4 + 16),
        diagnostics: Vec::new(),
        anchor_pos: 0,
        anchor_col: 0,
    };
    lexer.run(start);
    let end = text.len() as u32;
    let eof = Token {
        kind: TokKind::Eof,
        start: end,
        end,
        col: 0,
    };
    lexer.tokens.push(PackedToken::pack(eof));
    lexer.tokens.shrink_to_fit();
    Lexed {
        tokens: lexer.tokens,
        diagnostics: lexer.diagnostics,
    }
}

struct Lexer<'t> {
    file: FileId,
    text: &'t str,
    tokens: Vec<PackedToken>,
    diagnostics: Vec<Diagnostic>,
    anchor_pos: usize,
    anchor_col: u32,
}

impl<'t> Lexer<'t> {
    fn run(&mut self, mut pos: usize) {
        let text = self.text;
        while pos < text.len() {
            let cut = slice_end(text, pos);
            pos = self.lex_slice(pos, cut);
            if pos >= cut {
                continue;
            }
            let rest = &text[pos..];
            if rest.starts_with("(*") {
                match skip_block_comment(rest) {
                    Some(len) => pos += len,
                    None => {
                        self.error(
                            codes::UNTERMINATED_COMMENT,
                            pos,
                            pos + 2,
                            "unterminated comment",
                        )
                        .hint = Some("every `(*` needs a matching `*)`".into());
                        return;
                    }
                }
            } else if rest.starts_with('"') {
                let line_len = rest.find('\n').unwrap_or(rest.len());
                self.error(
                    codes::UNTERMINATED_STRING,
                    pos,
                    pos + 1,
                    "unterminated string",
                )
                .hint = Some("strings end with `\"` on the same line".into());
                pos += line_len;
            } else {
                let ch = rest.chars().next().unwrap_or(' ');
                let len = ch.len_utf8();
                let msg = format!("unexpected character {ch:?}");
                self.error(codes::BAD_CHAR, pos, pos + len, msg);
                pos += len;
            }
            if self.diagnostics.len() >= MAX_LEX_ERRORS {
                let msg = "too many lexical errors; the rest of the file is ignored";
                self.error(codes::TOO_MANY_LEX_ERRORS, pos, pos, msg);
                return;
            }
        }
    }

    /// Lexes `text[pos..cut]` with pest; returns where the tokens stopped.
    fn lex_slice(&mut self, pos: usize, cut: usize) -> usize {
        let slice = &self.text[pos..cut];
        let Ok(mut pairs) = TlaGrammar::parse(Rule::chunk, slice) else {
            return pos;
        };
        let Some(chunk) = pairs.next() else {
            return pos;
        };
        let stop = pos + chunk.as_span().end();
        for pair in chunk.into_inner() {
            let span = pair.as_span();
            let (start, end) = (pos + span.start(), pos + span.end());
            let kind = classify(span.as_str());
            match kind {
                Some(kind) => self.push(kind, start, end),
                None => {
                    let msg = format!("unknown operator `{}`", span.as_str());
                    self.error(codes::BAD_CHAR, start, end, msg);
                }
            }
        }
        stop
    }

    fn push(&mut self, kind: TokKind, start: usize, end: usize) {
        let col = self.column(start);
        let token = Token {
            kind,
            start: start as u32,
            end: end as u32,
            col,
        };
        self.tokens.push(PackedToken::pack(token));
    }

    /// The column of `pos`, counted incrementally from the previous token.
    fn column(&mut self, pos: usize) -> u32 {
        let gap = &self.text.as_bytes()[self.anchor_pos..pos];
        let col = match gap.iter().rposition(|&b| b == b'\n') {
            Some(nl) => count_chars(&self.text[self.anchor_pos + nl + 1..pos]),
            None => self.anchor_col + count_chars(&self.text[self.anchor_pos..pos]),
        };
        self.anchor_pos = pos;
        self.anchor_col = col;
        col
    }

    fn error(
        &mut self,
        code: tlafid_base::Code,
        start: usize,
        end: usize,
        msg: impl Into<String>,
    ) -> &mut Diagnostic {
        let span = Span::new(self.file, start as u32, end as u32);
        self.diagnostics.push(Diagnostic::error(code, msg, span));
        self.diagnostics.last_mut().expect("just pushed")
    }
}

fn count_chars(s: &str) -> u32 {
    if s.is_ascii() {
        s.len() as u32
    } else {
        s.chars().count() as u32
    }
}

/// Where the slice starting at `pos` ends: just after a line end some way ahead.
fn slice_end(text: &str, pos: usize) -> usize {
    let target = pos + SLICE_BYTES;
    if target >= text.len() {
        return text.len();
    }
    match text.as_bytes()[target..].iter().position(|&b| b == b'\n') {
        Some(nl) => target + nl + 1,
        None => text.len(),
    }
}

/// The length of the (nested) block comment at the start of `text`, or `None` if unclosed.
fn skip_block_comment(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i + 1 < bytes.len() {
        match (bytes[i], bytes[i + 1]) {
            (b'(', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b')') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// The kind of a token from its text (the grammar has one rule for all tokens).
fn classify(text: &str) -> Option<TokKind> {
    let bytes = text.as_bytes();
    let first = *bytes.first()?;
    let kind = match first {
        b'"' => TokKind::String,
        b'0'..=b'9' if bytes.iter().all(|b| b.is_ascii_digit()) => TokKind::Number,
        b'0'..=b'9' if bytes.iter().all(|b| b.is_ascii_digit() || *b == b'.') => TokKind::Decimal,
        b if (b.is_ascii_alphanumeric() || b == b'_')
            && bytes.iter().any(u8::is_ascii_alphabetic) =>
        {
            Kw::from_text(text).map_or(TokKind::Ident, TokKind::Kw)
        }
        b'<' if bytes.len() > 2 && matches!(bytes[1], b'0'..=b'9' | b'*' | b'+') => TokKind::Step,
        b'-' if bytes.len() >= 4 && bytes.iter().all(|&b| b == b'-') => TokKind::Dashes,
        b'=' if bytes.len() >= 4 && bytes.iter().all(|&b| b == b'=') => TokKind::EqualsLine,
        b'\\' if is_radix_number(bytes) => TokKind::Number,
        b'\\' if bytes.len() > 1 && bytes[1].is_ascii_alphabetic() => {
            TokKind::Sym(ops::backslash_word(text)?)
        }
        b if b.is_ascii() => TokKind::Sym(ops::ascii_symbol(text)?),
        _ => TokKind::Sym(ops::unicode_symbol(text)?),
    };
    Some(kind)
}

/// `\b101`, `\o17`, `\hFF` (the grammar only lets through well-formed ones).
fn is_radix_number(bytes: &[u8]) -> bool {
    let radix = match bytes.get(1) {
        Some(b'b' | b'B') => 2,
        Some(b'o' | b'O') => 8,
        Some(b'h' | b'H') => 16,
        _ => return false,
    };
    bytes.len() > 2 && bytes[2..].iter().all(|&b| char::from(b).is_digit(radix))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<TokKind> {
        lex(FileId(0), text, 0)
            .tokens
            .into_iter()
            .map(|t| t.unpack().kind)
            .collect()
    }

    #[test]
    fn longest_symbols_win_and_synonyms_normalise() {
        use TokKind::*;
        assert_eq!(
            kinds("a <=> b =< c ∪ d \\union e -+-> |-> ==== ----- \\b101 1..2"),
            vec![
                Ident,
                Sym("<=>"),
                Ident,
                Sym("<="),
                Ident,
                Sym("\\cup"),
                Ident,
                Sym("\\cup"),
                Ident,
                Sym("-+->"),
                Sym("|->"),
                EqualsLine,
                Dashes,
                Number,
                Number,
                Sym(".."),
                Number,
                Eof
            ]
        );
    }

    #[test]
    fn comments_nest_and_columns_count_characters() {
        let lexed = lex(FileId(0), "(* a (* b *) c *) x\n  ∧ y \\* z\n", 0);
        let cols: Vec<u32> = lexed.tokens.iter().map(|t| t.unpack().col).collect();
        assert_eq!(cols, vec![18, 2, 4, 0]);
        assert!(lexed.diagnostics.is_empty());
    }

    #[test]
    fn every_ascii_symbol_lexes_alone_to_its_normal_form() {
        for text in ops::ASCII_SYMBOLS
            .iter()
            .chain(&["(+)", "(-)", "(.)", "(/)", "(\\X)", "=<", "/="])
        {
            let lexed = lex(FileId(0), text, 0);
            let expected = ops::ascii_symbol(text).map(TokKind::Sym);
            let kinds: Vec<TokKind> = lexed.tokens.iter().map(|t| t.unpack().kind).collect();
            assert_eq!(
                kinds,
                vec![expected.expect("known symbol"), TokKind::Eof],
                "{text}"
            );
        }
    }

    #[test]
    fn every_symbol_and_keyword_survives_packing() {
        for sym in ops::SYMBOLS {
            let tok = Token {
                kind: TokKind::Sym(sym),
                start: 1,
                end: 2,
                col: 3,
            };
            assert_eq!(PackedToken::pack(tok).unpack(), tok);
        }
        for kw in KEYWORDS {
            let tok = Token {
                kind: TokKind::Kw(kw),
                start: 1,
                end: 2,
                col: 3,
            };
            assert_eq!(PackedToken::pack(tok).unpack(), tok);
        }
        assert_eq!(std::mem::size_of::<PackedToken>(), 16);
    }

    #[test]
    fn bad_characters_and_open_strings_are_reported() {
        let lexed = lex(FileId(0), "a ` b \"open\n", 0);
        let codes: Vec<_> = lexed.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, vec![codes::BAD_CHAR, codes::UNTERMINATED_STRING]);
    }
}
