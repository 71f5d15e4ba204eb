//! `CONSTANT`/`CONSTANTS` sections: bindings (`N = 3`, `F(a) = 1`, `N <- Op`, `N <- [M] Op`,
//! `N = [M] 3`) and the values they give.

use crate::codes;
use crate::lexer::{Token, TokenKind};
use crate::model::{Binding, ConfigValue, ConstantBinding, Named, SpannedValue};
use crate::parser::{Parser, Reported};

/// TLC's integers are Java `int`s.
const TLC_INT_MIN: i64 = i32::MIN as i64;
const TLC_INT_MAX: i64 = i32::MAX as i64;

impl Parser<'_> {
    /// Parses constant bindings up to the next keyword, recovering at each bad entry.
    pub(crate) fn bindings(&mut self) {
        while !self.at_section_end() {
            if let Some(comma) = self.eat(TokenKind::Comma) {
                self.not_tlc("a comma between constant entries", self.span_of(comma));
                self.hint("TLC separates constant entries by whitespace only");
                continue;
            }
            let start = self.pos;
            match self.binding() {
                Ok(binding) => self.config.constants.push(binding),
                Err(Reported) => self.recover_binding(start),
            }
        }
    }

    /// Skips to the next keyword or the next token that starts an entry.
    fn recover_binding(&mut self, start: usize) {
        if self.pos == start {
            self.bump();
        }
        while !self.at_section_end() && !self.at_binding_start() {
            self.bump();
        }
    }

    /// At `name =`, `name <-`, `name(` or `name!`: the start of an entry.
    fn at_binding_start(&self) -> bool {
        let (name, next) = (self.peek(), self.peek_at(1));
        name.kind == TokenKind::Word
            && self.keyword(name).is_none()
            && matches!(
                next.kind,
                TokenKind::Equals | TokenKind::Substitute | TokenKind::LeftParen | TokenKind::Bang
            )
    }

    fn binding(&mut self) -> Result<ConstantBinding, Reported> {
        let name = self.constant_name()?;
        let start = name.span.start as usize;
        if self.eat(TokenKind::Substitute).is_some() {
            let module = self.module_scope()?;
            let target = self.expect_name("an operator name after `<-`")?;
            let span = self.span(start, self.prev_end);
            let binding = Binding::Substitute(target);
            return Ok(ConstantBinding {
                name,
                args: Vec::new(),
                module,
                binding,
                span,
            });
        }
        let args = if self.at(TokenKind::LeftParen) {
            self.arguments()?
        } else {
            Vec::new()
        };
        if self.eat(TokenKind::Equals).is_none() {
            return Err(self.missing_equals(&name));
        }
        let module = self.module_scope()?;
        let value = self.value()?;
        let span = self.span(start, self.prev_end);
        Ok(ConstantBinding {
            name,
            args,
            module,
            binding: Binding::Value(value),
            span,
        })
    }

    fn missing_equals(&mut self, name: &Named) -> Reported {
        let token = self.peek();
        let message = format!(
            "expected `=` or `<-` after constant `{}`, found {}",
            name.name,
            self.describe(token)
        );
        self.error(codes::BAD_CONSTANT, message, token);
        self.hint(format!(
            "write `{0} = value` to give a value, or `{0} <- Op` to replace it by a definition",
            name.name
        ));
        Reported
    }

    /// A constant name, possibly qualified: `C` or `Inst!C`.
    fn constant_name(&mut self) -> Result<Named, Reported> {
        let mut named = self.expect_name("a constant name")?;
        while self.eat(TokenKind::Bang).is_some() {
            let part = self.expect_name("a name after `!`")?;
            named.name = format!("{}!{}", named.name, part.name).into();
            named.span = named.span.to(part.span);
        }
        Ok(named)
    }

    /// A name token (a word that is not a keyword), or an error saying `expected` was expected.
    fn expect_name(&mut self, expected: &str) -> Result<Named, Reported> {
        let token = self.peek();
        if token.kind == TokenKind::Word && self.keyword(token).is_none() {
            self.bump();
            return Ok(self.named(token));
        }
        let message = format!("expected {expected}, found {}", self.describe(token));
        Err(self.error(codes::BAD_CONSTANT, message, token))
    }

    /// An optional `[Module]` scope.
    fn module_scope(&mut self) -> Result<Option<Named>, Reported> {
        let Some(open) = self.eat(TokenKind::LeftBracket) else {
            return Ok(None);
        };
        let module = self.expect_name("a module name after `[`")?;
        self.expect_close(TokenKind::RightBracket, "]", open, codes::BAD_CONSTANT)?;
        Ok(Some(module))
    }

    /// `(v1, v2, ...)`: the arguments of one point of a constant operator.
    fn arguments(&mut self) -> Result<Vec<SpannedValue>, Reported> {
        let open = self.bump();
        let mut args = vec![self.value()?];
        while self.eat(TokenKind::Comma).is_some() {
            args.push(self.value()?);
        }
        self.expect_close(TokenKind::RightParen, ")", open, codes::BAD_CONSTANT)?;
        Ok(args)
    }

    fn expect_close(
        &mut self,
        close: TokenKind,
        symbol: &str,
        open: Token,
        code: tlafid_base::Code,
    ) -> Result<Token, Reported> {
        if let Some(token) = self.eat(close) {
            return Ok(token);
        }
        let token = self.peek();
        let message = format!("expected `{symbol}`, found {}", self.describe(token));
        self.error(code, message, token);
        let open_span = self.span_of(open);
        if let Some(last) = self.diagnostics.last_mut() {
            last.labels.push(tlafid_base::Label {
                span: open_span,
                message: "opened here".into(),
            });
        }
        Err(Reported)
    }

    /// One value: a number, string, `TRUE`/`FALSE`, model value, set or tuple.
    pub(crate) fn value(&mut self) -> Result<SpannedValue, Reported> {
        let token = self.peek();
        if self.at_binding_start() {
            // `A =` followed by `B = 1`: newlines mean nothing, but `B` starts the next entry.
            return Err(self.missing_value(token));
        }
        let value = match token.kind {
            TokenKind::Number => self.number(token, false)?,
            TokenKind::Minus => self.negative_number()?,
            TokenKind::Str => ConfigValue::Str(self.string_body(token).into()),
            TokenKind::Word if self.keyword(token).is_none() => match self.text_of(token) {
                "TRUE" => ConfigValue::Bool(true),
                "FALSE" => ConfigValue::Bool(false),
                name => ConfigValue::ModelValue(name.into()),
            },
            TokenKind::LeftBrace => ConfigValue::Set(self.elements(TokenKind::RightBrace, "}")?),
            TokenKind::LeftTuple => {
                self.not_tlc("a tuple", self.span_of(token));
                ConfigValue::Tuple(self.elements(TokenKind::RightTuple, ">>")?)
            }
            _ => return Err(self.missing_value(token)),
        };
        if !matches!(
            token.kind,
            TokenKind::Minus | TokenKind::LeftBrace | TokenKind::LeftTuple
        ) {
            self.bump();
        }
        Ok(SpannedValue {
            value,
            span: self.span(token.start, self.prev_end),
        })
    }

    fn missing_value(&mut self, token: Token) -> Reported {
        let message = format!("expected a value, found {}", self.describe(token));
        self.error(codes::BAD_VALUE, message, token);
        self.hint(
            "values are integers, \"strings\", TRUE, FALSE, model-value names and sets {a, b}",
        );
        Reported
    }

    /// The elements of a set or tuple, from the opening to the closing symbol.
    fn elements(&mut self, close: TokenKind, symbol: &str) -> Result<Vec<ConfigValue>, Reported> {
        let open = self.bump();
        let mut elements = Vec::new();
        if self.eat(close).is_some() {
            return Ok(elements);
        }
        loop {
            if self.at_binding_start() {
                // `S = {a, b` followed by `M = 3`: the brace was never closed.
                return self
                    .expect_close(close, symbol, open, codes::BAD_VALUE)
                    .map(|_| elements);
            }
            elements.push(self.value()?.value);
            if self.eat(TokenKind::Comma).is_none() {
                self.expect_close(close, &format!(",` or `{symbol}"), open, codes::BAD_VALUE)?;
                return Ok(elements);
            }
        }
    }

    fn negative_number(&mut self) -> Result<ConfigValue, Reported> {
        let minus = self.bump();
        let token = self.peek();
        if token.kind != TokenKind::Number {
            let message = format!(
                "expected a number after `-`, found {}",
                self.describe(token)
            );
            return Err(self.error(codes::BAD_VALUE, message, token));
        }
        let value = self.number(token, true)?;
        self.bump();
        self.not_tlc("a negative number", self.span(minus.start, token.end));
        self.hint("define the number in the specification and substitute it with `<-`");
        Ok(value)
    }

    /// The value of a number token (not consumed), negated if `negative`.
    fn number(&mut self, token: Token, negative: bool) -> Result<ConfigValue, Reported> {
        let text = self.text_of(token);
        let (digits, radix) = match text.strip_prefix('\\') {
            Some(rest) => {
                let radix = match rest.as_bytes()[0] {
                    b'b' | b'B' => 2,
                    b'o' | b'O' => 8,
                    _ => 16,
                };
                self.not_tlc(&format!("the number `{text}`"), self.span_of(token));
                self.hint("TLC's configuration language takes decimal numbers only");
                (&rest[1..], radix)
            }
            None => (text, 10),
        };
        let magnitude = u64::from_str_radix(digits, radix)
            .ok()
            .and_then(|m| i64::try_from(m).ok());
        let value = magnitude.map(|m| if negative { -m } else { m });
        match value {
            Some(v) if (TLC_INT_MIN..=TLC_INT_MAX).contains(&v) => Ok(ConfigValue::Int(v)),
            _ => {
                let message = format!("integer `{text}` is outside TLC's range");
                self.error(codes::BAD_VALUE, message, token);
                self.hint("TLC integers lie between -2147483648 and 2147483647");
                Err(Reported)
            }
        }
    }

    /// The characters between a string token's quotes, escapes kept as written.
    fn string_body(&self, token: Token) -> &str {
        let text = self.text_of(token);
        let inner = &text[1..];
        inner
            .strip_suffix('"')
            .filter(|_| text.len() >= 2)
            .unwrap_or(inner)
    }
}
