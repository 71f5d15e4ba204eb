//! A compact S-expression rendering of the AST, used by the data-driven tests
//! (`test_data/**.expected`). The format is stable: change it only together with them.

use std::fmt::Write as _;

use crate::ast::{Bound, ExceptStep, Expr, ExprKind, Module, OpDecl, RefSegment, Unit};

/// Renders a module: one unit per line, indented under its header.
pub fn module(module: &Module) -> String {
    let mut out = String::new();
    write_module(&mut out, module, 0);
    out
}

/// Renders one expression on one line.
pub fn expr(expr: &Expr) -> String {
    let mut out = String::new();
    write_expr(&mut out, expr);
    out
}

fn write_module(out: &mut String, module: &Module, indent: usize) {
    let pad = "  ".repeat(indent);
    let _ = write!(out, "{pad}(module {}", module.name.name);
    if !module.extends.is_empty() {
        let names: Vec<&str> = module.extends.iter().map(|i| i.name.as_str()).collect();
        let _ = write!(out, " (extends {})", names.join(" "));
    }
    out.push('\n');
    for unit in &module.units {
        write_unit(out, unit, indent + 1);
    }
    let _ = writeln!(out, "{pad})");
}

fn write_unit(out: &mut String, unit: &Unit, indent: usize) {
    if let Unit::Module(inner) = unit {
        write_module(out, inner, indent);
        return;
    }
    out.push_str(&"  ".repeat(indent));
    unit_inline(out, unit);
    out.push('\n');
}

fn local(flag: bool) -> &'static str {
    if flag {
        "local "
    } else {
        ""
    }
}

fn unit_inline(out: &mut String, unit: &Unit) {
    match unit {
        Unit::Constants(decls) => decl_list(out, "constants", decls),
        Unit::Recursive(decls) => decl_list(out, "recursive", decls),
        Unit::Variables(names) => {
            let names: Vec<&str> = names.iter().map(|i| i.name.as_str()).collect();
            let _ = write!(out, "(variables {})", names.join(" "));
        }
        Unit::Assume(a) => {
            out.push_str("(assume ");
            if let Some(name) = &a.name {
                let _ = write!(out, "{} ", name.name);
            }
            write_expr(out, &a.expr);
            out.push(')');
        }
        Unit::Op(def) => {
            let _ = write!(out, "(op {}{} (", local(def.local), def.name.name);
            decls(out, &def.params);
            out.push_str(") ");
            write_expr(out, &def.body);
            out.push(')');
        }
        Unit::Fn(def) => {
            let _ = write!(out, "(fn {}{} ", local(def.local), def.name.name);
            bounds(out, &def.bounds);
            out.push(' ');
            write_expr(out, &def.body);
            out.push(')');
        }
        Unit::Instance(inst) => instance(out, inst),
        Unit::ModDef(def) => {
            let _ = write!(out, "(moddef {}{} (", local(def.local), def.name.name);
            decls(out, &def.params);
            out.push_str(") ");
            instance(out, &def.instance);
            out.push(')');
        }
        Unit::Theorem(t) => {
            out.push_str("(theorem ");
            if let Some(name) = &t.name {
                let _ = write!(out, "{} ", name.name);
            }
            match &t.body {
                Some(body) => write_expr(out, body),
                None => out.push_str("assume-prove"),
            }
            out.push(')');
        }
        Unit::Module(inner) => write_module(out, inner, 0),
    }
}

fn decl_list(out: &mut String, head: &str, list: &[OpDecl]) {
    let _ = write!(out, "({head} ");
    decls(out, list);
    out.push(')');
}

fn decls(out: &mut String, list: &[OpDecl]) {
    for (i, d) in list.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&d.name.name);
        if d.arity > 0 {
            let _ = write!(out, "/{}", d.arity);
        }
    }
}

fn instance(out: &mut String, inst: &crate::ast::Instance) {
    let _ = write!(out, "(instance {}{}", local(inst.local), inst.module.name);
    for s in &inst.substs {
        let _ = write!(out, " ({} <- ", s.name.name);
        write_expr(out, &s.expr);
        out.push(')');
    }
    out.push(')');
}

fn bounds(out: &mut String, list: &[Bound]) {
    out.push('(');
    for (i, b) in list.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        bound(out, b);
    }
    out.push(')');
}

fn bound(out: &mut String, b: &Bound) {
    let names: Vec<&str> = b.names.iter().map(|i| i.name.as_str()).collect();
    if b.tuple {
        let _ = write!(out, "(<<{}>>", names.join(" "));
    } else {
        let _ = write!(out, "({}", names.join(" "));
    }
    if let Some(domain) = &b.domain {
        out.push_str(" \\in ");
        write_expr(out, domain);
    }
    out.push(')');
}

fn list(out: &mut String, head: &str, items: &[Expr]) {
    let _ = write!(out, "({head}");
    for item in items {
        out.push(' ');
        write_expr(out, item);
    }
    out.push(')');
}

fn segment(out: &mut String, seg: &RefSegment) {
    if seg.args.is_empty() {
        out.push_str(&seg.name.name);
    } else {
        list(out, &seg.name.name, &seg.args);
    }
}

fn write_expr(out: &mut String, e: &Expr) {
    match &e.kind {
        ExprKind::Number(n) | ExprKind::Decimal(n) => out.push_str(n),
        ExprKind::String(s) => {
            let _ = write!(out, "{:?}", s.as_str());
        }
        ExprKind::Bool(b) => out.push_str(if *b { "TRUE" } else { "FALSE" }),
        ExprKind::BooleanSet => out.push_str("BOOLEAN"),
        ExprKind::StringSet => out.push_str("STRING"),
        ExprKind::Ref(segs) if segs.len() == 1 => segment(out, &segs[0]),
        ExprKind::Ref(segs) => {
            out.push_str("(!");
            for seg in segs {
                out.push(' ');
                segment(out, seg);
            }
            out.push(')');
        }
        ExprKind::Op { op, args, .. } => list(out, op, args),
        ExprKind::Junction { and, items } => list(out, if *and { "and" } else { "or" }, items),
        ExprKind::Cross(items) => list(out, "cross", items),
        ExprKind::If(c, a, b) => list(out, "if", &[(**c).clone(), (**a).clone(), (**b).clone()]),
        ExprKind::Case { .. }
        | ExprKind::Let { .. }
        | ExprKind::Quant { .. }
        | ExprKind::TemporalQuant { .. }
        | ExprKind::Except { .. } => write_compound(out, e),
        ExprKind::Choose { bound: b, body } => {
            binder_form(out, "choose", std::slice::from_ref(b), body)
        }
        ExprKind::SetEnum(items) => list(out, "set", items),
        ExprKind::SetFilter { bound: b, pred } => {
            binder_form(out, "filter", std::slice::from_ref(b), pred)
        }
        ExprKind::SetMap { body, bounds: bs } => binder_form(out, "setmap", bs, body),
        ExprKind::FnCons { bounds: bs, body } => binder_form(out, "fncons", bs, body),
        ExprKind::FnSet(a, b) => list(out, "fnset", &[(**a).clone(), (**b).clone()]),
        ExprKind::Record(fields) => fields_form(out, "record", fields),
        ExprKind::RecordSet(fields) => fields_form(out, "recordset", fields),
        ExprKind::Tuple(items) => list(out, "tuple", items),
        ExprKind::At => out.push('@'),
        ExprKind::FnApp(f, args) => {
            out.push_str("(app ");
            write_expr(out, f);
            for a in args {
                out.push(' ');
                write_expr(out, a);
            }
            out.push(')');
        }
        ExprKind::Dot(r, field) => {
            out.push_str("(. ");
            write_expr(out, r);
            let _ = write!(out, " {})", field.name);
        }
        ExprKind::BoxAction(a, v) => list(out, "[]_", &[(**a).clone(), (**v).clone()]),
        ExprKind::AngleAction(a, v) => list(out, "<<>>_", &[(**a).clone(), (**v).clone()]),
        ExprKind::Fairness {
            strong,
            vars,
            action,
        } => list(
            out,
            if *strong { "SF" } else { "WF" },
            &[(**vars).clone(), (**action).clone()],
        ),
        ExprKind::Lambda(names, body) => {
            let names: Vec<&str> = names.iter().map(|i| i.name.as_str()).collect();
            let _ = write!(out, "(lambda ({}) ", names.join(" "));
            write_expr(out, body);
            out.push(')');
        }
        ExprKind::Label(l, body) => {
            let _ = write!(out, "(label {} ", l.name);
            write_expr(out, body);
            out.push(')');
        }
    }
}

/// Renders the forms with nested structure of their own: `CASE`, `LET`, quantifiers, `EXCEPT`.
fn write_compound(out: &mut String, e: &Expr) {
    match &e.kind {
        ExprKind::Case { arms, other } => {
            out.push_str("(case");
            for (guard, value) in arms {
                out.push_str(" (");
                write_expr(out, guard);
                out.push_str(" -> ");
                write_expr(out, value);
                out.push(')');
            }
            if let Some(other) = other {
                out.push_str(" (OTHER -> ");
                write_expr(out, other);
                out.push(')');
            }
            out.push(')');
        }
        ExprKind::Let { defs, body } => {
            out.push_str("(let (");
            for (i, def) in defs.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                unit_inline(out, def);
            }
            out.push_str(") ");
            write_expr(out, body);
            out.push(')');
        }
        ExprKind::Quant {
            forall,
            bounds: bs,
            body,
        } => {
            out.push_str(if *forall { "(\\A " } else { "(\\E " });
            bounds(out, bs);
            out.push(' ');
            write_expr(out, body);
            out.push(')');
        }
        ExprKind::TemporalQuant {
            forall,
            names,
            body,
        } => {
            let names: Vec<&str> = names.iter().map(|i| i.name.as_str()).collect();
            let q = if *forall { "\\AA" } else { "\\EE" };
            let _ = write!(out, "({q} ({}) ", names.join(" "));
            write_expr(out, body);
            out.push(')');
        }
        ExprKind::Except { base, updates } => {
            out.push_str("(except ");
            write_expr(out, base);
            for u in updates {
                out.push_str(" (!");
                for step in &u.path {
                    match step {
                        ExceptStep::Field(f) => {
                            let _ = write!(out, ".{}", f.name);
                        }
                        ExceptStep::Index(ix) => {
                            out.push('[');
                            for (i, e) in ix.iter().enumerate() {
                                if i > 0 {
                                    out.push(' ');
                                }
                                write_expr(out, e);
                            }
                            out.push(']');
                        }
                    }
                }
                out.push_str(" = ");
                write_expr(out, &u.value);
                out.push(')');
            }
            out.push(')');
        }
        _ => write_expr(out, e),
    }
}

fn binder_form(out: &mut String, head: &str, bs: &[Bound], body: &Expr) {
    let _ = write!(out, "({head} ");
    bounds(out, bs);
    out.push(' ');
    write_expr(out, body);
    out.push(')');
}

fn fields_form(out: &mut String, head: &str, fields: &[(crate::ast::Ident, Expr)]) {
    let _ = write!(out, "({head}");
    for (name, value) in fields {
        let _ = write!(out, " ({} ", name.name);
        write_expr(out, value);
        out.push(')');
    }
    out.push(')');
}
