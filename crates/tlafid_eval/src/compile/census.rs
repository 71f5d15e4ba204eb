//! The census of compiled forms (`Evaluator::plan_census`): how many nodes of each
//! [`Kind`] a compiled expression holds, and which expressions it leaves to the
//! interpreter, to size a generator of native code (`docs/performance.md`, "A native back
//! end"). A developer's tool: nothing on the hot path reads it.

use std::collections::{BTreeMap, BTreeSet};

use tlafid_sema::ir::{Expr, ExprKind};

use super::fn_def::FnDefArg;
use super::{Except, Kind, Member, Node, NodeBuilder, PathStep, Step};

/// Counts by name, in name order.
pub(crate) type Tally = BTreeMap<String, usize>;

/// What a census found in the compiled forms of one action or invariant.
#[derive(Default)]
pub(crate) struct Census {
    /// Compiled nodes by kind (`Path`, `Except`, ...).
    pub nodes: Tally,
    /// The expressions of [`Kind::Interpret`] nodes (and of memberships left to the
    /// interpreter), by expression kind (`Call Foo`, `Builtin::Cardinality`).
    pub interpreted: Tally,
    /// Operators whose compiled bodies were counted, through calls the nodes leave to the
    /// interpreter (each once).
    called: BTreeSet<usize>,
}

impl Census {
    /// Whether no node is left to the interpreter.
    pub fn compiled_whole(&self) -> bool {
        self.interpreted.is_empty()
    }

    /// Whether the nodes left to the interpreter are only calls of defined operators whose
    /// bodies are compiled (and counted here): a generator would emit a function per callee.
    pub fn compiled_but_calls(&self) -> bool {
        self.interpreted
            .keys()
            .all(|name| name.starts_with("Call "))
    }

    /// Counts `e` as compiled by `nodes` (as the evaluator compiles a root).
    pub fn expr(&mut self, nodes: &NodeBuilder<'_, '_>, e: &Expr) {
        let node = nodes.root(e);
        self.node(nodes, &node);
    }

    /// Counts `e` as left to the action generator (`Plan::Gen`), by its expression kind.
    pub fn generated(&mut self, e: &Expr) {
        let name = format!("generator: {}", expr_kind_name(e));
        *self.interpreted.entry(name).or_default() += 1;
    }

    fn interpret(&mut self, nodes: &NodeBuilder<'_, '_>, e: &Expr) {
        let name = match &e.kind {
            ExprKind::Call(op, _) => {
                let ev = nodes.0.ev;
                let i = op.0 as usize;
                let name = &ev.program.op(*op).name;
                // The call runs the callee's compiled body, whose nodes are counted as the
                // caller's, once per census.
                match ev.compiled().body(i) {
                    Some(body) => {
                        if self.called.insert(i) {
                            self.node(nodes, body);
                        }
                        format!("Call {name}")
                    }
                    None => format!("Interpreted call {name}"),
                }
            }
            _ => expr_kind_name(e),
        };
        *self.interpreted.entry(name).or_default() += 1;
    }

    fn count(&mut self, name: &str) {
        *self.nodes.entry(name.to_string()).or_default() += 1;
    }

    /// Counts `node` and everything under it.
    pub fn node(&mut self, nodes: &NodeBuilder<'_, '_>, node: &Node<'_>) {
        let name = kind_name(&node.kind);
        self.count(name);
        match &node.kind {
            Kind::Interpret => self.interpret(nodes, node.expr),
            Kind::Value(_)
            | Kind::Local(_)
            | Kind::Var(_)
            | Kind::NextVar(_)
            | Kind::LocalField(..)
            | Kind::Cached(_)
            | Kind::RememberedCall(..)
            | Kind::NativeConst(..) => {}
            Kind::Primed(a)
            | Kind::Field(a, _)
            | Kind::LocalApp(_, a)
            | Kind::Remembered(_, a)
            | Kind::Native1(_, a)
            | Kind::Powerset(a)
            | Kind::Once(_, a)
            | Kind::PerState(a)
            | Kind::Not(a) => self.node(nodes, a),
            Kind::App(a, b)
            | Kind::ConstApp(a, b)
            | Kind::Native2(_, a, b)
            | Kind::IntCmp(_, _, a, b)
            | Kind::SetOp(_, a, b)
            | Kind::FnSet(a, b)
            | Kind::Implies(a, b)
            | Kind::Equiv(a, b)
            | Kind::Disjoint { a, b, .. }
            | Kind::Eq { a, b, .. } => {
                self.node(nodes, a);
                self.node(nodes, b);
            }
            Kind::SetFilter {
                domain: a, pred: b, ..
            }
            | Kind::SetMap {
                domain: a, body: b, ..
            }
            | Kind::Choose {
                domain: a, pred: b, ..
            } => {
                self.node(nodes, a);
                self.node(nodes, b);
            }
            Kind::Path(path) => {
                for (step, _) in &path.steps {
                    if let PathStep::Index(index) = step {
                        self.node(nodes, index);
                    }
                }
            }
            Kind::FnDefApp(app) => {
                match &app.arg {
                    FnDefArg::Whole(a) => self.node(nodes, a),
                    FnDefArg::Pair(a, b) => {
                        self.node(nodes, a);
                        self.node(nodes, b);
                    }
                }
                for (_, domain) in &app.params {
                    self.node(nodes, domain);
                }
                let i = app.op.0 as usize;
                if self.called.insert(i) {
                    if let Some(body) = nodes.0.ev.compiled().body(i) {
                        self.node(nodes, body);
                    }
                }
            }
            Kind::SetEnum(items) | Kind::Tuple(items) | Kind::And(items) | Kind::Or(items) => {
                items.iter().for_each(|item| self.node(nodes, item))
            }
            Kind::Cross(items) => items.iter().for_each(|item| self.node(nodes, item)),
            Kind::Record(record) => record
                .fields
                .iter()
                .for_each(|(_, value)| self.node(nodes, value)),
            Kind::SubsetOf { a, set, .. } => {
                self.node(nodes, a);
                self.expr(nodes, set);
            }
            Kind::SubsetOfConstant { a, set } => {
                self.node(nodes, a);
                self.member(nodes, set);
            }
            Kind::In { elem, set, .. } => {
                self.node(nodes, elem);
                self.member(nodes, set);
            }
            Kind::If(c, a, b) => {
                self.node(nodes, c);
                self.node(nodes, a);
                self.node(nodes, b);
            }
            Kind::Case { arms, other } => {
                for (guard, value) in arms {
                    self.node(nodes, guard);
                    self.node(nodes, value);
                }
                if let Some(other) = other {
                    self.node(nodes, other);
                }
            }
            Kind::Let { value, body, .. } => {
                self.expr(nodes, value);
                self.node(nodes, body);
            }
            Kind::Except(except) => self.except(nodes, except),
            Kind::FnCons { vars, body } | Kind::Quant { vars, body, .. } => {
                for var in vars {
                    self.node(nodes, &var.domain);
                }
                self.node(nodes, body);
            }
        }
    }

    fn except(&mut self, nodes: &NodeBuilder<'_, '_>, except: &Except<'_>) {
        self.node(nodes, &except.base);
        for (path, value) in &except.updates {
            for step in path {
                if let Step::Index(index) = step {
                    self.node(nodes, index);
                }
            }
            self.node(nodes, value);
        }
    }

    fn member(&mut self, nodes: &NodeBuilder<'_, '_>, member: &Member<'_>) {
        match member {
            Member::Set(set) => self.node(nodes, set),
            Member::Constant(..) => self.count("Member::Constant"),
            Member::FnSet { dom, range } => {
                self.count("Member::FnSet");
                self.node(nodes, dom);
                self.member(nodes, range);
            }
            Member::Interpret(e) => {
                self.count("Member::Interpret");
                self.interpret(nodes, e);
            }
            Member::Enum(items) => {
                self.count("Member::Enum");
                items.iter().for_each(|item| self.node(nodes, item));
            }
            Member::Remembered(inner) => {
                self.count("Member::Remembered");
                self.member(nodes, inner);
            }
        }
    }
}

/// The name of `e`'s kind (`FnApp`, `Builtin::Cardinality`).
fn expr_kind_name(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Builtin(b, _) => format!("Builtin::{b:?}"),
        kind => {
            let text = format!("{kind:?}");
            let end = text
                .find(|c: char| !c.is_alphanumeric())
                .unwrap_or(text.len());
            text[..end].to_string()
        }
    }
}

fn kind_name(kind: &Kind<'_>) -> &'static str {
    match kind {
        Kind::Interpret => "Interpret",
        Kind::Value(_) => "Value",
        Kind::Local(_) => "Local",
        Kind::Var(_) => "Var",
        Kind::NextVar(_) => "NextVar",
        Kind::Primed(_) => "Primed",
        Kind::Path(_) => "Path",
        Kind::App(..) => "App",
        Kind::Field(..) => "Field",
        Kind::LocalField(..) => "LocalField",
        Kind::LocalApp(..) => "LocalApp",
        Kind::ConstApp(..) => "ConstApp",
        Kind::FnDefApp(_) => "FnDefApp",
        Kind::SetEnum(_) => "SetEnum",
        Kind::Tuple(_) => "Tuple",
        Kind::Record(_) => "Record",
        Kind::SetFilter { .. } => "SetFilter",
        Kind::SetMap { .. } => "SetMap",
        Kind::Cached(_) => "Cached",
        Kind::Remembered(..) => "Remembered",
        Kind::RememberedCall(..) => "RememberedCall",
        Kind::NativeConst(..) => "NativeConst",
        Kind::Native1(..) => "Native1",
        Kind::Native2(..) => "Native2",
        Kind::IntCmp(..) => "IntCmp",
        Kind::SetOp(..) => "SetOp",
        Kind::Powerset(_) => "Powerset",
        Kind::FnSet(..) => "FnSet",
        Kind::Cross(_) => "Cross",
        Kind::Disjoint { .. } => "Disjoint",
        Kind::Once(..) => "Once",
        Kind::PerState(_) => "PerState",
        Kind::Not(_) => "Not",
        Kind::And(_) => "And",
        Kind::Or(_) => "Or",
        Kind::Implies(..) => "Implies",
        Kind::Equiv(..) => "Equiv",
        Kind::Eq { .. } => "Eq",
        Kind::SubsetOf { .. } => "SubsetOf",
        Kind::SubsetOfConstant { .. } => "SubsetOfConstant",
        Kind::In { .. } => "In",
        Kind::If(..) => "If",
        Kind::Case { .. } => "Case",
        Kind::Choose { .. } => "Choose",
        Kind::Let { .. } => "Let",
        Kind::Except(_) => "Except",
        Kind::FnCons { .. } => "FnCons",
        Kind::Quant { .. } => "Quant",
    }
}
