//! Remembered results of state predicates (invariants) by the identity of the variables they
//! read.
//!
//! A conjunct of a zero-parameter, pure operator's body (`TypeOK`'s `childOf \in [...]`,
//! an invariant `\A n1, n2 \in Leaves : ...`) is a function of the state variables it reads
//! (through the operators it calls) and of the constants. States of one model share most of
//! their sub-values: a successor keeps the `Arc`s of the variables its action leaves
//! unchanged, and unpacking shares equal nodes (`tlafid_value::packed`). So a conjunct is
//! often asked again of the very same values. Each thread keeps, per conjunct, a small
//! direct-mapped table of the values it read (kept alive, so an address cannot be reused)
//! and its result: when every variable is the same allocation (or the same scalar), the
//! result is the one computed before. Only costly conjuncts are remembered (those with a
//! binder, a function set, a call of a defined operator, ...), and only results, never
//! errors: an error is raised again by evaluating. Nothing that could differ between two
//! evaluations on equal values (`TLCGet`, `Print`, `RandomElement`, primes, `ENABLED`) is
//! remembered (`analysis::pure_ops`).

use std::borrow::Borrow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tlafid_sema::ir::{Builtin, Expr, ExprKind, Program};
use tlafid_sema::walk::each_child;
use tlafid_value::Value;

use crate::evaluator::ConstBinding;
use crate::natives::Native;

/// Entries per remembered conjunct and thread (a power of two).
const ENTRIES: usize = 64;

/// A remembered conjunct: its number and the state variables it reads.
pub(crate) struct Part {
    id: usize,
    vars: Box<[u32]>,
    /// One more than the largest of `vars` (a state of fewer values is never looked up).
    end: usize,
    /// `vars` as a bit per variable.
    mask: u64,
}

impl Part {
    /// Does the conjunct read none of the variables in `changed` (a bit per variable)?
    pub fn reads_none_of(&self, changed: u64) -> bool {
        self.mask & changed == 0
    }
}

/// The operator bodies that hold a remembered conjunct, by address, each with its
/// conjuncts' parts in order.
#[derive(Default)]
pub(crate) struct Plan {
    /// Distinguishes this plan's numbering from another evaluator's (or an earlier one of
    /// the same evaluator, before an override) in the per-thread tables.
    generation: u64,
    /// By body: the number of its entry in `parts` (one lookup per body, none per
    /// conjunct; a worker keeps the number of each invariant it tests).
    bodies: HashMap<usize, usize, ahash::RandomState>,
    /// For each body of `bodies`, its conjuncts' parts in order (`None` where a conjunct
    /// is not remembered).
    parts: Vec<Box<[Option<Part>]>>,
    /// By operator: how its calls are remembered, if they are.
    calls: Vec<Option<CallPart>>,
    /// By operator: the state variables it reads, through the operators it calls (a bit
    /// per variable); empty for a model of more than 64 variables.
    masks: Vec<u64>,
}

static GENERATION: AtomicU64 = AtomicU64::new(1);

impl Plan {
    /// The plan of `program`: the costly top-level conjuncts of every zero-parameter pure
    /// operator (the whole body when it is not a conjunction).
    pub fn new(
        program: &Program,
        pure: &[bool],
        natives: &[Option<Native>],
        overrides: &[Option<ConstBinding>],
        consts: &[Option<ConstBinding>],
    ) -> Plan {
        let mut plan = Plan {
            generation: GENERATION.fetch_add(1, Ordering::Relaxed),
            calls: call_parts(program, pure, natives, overrides, consts),
            ..Plan::default()
        };
        if program.vars.len() > 64 {
            return plan;
        }
        let masks = var_masks(program, overrides, consts);
        plan.masks = masks.clone();
        let mut next_id = 0;
        for (i, op) in program.ops.iter().enumerate() {
            if !pure[i] || !op.params.is_empty() || natives[i].is_some() || op.function.is_some() {
                continue;
            }
            let items = match &op.body.kind {
                ExprKind::Junction { and: true, items } => items.as_slice(),
                _ => std::slice::from_ref(&op.body),
            };
            let parts: Box<[Option<Part>]> = items
                .iter()
                .map(|item| {
                    let mut bound = Vec::new();
                    crate::analysis::collect_bound_slots(item, &mut bound);
                    let mut mask = 0u64;
                    let closed = reads(item, &bound, pure, consts, overrides, &masks, &mut mask);
                    if !closed || !costly(item, natives) {
                        return None;
                    }
                    let id = next_id;
                    next_id += 1;
                    let vars: Box<[u32]> = (0..64u32).filter(|v| mask & (1 << v) != 0).collect();
                    let end = vars.last().map_or(0, |v| *v as usize + 1);
                    Some(Part {
                        id,
                        vars,
                        end,
                        mask,
                    })
                })
                .collect();
            if parts.iter().any(Option::is_some) {
                let body = plan.parts.len();
                plan.bodies.insert(&op.body as *const Expr as usize, body);
                plan.parts.push(parts);
            }
        }
        plan
    }

    /// The number of `body`'s parts ([`body`](Self::body)) if it holds a remembered
    /// conjunct.
    pub fn body_index(&self, body: &Expr) -> Option<usize> {
        if self.bodies.is_empty() {
            return None;
        }
        self.bodies.get(&(body as *const Expr as usize)).copied()
    }

    /// The parts of body `index`'s conjuncts, in order (`None` where one is not
    /// remembered).
    pub fn body(&self, index: usize) -> &[Option<Part>] {
        &self.parts[index]
    }

    /// The results remembered on `state` for `parts` (a body's, in order), looked up in
    /// one visit of this thread's tables, up to the first remembered `false` (the test
    /// stops there): bit `i` of the first word is set where part `i` was found, of the
    /// second where it was found true. Parts from the 64th on are not looked up, nor
    /// those of `known` (a bit per part), which the caller knows true.
    pub fn recall_body(&self, parts: &[Option<Part>], state: &[Value], known: u64) -> (u64, u64) {
        let (mut found, mut holds) = (known, known);
        MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            if memo.generation != self.generation {
                return;
            }
            for (i, part) in parts.iter().enumerate().take(64) {
                let Some(part) = part else { continue };
                if known & (1 << i) != 0 {
                    continue;
                }
                if part.end > state.len() {
                    continue;
                }
                let Some(table) = memo.tables.get_mut(part.id) else {
                    continue;
                };
                if table.off {
                    continue;
                }
                table.lookups += 1;
                let slot = slot_of(part, state);
                let hit = (table.entries.get(slot).and_then(Option::as_ref))
                    .filter(|entry| {
                        (part.vars.iter().zip(entry.key.iter()))
                            .all(|(v, k)| identical(&state[*v as usize], k))
                    })
                    .map(|entry| entry.holds);
                table.judge(hit.is_some());
                match hit {
                    Some(true) => {
                        found |= 1 << i;
                        holds |= 1 << i;
                    }
                    Some(false) => {
                        found |= 1 << i;
                        return;
                    }
                    None => {}
                }
            }
        });
        (found, holds)
    }

    /// The state variables `op` reads (through the operators it calls), a bit per
    /// variable, if known.
    pub fn vars_read(&self, op: usize) -> Option<u64> {
        self.masks.get(op).copied()
    }

    /// How calls of `op` are remembered, if they are.
    pub fn call_part(&self, op: usize) -> Option<&CallPart> {
        self.calls.get(op)?.as_ref()
    }

    /// Remembers that `part` is `holds` on `state` (unless this thread stopped remembering
    /// it).
    pub fn remember(&self, part: &Part, state: &[Value], holds: bool) {
        if part.end > state.len() {
            return;
        }
        MEMO.with(|memo| {
            let mut memo = memo.borrow_mut();
            if memo.generation != self.generation {
                memo.generation = self.generation;
                memo.tables.clear();
            }
            if memo.tables.len() <= part.id {
                memo.tables.resize_with(part.id + 1, PartTable::default);
            }
            let table = &mut memo.tables[part.id];
            if table.off {
                return;
            }
            if table.entries.is_empty() {
                table.entries.resize_with(ENTRIES, || None);
            }
            let key = part
                .vars
                .iter()
                .map(|v| state[*v as usize].clone())
                .collect();
            table.entries[slot_of(part, state)] = Some(Entry { key, holds });
        });
    }
}

thread_local! {
    static MEMO: RefCell<Tables> = RefCell::new(Tables::default());
}

#[derive(Default)]
struct Tables {
    generation: u64,
    tables: Vec<PartTable>,
}

#[derive(Default)]
struct PartTable {
    entries: Vec<Option<Entry>>,
    lookups: u32,
    hits: u32,
    off: bool,
}

impl PartTable {
    /// Counts a lookup; after [`JUDGED_AFTER`] of them, stops remembering on this thread
    /// when fewer than one in [`MIN_PART_HIT_SHARE`] found an answer.
    fn judge(&mut self, hit: bool) {
        self.hits += u32::from(hit);
        if self.lookups >= JUDGED_AFTER {
            self.off = self.hits * MIN_PART_HIT_SHARE < self.lookups;
            if self.off {
                self.entries = Vec::new();
            }
            (self.lookups, self.hits) = (0, 0);
        }
    }
}

struct Entry {
    /// The values read (kept alive: their addresses stay theirs).
    key: Box<[Value]>,
    holds: bool,
}

fn slot_of(part: &Part, state: &[Value]) -> usize {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for v in part.vars.iter() {
        h = (h ^ identity(&state[*v as usize])).wrapping_mul(0x2545_f491_4f6c_dd1d);
    }
    (h >> 40) as usize & (ENTRIES - 1)
}

/// Slots of the per-thread table of memberships (a power of two).
const MEMBER_SLOTS: usize = 4096;

thread_local! {
    static MEMBERS: RefCell<Members> = RefCell::new(Members::default());
}

/// Compound values found in constant sets lately, on this thread (`x \in [Proc -> Seq(M)]`
/// in a `TypeOK`): a direct-mapped table of (set, value) pairs, the value kept alive so that
/// its address stays its own. States share most of their sub-values (a successor keeps the
/// `Arc`s its action leaves unchanged, unpacking shares equal nodes), so the same question
/// comes back about the very same allocation. Only memberships that hold are kept: a
/// failed test ends the check, and an error is raised again by testing.
#[derive(Default)]
struct Members {
    /// The compiled program the sets belong to (`Compiled::generation`).
    generation: u64,
    slots: Vec<Option<(usize, Value)>>,
}

fn member_slot(set: usize, x: &Value) -> usize {
    let h = (identity(x) ^ (set as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> 40) as usize & (MEMBER_SLOTS - 1)
}

/// Was `x` found in the constant set `set` (a compiled membership's address) of the
/// program `generation` lately, on this thread?
pub(crate) fn recall_member(generation: u64, set: usize, x: &Value) -> bool {
    MEMBERS.with(|members| {
        let members = members.borrow();
        members.generation == generation
            && matches!(members.slots.get(member_slot(set, x)),
                Some(Some((s, v))) if *s == set && identical(v, x))
    })
}

/// Remembers that `x` is in the constant set `set` of the program `generation`.
pub(crate) fn remember_member(generation: u64, set: usize, x: &Value) {
    MEMBERS.with(|members| {
        let mut members = members.borrow_mut();
        if members.generation != generation || members.slots.is_empty() {
            members.generation = generation;
            members.slots.clear();
            members.slots.resize_with(MEMBER_SLOTS, || None);
        }
        let slot = member_slot(set, x);
        members.slots[slot] = Some((set, x.clone()));
    });
}

/// A word naming `v` among values it is [`identical`] to.
fn identity(v: &Value) -> u64 {
    match v {
        Value::Bool(b) => *b as u64,
        Value::Int(i) => *i as u64,
        Value::Interval(a, b) => (*a as u64).rotate_left(32) ^ *b as u64,
        Value::BigInt(a) => Arc::as_ptr(a) as usize as u64,
        Value::Str(a) => a.address() as u64,
        Value::Model(a) => *a as *const tlafid_value::ModelValue as usize as u64,
        Value::Set(a) => Arc::as_ptr(a) as usize as u64,
        Value::Lazy(a) => Arc::as_ptr(a) as usize as u64,
        Value::Seq(a) => Arc::as_ptr(a) as usize as u64,
        Value::Record(a) => Arc::as_ptr(a) as usize as u64,
        Value::Fcn(a) => Arc::as_ptr(a) as usize as u64,
    }
}

/// The same scalar, or the same allocation (so equal values: values are immutable).
pub(crate) fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Interval(a0, a1), Value::Interval(b0, b1)) => a0 == b0 && a1 == b1,
        (Value::BigInt(x), Value::BigInt(y)) => Arc::ptr_eq(x, y),
        (Value::Str(x), Value::Str(y)) => x.same(*y),
        (Value::Model(x), Value::Model(y)) => std::ptr::eq(*x, *y),
        (Value::Set(x), Value::Set(y)) => Arc::ptr_eq(x, y),
        (Value::Lazy(x), Value::Lazy(y)) => Arc::ptr_eq(x, y),
        (Value::Seq(x), Value::Seq(y)) => Arc::ptr_eq(x, y),
        (Value::Record(x), Value::Record(y)) => Arc::ptr_eq(x, y),
        (Value::Fcn(x), Value::Fcn(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}

/// The state variables each operator reads, through the operators it calls (a bit per
/// variable).
fn var_masks(
    program: &Program,
    overrides: &[Option<ConstBinding>],
    consts: &[Option<ConstBinding>],
) -> Vec<u64> {
    let n = program.ops.len();
    let mut direct = vec![0u64; n];
    let mut callees: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, op) in program.ops.iter().enumerate() {
        match &overrides[i] {
            Some(ConstBinding::Value(_)) => continue,
            Some(ConstBinding::Op(other)) => {
                callees[i].push(other.0 as usize);
                continue;
            }
            None => {}
        }
        let mut visit = |e: &Expr| direct_reads(e, consts, &mut direct[i], &mut callees[i]);
        visit(&op.body);
        op.function
            .iter()
            .flat_map(|f| &f.binders)
            .filter_map(|b| b.domain.as_ref())
            .for_each(&mut visit);
    }
    let mut masks = direct;
    loop {
        let mut changed = false;
        for i in 0..n {
            let mut m = masks[i];
            for &c in &callees[i] {
                m |= masks[c];
            }
            if m != masks[i] {
                masks[i] = m;
                changed = true;
            }
        }
        if !changed {
            return masks;
        }
    }
}

fn direct_reads(
    e: &Expr,
    consts: &[Option<ConstBinding>],
    mask: &mut u64,
    callees: &mut Vec<usize>,
) {
    match &e.kind {
        ExprKind::Var { var, .. } => *mask |= 1u64 << (var.0 & 63),
        ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => callees.push(op.0 as usize),
        ExprKind::Const(c) => {
            if let Some(Some(ConstBinding::Op(op))) = consts.get(c.0 as usize) {
                callees.push(op.0 as usize);
            }
        }
        _ => {}
    }
    each_child(e, &mut |child| direct_reads(child, consts, mask, callees));
}

/// Collects into `mask` the variables `e` reads; `false` when `e` cannot be remembered: it
/// reads a frame slot it does not bind, a prime, calls an impure operator or an operator
/// argument.
fn reads(
    e: &Expr,
    bound: &[u32],
    pure: &[bool],
    consts: &[Option<ConstBinding>],
    overrides: &[Option<ConstBinding>],
    masks: &[u64],
    mask: &mut u64,
) -> bool {
    let ok = match &e.kind {
        _ if crate::analysis::never_kept(e) => false,
        ExprKind::Var { var, primed: false } => {
            *mask |= 1u64 << (var.0 & 63);
            true
        }
        ExprKind::Local(slot) => bound.contains(&slot.0),
        ExprKind::Const(c) => match consts.get(c.0 as usize) {
            Some(Some(ConstBinding::Value(_))) => true,
            Some(Some(ConstBinding::Op(op))) => {
                *mask |= masks[op.0 as usize];
                pure[op.0 as usize]
            }
            _ => false,
        },
        ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => {
            let i = op.0 as usize;
            *mask |= masks[i];
            pure[i] && !matches!(overrides[i], Some(ConstBinding::Op(o)) if !pure[o.0 as usize])
        }
        _ => true,
    };
    if !ok {
        return false;
    }
    let mut all = true;
    each_child(e, &mut |child| {
        all = all && reads(child, bound, pure, consts, overrides, masks, mask)
    });
    all
}

/// Worth remembering: more than a comparison or two (a binder, a function set, a call of a
/// defined operator, ...).
fn costly(e: &Expr, natives: &[Option<Native>]) -> bool {
    let here = match &e.kind {
        ExprKind::Quant { .. }
        | ExprKind::Choose(..)
        | ExprKind::SetFilter(..)
        | ExprKind::SetMap(..)
        | ExprKind::FnCons(..)
        | ExprKind::FnSet(..)
        | ExprKind::Cross(..)
        | ExprKind::Except { .. }
        | ExprKind::Builtin(Builtin::Powerset | Builtin::BigUnion, _) => true,
        ExprKind::Call(op, _) | ExprKind::OpArg(op, _) => natives[op.0 as usize].is_none(),
        _ => false,
    };
    if here {
        return true;
    }
    let mut found = false;
    each_child(e, &mut |child| found = found || costly(child, natives));
    found
}

/// A remembered operator: a pure operator with value parameters whose body is costly. Its
/// calls are remembered by the identity of their arguments (forced, when passed by name)
/// and of the state variables it reads.
pub(crate) struct CallPart {
    params: usize,
    vars: Box<[u32]>,
}

impl CallPart {
    pub fn params(&self) -> usize {
        self.params
    }
}

/// Lookups of one operator before its hit rate is judged, and the least share of hits
/// (one in `MIN_HIT_SHARE`) that keeps it remembered on this thread.
const JUDGED_AFTER: u32 = 2048;
const MIN_HIT_SHARE: u32 = 8;
/// The same for a conjunct, whose hit saves more than a call's (a whole invariant part).
const MIN_PART_HIT_SHARE: u32 = 64;

pub(crate) fn call_parts(
    program: &Program,
    pure: &[bool],
    natives: &[Option<Native>],
    overrides: &[Option<ConstBinding>],
    consts: &[Option<ConstBinding>],
) -> Vec<Option<CallPart>> {
    let mut out: Vec<Option<CallPart>> = (0..program.ops.len()).map(|_| None).collect();
    if program.vars.len() > 64 {
        return out;
    }
    let masks = var_masks(program, overrides, consts);
    for (i, op) in program.ops.iter().enumerate() {
        if !pure[i]
            || op.params.is_empty()
            || op.params.iter().any(|p| p.arity > 0)
            || natives[i].is_some()
            || overrides[i].is_some()
            || op.function.is_some()
        {
            continue;
        }
        let mut bound: Vec<u32> = (0..op.params.len() as u32).collect();
        crate::analysis::collect_bound_slots(&op.body, &mut bound);
        let mut mask = 0u64;
        if !reads(&op.body, &bound, pure, consts, overrides, &masks, &mut mask)
            || !costly(&op.body, natives)
        {
            continue;
        }
        let vars = (0..64u32).filter(|v| mask & (1 << v) != 0).collect();
        out[i] = Some(CallPart {
            params: op.params.len(),
            vars,
        });
    }
    out
}

thread_local! {
    static CALLS: RefCell<CallTables> = RefCell::new(CallTables::default());
}

#[derive(Default)]
struct CallTables {
    generation: u64,
    /// By operator number (grown as operators are first remembered).
    ops: Vec<CallTable>,
}

#[derive(Default)]
struct CallTable {
    entries: Vec<Option<CallEntry>>,
    lookups: u32,
    hits: u32,
    off: bool,
}

struct CallEntry {
    args: Box<[Value]>,
    vars: Box<[Value]>,
    value: Value,
    /// How many calls deeper than itself its evaluation went (a hit is only taken where a
    /// fresh evaluation would stay within the depth limit, and counts that deep).
    needed: usize,
}

fn call_slot<A: Borrow<Value>>(args: &[A], part: &CallPart, state: &[Value]) -> usize {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for v in (args.iter().map(Borrow::borrow)).chain(part.vars.iter().map(|v| &state[*v as usize]))
    {
        h = (h ^ identity(v)).wrapping_mul(0x2545_f491_4f6c_dd1d);
    }
    (h >> 40) as usize & (ENTRIES - 1)
}

impl Plan {
    /// Whether calls of `op` are worth looking up on this thread.
    pub fn call_on(&self, op: usize) -> bool {
        CALLS.with(|calls| {
            let calls = calls.borrow();
            calls.generation != self.generation || !calls.ops.get(op).is_some_and(|t| t.off)
        })
    }

    /// The value remembered for `op` applied to `args` (values, or references to the
    /// caller's) in `state`, with how deep its evaluation went, if any.
    pub fn recall_call<A: Borrow<Value>>(
        &self,
        op: usize,
        part: &CallPart,
        args: &[A],
        state: &[Value],
    ) -> Option<(Value, usize)> {
        if part.vars.iter().any(|v| *v as usize >= state.len()) {
            return None;
        }
        let slot = call_slot(args, part, state);
        CALLS.with(|calls| {
            let mut calls = calls.borrow_mut();
            if calls.generation != self.generation {
                return None;
            }
            // A table grown for a later operator but never stored into counts no lookups.
            let table = calls.ops.get_mut(op).filter(|t| !t.entries.is_empty())?;
            table.lookups += 1;
            let found = table.entries.get(slot)?.as_ref().filter(|e| {
                e.args.len() == args.len()
                    && e.args
                        .iter()
                        .zip(args)
                        .all(|(a, b)| identical(a, b.borrow()))
                    && (part.vars.iter().zip(e.vars.iter()))
                        .all(|(v, k)| identical(&state[*v as usize], k))
            });
            let found = found.map(|e| (e.value.clone(), e.needed));
            if found.is_some() {
                table.hits += 1;
            }
            if table.lookups >= JUDGED_AFTER {
                table.off = table.hits * MIN_HIT_SHARE < table.lookups;
                (table.lookups, table.hits) = (0, 0);
            }
            found
        })
    }

    /// Remembers `value` for `op` applied to `args` in `state`.
    pub fn remember_call(
        &self,
        op: usize,
        part: &CallPart,
        args: Vec<Value>,
        state: &[Value],
        value: Value,
        needed: usize,
    ) {
        if part.vars.iter().any(|v| *v as usize >= state.len()) {
            return;
        }
        let slot = call_slot(&args, part, state);
        let vars = part
            .vars
            .iter()
            .map(|v| state[*v as usize].clone())
            .collect();
        CALLS.with(|calls| {
            let mut calls = calls.borrow_mut();
            if calls.generation != self.generation {
                calls.generation = self.generation;
                calls.ops.clear();
            }
            if calls.ops.len() <= op {
                calls.ops.resize_with(op + 1, CallTable::default);
            }
            let table = &mut calls.ops[op];
            if table.entries.is_empty() {
                table.entries.resize_with(ENTRIES, || None);
            }
            table.entries[slot] = Some(CallEntry {
                args: args.into_boxed_slice(),
                vars,
                value,
                needed,
            });
        });
    }
}

/// Slots of the per-thread table of remembered expressions (a power of two).
const EXPR_SLOTS: usize = 1024;

thread_local! {
    static EXPRS: RefCell<Exprs> = RefCell::new(Exprs::default());
}

/// Values of compiled expressions of frame slots and constants (`compile::Kind::Remembered`)
/// found lately on this thread: a direct-mapped table keyed by the expression's address and
/// the identity of the slots' values (kept alive, so that their addresses stay theirs).
#[derive(Default)]
struct Exprs {
    /// The compiled program the expressions belong to (`Compiled::generation`).
    generation: u64,
    slots: Vec<Option<ExprEntry>>,
}

struct ExprEntry {
    expr: usize,
    args: Vec<Value>,
    value: Value,
    /// How many calls deeper than itself its evaluation went.
    needed: usize,
}

fn expr_slot<A: Borrow<Value>>(expr: usize, args: &[A]) -> usize {
    let mut h = (expr as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for v in args {
        h = (h ^ identity(v.borrow())).wrapping_mul(0x2545_f491_4f6c_dd1d);
    }
    (h >> 40) as usize & (EXPR_SLOTS - 1)
}

/// The value remembered on this thread for the expression at `expr` of the program
/// `generation` with its slots holding `args`, with how deep its evaluation went.
pub(crate) fn recall_expr(generation: u64, expr: usize, args: &[&Value]) -> Option<(Value, usize)> {
    EXPRS.with(|exprs| {
        let exprs = exprs.borrow();
        if exprs.generation != generation {
            return None;
        }
        let entry = exprs.slots.get(expr_slot(expr, args))?.as_ref()?;
        (entry.expr == expr
            && entry.args.len() == args.len()
            && entry.args.iter().zip(args).all(|(a, b)| identical(a, b)))
        .then(|| (entry.value.clone(), entry.needed))
    })
}

/// Remembers `value` for the expression at `expr` of the program `generation` with its
/// slots holding `args`.
pub(crate) fn remember_expr(
    generation: u64,
    expr: usize,
    args: Vec<Value>,
    value: Value,
    needed: usize,
) {
    EXPRS.with(|exprs| {
        let mut exprs = exprs.borrow_mut();
        if exprs.generation != generation || exprs.slots.is_empty() {
            exprs.generation = generation;
            exprs.slots.clear();
            exprs.slots.resize_with(EXPR_SLOTS, || None);
        }
        let slot = expr_slot(expr, &args);
        exprs.slots[slot] = Some(ExprEntry {
            expr,
            args,
            value,
            needed,
        });
    });
}

/// Slots of the per-thread table of rows found true (a power of two).
const ROW_SLOTS: usize = 256;

thread_local! {
    static ROWS: RefCell<Rows> = RefCell::new(Rows::default());
}

/// The rows of quantifiers over rows of a state variable found true lately, on this thread
/// (`compile::Rows`: `\A p, q \in Proc : Len(network[p][q]) <= 3` for `p` and the row
/// `network[p]`): a direct-mapped table of (quantifier, `x`, row), the values kept alive so
/// that their addresses stay their own, with how deep the test went.
#[derive(Default)]
struct Rows {
    generation: u64,
    slots: Vec<Option<RowEntry>>,
}

struct RowEntry {
    expr: usize,
    x: Value,
    row: Value,
    needed: usize,
}

fn row_slot(expr: usize, x: &Value, row: &Value) -> usize {
    let h = (identity(row) ^ (expr as u64).rotate_left(17) ^ identity(x).rotate_left(41))
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> 40) as usize & (ROW_SLOTS - 1)
}

/// How deep the test went if the quantifier at `expr` of the program `generation` was found
/// true for `x` and this very `row` lately, on this thread.
pub(crate) fn recall_row(generation: u64, expr: usize, x: &Value, row: &Value) -> Option<usize> {
    ROWS.with(|rows| {
        let rows = rows.borrow();
        if rows.generation != generation {
            return None;
        }
        let entry = rows.slots.get(row_slot(expr, x, row))?.as_ref()?;
        (entry.expr == expr && identical(&entry.row, row) && identical(&entry.x, x))
            .then_some(entry.needed)
    })
}

/// Remembers that the quantifier at `expr` of the program `generation` holds for `x` and
/// `row`, its test going `needed` deeper.
pub(crate) fn remember_row(generation: u64, expr: usize, x: Value, row: Value, needed: usize) {
    ROWS.with(|rows| {
        let mut rows = rows.borrow_mut();
        if rows.generation != generation || rows.slots.is_empty() {
            rows.generation = generation;
            rows.slots.clear();
            rows.slots.resize_with(ROW_SLOTS, || None);
        }
        let slot = row_slot(expr, &x, &row);
        rows.slots[slot] = Some(RowEntry {
            expr,
            x,
            row,
            needed,
        });
    });
}

/// Slots of the per-thread table of function updates (a power of two). 4,096 rather than
/// 1,024 since session 33: SlushSmall's `pc` updates found 48% of the time in 1,024 slots,
/// more in 4,096, for fewer instructions and first-level misses (more last-level ones).
const UPDATE_SLOTS: usize = 4096;

/// Lookups after which a thread judges its table of updates, and the least share (one in
/// this many) of them that must have been answered for it to keep the table.
const UPDATES_JUDGED_AFTER: u32 = 8192;
const MIN_UPDATE_HIT_SHARE: u32 = 8;

thread_local! {
    static UPDATES: RefCell<Updates> = RefCell::new(Updates::default());
}

/// Results of one-step `EXCEPT`s made lately on this thread (`[pc EXCEPT ![self] = "L"]`):
/// a direct-mapped table keyed by the identity of the function, the position updated and
/// the identity of the new value (all kept alive, so that their addresses stay theirs). A
/// state's successors, and states that share the function, update it the same way again:
/// the result found is shared (an `Arc`, its fingerprint known once computed) instead of
/// copying every pair into a new function. Switched off on a thread where fewer than one
/// lookup in [`MIN_UPDATE_HIT_SHARE`] is answered.
#[derive(Default)]
struct Updates {
    slots: Vec<Option<UpdateEntry>>,
    lookups: u32,
    hits: u32,
    off: bool,
}

struct UpdateEntry {
    function: Value,
    position: usize,
    new: Value,
    result: Value,
}

fn update_slot(function: &Value, position: usize, new: &Value) -> usize {
    let h = (identity(function) ^ (position as u64).rotate_left(17))
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ identity(new);
    (h.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40) as usize & (UPDATE_SLOTS - 1)
}

/// `function.except_index(position, new)`, found among the updates this thread made lately
/// when it made this one before (on the same allocation, with an identical new value), else
/// made and remembered.
pub(crate) fn updated(function: &Value, position: usize, new: Value) -> Value {
    UPDATES.with(|updates| {
        let mut updates = updates.borrow_mut();
        if updates.off {
            return function.except_index(position, new);
        }
        if updates.slots.is_empty() {
            updates.slots.resize_with(UPDATE_SLOTS, || None);
        }
        let slot = update_slot(function, position, &new);
        let found = updates.slots[slot].as_ref().filter(|entry| {
            entry.position == position
                && identical(&entry.function, function)
                && identical(&entry.new, &new)
        });
        if let Some(entry) = found {
            let result = entry.result.clone();
            updates.hits += 1;
            updates.judge();
            return result;
        }
        let result = function.except_index(position, new.clone());
        updates.slots[slot] = Some(UpdateEntry {
            function: function.clone(),
            position,
            new,
            result: result.clone(),
        });
        updates.judge();
        result
    })
}

impl Updates {
    /// Counts a lookup (a hit counted before); after [`UPDATES_JUDGED_AFTER`] of them,
    /// switches the table off when too few were answered.
    fn judge(&mut self) {
        self.lookups += 1;
        if self.lookups >= UPDATES_JUDGED_AFTER {
            self.off = self.hits * MIN_UPDATE_HIT_SHARE < self.lookups;
            if self.off {
                self.slots = Vec::new();
            }
            (self.lookups, self.hits) = (0, 0);
        }
    }
}

thread_local! {
    /// The number of pairs each function definition had when this thread last built it
    /// whole (`Ctx::worth_building`), by operator index; 0 where never built.
    static FN_SIZES: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// Remembers that the function definition `op` was built whole with `pairs` pairs.
pub(crate) fn note_fn_size(op: usize, pairs: usize) {
    FN_SIZES.with(|sizes| {
        let mut sizes = sizes.borrow_mut();
        if sizes.len() <= op {
            sizes.resize(op + 1, 0);
        }
        sizes[op] = u32::try_from(pairs).unwrap_or(u32::MAX);
    });
}

/// The number of pairs the function definition `op` had when this thread last built it
/// whole (0 if it never did).
pub(crate) fn fn_size(op: usize) -> u32 {
    FN_SIZES.with(|sizes| sizes.borrow().get(op).copied().unwrap_or(0))
}
