//! Expressions by precedence climbing over TLA+'s precedence ranges, with prefix and postfix
//! operators and bulleted junction lists.

use super::{Abort, PResult, Parser};
use crate::ast::{Expr, ExprKind};
use crate::codes;
use crate::lexer::{Kw, TokKind, Token};
use crate::ops::{self, Prec};

/// The operator whose operand is being parsed: its symbol and range.
type Parent = Option<(&'static str, Prec)>;

impl Parser<'_> {
    /// Parses an expression that extends as far as possible.
    pub(crate) fn expr(&mut self) -> PResult<Expr> {
        self.binary(None)
    }

    /// The infix operator at the current token, if any.
    fn infix_here(&self) -> Option<(&'static str, Prec)> {
        match self.kind() {
            TokKind::Sym(sym) => ops::infix_prec(sym).map(|p| (sym, p)),
            _ => None,
        }
    }

    /// Parses operands joined by infix operators that bind tighter than `parent`.
    fn binary(&mut self, parent: Parent) -> PResult<Expr> {
        self.enter()?;
        let mut lhs = self.prefix_term()?;
        let mut chain: Option<&'static str> = None;
        let mut height = 0;
        while let Some((sym, prec)) = self.infix_here() {
            if let Some((parent_sym, parent_prec)) = parent {
                if prec.hi < parent_prec.lo {
                    break;
                }
                if prec.lo <= parent_prec.hi {
                    if sym == parent_sym && prec.left_assoc {
                        break;
                    }
                    return Err(self.conflict(parent_sym, sym));
                }
            }
            let op_tok = self.bump();
            let rhs = self.binary(Some((sym, prec)))?;
            let chained = chain == Some(sym);
            if chain.is_none() {
                height = super::depth::height(&lhs, super::depth::MAX_TREE_DEPTH);
            }
            let flat = chained && matches!(sym, "/\\" | "\\/" | "\\X");
            self.grow_chain(&mut height, &rhs, flat)?;
            lhs = self.combine(sym, op_tok, lhs, rhs, chained);
            chain = Some(sym);
        }
        self.leave();
        Ok(lhs)
    }

    fn conflict(&mut self, first: &str, second: &str) -> Abort {
        let tok = self.peek();
        let msg = if first == second {
            format!("`{first}` is not associative: `a {first} b {first} c` needs parentheses")
        } else {
            format!("`{first}` and `{second}` have overlapping precedence and need parentheses")
        };
        let hint = "add parentheses to say which operator applies first";
        self.report(codes::PRECEDENCE_CONFLICT, self.span(tok), msg, Some(hint));
        Abort
    }

    /// Joins `lhs op rhs`; a chain of the same `/\`, `\/` or `\X` becomes one n-ary node.
    fn combine(
        &self,
        sym: &'static str,
        op_tok: Token,
        lhs: Expr,
        rhs: Expr,
        chained: bool,
    ) -> Expr {
        let span = lhs.span.to(rhs.span);
        match (sym, lhs.kind) {
            ("/\\" | "\\/", ExprKind::Junction { and, mut items }) if chained => {
                items.push(rhs);
                self.node(ExprKind::Junction { and, items }, span)
            }
            ("/\\" | "\\/", kind) => {
                let first = Expr {
                    kind,
                    span: lhs.span,
                };
                self.node(
                    ExprKind::Junction {
                        and: sym == "/\\",
                        items: vec![first, rhs],
                    },
                    span,
                )
            }
            ("\\X", ExprKind::Cross(mut items)) if chained => {
                items.push(rhs);
                self.node(ExprKind::Cross(items), span)
            }
            ("\\X", kind) => {
                let first = Expr {
                    kind,
                    span: lhs.span,
                };
                self.node(ExprKind::Cross(vec![first, rhs]), span)
            }
            (_, kind) => {
                let first = Expr {
                    kind,
                    span: lhs.span,
                };
                let op_span = self.span(op_tok);
                self.node(
                    ExprKind::Op {
                        op: sym,
                        op_span,
                        args: vec![first, rhs],
                    },
                    span,
                )
            }
        }
    }

    /// The prefix operator at the current token, in its normalised spelling.
    fn prefix_here(&self) -> Option<&'static str> {
        let sym = match self.kind() {
            TokKind::Sym("-") | TokKind::Sym("-.") => "-.",
            TokKind::Sym(s @ ("~" | "[]" | "<>")) => s,
            TokKind::Kw(Kw::Enabled) => "ENABLED",
            TokKind::Kw(Kw::Unchanged) => "UNCHANGED",
            TokKind::Kw(Kw::Subset) => "SUBSET",
            TokKind::Kw(Kw::Union) => "UNION",
            TokKind::Kw(Kw::Domain) => "DOMAIN",
            _ => return None,
        };
        Some(sym)
    }

    /// A prefix operator applied to its operand, a bulleted list, or a postfix term.
    fn prefix_term(&mut self) -> PResult<Expr> {
        let tok = self.peek();
        if let TokKind::Sym(bullet @ ("/\\" | "\\/")) = tok.kind {
            return self.bullet_list(bullet, tok);
        }
        let Some(sym) = self.prefix_here() else {
            return self.postfix_term();
        };
        self.bump();
        let prec = ops::prefix_prec(sym).unwrap_or(Prec {
            lo: 4,
            hi: 4,
            left_assoc: false,
        });
        let operand = self.binary(Some((sym, prec)))?;
        let span = self.span(tok).to(operand.span);
        let op_span = self.span(tok);
        Ok(self.node(
            ExprKind::Op {
                op: sym,
                op_span,
                args: vec![operand],
            },
            span,
        ))
    }

    /// `/\ a  /\ b …` aligned on the column of the first bullet.
    fn bullet_list(&mut self, bullet: &'static str, first: Token) -> PResult<Expr> {
        let column = first.col;
        let mut items = Vec::new();
        loop {
            self.bump();
            let item = self.with_offside(i64::from(column), |p| p.expr())?;
            items.push(item);
            let next = self.peek();
            if next.kind != TokKind::Sym(bullet) || next.col != column {
                break;
            }
        }
        items.shrink_to_fit();
        let span = self
            .span(first)
            .to(items.last().map_or(self.span(first), |e| e.span));
        Ok(self.node(
            ExprKind::Junction {
                and: bullet == "/\\",
                items,
            },
            span,
        ))
    }

    /// A primary expression followed by primes, postfix operators, `[args]` and `.field`.
    fn postfix_term(&mut self) -> PResult<Expr> {
        let mut expr = self.primary()?;
        let mut height = None;
        loop {
            let tok = self.peek();
            if matches!(tok.kind, TokKind::Sym("[" | "."))
                || matches!(tok.kind, TokKind::Sym(s) if ops::is_postfix(s))
            {
                let h = height.get_or_insert_with(|| {
                    super::depth::height(&expr, super::depth::MAX_TREE_DEPTH)
                });
                let leaf = Expr {
                    kind: ExprKind::At,
                    span: expr.span,
                };
                self.grow_chain(h, &leaf, false)?;
            }
            match tok.kind {
                TokKind::Sym(sym) if ops::is_postfix(sym) => {
                    self.bump();
                    let span = expr.span.to(self.span(tok));
                    let op_span = self.span(tok);
                    expr = self.node(
                        ExprKind::Op {
                            op: sym,
                            op_span,
                            args: vec![expr],
                        },
                        span,
                    );
                }
                TokKind::Sym("[") => {
                    self.bump();
                    let args = self.bracketed(|p| p.comma_list("]"))?;
                    if let Some(h) = height.as_mut() {
                        for arg in &args {
                            self.grow_chain(h, arg, true)?;
                        }
                    }
                    let span = self.span_from(expr.span.start);
                    expr = self.node(ExprKind::FnApp(Box::new(expr), args), span);
                }
                TokKind::Sym(".") if self.word_at(1) => {
                    self.bump();
                    let field_tok = self.bump();
                    let field = self.ident(field_tok);
                    let span = expr.span.to(field.span);
                    expr = self.node(ExprKind::Dot(Box::new(expr), field), span);
                }
                _ => return Ok(expr),
            }
        }
    }

    /// True if the token `n` ahead is an identifier or a reserved word (a field name).
    pub(crate) fn word_at(&self, n: usize) -> bool {
        matches!(self.nth(n).kind, TokKind::Ident | TokKind::Kw(_))
    }

    /// `e1, e2, …` up to and including the closing symbol `close`.
    pub(crate) fn comma_list(&mut self, close: &str) -> PResult<Vec<Expr>> {
        let mut items = Vec::new();
        loop {
            items.push(self.expr()?);
            if self.eat_sym(",") {
                continue;
            }
            self.expect_sym(close)?;
            items.shrink_to_fit();
            return Ok(items);
        }
    }

    /// Operator arguments `(a, +, LAMBDA x : e)` after the `(`, through the `)`.
    pub(crate) fn op_args(&mut self) -> PResult<Vec<Expr>> {
        self.bracketed(|p| {
            let mut args = Vec::new();
            loop {
                args.push(p.op_arg()?);
                if p.eat_sym(",") {
                    continue;
                }
                p.expect_sym(")")?;
                args.shrink_to_fit();
                return Ok(args);
            }
        })
    }

    /// One argument: an expression, or a bare operator symbol passed to a higher-order
    /// operator.
    fn op_arg(&mut self) -> PResult<Expr> {
        let tok = self.peek();
        if let TokKind::Sym(sym) = tok.kind {
            let next = self.nth(1).kind;
            let is_op = ops::infix_prec(sym).is_some() || ops::is_postfix(sym) || sym == "-.";
            if is_op && matches!(next, TokKind::Sym("," | ")")) {
                self.bump();
                let name = crate::ast::Ident {
                    name: sym.into(),
                    span: self.span(tok),
                };
                let segment = crate::ast::RefSegment {
                    name,
                    args: Vec::new(),
                };
                return Ok(self.node(ExprKind::Ref(vec![segment]), self.span(tok)));
            }
        }
        self.expr()
    }
}
