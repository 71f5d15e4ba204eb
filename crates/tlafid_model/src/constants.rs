//! Constant values from the configuration: `N = 3`, `Procs = {p1, p2}` (model values),
//! `N <- Op` (substitution) and overrides of defined operators (`Op = 3`, `Op <- Other`).

use smol_str::SmolStr;
use tlafid_base::{Diagnostic, Span};
use tlafid_config::{Binding, Config, ConfigValue, ConstantBinding};
use tlafid_eval::ConstBinding;
use tlafid_sema::ir::{Expr, ExprKind, OpId, Program, RootName};
use tlafid_value::{FnBuilder, Value};

use crate::codes;

/// Model values, numbered by first mention in the configuration (TLC orders model values by
/// the order in which their names were first seen).
#[derive(Default)]
pub struct ModelValues {
    names: Vec<SmolStr>,
}

impl ModelValues {
    fn get(&mut self, name: &SmolStr) -> Value {
        let id = match self.names.iter().position(|n| n == name) {
            Some(id) => id,
            None => {
                self.names.push(name.clone());
                self.names.len() - 1
            }
        };
        Value::model(id as u32, name)
    }

    /// Converts a configuration value, making model values as needed.
    pub fn value(&mut self, value: &ConfigValue) -> Value {
        match value {
            ConfigValue::Int(n) => Value::Int(*n),
            ConfigValue::Str(s) => Value::str(s),
            ConfigValue::Bool(b) => Value::bool(*b),
            ConfigValue::ModelValue(name) => self.get(name),
            ConfigValue::Set(elems) => Value::set(elems.iter().map(|e| self.value(e)).collect()),
            ConfigValue::Tuple(elems) => Value::seq(elems.iter().map(|e| self.value(e)).collect()),
        }
    }
}

/// What the configuration's `CONSTANTS` section gives the evaluator.
pub struct Bindings {
    /// One entry per `Program::consts`.
    pub consts: Vec<Option<ConstBinding>>,
    /// Overrides of defined operators.
    pub overrides: Vec<(OpId, ConstBinding)>,
    /// Names given values that the spec does not declare (TLC ignores them).
    pub warnings: Vec<Diagnostic>,
}

/// Binds every constant and override of `config`; reports undefined names and constants
/// left without a value.
pub fn bind_constants(program: &Program, config: &Config) -> Result<Bindings, Vec<Diagnostic>> {
    let mut models = ModelValues::default();
    let mut bindings = Bindings {
        consts: vec![None; program.consts.len()],
        overrides: Vec::new(),
        warnings: Vec::new(),
    };
    let mut problems = Vec::new();
    let groups = group_by_name(&config.constants);
    for group in groups {
        match bind_one(program, &group, &mut models) {
            Ok(Target::Const(c, binding)) => bindings.consts[c] = Some(binding),
            Ok(Target::Ops(ops, binding)) => bindings
                .overrides
                .extend(ops.into_iter().map(|op| (op, binding.clone()))),
            Ok(Target::Ignored(warning)) => bindings.warnings.push(warning),
            Err(problem) => problems.push(problem),
        }
    }
    for (decl, binding) in program.consts.iter().zip(&bindings.consts) {
        if binding.is_none() {
            problems.push(
                Diagnostic::error(
                    codes::MISSING_CONSTANT,
                    format!(
                        "the constant {} has no value in the configuration",
                        decl.name
                    ),
                    decl.span,
                )
                .with_hint(format!(
                    "add `CONSTANT {} = ...` to the .cfg file",
                    decl.name
                )),
            );
        }
    }
    if problems.is_empty() {
        Ok(bindings)
    } else {
        Err(problems)
    }
}

/// Lines for the same name (with the same module scope) form one binding; `F(1) = a`
/// lines for the same `F` build one function table. A later plain binding wins, as in TLC.
fn group_by_name(constants: &[ConstantBinding]) -> Vec<Vec<&ConstantBinding>> {
    let mut groups: Vec<Vec<&ConstantBinding>> = Vec::new();
    for c in constants {
        let key = |b: &ConstantBinding| {
            (
                b.name.name.clone(),
                b.module.as_ref().map(|m| m.name.clone()),
            )
        };
        match groups.iter_mut().find(|g| key(g[0]) == key(c)) {
            Some(group) if !c.args.is_empty() => group.push(c),
            Some(group) => *group = vec![c],
            None => groups.push(vec![c]),
        }
    }
    groups
}

enum Target {
    Const(usize, ConstBinding),
    Ops(Vec<OpId>, ConstBinding),
    Ignored(Diagnostic),
}

fn bind_one(
    program: &Program,
    group: &[&ConstantBinding],
    models: &mut ModelValues,
) -> Result<Target, Diagnostic> {
    let first = group[0];
    let binding = binding_of(program, group, models)?;
    if let Some(module) = &first.module {
        let ops = scoped_ops(program, &module.name, &first.name.name);
        if ops.is_empty() {
            return Err(undefined(
                &first.name.name,
                first.name.span,
                "in that module",
            ));
        }
        return Ok(Target::Ops(ops, binding));
    }
    match program.root_name(&first.name.name) {
        Some(RootName::Const(c)) => Ok(Target::Const(c.0 as usize, binding)),
        Some(RootName::Op(op)) => Ok(Target::Ops(vec![op], binding)),
        Some(RootName::Var(_)) => Err(Diagnostic::error(
            codes::WRONG_KIND,
            format!(
                "{} is a variable; the configuration can only give values to constants",
                first.name.name
            ),
            first.name.span,
        )),
        None => {
            let mut warning = undefined(&first.name.name, first.name.span, "");
            warning.severity = tlafid_base::Severity::Warning;
            Ok(Target::Ignored(warning.with_hint(
                "TLC ignores it too; remove it or declare the constant",
            )))
        }
    }
}

/// The operators `[module]name` names. TLC looks `name` up among the names visible in
/// `module`: its own definitions, or one it imports (`Nat` of `LOCAL INSTANCE Naturals`); an
/// imported definition is one definition for TLC, so every copy of it is overridden (also
/// where other modules use it).
fn scoped_ops(program: &Program, module: &str, name: &str) -> Vec<OpId> {
    let all = || (0..program.ops.len() as u32).map(OpId);
    let own: Vec<OpId> = all()
        .filter(|&id| {
            let op = program.op(id);
            op.module == module && op.name == name
        })
        .collect();
    if !own.is_empty() {
        return own;
    }
    let mut used: Vec<OpId> = Vec::new();
    for op in program.ops.iter().filter(|op| op.module == module) {
        collect_calls(&op.body, &mut |id| {
            if program.op(id).name == name && !used.contains(&id) {
                used.push(id);
            }
        });
    }
    all()
        .filter(|&id| {
            let op = program.op(id);
            used.iter().any(|&u| {
                let found = program.op(u);
                found.name == op.name && found.module == op.module && found.span == op.span
            })
        })
        .collect()
}

fn collect_calls(expr: &Expr, f: &mut impl FnMut(OpId)) {
    if let ExprKind::Call(id, _) | ExprKind::OpArg(id, _) = &expr.kind {
        f(*id);
    }
    tlafid_sema::walk::each_child(expr, &mut |child| collect_calls(child, f));
}

fn binding_of(
    program: &Program,
    group: &[&ConstantBinding],
    models: &mut ModelValues,
) -> Result<ConstBinding, Diagnostic> {
    let first = group[0];
    if first.args.is_empty() {
        return match &first.binding {
            Binding::Value(v) => Ok(ConstBinding::Value(models.value(&v.value))),
            Binding::Substitute(target) => match program.root_name(&target.name) {
                Some(RootName::Op(op)) => Ok(ConstBinding::Op(op)),
                Some(RootName::Const(_) | RootName::Var(_)) | None => {
                    Err(undefined(&target.name, target.span, "as an operator"))
                }
            },
        };
    }
    // `F(1, a) = v` lines: a function table from argument tuples (or single arguments).
    let mut table = FnBuilder::with_capacity(group.len());
    for line in group {
        let Binding::Value(v) = &line.binding else {
            return Err(Diagnostic::error(
                codes::WRONG_KIND,
                "an operator table entry `F(args) = v` needs a value, not `<-`",
                line.span,
            ));
        };
        let mut args: Vec<Value> = line.args.iter().map(|a| models.value(&a.value)).collect();
        let key = if args.len() == 1 {
            args.pop().unwrap_or_else(Value::empty_set)
        } else {
            Value::seq(args)
        };
        table.push(key, models.value(&v.value));
    }
    Ok(ConstBinding::Value(table.build()))
}

fn undefined(name: &str, span: Span, qualifier: &str) -> Diagnostic {
    let sep = if qualifier.is_empty() { "" } else { " " };
    Diagnostic::error(
        codes::UNDEFINED_IN_CONFIG,
        format!("the configuration names {name}, which the spec does not define{sep}{qualifier}"),
        span,
    )
}
