//! Bracketed expressions: tuples and `<<A>>_v`, sets and set comprehensions, and everything
//! that starts with `[`: functions, function sets, records, record sets, `EXCEPT`, `[A]_v`.

use super::{PResult, Parser};
use crate::ast::{Bound, ExceptStep, ExceptUpdate, Expr, ExprKind, Ident};
use crate::codes;
use crate::lexer::{Kw, TokKind, Token};

impl Parser<'_> {
    /// `<<a, b>>`, or `<<A>>_v`.
    pub(crate) fn angle(&mut self) -> PResult<Expr> {
        let open = self.bump();
        let items = self.bracketed(|p| {
            if p.eat_sym(">>") {
                Ok(Vec::new())
            } else {
                p.comma_list(">>")
            }
        })?;
        let close = self.raw(self.pos - 1);
        if items.len() == 1 {
            if let Some(vars) = self.action_subscript(close)? {
                let action = items.into_iter().next().expect("one item");
                let span = self.span_from(open.start);
                return Ok(self.node(
                    ExprKind::AngleAction(Box::new(action), Box::new(vars)),
                    span,
                ));
            }
        }
        Ok(self.node(ExprKind::Tuple(items), self.span_from(open.start)))
    }

    /// `{a, b}`, `{x \in S : p}`, `{e : x \in S}`.
    pub(crate) fn braces(&mut self) -> PResult<Expr> {
        let open = self.bump();
        let kind = self.bracketed(|p| {
            if p.eat_sym("}") {
                return Ok(ExprKind::SetEnum(Vec::new()));
            }
            let first = p.expr()?;
            if p.eat_sym(":") {
                return p.set_comprehension(first);
            }
            let mut items = vec![first];
            while p.eat_sym(",") {
                items.push(p.expr()?);
            }
            p.expect_sym("}")?;
            Ok(ExprKind::SetEnum(items))
        })?;
        Ok(self.node(kind, self.span_from(open.start)))
    }

    /// After `{first :`: a filter if `first` is `x \in S`, otherwise a map.
    fn set_comprehension(&mut self, first: Expr) -> PResult<ExprKind> {
        let span = first.span;
        let kind = match first.kind {
            ExprKind::Op {
                op: "\\in", args, ..
            } if args.len() == 2 && binder_names(&args[0]).is_some() => {
                let mut args = args.into_iter();
                let (lhs, domain) = (args.next().expect("two"), args.next().expect("two"));
                let (names, tuple) = binder_names(&lhs).expect("checked");
                let bound = Bound {
                    names,
                    tuple,
                    domain: Some(domain),
                    span,
                };
                let pred = self.expr()?;
                ExprKind::SetFilter {
                    bound: Box::new(bound),
                    pred: Box::new(pred),
                }
            }
            kind => {
                let body = Expr { kind, span };
                let bounds = self.bounds(false)?;
                ExprKind::SetMap {
                    body: Box::new(body),
                    bounds,
                }
            }
        };
        self.expect_sym("}")?;
        Ok(kind)
    }

    /// Everything that starts with `[`.
    pub(crate) fn square(&mut self) -> PResult<Expr> {
        let open = self.bump();
        let word_then = |p: &Self, sym: &str| {
            p.word_at(0) && matches!(p.nth(1).kind, TokKind::Sym(s) if s == sym)
        };
        let kind = if word_then(self, "|->") {
            self.bracketed(|p| p.fields("|->")).map(ExprKind::Record)?
        } else if word_then(self, ":") {
            self.bracketed(|p| p.fields(":")).map(ExprKind::RecordSet)?
        } else if self.at_fn_binder() {
            self.bracketed(|p| {
                let bounds = p.bounds(false)?;
                p.expect_sym("|->")?;
                let body = p.expr()?;
                p.expect_sym("]")?;
                Ok(ExprKind::FnCons {
                    bounds,
                    body: Box::new(body),
                })
            })?
        } else {
            return self.square_expr(open);
        };
        Ok(self.node(kind, self.span_from(open.start)))
    }

    /// `[S -> T]`, `[f EXCEPT …]` or `[A]_v`, after the `[`.
    fn square_expr(&mut self, open: Token) -> PResult<Expr> {
        let first = self.bracketed(|p| p.expr())?;
        if self.eat_sym("->") {
            let range = self.bracketed(|p| p.expr())?;
            self.expect_sym("]")?;
            let span = self.span_from(open.start);
            return Ok(self.node(ExprKind::FnSet(Box::new(first), Box::new(range)), span));
        }
        if self.eat_kw(Kw::Except) {
            let updates = self.bracketed(|p| p.except_updates())?;
            let span = self.span_from(open.start);
            return Ok(self.node(
                ExprKind::Except {
                    base: Box::new(first),
                    updates,
                },
                span,
            ));
        }
        let close = self.expect_sym("]")?;
        match self.action_subscript(close)? {
            Some(vars) => {
                let span = self.span_from(open.start);
                Ok(self.node(ExprKind::BoxAction(Box::new(first), Box::new(vars)), span))
            }
            None => {
                let msg = "expected `_v` after `[A]` (a square bracket that is no function, record or action)";
                Err(self.fail(codes::UNEXPECTED, self.span(close), msg))
            }
        }
    }

    /// True if a function constructor's binder starts here: `x \in`, `x, y \in`, `<<a, b>> \in`.
    fn at_fn_binder(&self) -> bool {
        let mut n = usize::from(self.at_sym("<<"));
        loop {
            if self.nth(n).kind != TokKind::Ident {
                return false;
            }
            match self.nth(n + 1).kind {
                TokKind::Sym(",") => n += 2,
                TokKind::Sym("\\in") => return true,
                TokKind::Sym(">>") => return self.nth(n + 2).kind == TokKind::Sym("\\in"),
                _ => return false,
            }
        }
    }

    /// `a |-> e, b |-> f]` or `a : S, b : T]`.
    fn fields(&mut self, sep: &str) -> PResult<Vec<(Ident, Expr)>> {
        let mut fields = Vec::new();
        loop {
            if !self.word_at(0) {
                return Err(self.unexpected("a field name"));
            }
            let tok = self.bump();
            let name = self.ident(tok);
            self.expect_sym(sep)?;
            fields.push((name, self.expr()?));
            if !self.eat_sym(",") {
                self.expect_sym("]")?;
                return Ok(fields);
            }
        }
    }

    /// `![i] = e, !.a = f]` after `EXCEPT`.
    fn except_updates(&mut self) -> PResult<Vec<ExceptUpdate>> {
        let mut updates = Vec::new();
        loop {
            self.expect_sym("!")?;
            let mut path = Vec::new();
            loop {
                if self.eat_sym(".") {
                    if !self.word_at(0) {
                        return Err(self.unexpected("a field name"));
                    }
                    let tok = self.bump();
                    path.push(ExceptStep::Field(self.ident(tok)));
                } else if self.eat_sym("[") {
                    path.push(ExceptStep::Index(self.comma_list("]")?));
                } else {
                    break;
                }
            }
            if path.is_empty() {
                return Err(self.unexpected("`.field` or `[index]` after `!`"));
            }
            self.expect_sym("=")?;
            self.except_depth += 1;
            let value = self.expr();
            self.except_depth -= 1;
            updates.push(ExceptUpdate {
                path,
                value: value?,
            });
            if !self.eat_sym(",") {
                self.expect_sym("]")?;
                return Ok(updates);
            }
        }
    }
}

/// The names of a binder written as an expression: `x` or `<<a, b>>`.
fn binder_names(expr: &Expr) -> Option<(Vec<Ident>, bool)> {
    let single = |e: &Expr| match &e.kind {
        ExprKind::Ref(segs) if segs.len() == 1 && segs[0].args.is_empty() => {
            Some(segs[0].name.clone())
        }
        _ => None,
    };
    match &expr.kind {
        ExprKind::Tuple(items) => items
            .iter()
            .map(single)
            .collect::<Option<Vec<_>>>()
            .map(|n| (n, true)),
        _ => single(expr).map(|n| (vec![n], false)),
    }
}
