//! TLC's registers (`TLCSet(k, v)`, `TLCGet(k)`) and checker statistics (`TLCGet("stats")`),
//! limited to the uses whose results cannot depend on the order in which states are
//! explored, so that every worker count gives TLC's answer with one worker.
//!
//! Phases: while the `ASSUME`s are checked registers are read and written freely. While
//! initial states are generated, `TLCSet(k, v)` may write `k` as long as every write in the
//! initial predicate writes the same value and no read of `k` meets it there. During
//! exploration, the one write allowed is an *accumulation*: `v >= TLCGet(k) => TLCSet(k, v)`
//! (or `>`, `<=`, `<`, either side, or `IF ... THEN TLCSet(k, v) ELSE TRUE`), with `k` an
//! integer literal and the same `v` on both sides. Whatever its `TLCGet` reads, the formula
//! is `TRUE`, so the register ends as the largest (smallest) `v` evaluated, whatever the
//! order: the register becomes that fold, and `TLCGet(k)` of a folded register is refused
//! anywhere else until exploration has ended. After exploration (`POSTCONDITION`), every
//! register and the final statistics can be read. SysMoBench's `TraceSpec.tla` records the
//! longest trace prefix matched that way (`l' >= TLCGet(0) => TLCSet(0, l')`) and reads it in
//! its `POSTCONDITION`.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Mutex;

use tlafid_base::Span;
use tlafid_sema::ir::{Builtin, Expr, ExprKind, OpId, Program};
use tlafid_value::Value;

use crate::error::{EvalError, EvalResult, E_ORDER_DEPENDENT, E_TYPE, E_UNSUPPORTED};

/// A register: `TLCSet(3, v)` or a named one, `TLCSet("s:name", v)`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Key {
    Index(i64),
    Named(tlafid_value::Text),
}

impl Key {
    /// The register a `TLCSet`/`TLCGet` argument names, if it names one.
    pub(crate) fn of(v: &Value) -> Option<Key> {
        match v {
            Value::Int(i) if *i >= 0 => Some(Key::Index(*i)),
            Value::Str(s) if s.starts_with("s:") => Some(Key::Named(*s)),
            _ => None,
        }
    }
}

/// Where the checker is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Phase {
    /// Checking the `ASSUME`s (and before): registers are free.
    Assume = 0,
    /// Exploring (initial states included).
    Explore = 1,
    /// Exploration has ended: `POSTCONDITION`s read the final registers and statistics.
    Post = 2,
}

/// How an accumulating register folds the values written to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fold {
    Max,
    Min,
}

/// The accumulations of a program, found once: the `TLCSet` and `TLCGet` calls inside
/// each (by span and register), and the registers they fold.
#[derive(Default, Debug)]
pub(crate) struct Accumulations {
    calls: HashMap<(Span, Key), Fold>,
    registers: BTreeMap<Key, Fold>,
    /// Whether some `TLCGet` may read `"level"` (its argument is `"level"` or not a literal).
    reads_level: bool,
}

/// What the initial predicate did to a register.
#[derive(Default, Debug)]
struct InitUse {
    /// The value it wrote (every write must agree).
    written: Option<Value>,
    /// Whether the write changed the register.
    changed: bool,
    /// Whether it read the register.
    read: bool,
}

/// The registers of one evaluator.
#[derive(Debug)]
pub(crate) struct Registers {
    values: Mutex<BTreeMap<Key, Value>>,
    phase: AtomicU8,
    init: Mutex<BTreeMap<Key, InitUse>>,
    accumulations: Accumulations,
    /// `TLCGet("stats")` after exploration.
    stats: Mutex<Option<Value>>,
}

fn order_dependent(message: String, span: Span) -> EvalError {
    EvalError::new(E_ORDER_DEPENDENT, message, span).with_hint(
        "during exploration tlafid runs only the TLCSet/TLCGet uses whose result does not \
         depend on the exploration order (see the README, \"TLC trace harnesses\")",
    )
}

impl Registers {
    pub(crate) fn new(program: &Program) -> Registers {
        Registers {
            values: Mutex::new(BTreeMap::new()),
            phase: AtomicU8::new(Phase::Assume as u8),
            init: Mutex::new(BTreeMap::new()),
            accumulations: Accumulations::find(program),
            stats: Mutex::new(None),
        }
    }

    pub(crate) fn phase(&self) -> Phase {
        match self.phase.load(Ordering::Acquire) {
            0 => Phase::Assume,
            1 => Phase::Explore,
            _ => Phase::Post,
        }
    }

    pub(crate) fn set_phase(&self, phase: Phase) {
        self.phase.store(phase as u8, Ordering::Release);
    }

    /// Whether the program may read `TLCGet("level")`, so that states must know their level.
    pub(crate) fn reads_level(&self) -> bool {
        self.accumulations.reads_level
    }

    /// Sets the statistics `TLCGet("stats")` answers after exploration.
    pub(crate) fn set_stats(&self, stats: Value) {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner()) = Some(stats);
    }

    /// The final statistics, once exploration has ended.
    pub(crate) fn stats(&self) -> Option<Value> {
        if self.phase() != Phase::Post {
            return None;
        }
        self.stats.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn values(&self) -> std::sync::MutexGuard<'_, BTreeMap<Key, Value>> {
        self.values.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `TLCGet(key)` at `span`; `init` while initial states are generated.
    pub(crate) fn get(
        &self,
        key: &Key,
        shown: &Value,
        span: Span,
        init: bool,
    ) -> EvalResult<Value> {
        let phase = self.phase();
        if phase == Phase::Explore {
            let in_accumulation = self.accumulations.calls.contains_key(&(span, key.clone()));
            if !in_accumulation && self.accumulations.registers.contains_key(key) {
                return Err(order_dependent(
                    format!(
                        "TLCGet({shown}) reads a register that exploration accumulates into: \
                         what it reads before exploration ends depends on the exploration order"
                    ),
                    span,
                ));
            }
            if init && !in_accumulation {
                let mut uses = self.init.lock().unwrap_or_else(|e| e.into_inner());
                let use_ = uses.entry(key.clone()).or_default();
                if use_.changed {
                    return Err(order_dependent(
                        format!("TLCGet({shown}) reads a register the initial predicate writes: what it reads depends on the order in which initial states are generated"),
                        span,
                    ));
                }
                use_.read = true;
            }
        }
        self.values().get(key).cloned().ok_or_else(|| {
            EvalError::new(
                E_UNSUPPORTED,
                format!("TLCGet({shown}): the register was not set by TLCSet"),
                span,
            )
        })
    }

    /// `TLCSet(key, value)` at `span`; `init` while initial states are generated.
    pub(crate) fn set(
        &self,
        key: Key,
        shown: &Value,
        value: &Value,
        span: Span,
        init: bool,
    ) -> EvalResult<Value> {
        match self.phase() {
            Phase::Assume | Phase::Post => {
                self.values().insert(key, value.clone());
            }
            Phase::Explore => {
                if let Some(&fold) = self.accumulations.calls.get(&(span, key.clone())) {
                    self.accumulate(key, value, fold, span)?;
                } else if init {
                    self.set_initially(key, shown, value, span)?;
                } else {
                    return Err(order_dependent(
                        format!("TLCSet({shown}, ...) during exploration: what later TLCGets read would depend on the exploration order"),
                        span,
                    ));
                }
            }
        }
        Ok(Value::Bool(true))
    }

    fn accumulate(&self, key: Key, value: &Value, fold: Fold, span: Span) -> EvalResult<()> {
        let mut values = self.values();
        let keep = match values.get(&key) {
            None => false,
            Some(old) => match (old.as_i64(), value.as_i64()) {
                (Some(old), Some(new)) => match fold {
                    Fold::Max => old >= new,
                    Fold::Min => old <= new,
                },
                _ => {
                    return Err(EvalError::new(
                        E_TYPE,
                        format!("an accumulating TLCSet compares integers, not {old} and {value}"),
                        span,
                    ))
                }
            },
        };
        if !keep {
            values.insert(key, value.clone());
        }
        Ok(())
    }

    /// A write by the initial predicate: every one must agree, and none may meet a read of
    /// the register there (its order would decide what the read sees). Generating the
    /// initial states again later (a counterexample's replay) writes nothing.
    fn set_initially(&self, key: Key, shown: &Value, value: &Value, span: Span) -> EvalResult<()> {
        let mut uses = self.init.lock().unwrap_or_else(|e| e.into_inner());
        let use_ = uses.entry(key.clone()).or_default();
        match &use_.written {
            Some(written) if written == value => return Ok(()),
            Some(written) => {
                return Err(order_dependent(
                    format!("TLCSet({shown}, {value}) in the initial predicate, which also writes {written}: the register's value would depend on the order in which initial states are generated"),
                    span,
                ))
            }
            None => {}
        }
        let mut values = self.values();
        let changed = values.get(&key) != Some(value);
        if changed && use_.read {
            return Err(order_dependent(
                format!("TLCSet({shown}, ...) in the initial predicate, which also reads the register: what it reads depends on the order in which initial states are generated"),
                span,
            ));
        }
        use_.written = Some(value.clone());
        use_.changed = changed;
        values.insert(key, value.clone());
        Ok(())
    }
}

impl Accumulations {
    /// Finds the accumulations in the bodies of `program`'s operators.
    fn find(program: &Program) -> Accumulations {
        let native = |name: &str| -> Vec<OpId> {
            (program.ops.iter().enumerate())
                .filter(|(_, op)| op.module == "TLC" && op.name == name)
                .map(|(i, _)| OpId(i as u32))
                .collect()
        };
        let mut found = Accumulations::default();
        let (get, set) = (native("TLCGet"), native("TLCSet"));
        if get.is_empty() || set.is_empty() {
            return found;
        }
        let ops = Ops { program, get, set };
        for op in &program.ops {
            ops.visit(&op.body, &mut found);
            if let Some(function) = &op.function {
                for binder in &function.binders {
                    if let Some(domain) = &binder.domain {
                        ops.visit(domain, &mut found);
                    }
                }
            }
        }
        found
    }
}

/// The operators an accumulation is written with.
struct Ops<'p> {
    program: &'p Program,
    get: Vec<OpId>,
    set: Vec<OpId>,
}

impl Ops<'_> {
    fn visit(&self, expr: &Expr, found: &mut Accumulations) {
        if let ExprKind::Call(op, args) = &expr.kind {
            if self.get.contains(op) {
                found.reads_level |= !matches!(
                    args.first().map(|a| &a.kind),
                    Some(ExprKind::Int(_)) | Some(ExprKind::Str(_))
                ) || matches!(args.first().map(|a| &a.kind), Some(ExprKind::Str(s)) if s == "level");
            }
        }
        if let Some((key, fold, get_span, set_span)) = self.accumulation(expr) {
            found.calls.insert((get_span, key.clone()), fold);
            found.calls.insert((set_span, key.clone()), fold);
            found.registers.insert(key, fold);
        }
        tlafid_sema::walk::each_child(expr, &mut |child| self.visit(child, found));
    }

    /// `cmp => TLCSet(k, v)` or `IF cmp THEN TLCSet(k, v) ELSE TRUE`, with `cmp` comparing
    /// `v` with `TLCGet(k)`: the register, its fold and the spans of the two calls.
    fn accumulation(&self, expr: &Expr) -> Option<(Key, Fold, Span, Span)> {
        let (cond, write) = match &expr.kind {
            ExprKind::Builtin(Builtin::Implies, operands) => match operands.as_slice() {
                [cond, write] => (cond, write),
                _ => return None,
            },
            ExprKind::If(cond, write, otherwise) => match otherwise.kind {
                ExprKind::Bool(true) => (&**cond, &**write),
                _ => return None,
            },
            _ => return None,
        };
        let ExprKind::Call(op, set_args) = &write.kind else {
            return None;
        };
        let [key, value] = set_args.as_slice() else {
            return None;
        };
        if !self.set.contains(op) {
            return None;
        }
        let ExprKind::Int(index) = key.kind else {
            return None;
        };
        let ExprKind::Call(cmp, sides) = &cond.kind else {
            return None;
        };
        let [left, right] = sides.as_slice() else {
            return None;
        };
        let cmp = self.program.op(*cmp);
        if !matches!(cmp.module.as_str(), "Naturals" | "Integers") {
            return None;
        }
        // `v >= TLCGet(k)` keeps the largest v; `TLCGet(k) <= v` too.
        let (register, other, register_left) = match (self.read_of(left), self.read_of(right)) {
            (Some(read), None) => (read, right, true),
            (None, Some(read)) => (read, left, false),
            _ => return None,
        };
        let (read_index, get_span) = register;
        if read_index != index || !same(other, value) {
            return None;
        }
        let greater = match cmp.name.as_str() {
            ">=" | "\\geq" | ">" => true,
            "<=" | "\\leq" | "=<" | "<" => false,
            _ => return None,
        };
        // `v > TLCGet(k)` (register on the right) keeps the largest.
        let fold = if greater != register_left {
            Fold::Max
        } else {
            Fold::Min
        };
        Some((Key::Index(index), fold, get_span, write.span))
    }

    /// `TLCGet(i)` with an integer literal: `i` and the call's span.
    fn read_of(&self, expr: &Expr) -> Option<(i64, Span)> {
        match &expr.kind {
            ExprKind::Call(op, args) if self.get.contains(op) => match args.as_slice() {
                [Expr {
                    kind: ExprKind::Int(i),
                    ..
                }] if *i >= 0 => Some((*i, expr.span)),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The same expression, ignoring where each is written (only the forms an accumulated value
/// usually takes: variables, constants, literals, calls and their arguments).
fn same(a: &Expr, b: &Expr) -> bool {
    let all =
        |x: &[Expr], y: &[Expr]| x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y));
    match (&a.kind, &b.kind) {
        (ExprKind::Bool(x), ExprKind::Bool(y)) => x == y,
        (ExprKind::Int(x), ExprKind::Int(y)) => x == y,
        (ExprKind::Str(x), ExprKind::Str(y)) => x == y,
        (
            ExprKind::Var { var, primed },
            ExprKind::Var {
                var: var2,
                primed: primed2,
            },
        ) => var == var2 && primed == primed2,
        (ExprKind::Const(x), ExprKind::Const(y)) => x == y,
        (ExprKind::Local(x), ExprKind::Local(y)) => x == y,
        (ExprKind::Call(x, xs), ExprKind::Call(y, ys)) => x == y && all(xs, ys),
        (ExprKind::Builtin(x, xs), ExprKind::Builtin(y, ys)) => x == y && all(xs, ys),
        (ExprKind::Prime(x), ExprKind::Prime(y)) => same(x, y),
        (ExprKind::Tuple(xs), ExprKind::Tuple(ys)) => all(xs, ys),
        _ => false,
    }
}
