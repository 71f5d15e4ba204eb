//! The statement parser: a keyword, then what that keyword takes, up to the next keyword.
//!
//! Like TLC, a section ends where the next keyword begins; newlines mean nothing. On an error
//! the parser reports it and skips to the next keyword (or, inside a `CONSTANTS` section, to
//! the next entry), so one mistake costs one diagnostic.

use tlafid_base::{Code, Diagnostic, FileId, Span};

use crate::codes;
use crate::keywords::{self, Keyword, Shape, KEYWORD_HINT};
use crate::lexer::{Token, TokenKind};
use crate::model::{Config, Flag, Named};

/// Marks that parsing a piece failed and its diagnostic has been pushed.
pub(crate) struct Reported;

/// Parser state over one token list.
pub(crate) struct Parser<'t> {
    pub(crate) file: FileId,
    pub(crate) text: &'t str,
    pub(crate) tokens: Vec<Token>,
    pub(crate) pos: usize,
    /// End of the last consumed token.
    pub(crate) prev_end: usize,
    pub(crate) config: Config,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The keyword of the statement just parsed, if it takes exactly one name (for hints).
    one_name_keyword: Option<&'t str>,
}

impl<'t> Parser<'t> {
    pub(crate) fn new(file: FileId, text: &'t str, tokens: Vec<Token>) -> Parser<'t> {
        let prev_end = tokens.first().map_or(0, |t| t.start);
        Parser {
            file,
            text,
            tokens,
            pos: 0,
            prev_end,
            config: Config::default(),
            diagnostics: Vec::new(),
            one_name_keyword: None,
        }
    }

    /// Parses every statement.
    pub(crate) fn parse_file(&mut self) {
        while !self.at(TokenKind::End) {
            let token = self.peek();
            match self.keyword(token) {
                Some(keyword) => self.statement(keyword, token),
                None => {
                    self.unknown_statement(token);
                    self.skip_to_statement();
                }
            }
        }
        self.check_spec_conflict();
    }

    /// TLC refuses `SPECIFICATION` together with `INIT` or `NEXT`.
    fn check_spec_conflict(&mut self) {
        let Some(spec) = &self.config.specification else {
            return;
        };
        for (keyword, named) in [("INIT", &self.config.init), ("NEXT", &self.config.next)] {
            if let Some(named) = named {
                let message = format!("{keyword} is given together with SPECIFICATION");
                let diagnostic = Diagnostic::error(codes::SPEC_WITH_INIT_NEXT, message, named.span)
                    .with_label(spec.span, "SPECIFICATION given here")
                    .with_hint("give either SPECIFICATION, or INIT and NEXT");
                self.diagnostics.push(diagnostic);
            }
        }
    }

    // ---- token access ----

    pub(crate) fn peek(&self) -> Token {
        self.peek_at(0)
    }

    pub(crate) fn peek_at(&self, ahead: usize) -> Token {
        let last = self.tokens.len() - 1;
        self.tokens[(self.pos + ahead).min(last)]
    }

    pub(crate) fn at(&self, kind: TokenKind) -> bool {
        self.peek().kind == kind
    }

    pub(crate) fn bump(&mut self) -> Token {
        let token = self.peek();
        if token.kind != TokenKind::End {
            self.pos += 1;
            self.prev_end = token.end;
        }
        token
    }

    pub(crate) fn eat(&mut self, kind: TokenKind) -> Option<Token> {
        if self.at(kind) {
            Some(self.bump())
        } else {
            None
        }
    }

    pub(crate) fn text_of(&self, token: Token) -> &'t str {
        &self.text[token.start..token.end]
    }

    pub(crate) fn span_of(&self, token: Token) -> Span {
        self.span(token.start, token.end)
    }

    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, start as u32, end as u32)
    }

    pub(crate) fn keyword(&self, token: Token) -> Option<Keyword> {
        if token.kind == TokenKind::Word {
            Keyword::from_word(self.text_of(token))
        } else {
            None
        }
    }

    /// At a keyword or at the end: the current section is over.
    pub(crate) fn at_section_end(&self) -> bool {
        let token = self.peek();
        token.kind == TokenKind::End || self.keyword(token).is_some()
    }

    /// How a token is named in messages.
    pub(crate) fn describe(&self, token: Token) -> String {
        match token.kind {
            TokenKind::End => "the end of the file".into(),
            _ if self.keyword(token).is_some() => format!("keyword `{}`", self.text_of(token)),
            _ => format!("`{}`", self.text_of(token)),
        }
    }

    /// A name token (a word that is not a keyword) as a [`Named`].
    pub(crate) fn named(&self, token: Token) -> Named {
        Named {
            name: self.text_of(token).into(),
            span: self.span_of(token),
        }
    }

    // ---- diagnostics ----

    pub(crate) fn error(&mut self, code: Code, message: String, token: Token) -> Reported {
        let span = self.span_of(token);
        self.diagnostics
            .push(Diagnostic::error(code, message, span));
        Reported
    }

    /// Adds a hint to the diagnostic pushed last.
    pub(crate) fn hint(&mut self, hint: impl Into<String>) {
        if let Some(last) = self.diagnostics.last_mut() {
            last.hint = Some(hint.into());
        }
    }

    /// Warns that TLC rejects what tlafid accepts here.
    pub(crate) fn not_tlc(&mut self, what: &str, span: Span) {
        let message = format!("{what} is a tlafid extension: TLC rejects this configuration");
        self.diagnostics
            .push(Diagnostic::warning(codes::NOT_TLC, message, span));
    }

    /// Skips an unparsable stretch: up to the next keyword, or to a line that starts with a
    /// word that looks like a misspelt keyword (so each bad line gets its own diagnostic).
    fn skip_to_statement(&mut self) {
        self.bump();
        while !self.at_section_end() && !self.at_keyword_lookalike() {
            self.bump();
        }
    }

    fn at_keyword_lookalike(&self) -> bool {
        let token = self.peek();
        if token.kind != TokenKind::Word || !self.starts_line(token) {
            return false;
        }
        let word = self.text_of(token);
        word.bytes().all(|b| b.is_ascii_uppercase() || b == b'_')
            || keywords::suggest(word).is_some()
    }

    /// True if only spaces separate the token from the start of its line.
    fn starts_line(&self, token: Token) -> bool {
        let before = self.text[..token.start].trim_end_matches([' ', '\t']);
        before.is_empty() || before.ends_with(['\n', '\r'])
    }

    fn skip_to_keyword(&mut self) {
        while !self.at_section_end() {
            self.bump();
        }
    }

    // ---- statements ----

    fn unknown_statement(&mut self, token: Token) {
        let shown = self.describe(token);
        self.error(
            codes::UNKNOWN_KEYWORD,
            format!("expected a keyword, found {shown}"),
            token,
        );
        let suggestion = match token.kind {
            TokenKind::Word => keywords::suggest(self.text_of(token)),
            _ => None,
        };
        let hint = match (suggestion, self.one_name_keyword) {
            (Some(spelling), _) => format!("did you mean `{spelling}`? {KEYWORD_HINT}"),
            (None, Some(keyword)) => format!(
                "{keyword} takes exactly one name; list several names under INVARIANTS, \
                 PROPERTIES or CONSTRAINTS"
            ),
            (None, None) => KEYWORD_HINT.to_string(),
        };
        self.hint(hint);
        self.one_name_keyword = None;
    }

    fn statement(&mut self, keyword: Keyword, keyword_token: Token) {
        self.bump();
        self.one_name_keyword = None;
        match keyword.shape() {
            Shape::OneName => self.one_name(keyword, keyword_token),
            Shape::Names => self.names(keyword, keyword_token),
            Shape::Bindings => self.bindings(),
            Shape::Flag => self.check_deadlock(keyword_token),
            Shape::Unsupported => self.unsupported(keyword_token),
        }
    }

    fn one_name(&mut self, keyword: Keyword, keyword_token: Token) {
        let spelling = self.text_of(keyword_token);
        let token = self.peek();
        if token.kind != TokenKind::Word || self.at_section_end() {
            let message = format!(
                "expected an operator name after {spelling}, found {}",
                self.describe(token)
            );
            self.error(codes::EXPECTED_NAME, message, token);
            if !self.at_section_end() {
                self.bump();
            }
            return;
        }
        self.bump();
        self.one_name_keyword = Some(spelling);
        let named = self.named(token);
        let config = &mut self.config;
        let slot = match keyword {
            Keyword::Specification => &mut config.specification,
            Keyword::Init => &mut config.init,
            Keyword::Next => &mut config.next,
            Keyword::Symmetry => &mut config.symmetry,
            Keyword::View => &mut config.view,
            _ => &mut config.alias,
        };
        match slot {
            Some(first) => {
                let first_span = first.span;
                self.duplicate(spelling, keyword_token, first_span);
            }
            None => *slot = Some(named),
        }
    }

    fn duplicate(&mut self, spelling: &str, keyword_token: Token, first: Span) {
        let message = format!("{spelling} is given twice; TLC allows it once");
        let span = self.span_of(keyword_token);
        let diagnostic = Diagnostic::error(codes::DUPLICATE_KEYWORD, message, span)
            .with_label(first, "first given here")
            .with_hint("keep one of them");
        self.diagnostics.push(diagnostic);
    }

    fn names(&mut self, keyword: Keyword, keyword_token: Token) {
        let spelling = self.text_of(keyword_token);
        while !self.at_section_end() {
            let token = self.bump();
            match token.kind {
                TokenKind::Word => {
                    let named = self.named(token);
                    let list = match keyword {
                        Keyword::Invariants => &mut self.config.invariants,
                        Keyword::Properties => &mut self.config.properties,
                        Keyword::Constraints => &mut self.config.constraints,
                        Keyword::ActionConstraints => &mut self.config.action_constraints,
                        _ => &mut self.config.postconditions,
                    };
                    list.push(named);
                }
                TokenKind::Comma => {
                    let span = self.span_of(token);
                    self.not_tlc("a comma between names", span);
                    self.hint("TLC separates names by whitespace only");
                }
                _ => {
                    let message = format!(
                        "expected an operator name after {spelling}, found {}",
                        self.describe(token)
                    );
                    self.error(codes::EXPECTED_NAME, message, token);
                    self.hint(format!(
                        "{spelling} lists names of definitions in the specification"
                    ));
                }
            }
        }
    }

    fn check_deadlock(&mut self, keyword_token: Token) {
        let token = self.peek();
        let value = match self.text_of(token) {
            "TRUE" if token.kind == TokenKind::Word => true,
            "FALSE" if token.kind == TokenKind::Word => false,
            _ => {
                let message = format!(
                    "expected TRUE or FALSE after CHECK_DEADLOCK, found {}",
                    self.describe(token)
                );
                self.error(codes::BAD_FLAG, message, token);
                self.hint("write CHECK_DEADLOCK TRUE or CHECK_DEADLOCK FALSE, in capitals");
                if !self.at_section_end() {
                    self.bump();
                }
                return;
            }
        };
        self.bump();
        match self.config.check_deadlock {
            Some(first) => self.duplicate("CHECK_DEADLOCK", keyword_token, first.span),
            None => {
                self.config.check_deadlock = Some(Flag {
                    value,
                    span: self.span_of(token),
                })
            }
        }
    }

    fn unsupported(&mut self, keyword_token: Token) {
        let spelling = self.text_of(keyword_token);
        let message = format!("TLC-internal keyword {spelling} is not supported by tlafid");
        self.error(codes::UNSUPPORTED, message, keyword_token);
        self.hint("remove this section; its names are ignored");
        self.skip_to_keyword();
    }
}
