//! A stable, readable text form of an [`ir::Program`](crate::ir::Program), for tests and
//! debugging: one block per constant, variable, assumption and operator, expressions as
//! S-expressions with names resolved (`Init#0`, `x'`, `$2` for frame slots).

use std::fmt::Write;

use crate::ir::{Binder, Builtin, ExceptStep, Expr, ExprKind, Program, RootName};

/// The whole program as text.
pub fn dump(program: &Program) -> String {
    let mut out = format!("MODULE {}\n", program.root);
    for (i, c) in program.consts.iter().enumerate() {
        let _ = writeln!(out, "CONSTANT #{i} {}/{}", c.name, c.arity);
    }
    for (i, v) in program.vars.iter().enumerate() {
        let _ = writeln!(out, "VARIABLE #{i} {}", v.name);
    }
    for a in &program.assumes {
        let _ = writeln!(
            out,
            "ASSUME frame {}\n  {}",
            a.frame_size,
            expr(program, &a.expr)
        );
    }
    for (i, op) in program.ops.iter().enumerate() {
        let params: Vec<String> = op
            .params
            .iter()
            .map(|p| {
                if p.arity == 0 {
                    p.name.to_string()
                } else {
                    format!("{}/{}", p.name, p.arity)
                }
            })
            .collect();
        let instance = if op.instance.is_empty() {
            String::new()
        } else {
            format!("{}!", op.instance)
        };
        let _ = write!(
            out,
            "OP #{i} {instance}{} [{}] ({}) captured {} frame {} {:?}",
            op.name,
            op.module,
            params.join(", "),
            op.captured,
            op.frame_size,
            op.level
        );
        if op.recursive {
            out.push_str(" recursive");
        }
        if let Some(f) = &op.function {
            let binders: Vec<String> = f.binders.iter().map(|b| binder(program, b)).collect();
            let _ = write!(out, " function [{}]", binders.join(", "));
        }
        let _ = writeln!(out, "\n  {}", expr(program, &op.body));
    }
    let roots: Vec<String> = program
        .root_names
        .iter()
        .map(|(n, r)| match r {
            RootName::Op(id) => format!("{n}:op#{}", id.0),
            RootName::Var(id) => format!("{n}:var#{}", id.0),
            RootName::Const(id) => format!("{n}:const#{}", id.0),
        })
        .collect();
    let _ = writeln!(out, "ROOT {}", roots.join(" "));
    out
}

fn list(program: &Program, items: &[Expr]) -> String {
    items
        .iter()
        .map(|e| expr(program, e))
        .collect::<Vec<_>>()
        .join(" ")
}

fn comma_list(program: &Program, items: &[Expr]) -> String {
    items
        .iter()
        .map(|e| expr(program, e))
        .collect::<Vec<_>>()
        .join(", ")
}

fn call(head: String, program: &Program, args: &[Expr]) -> String {
    if args.is_empty() {
        head
    } else {
        format!("({head} {})", list(program, args))
    }
}

fn binder(program: &Program, b: &Binder) -> String {
    let names: Vec<String> = b
        .slots
        .iter()
        .zip(&b.names)
        .map(|(s, n)| format!("${}:{n}", s.0))
        .collect();
    let bound = if b.tuple {
        format!("<<{}>>", names.join(", "))
    } else {
        names.join(", ")
    };
    match &b.domain {
        Some(d) => format!("{bound} \\in {}", expr(program, d)),
        None => bound,
    }
}

fn binders(program: &Program, bs: &[Binder]) -> String {
    bs.iter()
        .map(|b| binder(program, b))
        .collect::<Vec<_>>()
        .join(", ")
}

fn builtin_symbol(b: Builtin) -> &'static str {
    use Builtin::*;
    match b {
        Not => "~",
        Implies => "=>",
        Equiv => "<=>",
        Eq => "=",
        Neq => "#",
        In => "\\in",
        NotIn => "\\notin",
        Union => "\\cup",
        Intersect => "\\cap",
        SetMinus => "\\",
        SubsetEq => "\\subseteq",
        Powerset => "SUBSET",
        BigUnion => "UNION",
        Domain => "DOMAIN",
        Enabled => "ENABLED",
        Unchanged => "UNCHANGED",
        Always => "[]",
        Eventually => "<>",
        LeadsTo => "~>",
        WhilePlus => "-+->",
        Cdot => "\\cdot",
    }
}

/// One expression as text.
pub fn expr(program: &Program, e: &Expr) -> String {
    use ExprKind::*;
    let ex = |e: &Expr| expr(program, e);
    let op_name = |id: u32| {
        format!(
            "{}#{id}",
            program
                .ops
                .get(id as usize)
                .map_or("?", |o| o.name.as_str())
        )
    };
    match &e.kind {
        Bool(b) => (if *b { "TRUE" } else { "FALSE" }).to_string(),
        Int(n) => n.to_string(),
        BigInt(digits) => format!("{digits}n"),
        Str(s) => format!("{s:?}"),
        BooleanSet => "BOOLEAN".to_string(),
        StringSet => "STRING".to_string(),
        Var { var, primed } => {
            let name = program
                .vars
                .get(var.0 as usize)
                .map_or("?", |v| v.name.as_str());
            format!("{name}{}", if *primed { "'" } else { "" })
        }
        Const(c) => program
            .consts
            .get(c.0 as usize)
            .map_or("?".to_string(), |c| c.name.to_string()),
        ConstCall(c, args) => {
            let name = program
                .consts
                .get(c.0 as usize)
                .map_or("?".to_string(), |c| c.name.to_string());
            call(name, program, args)
        }
        Local(s) => format!("${}", s.0),
        LocalCall(s, args) => call(format!("${}", s.0), program, args),
        Call(op, args) => call(op_name(op.0), program, args),
        OpArg(op, args) => call(format!("&{}", op_name(op.0)), program, args),
        LocalOpArg(s) => format!("&${}", s.0),
        Builtin(b, args) => format!("({} {})", builtin_symbol(*b), list(program, args)),
        Junction { and, items } => format!(
            "({} {})",
            if *and { "/\\" } else { "\\/" },
            list(program, items)
        ),
        Prime(inner) => format!("(' {})", ex(inner)),
        Substituted { var, value } => {
            let name = program.substituted.get(var.0 as usize).map_or_else(
                || format!("?{}", var.0),
                |v| format!("{}!{}", v.instance, v.name),
            );
            format!("(<- {name} {})", ex(value))
        }
        If(c, a, b) => format!("(IF {} {} {})", ex(c), ex(a), ex(b)),
        Case { arms, other } => {
            let mut parts: Vec<String> = arms
                .iter()
                .map(|(g, v)| format!("({} -> {})", ex(g), ex(v)))
                .collect();
            if let Some(o) = other {
                parts.push(format!("(OTHER -> {})", ex(o)));
            }
            format!("(CASE {})", parts.join(" "))
        }
        LetValue { slot, value, body } => {
            format!("(LET ${} = {} IN {})", slot.0, ex(value), ex(body))
        }
        Quant {
            forall,
            binders: bs,
            body,
        } => {
            format!(
                "({} {} : {})",
                if *forall { "\\A" } else { "\\E" },
                binders(program, bs),
                ex(body)
            )
        }
        TemporalQuant { forall, body } => {
            format!("({} {})", if *forall { "\\AA" } else { "\\EE" }, ex(body))
        }
        Choose(b, body) => format!("(CHOOSE {} : {})", binder(program, b), ex(body)),
        SetEnum(items) => format!("{{{}}}", comma_list(program, items)),
        SetFilter(b, p) => format!("{{{} : {}}}", binder(program, b), ex(p)),
        SetMap(body, bs) => format!("{{{} : {}}}", ex(body), binders(program, bs)),
        FnCons(bs, body) => format!("[{} |-> {}]", binders(program, bs), ex(body)),
        FnSet(a, b) => format!("[{} -> {}]", ex(a), ex(b)),
        Record(fields) => {
            let f: Vec<String> = fields
                .iter()
                .map(|(n, v)| format!("{n} |-> {}", ex(v)))
                .collect();
            format!("[{}]", f.join(", "))
        }
        RecordSet(fields) => {
            let f: Vec<String> = fields
                .iter()
                .map(|(n, v)| format!("{n} : {}", ex(v)))
                .collect();
            format!("[{}]", f.join(", "))
        }
        Tuple(items) => format!("<<{}>>", comma_list(program, items)),
        Cross(items) => format!("(\\X {})", list(program, items)),
        Except { base, updates, at } => {
            let u: Vec<String> = updates
                .iter()
                .map(|u| {
                    let path: String = u
                        .path
                        .iter()
                        .map(|s| match s {
                            ExceptStep::Field(f) => format!(".{f}"),
                            ExceptStep::Index(i) => format!("[{}]", ex(i)),
                        })
                        .collect();
                    format!("!{path} = {}", ex(&u.value))
                })
                .collect();
            format!("[{} EXCEPT @${} {}]", ex(base), at.0, u.join(", "))
        }
        FnApp(f, a) => format!("{}[{}]", ex(f), ex(a)),
        Dot(r, field) => format!("{}.{field}", ex(r)),
        BoxAction(a, v) => format!("[{}]_{}", ex(a), ex(v)),
        AngleAction(a, v) => format!("<<{}>>_{}", ex(a), ex(v)),
        Fairness {
            strong,
            vars,
            action,
        } => {
            format!(
                "{}_{}({})",
                if *strong { "SF" } else { "WF" },
                ex(vars),
                ex(action)
            )
        }
    }
}
