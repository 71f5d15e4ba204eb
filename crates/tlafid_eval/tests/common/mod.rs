//! A tiny builder of resolved IR by hand, for tests that run before the parser and lowering.
#![allow(dead_code)]

use smol_str::SmolStr;
use tlafid_base::Span;
use tlafid_sema::ir::*;

/// Builds a [`Program`] one operator at a time.
#[derive(Default)]
pub struct Builder {
    pub program: Program,
    next_pos: u32,
}

pub fn ex(kind: ExprKind) -> Expr {
    Expr {
        kind,
        span: Span::default(),
    }
}

pub fn int(i: i64) -> Expr {
    ex(ExprKind::Int(i))
}

pub fn boolean(b: bool) -> Expr {
    ex(ExprKind::Bool(b))
}

pub fn string(s: &str) -> Expr {
    ex(ExprKind::Str(s.into()))
}

pub fn local(slot: u32) -> Expr {
    ex(ExprKind::Local(Slot(slot)))
}

pub fn var(v: u32) -> Expr {
    ex(ExprKind::Var {
        var: VarId(v),
        primed: false,
    })
}

pub fn primed(v: u32) -> Expr {
    ex(ExprKind::Var {
        var: VarId(v),
        primed: true,
    })
}

pub fn call(op: OpId, args: Vec<Expr>) -> Expr {
    ex(ExprKind::Call(op, args))
}

pub fn bi(b: Builtin, args: Vec<Expr>) -> Expr {
    ex(ExprKind::Builtin(b, args))
}

pub fn eq(a: Expr, b: Expr) -> Expr {
    bi(Builtin::Eq, vec![a, b])
}

pub fn and(items: Vec<Expr>) -> Expr {
    ex(ExprKind::Junction { and: true, items })
}

pub fn or(items: Vec<Expr>) -> Expr {
    ex(ExprKind::Junction { and: false, items })
}

pub fn set(items: Vec<Expr>) -> Expr {
    ex(ExprKind::SetEnum(items))
}

pub fn tuple(items: Vec<Expr>) -> Expr {
    ex(ExprKind::Tuple(items))
}

pub fn binder(slot: u32, name: &str, domain: Expr) -> Binder {
    Binder {
        slots: vec![Slot(slot)],
        names: vec![name.into()],
        tuple: false,
        domain: Some(domain),
        span: Span::default(),
    }
}

pub fn exists(slot: u32, name: &str, domain: Expr, body: Expr) -> Expr {
    ex(ExprKind::Quant {
        forall: false,
        binders: vec![binder(slot, name, domain)],
        body: Box::new(body),
    })
}

pub fn forall(slot: u32, name: &str, domain: Expr, body: Expr) -> Expr {
    ex(ExprKind::Quant {
        forall: true,
        binders: vec![binder(slot, name, domain)],
        body: Box::new(body),
    })
}

pub fn ite(c: Expr, a: Expr, b: Expr) -> Expr {
    ex(ExprKind::If(Box::new(c), Box::new(a), Box::new(b)))
}

/// The standard operators the tests use, by name.
pub struct Std {
    pub plus: OpId,
    pub minus: OpId,
    pub times: OpId,
    pub div: OpId,
    pub modulo: OpId,
    pub lt: OpId,
    pub gt: OpId,
    pub range: OpId,
    pub nat: OpId,
    pub len: OpId,
    pub append: OpId,
    pub cardinality: OpId,
    pub colon_gt: OpId,
    pub double_at: OpId,
    pub seq: OpId,
    pub sort_seq: OpId,
    pub fold_set: OpId,
}

impl Builder {
    pub fn new() -> Builder {
        Builder::default()
    }

    fn span(&mut self) -> Span {
        self.next_pos += 10;
        Span::new(tlafid_base::FileId(0), self.next_pos, self.next_pos + 5)
    }

    /// Adds an operator.
    pub fn op(
        &mut self,
        name: &str,
        module: &str,
        params: &[&str],
        level: Level,
        frame_size: usize,
        body: Expr,
    ) -> OpId {
        let span = self.span();
        let id = OpId(self.program.ops.len() as u32);
        self.program.ops.push(OpDef {
            name: name.into(),
            module: module.into(),
            instance: SmolStr::default(),
            params: params
                .iter()
                .map(|p| Param {
                    name: (*p).into(),
                    arity: 0,
                })
                .collect(),
            captured: 0,
            body,
            function: None,
            recursive: false,
            level,
            frame_size,
            span,
        });
        id
    }

    /// Adds a native standard operator (its body is never run).
    pub fn native(&mut self, module: &str, name: &str, arity: usize) -> OpId {
        let params: Vec<&str> = ["a", "b", "c", "d", "e"][..arity].to_vec();
        self.op(
            name,
            module,
            &params,
            Level::Constant,
            arity,
            boolean(false),
        )
    }

    pub fn std(&mut self) -> Std {
        Std {
            plus: self.native("Naturals", "+", 2),
            minus: self.native("Naturals", "-", 2),
            times: self.native("Naturals", "*", 2),
            div: self.native("Naturals", "\\div", 2),
            modulo: self.native("Naturals", "%", 2),
            lt: self.native("Naturals", "<", 2),
            gt: self.native("Naturals", ">", 2),
            range: self.native("Naturals", "..", 2),
            nat: self.native("Naturals", "Nat", 0),
            len: self.native("Sequences", "Len", 1),
            append: self.native("Sequences", "Append", 2),
            cardinality: self.native("FiniteSets", "Cardinality", 1),
            colon_gt: self.native("TLC", ":>", 2),
            double_at: self.native("TLC", "@@", 2),
            seq: self.native("Sequences", "Seq", 1),
            sort_seq: self.native("TLC", "SortSeq", 2),
            fold_set: self.native("FiniteSetsExt", "FoldSet", 3),
        }
    }

    pub fn var(&mut self, name: &str) -> u32 {
        let span = self.span();
        self.program.vars.push(VarDecl {
            name: name.into(),
            span,
        });
        self.program.vars.len() as u32 - 1
    }
}
