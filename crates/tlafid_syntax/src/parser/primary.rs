//! Primary expressions: literals, names and instance paths, parentheses,
//! quantifiers, `IF`, `CASE`, `LET`, `CHOOSE`, `LAMBDA`, fairness and action subscripts.

use super::{PResult, Parser};
use crate::ast::{Bound, Expr, ExprKind, Ident, RefSegment};
use crate::codes;
use crate::lexer::{Kw, TokKind, Token};
use crate::literal;
use crate::ops;

impl Parser<'_> {
    /// Parses one primary expression.
    pub(crate) fn primary(&mut self) -> PResult<Expr> {
        self.enter()?;
        let tok = self.peek();
        let span = self.span(tok);
        let expr = match tok.kind {
            TokKind::Number => {
                self.bump();
                let digits = literal::number_value(self.text(tok));
                match digits {
                    Some(digits) => self.node(ExprKind::Number(digits), span),
                    None => {
                        return Err(self.fail(
                            codes::UNSUPPORTED,
                            span,
                            "number literal too long (more than 10000 digits)",
                        ))
                    }
                }
            }
            TokKind::Decimal => {
                self.bump();
                self.node(ExprKind::Decimal(self.text(tok).into()), span)
            }
            TokKind::String => {
                self.bump();
                let value = self.string_value(tok);
                self.node(ExprKind::String(value), span)
            }
            TokKind::Kw(Kw::True) => self.keyword_node(ExprKind::Bool(true), span),
            TokKind::Kw(Kw::False) => self.keyword_node(ExprKind::Bool(false), span),
            TokKind::Kw(Kw::Boolean) => self.keyword_node(ExprKind::BooleanSet, span),
            TokKind::Kw(Kw::StringSet) => self.keyword_node(ExprKind::StringSet, span),
            TokKind::Ident => self.name_expr()?,
            TokKind::Sym("(") => self.paren()?,
            TokKind::Sym("{") => self.braces()?,
            TokKind::Sym("[") => self.square()?,
            TokKind::Sym("<<") => self.angle()?,
            TokKind::Sym("@") => {
                self.bump();
                if self.except_depth == 0 {
                    return Err(self.fail(
                        codes::AT_OUTSIDE_EXCEPT,
                        span,
                        "`@` outside the value of an `EXCEPT` update",
                    ));
                }
                self.node(ExprKind::At, span)
            }
            TokKind::Sym(q @ ("\\A" | "\\E")) => self.quantifier(q == "\\A")?,
            TokKind::Sym(q @ ("\\AA" | "\\EE")) => self.temporal_quantifier(q == "\\AA")?,
            TokKind::Kw(Kw::If) => self.if_then_else()?,
            TokKind::Kw(Kw::Case) => self.case()?,
            TokKind::Kw(Kw::Let) => self.let_in()?,
            TokKind::Kw(Kw::Choose) => self.choose()?,
            TokKind::Kw(Kw::Lambda) => self.lambda()?,
            _ => return Err(self.unexpected("an expression")),
        };
        self.leave();
        Ok(expr)
    }

    fn keyword_node(&mut self, kind: ExprKind, span: tlafid_base::Span) -> Expr {
        self.bump();
        self.node(kind, span)
    }

    fn string_value(&mut self, tok: Token) -> smol_str::SmolStr {
        let (value, bad) = literal::string_value(self.text(tok));
        if let Some(offset) = bad {
            let at = tok.start + offset as u32;
            let span = tlafid_base::Span::new(self.file, at, at + 2);
            let hint = Some("TLA+ strings allow \\\" \\\\ \\n \\t \\r \\f");
            self.report(
                codes::BAD_ESCAPE,
                span,
                "unknown escape sequence in string",
                hint,
            );
        }
        value
    }

    /// A name, an application, an instance path `I(x)!J!Op(a)`, a label or `WF_v(A)`.
    fn name_expr(&mut self) -> PResult<Expr> {
        let tok = self.peek();
        let text = self.text(tok);
        if let Some(rest) = text
            .strip_prefix("WF_")
            .or_else(|| text.strip_prefix("SF_"))
        {
            return self.fairness(tok, rest.len());
        }
        let first = self.bump_ident();
        self.ref_path(first, tok.start, true)
    }

    /// The rest of a reference whose first name is `first`: arguments, `!` segments, and
    /// (if `allow_label`) `lbl ::`.
    fn ref_path(&mut self, first: Ident, start: u32, allow_label: bool) -> PResult<Expr> {
        let mut name = first;
        let mut segments = Vec::with_capacity(1);
        loop {
            let args = if self.at_sym("(") {
                self.bump();
                self.op_args()?
            } else {
                Vec::new()
            };
            segments.push(RefSegment { name, args });
            if !self.at_sym("!") {
                break;
            }
            self.bump();
            if !self.at_path_segment() {
                return Err(self.unexpected("a name after `!`"));
            }
            let seg_tok = self.bump();
            name = match seg_tok.kind {
                TokKind::Sym(sym) => Ident {
                    name: sym.into(),
                    span: self.span(seg_tok),
                },
                _ => self.ident(seg_tok),
            };
        }
        if allow_label && self.at_sym("::") && segments.len() == 1 {
            self.bump();
            let label = segments.pop().map(|s| s.name).expect("one segment");
            let body = self.expr()?;
            let span = label.span.to(body.span);
            return Ok(self.node(ExprKind::Label(label, Box::new(body)), span));
        }
        let span = self.span_from(start);
        Ok(self.node(ExprKind::Ref(segments), span))
    }

    /// True if the current token can name an instance path segment (`I!Op`, `I!+`, `I!-.`),
    /// or a subexpression selector (`Inv!2`, `A!:`, `A!<<`, `A!@`), kept as a segment name.
    fn at_path_segment(&self) -> bool {
        match self.kind() {
            TokKind::Ident | TokKind::Number => true,
            TokKind::Sym(":" | "<<" | ">>" | "@") => true,
            TokKind::Sym(s) => ops::infix_prec(s).is_some() || ops::is_postfix(s) || s == "-.",
            _ => false,
        }
    }

    /// `WF_v(A)` / `SF_<<x, y>>(A)`: the token is `WF_v` or `WF_`.
    fn fairness(&mut self, tok: Token, suffix_len: usize) -> PResult<Expr> {
        self.bump();
        let strong = self.text(tok).starts_with('S');
        let vars = if suffix_len > 0 {
            let start = tok.end - suffix_len as u32;
            let name = Ident {
                name: self.text(tok)[3..].into(),
                span: tlafid_base::Span::new(self.file, start, tok.end),
            };
            let mut segments = vec![RefSegment {
                name,
                args: Vec::new(),
            }];
            while self.at_sym("!") && self.nth(1).kind == TokKind::Ident {
                self.bump();
                let name = self.bump_ident();
                segments.push(RefSegment {
                    name,
                    args: Vec::new(),
                });
            }
            self.node(ExprKind::Ref(segments), self.span_from(start))
        } else {
            self.subscript_operand()?
        };
        self.expect_sym("(")?;
        let action = self.bracketed(|p| {
            let e = p.expr()?;
            p.expect_sym(")")?;
            Ok(e)
        })?;
        let span = self.span_from(tok.start);
        let kind = ExprKind::Fairness {
            strong,
            vars: Box::new(vars),
            action: Box::new(action),
        };
        Ok(self.node(kind, span))
    }

    /// The subscript of `[A]_v` or `<<A>>_v` if one follows `close` directly.
    pub(crate) fn action_subscript(&mut self, close: Token) -> PResult<Option<Expr>> {
        let tok = self.peek();
        if tok.start != close.end {
            return Ok(None);
        }
        match tok.kind {
            TokKind::Ident if self.text(tok).starts_with('_') => {
                self.bump();
                let name = Ident {
                    name: self.text(tok)[1..].into(),
                    span: tlafid_base::Span::new(self.file, tok.start + 1, tok.end),
                };
                Ok(Some(self.ref_path(name, tok.start + 1, false)?))
            }
            TokKind::Sym("_") => {
                self.bump();
                Ok(Some(self.subscript_operand()?))
            }
            _ => Ok(None),
        }
    }

    /// A subscript written after `_`: a tuple, a parenthesised expression or a name.
    pub(crate) fn subscript_operand(&mut self) -> PResult<Expr> {
        match self.kind() {
            TokKind::Sym("<<") => self.angle(),
            TokKind::Sym("(") => self.paren(),
            TokKind::Ident => {
                let tok = self.bump();
                let name = self.ident(tok);
                Ok(self.node(
                    ExprKind::Ref(vec![RefSegment {
                        name,
                        args: Vec::new(),
                    }]),
                    self.span(tok),
                ))
            }
            _ => Err(self.unexpected("a subscript (a name or `<<…>>`)")),
        }
    }

    /// `( e )`.
    pub(crate) fn paren(&mut self) -> PResult<Expr> {
        let open = self.bump();
        let inner = self.bracketed(|p| {
            let e = p.expr()?;
            p.expect_sym(")")?;
            Ok(e)
        })?;
        Ok(Expr {
            kind: inner.kind,
            span: self.span_from(open.start),
        })
    }

    /// `\A`/`\E` bounds `:` body.
    fn quantifier(&mut self, forall: bool) -> PResult<Expr> {
        let start = self.bump().start;
        let bounds = self.bounds(true)?;
        self.expect_sym(":")?;
        let body = self.expr()?;
        let span = self.span_from(start);
        Ok(self.node(
            ExprKind::Quant {
                forall,
                bounds,
                body: Box::new(body),
            },
            span,
        ))
    }

    fn temporal_quantifier(&mut self, forall: bool) -> PResult<Expr> {
        let start = self.bump().start;
        let names = self.name_list()?;
        self.expect_sym(":")?;
        let body = self.expr()?;
        let span = self.span_from(start);
        Ok(self.node(
            ExprKind::TemporalQuant {
                forall,
                names,
                body: Box::new(body),
            },
            span,
        ))
    }

    /// `x, y` (identifiers separated by commas).
    pub(crate) fn name_list(&mut self) -> PResult<Vec<Ident>> {
        let mut names = vec![self.expect_ident("a bound name")?];
        while self.at_sym(",") && self.nth(1).kind == TokKind::Ident {
            self.bump();
            let tok = self.bump();
            names.push(self.ident(tok));
        }
        Ok(names)
    }

    /// One binder: `x, y \in S`, `<<a, b>> \in S`, or (if allowed) unbounded `x, y`.
    fn bound(&mut self, allow_unbounded: bool) -> PResult<Bound> {
        let start = self.peek().start;
        let (names, tuple) = if self.at_sym("<<") {
            self.bump();
            let names = self.name_list()?;
            self.expect_sym(">>")?;
            (names, true)
        } else if self.kind() == TokKind::Ident {
            (self.name_list()?, false)
        } else {
            let tok = self.peek();
            let msg = format!(
                "expected a bound name or `<<…>>`, found {}",
                self.describe(tok)
            );
            return Err(self.fail(codes::BAD_BINDER, self.span(tok), msg));
        };
        let domain = if self.eat_sym("\\in") {
            Some(self.expr()?)
        } else if allow_unbounded && !tuple {
            None
        } else {
            return Err(self.unexpected("`\\in`"));
        };
        Ok(Bound {
            names,
            tuple,
            domain,
            span: self.span_from(start),
        })
    }

    /// Binders separated by commas.
    pub(crate) fn bounds(&mut self, allow_unbounded: bool) -> PResult<Vec<Bound>> {
        let mut bounds = vec![self.bound(allow_unbounded)?];
        while self.eat_sym(",") {
            bounds.push(self.bound(allow_unbounded)?);
        }
        Ok(bounds)
    }

    fn if_then_else(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        let cond = self.expr()?;
        if !self.eat_kw(Kw::Then) {
            return Err(self.unexpected("`THEN`"));
        }
        let then = self.expr()?;
        if !self.eat_kw(Kw::Else) {
            return Err(self.unexpected("`ELSE`"));
        }
        let other = self.expr()?;
        let span = self.span_from(start);
        Ok(self.node(
            ExprKind::If(Box::new(cond), Box::new(then), Box::new(other)),
            span,
        ))
    }

    fn case(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        let mut arms = Vec::new();
        let mut other = None;
        loop {
            if self.eat_kw(Kw::Other) {
                self.expect_sym("->")?;
                other = Some(Box::new(self.expr()?));
                break;
            }
            let guard = self.expr()?;
            self.expect_sym("->")?;
            arms.push((guard, self.expr()?));
            if !self.eat_sym("[]") {
                break;
            }
        }
        let span = self.span_from(start);
        Ok(self.node(ExprKind::Case { arms, other }, span))
    }

    fn let_in(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        let mut defs = Vec::new();
        while !self.at_kw(Kw::In) {
            defs.push(self.let_def()?);
        }
        self.bump();
        let body = self.expr()?;
        let span = self.span_from(start);
        Ok(self.node(
            ExprKind::Let {
                defs,
                body: Box::new(body),
            },
            span,
        ))
    }

    fn choose(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        let bound = self.bound(true)?;
        self.expect_sym(":")?;
        let body = self.expr()?;
        let span = self.span_from(start);
        Ok(self.node(
            ExprKind::Choose {
                bound: Box::new(bound),
                body: Box::new(body),
            },
            span,
        ))
    }

    fn lambda(&mut self) -> PResult<Expr> {
        let start = self.bump().start;
        let names = self.name_list()?;
        self.expect_sym(":")?;
        let body = self.expr()?;
        let span = self.span_from(start);
        Ok(self.node(ExprKind::Lambda(names, Box::new(body)), span))
    }
}
