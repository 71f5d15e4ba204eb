//! Splits configuration text into tokens, skipping whitespace and TLA+ comments (`\*` to the
//! end of the line, and nestable `(* ... *)`). Characters the language has no use for are
//! reported (`E063`) and skipped, so the parser never sees them.

use tlafid_base::{Diagnostic, FileId, Span};

use crate::codes;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// An identifier, a keyword, `TRUE` or `FALSE` (letters, digits and `_`, with a letter).
    Word,
    /// An unsigned integer: decimal digits, or `\b`, `\o`, `\h` followed by digits.
    Number,
    /// A string literal, quotes included (possibly unterminated, already reported).
    Str,
    /// `=`
    Equals,
    /// `<-` or `←`
    Substitute,
    /// `{`
    LeftBrace,
    /// `}`
    RightBrace,
    /// `<<` or `⟨`
    LeftTuple,
    /// `>>` or `⟩`
    RightTuple,
    /// `(`
    LeftParen,
    /// `)`
    RightParen,
    /// `[`
    LeftBracket,
    /// `]`
    RightBracket,
    /// `,`
    Comma,
    /// `!`
    Bang,
    /// `-`
    Minus,
    /// The end of the text.
    End,
}

/// A token: its kind and its byte range in the whole text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: TokenKind,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// Tokens of `text[range]` (offsets stay relative to the whole `text`), ending with one
/// [`TokenKind::End`] token, plus the lexical errors found.
pub(crate) fn lex(
    file: FileId,
    text: &str,
    range: std::ops::Range<usize>,
) -> (Vec<Token>, Vec<Diagnostic>) {
    let mut lexer = Lexer {
        file,
        text,
        end: range.end,
        pos: range.start,
        tokens: Vec::new(),
        diagnostics: Vec::new(),
    };
    while lexer.pos < lexer.end {
        lexer.step();
    }
    let end = lexer.end;
    lexer.tokens.push(Token {
        kind: TokenKind::End,
        start: end,
        end,
    });
    (lexer.tokens, lexer.diagnostics)
}

struct Lexer<'t> {
    file: FileId,
    text: &'t str,
    end: usize,
    pos: usize,
    tokens: Vec<Token>,
    diagnostics: Vec<Diagnostic>,
}

/// Single-character and two-character punctuation, longest first.
const PUNCTUATION: &[(&str, TokenKind)] = &[
    ("<<", TokenKind::LeftTuple),
    (">>", TokenKind::RightTuple),
    ("<-", TokenKind::Substitute),
    ("⟨", TokenKind::LeftTuple),
    ("⟩", TokenKind::RightTuple),
    ("←", TokenKind::Substitute),
    ("=", TokenKind::Equals),
    ("{", TokenKind::LeftBrace),
    ("}", TokenKind::RightBrace),
    ("(", TokenKind::LeftParen),
    (")", TokenKind::RightParen),
    ("[", TokenKind::LeftBracket),
    ("]", TokenKind::RightBracket),
    (",", TokenKind::Comma),
    ("!", TokenKind::Bang),
    ("-", TokenKind::Minus),
];

impl<'t> Lexer<'t> {
    fn rest(&self) -> &'t str {
        &self.text[self.pos..self.end]
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        self.tokens.push(Token {
            kind,
            start,
            end: self.pos,
        });
    }

    fn error(&mut self, start: usize, end: usize, message: String, hint: Option<&str>) {
        let span = Span::new(self.file, start as u32, end as u32);
        let mut diagnostic = Diagnostic::error(codes::BAD_TOKEN, message, span);
        if let Some(hint) = hint {
            diagnostic = diagnostic.with_hint(hint);
        }
        self.diagnostics.push(diagnostic);
    }

    /// Consumes one token, comment or run of whitespace.
    fn step(&mut self) {
        let rest = self.rest();
        let Some(first) = rest.chars().next() else {
            return;
        };
        let start = self.pos;
        if first.is_whitespace() {
            self.pos += first.len_utf8();
        } else if rest.starts_with("\\*") {
            self.pos += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("(*") {
            self.block_comment();
        } else if first == '"' {
            self.string();
        } else if first == '\\' {
            self.backslash();
        } else if first.is_ascii_alphanumeric() || first == '_' {
            self.word();
        } else if let Some(&(symbol, kind)) = PUNCTUATION.iter().find(|(s, _)| rest.starts_with(s))
        {
            self.pos += symbol.len();
            self.push(kind, start);
        } else {
            self.pos += first.len_utf8();
            let message = format!("unexpected character `{first}` in a configuration file");
            self.error(start, self.pos, message, None);
        }
    }

    /// Skips a `(* ... *)` comment, which may nest.
    fn block_comment(&mut self) {
        let start = self.pos;
        let mut depth = 0usize;
        while self.pos < self.end {
            let rest = self.rest();
            if rest.starts_with("(*") {
                depth += 1;
                self.pos += 2;
            } else if rest.starts_with("*)") {
                depth -= 1;
                self.pos += 2;
                if depth == 0 {
                    return;
                }
            } else {
                self.pos += rest.chars().next().map_or(1, char::len_utf8);
            }
        }
        let hint = Some("close the comment with `*)` (comments nest)");
        self.error(start, start + 2, "unterminated `(*` comment".into(), hint);
    }

    /// Lexes a string literal; a backslash escapes the next character. A string ends at its
    /// line's end if it is not closed before.
    fn string(&mut self) {
        let start = self.pos;
        let body = &self.text[start + 1..self.end];
        let mut escaped = false;
        for (offset, c) in body.char_indices() {
            match c {
                '"' if !escaped => {
                    self.pos = start + 1 + offset + 1;
                    return self.push(TokenKind::Str, start);
                }
                '\n' | '\r' => {
                    self.pos = start + 1 + offset;
                    return self.unterminated_string(start);
                }
                _ => escaped = c == '\\' && !escaped,
            }
        }
        self.pos = self.end;
        self.unterminated_string(start);
    }

    fn unterminated_string(&mut self, start: usize) {
        let hint = Some("close the string with `\"` on the same line");
        self.error(start, self.pos, "unterminated string".into(), hint);
        self.push(TokenKind::Str, start);
    }

    /// Lexes `\b`, `\o`, `\h` numbers; any other `\word` is a TLA+ operator, which is reported.
    fn backslash(&mut self) {
        let start = self.pos;
        self.pos += 1;
        let word_len = self
            .rest()
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(self.rest().len());
        let word = &self.rest()[..word_len];
        self.pos += word_len;
        let radix = match word.as_bytes().first() {
            Some(b'b' | b'B') => 2,
            Some(b'o' | b'O') => 8,
            Some(b'h' | b'H') => 16,
            _ => 0,
        };
        if radix != 0 && word.len() > 1 && word[1..].chars().all(|c| c.is_digit(radix)) {
            return self.push(TokenKind::Number, start);
        }
        let shown = &self.text[start..self.pos];
        let message = format!("unexpected `{shown}` in a configuration file");
        let hint =
            "a configuration names operators and gives values; TLA+ expressions belong in a \
                    .tla module, named here by their definition's name";
        self.error(start, self.pos, message, Some(hint));
    }

    /// Lexes a run of letters, digits and `_`: a number if all digits, a word if it has a letter.
    fn word(&mut self) {
        let start = self.pos;
        let len = self
            .rest()
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(self.rest().len());
        let word = &self.rest()[..len];
        self.pos += len;
        if word.bytes().all(|b| b.is_ascii_digit()) {
            self.push(TokenKind::Number, start);
        } else if word.bytes().any(|b| b.is_ascii_alphabetic()) {
            self.push(TokenKind::Word, start);
        } else {
            let message = format!("`{word}` is not a name: names need a letter");
            self.error(start, self.pos, message, None);
        }
    }
}
