//! Modules and their units: declarations, definitions, instances, assumptions; recovery from
//! errors at unit boundaries.

use super::{Abort, PResult, Parser};
use crate::ast::{Assume, FnDef, Instance, ModDef, Module, OpDecl, OpDef, Subst, Unit};
use crate::codes;
use crate::lexer::{Kw, TokKind};
use crate::ops;

/// How deep `MODULE`s may nest inside one another.
const MAX_MODULE_DEPTH: u32 = 16;

/// Parses the module whose header starts the token stream; also returns where its closing
/// `====` line ends, if it has one.
pub(crate) fn parse_file_module(parser: &mut Parser<'_>) -> (Option<Module>, Option<u32>) {
    let module = parser.module().ok();
    let last = parser.pos.checked_sub(1).map(|i| parser.raw(i));
    let closed_at = last
        .filter(|t| t.kind == TokKind::EqualsLine)
        .map(|t| t.end);
    (module, closed_at)
}

impl Parser<'_> {
    /// `---- MODULE Name ----` units `====`.
    fn module(&mut self) -> PResult<Module> {
        let header = self.peek();
        if header.kind != TokKind::Dashes || self.nth(1).kind != TokKind::Kw(Kw::Module) {
            return Err(self.unexpected("a module header `---- MODULE Name ----`"));
        }
        self.bump();
        self.bump();
        let name = self.expect_ident("the module name")?;
        if self.kind() != TokKind::Dashes {
            return Err(self.unexpected("`----` after the module name"));
        }
        self.bump();
        let mut extends = Vec::new();
        if self.eat_kw(Kw::Extends) {
            extends = self.ident_list("a module name")?;
        }
        let mut units = Vec::new();
        loop {
            match self.kind() {
                TokKind::EqualsLine => break,
                TokKind::Eof => {
                    let msg = format!("module `{}` has no closing `====` line", name.name);
                    self.report(
                        codes::UNCLOSED_MODULE,
                        name.span,
                        msg,
                        Some("end the module with a line of four or more `=`"),
                    );
                    return Ok(Module {
                        name,
                        extends,
                        units,
                        span: self.span_from(header.start),
                    });
                }
                _ => {}
            }
            self.reset_unit_state();
            self.compact_tokens();
            let before = self.pos;
            match self.unit_checked() {
                Ok(Some(unit)) => units.push(unit),
                Ok(None) => {}
                Err(Abort) => {
                    if self.pos == before {
                        self.bump();
                    }
                    self.recover();
                }
            }
        }
        self.bump();
        Ok(Module {
            name,
            extends,
            units,
            span: self.span_from(header.start),
        })
    }

    /// A unit followed by something that may start the next one.
    fn unit_checked(&mut self) -> PResult<Option<Unit>> {
        let unit = self.unit()?;
        if !self.at_unit_start() {
            return Err(self.unexpected("the start of a new definition or the end of the module"));
        }
        Ok(unit)
    }

    /// Skips to the next token in column 0 that starts a unit.
    fn recover(&mut self) {
        self.reset_unit_state();
        loop {
            let tok = self.peek();
            if tok.kind == TokKind::Eof || (tok.col == 0 && self.at_unit_start()) {
                return;
            }
            self.bump();
        }
    }

    /// True if the current token can begin a unit or end the module.
    pub(crate) fn at_unit_start(&self) -> bool {
        match self.kind() {
            TokKind::Eof | TokKind::EqualsLine | TokKind::Dashes => true,
            TokKind::Kw(kw) => matches!(
                kw,
                Kw::Constant
                    | Kw::Constants
                    | Kw::Variable
                    | Kw::Variables
                    | Kw::Assume
                    | Kw::Assumption
                    | Kw::Axiom
                    | Kw::Local
                    | Kw::Instance
                    | Kw::Recursive
                    | Kw::Theorem
                    | Kw::Use
                    | Kw::Hide
            ),
            _ => self.looks_like_def_head(),
        }
    }

    /// One unit; `None` for separators and `USE`/`HIDE`.
    fn unit(&mut self) -> PResult<Option<Unit>> {
        let tok = self.peek();
        let unit = match tok.kind {
            TokKind::Dashes if self.nth(1).kind == TokKind::Kw(Kw::Module) => {
                if self.module_depth >= MAX_MODULE_DEPTH {
                    let msg = format!("modules nested more than {MAX_MODULE_DEPTH} deep");
                    self.report(codes::TOO_DEEP, self.span(tok), msg, None);
                    self.fatal = true;
                    return Err(Abort);
                }
                self.module_depth += 1;
                let inner = self.module();
                self.module_depth -= 1;
                Unit::Module(Box::new(inner?))
            }
            TokKind::Dashes => {
                self.bump();
                return Ok(None);
            }
            TokKind::Kw(Kw::Constant | Kw::Constants) => {
                self.bump();
                Unit::Constants(self.op_decls()?)
            }
            TokKind::Kw(Kw::Variable | Kw::Variables) => {
                self.bump();
                Unit::Variables(self.ident_list("a variable name")?)
            }
            TokKind::Kw(Kw::Assume | Kw::Assumption | Kw::Axiom) => Unit::Assume(self.assume()?),
            TokKind::Kw(Kw::Recursive) => {
                self.bump();
                Unit::Recursive(self.op_decls()?)
            }
            TokKind::Kw(Kw::Local) => {
                self.bump();
                self.local_unit(true)?
            }
            TokKind::Kw(Kw::Instance) => Unit::Instance(self.instance(false)?),
            TokKind::Kw(Kw::Theorem) => Unit::Theorem(self.theorem()?),
            TokKind::Kw(Kw::Use | Kw::Hide) => {
                self.bump();
                self.skip_proof();
                return Ok(None);
            }
            _ => self.definition(false)?,
        };
        Ok(Some(unit))
    }

    /// After `LOCAL`: an instance or a definition.
    fn local_unit(&mut self, local: bool) -> PResult<Unit> {
        if self.at_kw(Kw::Instance) {
            return Ok(Unit::Instance(self.instance(local)?));
        }
        self.definition(local)
    }

    /// A definition inside `LET`: an operator, function, instance or `RECURSIVE` declaration.
    pub(crate) fn let_def(&mut self) -> PResult<Unit> {
        if self.eat_kw(Kw::Recursive) {
            return Ok(Unit::Recursive(self.op_decls()?));
        }
        self.definition(false)
    }

    fn assume(&mut self) -> PResult<Assume> {
        let start = self.bump().start;
        let mut name = None;
        if self.kind() == TokKind::Ident && self.nth(1).kind == TokKind::Sym("==") {
            let tok = self.bump();
            name = Some(self.ident(tok));
            self.bump();
        }
        let expr = self.expr()?;
        Ok(Assume {
            name,
            expr,
            span: self.span_from(start),
        })
    }

    /// `a, b, c`.
    pub(crate) fn ident_list(&mut self, what: &str) -> PResult<Vec<crate::ast::Ident>> {
        let mut names = vec![self.expect_ident(what)?];
        while self.eat_sym(",") {
            names.push(self.expect_ident(what)?);
        }
        Ok(names)
    }

    /// `a, F(_, _), _ + _, -. _` in `CONSTANT`, `RECURSIVE` and parameter lists.
    fn op_decls(&mut self) -> PResult<Vec<OpDecl>> {
        let mut decls = vec![self.op_decl()?];
        while self.eat_sym(",") {
            decls.push(self.op_decl()?);
        }
        Ok(decls)
    }

    fn op_decl(&mut self) -> PResult<OpDecl> {
        let tok = self.peek();
        match tok.kind {
            TokKind::Ident => {
                let name = self.bump_ident();
                let mut arity = 0;
                if self.eat_sym("(") {
                    loop {
                        self.expect_sym("_")?;
                        arity += 1;
                        if !self.eat_sym(",") {
                            break;
                        }
                    }
                    self.expect_sym(")")?;
                }
                Ok(OpDecl { name, arity })
            }
            TokKind::Sym("_") => {
                self.bump();
                let sym_tok = self.peek();
                let TokKind::Sym(sym) = sym_tok.kind else {
                    return Err(self.unexpected("an operator symbol"));
                };
                self.bump();
                let name = crate::ast::Ident {
                    name: sym.into(),
                    span: self.span(sym_tok),
                };
                if ops::is_postfix(sym) {
                    return Ok(OpDecl { name, arity: 1 });
                }
                self.expect_sym("_")?;
                Ok(OpDecl { name, arity: 2 })
            }
            TokKind::Sym(sym @ ("-." | "-" | "~")) => {
                self.bump();
                let name = crate::ast::Ident {
                    name: normal_prefix(sym).into(),
                    span: self.span(tok),
                };
                self.expect_sym("_")?;
                Ok(OpDecl { name, arity: 1 })
            }
            _ => Err(self.unexpected("a declared name")),
        }
    }

    /// `INSTANCE M WITH a <- e, + <- P`.
    fn instance(&mut self, local: bool) -> PResult<Instance> {
        let start = self.bump().start;
        let module = self.expect_ident("a module name")?;
        let mut substs = Vec::new();
        if self.eat_kw(Kw::With) {
            loop {
                let tok = self.peek();
                let name = match tok.kind {
                    TokKind::Ident => self.bump_ident(),
                    TokKind::Sym(sym) if sym != "<-" => {
                        self.bump();
                        let sym = if sym == "-" { "-." } else { sym };
                        crate::ast::Ident {
                            name: sym.into(),
                            span: self.span(tok),
                        }
                    }
                    _ => return Err(self.unexpected("a name to substitute")),
                };
                self.expect_sym("<-")?;
                let expr = self.op_arg_or_expr()?;
                substs.push(Subst { name, expr });
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        Ok(Instance {
            local,
            module,
            substs,
            span: self.span_from(start),
        })
    }

    /// A substitution value: an expression or a bare operator symbol.
    fn op_arg_or_expr(&mut self) -> PResult<crate::ast::Expr> {
        if let TokKind::Sym(sym) = self.kind() {
            if ops::infix_prec(sym).is_some() || ops::prefix_prec(sym).is_some() {
                let next = self.nth(1);
                if matches!(next.kind, TokKind::Sym(","))
                    || self.nth(1).col == 0
                    || next.kind == TokKind::Eof
                {
                    let tok = self.bump();
                    let name = crate::ast::Ident {
                        name: sym.into(),
                        span: self.span(tok),
                    };
                    let seg = crate::ast::RefSegment {
                        name,
                        args: Vec::new(),
                    };
                    return Ok(self.node(crate::ast::ExprKind::Ref(vec![seg]), self.span(tok)));
                }
            }
        }
        self.expr()
    }

    /// Any definition: operator (identifier, infix, prefix, postfix), function, or instance.
    fn definition(&mut self, local: bool) -> PResult<Unit> {
        let start = self.peek().start;
        let head = self.def_head()?;
        if !self.eat_sym("==") {
            return Err(self.unexpected("`==`"));
        }
        match head {
            DefHead::Fn(name, bounds) => {
                let body = self.expr()?;
                Ok(Unit::Fn(FnDef {
                    local,
                    name,
                    bounds,
                    body,
                    span: self.span_from(start),
                }))
            }
            DefHead::Op(name, params) if self.at_kw(Kw::Instance) => {
                let instance = self.instance(local)?;
                Ok(Unit::ModDef(ModDef {
                    local,
                    name,
                    params,
                    instance,
                    span: self.span_from(start),
                }))
            }
            DefHead::Op(name, params) => {
                let body = self.expr()?;
                Ok(Unit::Op(OpDef {
                    local,
                    name,
                    params,
                    body,
                    span: self.span_from(start),
                }))
            }
        }
    }
}

/// The left-hand side of a definition.
enum DefHead {
    Op(crate::ast::Ident, Vec<OpDecl>),
    Fn(crate::ast::Ident, Vec<crate::ast::Bound>),
}

/// A parameter that is a plain name (arity 0).
fn plain(name: crate::ast::Ident) -> OpDecl {
    OpDecl { name, arity: 0 }
}

/// The normalised name of a user-definable prefix operator.
fn normal_prefix(sym: &str) -> &'static str {
    match sym {
        "~" => "~",
        _ => "-.",
    }
}

impl Parser<'_> {
    fn def_head(&mut self) -> PResult<DefHead> {
        let tok = self.peek();
        match tok.kind {
            TokKind::Sym(s @ ("-." | "-" | "~")) => {
                self.bump();
                let name = crate::ast::Ident {
                    name: normal_prefix(s).into(),
                    span: self.span(tok),
                };
                let param = self.expect_ident("the operand name")?;
                Ok(DefHead::Op(name, vec![plain(param)]))
            }
            TokKind::Ident => self.ident_def_head(),
            _ => Err(self.bad_definition()),
        }
    }

    /// A definition head starting with an identifier: `Op`, `Op(p)`, `f[x \in S]`,
    /// `a ++ b`, `a ^+`.
    fn ident_def_head(&mut self) -> PResult<DefHead> {
        let first = self.bump_ident();
        let next = self.peek();
        let symbol = |sym: &'static str| crate::ast::Ident {
            name: sym.into(),
            span: self.span(next),
        };
        match next.kind {
            TokKind::Sym("==") => Ok(DefHead::Op(first, Vec::new())),
            TokKind::Sym("(") => {
                self.bump();
                let params = self.op_decls()?;
                self.expect_sym(")")?;
                Ok(DefHead::Op(first, params))
            }
            TokKind::Sym("[") => {
                self.bump();
                let bounds = self.bracketed(|p| p.bounds(false))?;
                self.expect_sym("]")?;
                Ok(DefHead::Fn(first, bounds))
            }
            TokKind::Sym(s) if ops::is_postfix(s) && s != "'" => {
                let name = symbol(s);
                self.bump();
                Ok(DefHead::Op(name, vec![plain(first)]))
            }
            TokKind::Sym(s) if ops::infix_prec(s).is_some() => {
                let name = symbol(s);
                self.bump();
                let second = self.expect_ident("the right operand name")?;
                Ok(DefHead::Op(name, vec![plain(first), plain(second)]))
            }
            _ => Err(self.bad_definition()),
        }
    }

    fn bad_definition(&mut self) -> Abort {
        let tok = self.peek();
        let msg = format!(
            "expected a definition or declaration, found {}",
            self.describe(tok)
        );
        let hint = "definitions look like `Op(a, b) == e`, `f[x \\in S] == e` or `a ++ b == e`";
        self.report(codes::BAD_DEFINITION, self.span(tok), msg, Some(hint));
        Abort
    }

    /// True if a definition's left-hand side starts here (bounded look-ahead).
    pub(crate) fn looks_like_def_head(&self) -> bool {
        match (self.nth(0).kind, self.nth(1).kind) {
            (TokKind::Ident, TokKind::Sym("==")) => true,
            (TokKind::Ident, TokKind::Sym(open @ ("(" | "["))) => {
                let close = if open == "(" { ")" } else { "]" };
                self.closes_then_defines(2, open, close)
            }
            (TokKind::Ident, TokKind::Sym(s)) if ops::is_postfix(s) => {
                self.nth(2).kind == TokKind::Sym("==")
            }
            (TokKind::Ident, TokKind::Sym(s)) if ops::infix_prec(s).is_some() => {
                self.nth(2).kind == TokKind::Ident && self.nth(3).kind == TokKind::Sym("==")
            }
            (TokKind::Sym("-." | "-" | "~"), TokKind::Ident) => {
                self.nth(2).kind == TokKind::Sym("==")
            }
            _ => false,
        }
    }

    /// True if the bracket opened before token `n` closes within a short distance and `==`
    /// follows.
    fn closes_then_defines(&self, mut n: usize, open: &str, close: &str) -> bool {
        let mut depth = 1;
        while n < 400 {
            match self.nth(n).kind {
                TokKind::Eof => return false,
                TokKind::Sym(s) if s == open => depth += 1,
                TokKind::Sym(s) if s == close => {
                    depth -= 1;
                    if depth == 0 {
                        return self.nth(n + 1).kind == TokKind::Sym("==");
                    }
                }
                _ => {}
            }
            n += 1;
        }
        false
    }
}
