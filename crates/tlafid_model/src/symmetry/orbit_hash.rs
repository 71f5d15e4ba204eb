//! A hash of a state's orbit, computed for the state and each of its images without building
//! the images: sets and functions whose arguments move are hashed as unordered collections,
//! so no image needs sorting. Equal values hash equally, and an image's hash is the hash of
//! the permuted value, so the least hash over the group is the same for every state of an
//! orbit.
//!
//! A value is hashed under every candidate permutation in one walk ([`Hasher`]): a part
//! holding no model value the group moves (a fixed part) has one hash for all of them, and
//! only the parts above a moved model value are combined once per candidate. Each thread
//! remembers the hashes of the parts it met lately by their content ([`Remembered`]): a
//! successor shares most of its parts with its predecessor and with the other states of its
//! level, and an action builds again many parts equal to ones met before (the records an
//! `EXCEPT` rewrites, a message set grown to one seen in another state), so those are not
//! walked again. A fixed part is remembered for any group; a part
//! holding moved values only for small groups, hashed under every element of the group.

use std::cell::RefCell;
use std::sync::Arc;

use super::Permutation;
use tlafid_value::{ModelValue, Value};

const TAG_BOOL: u64 = 0x9e37_79b9_7f4a_7c15;
const TAG_INT: u64 = 0xbf58_476d_1ce4_e5b9;
const TAG_STR: u64 = 0x94d0_49bb_1331_11eb;
const TAG_MODEL: u64 = 0x2545_f491_4f6c_dd1d;
const TAG_SET: u64 = 0x1656_67b1_9e37_79f9;
const TAG_SEQ: u64 = 0x27d4_eb2f_1656_67c5;
const TAG_RECORD: u64 = 0x85eb_ca6b_c2b2_ae35;
const TAG_FCN: u64 = 0xd6e8_feb8_6659_fd93;
const TAG_OTHER: u64 = 0xa076_1d64_78bd_642f;
const TAG_FIXED: u64 = 0xe703_7ed1_a0b4_28db;

/// splitmix64's finaliser over `a` combined with `b`.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn str_hash(s: &str) -> u64 {
    s.bytes().fold(TAG_STR ^ s.len() as u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// The start of a state's hash.
pub fn state_start(len: usize) -> u64 {
    mix(TAG_SEQ, len as u64)
}

/// `state` with one more variable's hash folded in.
pub fn state_then(state: u64, var: u64) -> u64 {
    mix(state, var)
}

/// The hashes of one value under the candidates: one for all of them when the value holds no
/// model value the group moves, else one per candidate, from this index of the buffer.
#[derive(Clone, Copy, Debug)]
pub enum Hashes {
    Same(u64),
    Each(usize),
}

/// Hashes values under each of `candidates` (`None` is the identity, `Some(i)` is
/// `perms[i]`) at once. Per-candidate hashes live in `buf` as a stack: a value's own block
/// of `candidates.len()` hashes is on top when [`Hasher::hash`] returns it.
pub struct Hasher<'a> {
    pub perms: &'a [Permutation],
    pub candidates: &'a [Option<usize>],
    /// `moved[id]`: some permutation of the group moves the model value numbered `id`.
    pub moved: &'a [bool],
    /// With `whole_group`, the hashes of the model value numbered `id` under every candidate
    /// at `id * candidates.len()` ([`image_hashes`]).
    pub image_hashes: &'a [u64],
    pub buf: &'a mut Vec<u64>,
    /// The parts met lately, and the group they were hashed for.
    pub remembered: &'a mut Remembered,
    pub group: u64,
    /// The candidates are the identity then every permutation of the group, in order, and
    /// at most [`MAX_REMEMBERED_WIDTH`]: a part that holds moved values is remembered too.
    pub whole_group: bool,
}

impl Hasher<'_> {
    /// The hashes of `v` permuted by each candidate; `None` for symbolic sets, whose equal
    /// enumerated forms this hash would not match.
    pub fn hash(&mut self, v: &Value) -> Option<Hashes> {
        let len = match v {
            Value::Model(m) => return Some(self.model(m)),
            Value::Set(s) => s.elems().len(),
            Value::Seq(s) => s.elems().len(),
            Value::Record(r) => r.fields().len(),
            Value::Fcn(f) => f.pairs().len(),
            _ => return self.walk(v),
        };
        if len < MIN_REMEMBERED_LEN {
            return self.walk(v);
        }
        let fp = v.fingerprint();
        if let Some((width, hashes)) = self.remembered.recall(self.group, fp, v) {
            if width == 0 {
                return Some(Hashes::Same(hashes[0]));
            }
            if self.whole_group {
                let at = self.buf.len();
                self.buf.extend_from_slice(&hashes[..width]);
                return Some(Hashes::Each(at));
            }
        }
        let hashes = self.walk(v)?;
        let block = match hashes {
            Hashes::Same(hash) => Remembering::Same(hash),
            Hashes::Each(at) if self.whole_group => Remembering::Each(&self.buf[at..]),
            Hashes::Each(_) => return Some(hashes),
        };
        self.remembered.remember(self.group, fp, v, block);
        Some(hashes)
    }

    fn walk(&mut self, v: &Value) -> Option<Hashes> {
        if node_len(v).is_some() && holds_no_moved(v, self.moved) {
            return Some(Hashes::Same(fixed_hash(v)));
        }
        Some(match v {
            Value::Bool(b) => Hashes::Same(mix(TAG_BOOL, *b as u64)),
            Value::Int(i) => Hashes::Same(mix(TAG_INT, *i as u64)),
            Value::BigInt(_) => Hashes::Same(mix(TAG_INT, v.fingerprint())),
            Value::Str(s) => Hashes::Same(str_hash(s)),
            Value::Model(m) => self.model(m),
            Value::Set(s) => {
                let mut sum = Unordered::default();
                for e in s.elems() {
                    self.add_element(&mut sum, e)?;
                }
                self.finish(sum, TAG_SET, s.elems().len())
            }
            Value::Interval(lo, hi) => {
                let sum = (*lo..=*hi).fold(0u64, |sum, i| {
                    sum.wrapping_add(mix(TAG_OTHER, mix(TAG_INT, i as u64)))
                });
                Hashes::Same(mix(TAG_SET ^ (hi - lo + 1) as u64, sum))
            }
            Value::Seq(s) => {
                let mut h = Hashes::Same(mix(TAG_SEQ, s.elems().len() as u64));
                for e in s.elems() {
                    let e = self.hash(e)?;
                    h = self.then(h, e);
                }
                h
            }
            Value::Record(r) => {
                let mut h = Hashes::Same(mix(TAG_RECORD, r.fields().len() as u64));
                for (name, field) in r.fields() {
                    h = self.then(h, Hashes::Same(str_hash(name)));
                    let field = self.hash(field)?;
                    h = self.then(h, field);
                }
                h
            }
            Value::Fcn(f) => {
                let mut sum = Unordered::default();
                for (k, x) in f.pairs() {
                    let k = self.hash(k)?;
                    let x = self.hash(x)?;
                    let pair = self.then(k, x);
                    self.add(&mut sum, pair);
                }
                self.finish(sum, TAG_FCN, f.pairs().len())
            }
            Value::Lazy(_) => return None,
        })
    }

    #[inline]
    fn model(&mut self, m: &ModelValue) -> Hashes {
        if !self.moved.get(m.id as usize).copied().unwrap_or(false) {
            return Hashes::Same(mix(TAG_MODEL, m.id as u64));
        }
        let start = self.buf.len();
        if self.whole_group {
            let width = self.candidates.len();
            let at = m.id as usize * width;
            self.buf
                .extend_from_slice(&self.image_hashes[at..at + width]);
            return Hashes::Each(start);
        }
        for candidate in self.candidates {
            let id = match candidate.and_then(|i| self.perms[i].image(m)) {
                Some(Value::Model(to)) => to.id,
                _ => m.id,
            };
            self.buf.push(mix(TAG_MODEL, id as u64));
        }
        Hashes::Each(start)
    }

    /// `mix(acc, next)` per candidate. A block of `next` is on top of the buffer, right
    /// above `acc`'s when it has one; the result's block is the lower of the two.
    fn then(&mut self, acc: Hashes, next: Hashes) -> Hashes {
        let width = self.candidates.len();
        match (acc, next) {
            (Hashes::Same(a), Hashes::Same(b)) => Hashes::Same(mix(a, b)),
            (Hashes::Same(a), Hashes::Each(at)) => {
                for h in &mut self.buf[at..at + width] {
                    *h = mix(a, *h);
                }
                Hashes::Each(at)
            }
            (Hashes::Each(at), Hashes::Same(b)) => {
                for h in &mut self.buf[at..at + width] {
                    *h = mix(*h, b);
                }
                Hashes::Each(at)
            }
            (Hashes::Each(at), Hashes::Each(next)) => {
                debug_assert_eq!(next, at + width);
                let (acc, next) = self.buf[at..].split_at_mut(width);
                for (h, n) in acc.iter_mut().zip(next.iter()) {
                    *h = mix(*h, *n);
                }
                self.buf.truncate(at + width);
                Hashes::Each(at)
            }
        }
    }

    /// Adds the hashes of the set element `e` to an unordered sum: a part remembered with
    /// one hash per element of the group adds the terms remembered with them (each hash
    /// already mixed as an element), the others are hashed and added.
    fn add_element(&mut self, sum: &mut Unordered, e: &Value) -> Option<()> {
        if let (true, Some(len)) = (self.whole_group, node_len(e)) {
            if len >= MIN_REMEMBERED_LEN {
                let fp = e.fingerprint();
                if let Some((width, terms)) = self.remembered.recall_terms(self.group, fp, e) {
                    match sum.each {
                        None => {
                            sum.each = Some(self.buf.len());
                            self.buf.extend_from_slice(&terms[..width]);
                        }
                        Some(each) => {
                            for (s, t) in self.buf[each..each + width].iter_mut().zip(terms) {
                                *s = s.wrapping_add(*t);
                            }
                        }
                    }
                    return Some(());
                }
            }
        }
        let h = self.hash(e)?;
        self.add(sum, h);
        Some(())
    }

    /// Adds one element's hashes to an unordered sum.
    fn add(&mut self, sum: &mut Unordered, element: Hashes) {
        match (element, sum.each) {
            (Hashes::Same(h), _) => sum.common = sum.common.wrapping_add(mix(TAG_OTHER, h)),
            (Hashes::Each(at), None) => {
                for h in &mut self.buf[at..] {
                    *h = mix(TAG_OTHER, *h);
                }
                sum.each = Some(at);
            }
            (Hashes::Each(at), Some(each)) => {
                let width = self.candidates.len();
                debug_assert_eq!(at, each + width);
                let (sums, element) = self.buf[each..].split_at_mut(width);
                for (s, h) in sums.iter_mut().zip(element.iter()) {
                    *s = s.wrapping_add(mix(TAG_OTHER, *h));
                }
                self.buf.truncate(at);
            }
        }
    }

    /// The hashes of an unordered collection of `len` elements summed in `sum`.
    fn finish(&mut self, sum: Unordered, tag: u64, len: usize) -> Hashes {
        let tag = tag ^ len as u64;
        match sum.each {
            None => Hashes::Same(mix(tag, sum.common)),
            Some(at) => {
                for h in &mut self.buf[at..] {
                    *h = mix(tag, sum.common.wrapping_add(*h));
                }
                Hashes::Each(at)
            }
        }
    }
}

/// The hash of a set, sequence, record or function without moved model values: its
/// fingerprint, which the value keeps once computed (so a part shared by many states is
/// hashed once), so only the question whether it holds moved values walks it.
fn fixed_hash(v: &Value) -> u64 {
    mix(TAG_FIXED, v.fingerprint())
}

/// Does `v` hold no model value numbered `id` with `moved[id]`, and no symbolic set?
fn holds_no_moved(v: &Value, moved: &[bool]) -> bool {
    match v {
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) | Value::Str(_) | Value::Interval(..) => {
            true
        }
        Value::Model(m) => !moved.get(m.id as usize).copied().unwrap_or(false),
        Value::Set(s) => s.elems().iter().all(|e| holds_no_moved(e, moved)),
        Value::Seq(s) => s.elems().iter().all(|e| holds_no_moved(e, moved)),
        Value::Record(r) => r.fields().iter().all(|(_, f)| holds_no_moved(f, moved)),
        Value::Fcn(f) => f
            .pairs()
            .iter()
            .all(|(k, x)| holds_no_moved(k, moved) && holds_no_moved(x, moved)),
        Value::Lazy(_) => false,
    }
}

/// The hashes of each model value (by number, up to the last one `moved` marks) under the
/// identity and each permutation of `perms`, in order: [`Hasher::image_hashes`].
pub fn image_hashes(perms: &[Permutation], moved: &[bool]) -> Vec<u64> {
    let mut hashes = Vec::with_capacity(moved.len() * (perms.len() + 1));
    for id in 0..moved.len() as u32 {
        hashes.push(mix(TAG_MODEL, id as u64));
        for perm in perms {
            let image = match perm.slots.get(id as usize) {
                Some(Some((_, Value::Model(to)))) => to.id,
                _ => id,
            };
            hashes.push(mix(TAG_MODEL, image as u64));
        }
    }
    hashes
}

/// Parts with fewer elements are walked: a lookup costs about as much.
const MIN_REMEMBERED_LEN: usize = 2;

/// The number of elements of a set, sequence, record or function (`None`: another value).
fn node_len(v: &Value) -> Option<usize> {
    match v {
        Value::Set(s) => Some(s.elems().len()),
        Value::Seq(s) => Some(s.elems().len()),
        Value::Record(r) => Some(r.fields().len()),
        Value::Fcn(f) => Some(f.pairs().len()),
        _ => None,
    }
}

/// Is `remembered` the part `v`: the same allocation, or the same kind of node with equal
/// contents? Values are kept in canonical forms (a function on `1..n` is a sequence, one
/// on strings a record), and equal values hash equally under every candidate, so an equal
/// part's hashes are `v`'s.
fn same_part(remembered: &Value, v: &Value) -> bool {
    match (remembered, v) {
        (Value::Set(a), Value::Set(b)) => Arc::ptr_eq(a, b) || same_elems(a.elems(), b.elems()),
        (Value::Seq(a), Value::Seq(b)) => Arc::ptr_eq(a, b) || same_elems(a.elems(), b.elems()),
        (Value::Record(a), Value::Record(b)) => {
            let (x, y) = (a.fields(), b.fields());
            Arc::ptr_eq(a, b)
                || (x.len() == y.len()
                    && x.iter()
                        .zip(y)
                        .all(|((p, f), (q, g))| p == q && (same_at_sight(f, g) || f == g)))
        }
        // Pairs are sorted by argument: equal functions have equal pairs in order.
        (Value::Fcn(a), Value::Fcn(b)) => {
            let (x, y) = (a.pairs(), b.pairs());
            Arc::ptr_eq(a, b)
                || (x.len() == y.len()
                    && x.iter().zip(y).all(|((k, f), (l, g))| {
                        (same_at_sight(k, l) || k == l) && (same_at_sight(f, g) || f == g)
                    }))
        }
        _ => false,
    }
}

/// `a == b` for the elements of two sets or sequences, each pair first tested inline for
/// one allocation or equal scalars: the elements of a set found again (a message set) are
/// mostly the same allocations.
fn same_elems(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_at_sight(x, y) || x == y)
}

/// Are `x` and `y` one allocation, or equal integers or model values? (`false` says
/// nothing.)
#[inline]
fn same_at_sight(x: &Value, y: &Value) -> bool {
    match (x, y) {
        (Value::Record(a), Value::Record(b)) => Arc::ptr_eq(a, b),
        (Value::Set(a), Value::Set(b)) => Arc::ptr_eq(a, b),
        (Value::Seq(a), Value::Seq(b)) => Arc::ptr_eq(a, b),
        (Value::Fcn(a), Value::Fcn(b)) => Arc::ptr_eq(a, b),
        (Value::Int(a), Value::Int(b)) => a == b,
        (Value::Model(a), Value::Model(b)) => std::ptr::eq(*a, *b),
        _ => false,
    }
}

/// How many parts a thread remembers (direct-mapped by content fingerprint).
const REMEMBERED_SLOTS: usize = 1024;

/// The largest group (the identity included) whose parts holding moved values are
/// remembered, with one hash per element of the group. MultiPaxos_MC's
/// `Permutations(Replicas) \cup Permutations(Writes)` generates a group of 12: with 8 here,
/// none of its message records was remembered, and its orbit fingerprints took 57% of its
/// instructions. A group of 24 (`Permutations` of four values) is pruned as it goes.
pub const MAX_REMEMBERED_WIDTH: usize = 16;

/// The hashes of a part to remember: one for every candidate, or one per element of the
/// group.
enum Remembering<'b> {
    Same(u64),
    Each(&'b [u64]),
}

/// A part remembered: the group it was hashed for, the part's fingerprint, the part (to
/// tell it from another with the same fingerprint) and how many hashes it has (0: one for
/// every candidate).
struct RememberedPart {
    group: u64,
    fp: u64,
    part: Value,
    width: usize,
}

impl RememberedPart {
    /// Does the entry answer for `v` (fingerprint `fp`) under `group`?
    #[inline]
    fn holds(&self, group: u64, fp: u64, v: &Value) -> bool {
        self.group == group && self.fp == fp && same_part(&self.part, v)
    }
}

/// The parts a thread hashed lately, by content: a part equal to one remembered (met in
/// another state, or built again by an action) is not walked again. Whether a part is
/// fixed, and its hashes under the group, depend on the group, so an entry answers only for
/// its group. The hashes
/// of slot `i` are `hashes[2 * i * stride..]`, followed by the terms they add to a set's sums
/// (each mixed as an element, [`Hasher::add`]), where there is one per element of the group:
/// `stride` is the widest group met (at most [`MAX_REMEMBERED_WIDTH`]), so a small group's
/// table stays small.
#[derive(Default)]
pub struct Remembered {
    slots: Vec<Option<RememberedPart>>,
    hashes: Vec<u64>,
    stride: usize,
}

impl Remembered {
    fn slot(fp: u64) -> usize {
        (fp ^ fp >> 32) as usize & (REMEMBERED_SLOTS - 1)
    }

    /// The hashes remembered for the part `v` (fingerprint `fp`) under `group`: how many
    /// (0: one for every candidate, the first) and the slot's hashes.
    fn recall(&self, group: u64, fp: u64, v: &Value) -> Option<(usize, &[u64])> {
        let slot = Self::slot(fp);
        match self.slots.get(slot) {
            Some(Some(entry)) if entry.holds(group, fp, v) => {
                let at = 2 * slot * self.stride;
                Some((entry.width, &self.hashes[at..at + self.stride]))
            }
            _ => None,
        }
    }

    /// Is the part `v` remembered under `group`?
    #[cfg(test)]
    pub fn knows(&self, group: u64, v: &Value) -> bool {
        self.recall(group, v.fingerprint(), v).is_some()
    }

    /// The terms remembered for the part `v` (fingerprint `fp`) under `group`, when it has
    /// one hash per element of the group: how many, and the slot's terms.
    fn recall_terms(&self, group: u64, fp: u64, v: &Value) -> Option<(usize, &[u64])> {
        let slot = Self::slot(fp);
        match self.slots.get(slot) {
            Some(Some(entry)) if entry.width > 0 && entry.holds(group, fp, v) => {
                let at = (2 * slot + 1) * self.stride;
                Some((entry.width, &self.hashes[at..at + self.stride]))
            }
            _ => None,
        }
    }

    fn remember(&mut self, group: u64, fp: u64, part: &Value, hashes: Remembering<'_>) {
        let width = match hashes {
            Remembering::Same(_) => 1,
            Remembering::Each(block) => block.len(),
        };
        if self.slots.is_empty() || width > self.stride {
            // A wider group than any before: the table starts again at its width.
            self.stride = self.stride.max(width).max(1);
            self.slots.clear();
            self.slots.resize_with(REMEMBERED_SLOTS, || None);
            self.hashes.clear();
            self.hashes.resize(2 * REMEMBERED_SLOTS * self.stride, 0);
        }
        let slot = Self::slot(fp);
        let at = 2 * slot * self.stride;
        let width = match hashes {
            Remembering::Same(hash) => {
                self.hashes[at] = hash;
                0
            }
            Remembering::Each(block) => {
                let (own, terms) = self.hashes[at..at + 2 * self.stride].split_at_mut(self.stride);
                own[..block.len()].copy_from_slice(block);
                for (t, h) in terms.iter_mut().zip(block) {
                    *t = mix(TAG_OTHER, *h);
                }
                block.len()
            }
        };
        self.slots[slot] = Some(RememberedPart {
            group,
            fp,
            part: part.clone(),
            width,
        });
    }
}

/// What a thread keeps between states: the parts it remembers, and buffers.
#[derive(Default)]
pub struct Scratch {
    pub remembered: Remembered,
    pub buf: Vec<u64>,
    pub candidates: Vec<Option<usize>>,
    pub tied: Vec<usize>,
}

thread_local! {
    /// This thread's [`Scratch`].
    pub static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// A sum of mixed element hashes: `common` for the elements every candidate hashes alike,
/// plus, once an element differs, one sum per candidate in the buffer from `each`.
#[derive(Default)]
struct Unordered {
    common: u64,
    each: Option<usize>,
}

/// The hash of `v` permuted by `perm` alone (`None`: the identity): what [`Hasher`] gives
/// each candidate, walked once per permutation.
#[cfg(test)]
pub fn hash_one(v: &Value, perm: Option<&Permutation>, moved: &[bool]) -> Option<u64> {
    if matches!(
        v,
        Value::Set(_) | Value::Seq(_) | Value::Record(_) | Value::Fcn(_)
    ) && holds_no_moved(v, moved)
    {
        return Some(fixed_hash(v));
    }
    fn unordered(tag: u64, len: usize, hashes: impl Iterator<Item = Option<u64>>) -> Option<u64> {
        let mut sum = 0u64;
        for h in hashes {
            sum = sum.wrapping_add(mix(TAG_OTHER, h?));
        }
        Some(mix(tag ^ len as u64, sum))
    }
    Some(match v {
        Value::Bool(b) => mix(TAG_BOOL, *b as u64),
        Value::Int(i) => mix(TAG_INT, *i as u64),
        Value::BigInt(_) => mix(TAG_INT, v.fingerprint()),
        Value::Str(s) => str_hash(s),
        Value::Model(m) => {
            let id = match perm.and_then(|p| p.image(m)) {
                Some(Value::Model(to)) => to.id,
                _ => m.id,
            };
            mix(TAG_MODEL, id as u64)
        }
        Value::Set(s) => unordered(
            TAG_SET,
            s.elems().len(),
            s.elems().iter().map(|e| hash_one(e, perm, moved)),
        )?,
        Value::Interval(lo, hi) => unordered(
            TAG_SET,
            (hi - lo + 1) as usize,
            (*lo..=*hi).map(|i| Some(mix(TAG_INT, i as u64))),
        )?,
        Value::Seq(s) => {
            let mut h = mix(TAG_SEQ, s.elems().len() as u64);
            for e in s.elems() {
                h = mix(h, hash_one(e, perm, moved)?);
            }
            h
        }
        Value::Record(r) => {
            let mut h = mix(TAG_RECORD, r.fields().len() as u64);
            for (name, field) in r.fields() {
                h = mix(mix(h, str_hash(name)), hash_one(field, perm, moved)?);
            }
            h
        }
        Value::Fcn(f) => unordered(
            TAG_FCN,
            f.pairs().len(),
            f.pairs()
                .iter()
                .map(|(k, x)| Some(mix(hash_one(k, perm, moved)?, hash_one(x, perm, moved)?))),
        )?,
        Value::Lazy(_) => return None,
    })
}
