//! A compact byte encoding of values, for states waiting in a model checker's queue.
//!
//! A state held as nested [`Value`]s costs a heap node (an `Arc` header, a `Vec` and a
//! fingerprint cell) per compound sub-value: about a kilobyte for a state of a few nested
//! functions. [`PackTable::pack`] writes the same values as a tag byte per node and LEB128
//! integers (tens of bytes), and [`PackTable::unpack`] rebuilds values equal to the packed
//! ones, in the same canonical forms (a packed set, sequence, record or function comes back
//! as the same kind of node with its elements in the same order).
//!
//! Strings, record field names and model values are not copied into the bytes: the table
//! interns them and the bytes name them by number, so unpacking shares one `Arc` per string
//! instead of allocating. Big integers and lazy sets are not packed (`pack` answers `false`;
//! the caller keeps such a state whole).
//!
//! A compound node (set, sequence, record, function) carries the length of its body, so
//! that unpacking can look the node's bytes up among the sub-values this thread unpacked
//! lately ([`Recent`]): states of one breadth-first level share most of their sub-values,
//! and a node found there is shared (one `Arc`, its fingerprint already computed) instead
//! of being rebuilt and hashed again.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use crate::fingerprint::FpCell;
use crate::{FcnValue, ModelValue, RecordValue, SeqValue, SetValue, Text, Value};

/// Node tags of the encoding.
const FALSE: u8 = 0;
const TRUE: u8 = 1;
const INT: u8 = 2;
const STR: u8 = 3;
const MODEL: u8 = 4;
const INTERVAL: u8 = 5;
const SET: u8 = 6;
const SEQ: u8 = 7;
const RECORD: u8 = 8;
const FCN: u8 = 9;

/// At most this many extra `Arc`s are remembered by address (beyond one per distinct leaf):
/// leaves built afresh while exploring are then found by content instead.
const MAX_ALIASES: usize = 1 << 16;

type FixedState = ahash::RandomState;

fn fixed_state() -> FixedState {
    FixedState::with_seeds(0x243F_6A88, 0x85A3_08D3, 0x1319_8A2E, 0x0370_7344)
}

/// The interned leaves: each distinct string or model value once, numbered.
struct Leaves {
    /// The leaves by number (`Value::Str` or `Value::Model`).
    values: Vec<Value>,
    /// Leaf number by content.
    by_content: HashMap<Value, u32, FixedState>,
    /// Leaf number by the address of an `Arc` this table holds (in `values` or `aliases`),
    /// so the address cannot be reused while it is a key.
    by_address: HashMap<usize, u32, FixedState>,
    /// `Arc`s kept alive only because their address is a key.
    aliases: Vec<Value>,
}

/// Interns the leaves of packed values; one table packs and unpacks a whole run.
///
/// Safe to share between threads: lookups take a read lock once per call, and only a value
/// with a leaf never seen before takes the write lock.
pub struct PackTable {
    leaves: RwLock<Leaves>,
    /// Distinguishes this table's encodings from another table's in [`Recent`] (the same
    /// bytes name different leaves in two tables).
    id: u64,
}

/// Slots of [`Recent`] (a power of two).
const RECENT_SLOTS: usize = 4096;

/// Only nodes whose encoding is at most this long are kept in [`Recent`] (larger ones are
/// rebuilt, their smaller sub-values still shared), which bounds what a thread holds.
const RECENT_MAX_BYTES: usize = 512;

/// Nodes encoded in more than this many bytes go only to the first [`LARGE_SLOTS`] slots of
/// [`Recent`]: what the cache keeps alive grows with the nodes' size (a 32-pair function of
/// btree is a few kilobytes of values), so the large ones get fewer slots.
const SMALL_MAX_BYTES: usize = 256;

/// Slots of [`Recent`] that may hold a node longer than [`SMALL_MAX_BYTES`] (a power of two).
const LARGE_SLOTS: usize = 1024;

/// The slot of [`Recent`] for a node of `len` encoded bytes hashed to `hash`.
fn recent_slot(hash: u64, len: usize) -> usize {
    let mask = if len > SMALL_MAX_BYTES {
        LARGE_SLOTS - 1
    } else {
        RECENT_SLOTS - 1
    };
    hash as usize & mask
}

/// Slots of [`Recent::by_address`] (a power of two).
const ADDRESS_SLOTS: usize = 4096;

/// Only nodes whose encoding is at least this long are remembered by address: shorter ones
/// are written again about as fast as they are looked up.
const ADDRESS_MIN_BYTES: usize = 8;

/// Compound sub-values this thread unpacked lately, by their encoding: a direct-mapped
/// cache of [`RECENT_SLOTS`] slots (a new node replaces the one in its slot), of nodes
/// encoded in at most [`RECENT_MAX_BYTES`] bytes. A hit is exact: the whole encoding is
/// compared, not only its hash.
struct Recent {
    /// The table whose encodings the slots hold.
    table: u64,
    slots: Vec<RecentSlot>,
    /// The other direction, for packing: compound nodes this thread unpacked lately, by
    /// the address of their `Arc`, each naming the slot of `slots` that holds the node and
    /// its encoding. A successor's unchanged variables are the `Arc`s of the state it was
    /// generated from, so packing it copies their bytes instead of walking them.
    ///
    /// Nothing is kept twice: the bytes are the slot's, and the node is alive (so its
    /// address names it) only while that slot still holds it, which a lookup checks.
    by_address: Vec<AddressSlot>,
    /// The numbers of leaves (strings and model values) this thread packed lately, by
    /// address: a direct-mapped cache in front of the table's map, which takes a hash and a
    /// probe of a shared table per leaf. Leaves are interned and never freed, so an address
    /// names one leaf for the life of the process, and a table never renumbers a leaf.
    leaf_ids: Vec<AddressSlot>,
}

/// Slots of [`Recent::leaf_ids`] (a power of two).
const LEAF_SLOTS: usize = 1024;

#[derive(Default, Clone, Copy)]
struct AddressSlot {
    /// The node's `Arc` address, or the leaf's (0: empty).
    address: usize,
    /// The index in [`Recent::slots`] where the node was put, or the leaf's number.
    slot: u32,
}

/// The address of a compound value's `Arc` (`None` for other values).
fn node_address(value: &Value) -> Option<usize> {
    Some(match value {
        Value::Set(a) => Arc::as_ptr(a) as usize,
        Value::Seq(a) => Arc::as_ptr(a) as usize,
        Value::Record(a) => Arc::as_ptr(a) as usize,
        Value::Fcn(a) => Arc::as_ptr(a) as usize,
        _ => return None,
    })
}

fn address_slot(address: usize) -> usize {
    (address.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) & (ADDRESS_SLOTS - 1)
}

#[derive(Default)]
struct RecentSlot {
    hash: u64,
    /// The node's encoding: tag, body length, body.
    bytes: Vec<u8>,
    value: Option<Value>,
}

impl Recent {
    /// The slots for `table`, emptied if they held another table's nodes.
    fn for_table(&mut self, table: u64) -> &mut Recent {
        if self.table != table {
            self.table = table;
            self.slots.clear();
            self.by_address.clear();
            self.leaf_ids.clear();
        }
        if self.slots.is_empty() {
            self.slots.resize_with(RECENT_SLOTS, RecentSlot::default);
        }
        if self.by_address.is_empty() {
            self.by_address
                .resize_with(ADDRESS_SLOTS, AddressSlot::default);
        }
        if self.leaf_ids.is_empty() {
            self.leaf_ids.resize_with(LEAF_SLOTS, AddressSlot::default);
        }
        self
    }

    /// The slot of [`Recent::leaf_ids`] for a leaf at `address`.
    fn leaf_slot(address: usize) -> usize {
        (address.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) & (LEAF_SLOTS - 1)
    }

    /// The number of the leaf at `address`, if this thread packed it lately.
    fn leaf_id(&self, address: usize) -> Option<u32> {
        let entry = self.leaf_ids.get(Self::leaf_slot(address))?;
        (entry.address == address).then_some(entry.slot)
    }

    /// Remembers that the leaf at `address` is number `id`.
    fn put_leaf(&mut self, address: usize, id: u32) {
        if let Some(entry) = self.leaf_ids.get_mut(Self::leaf_slot(address)) {
            *entry = AddressSlot { address, slot: id };
        }
    }

    /// Remembers the compound `value`, which slot `slot` holds, by its address.
    fn put_address(&mut self, value: &Value, slot: usize) {
        let Some(address) = node_address(value) else {
            return;
        };
        self.by_address[address_slot(address)] = AddressSlot {
            address,
            slot: slot as u32,
        };
    }

    /// The encoding of the compound value whose `Arc` is at `address`, if remembered and
    /// still held by its slot (a live `Arc` there is the same node).
    fn by_address(&self, address: usize) -> Option<&[u8]> {
        let entry = self.by_address.get(address_slot(address))?;
        if entry.address != address {
            return None;
        }
        let slot = self.slots.get(entry.slot as usize)?;
        (slot.value.as_ref().and_then(node_address) == Some(address)).then_some(&slot.bytes[..])
    }

    fn hash(bytes: &[u8]) -> u64 {
        fixed_state().hash_one(bytes)
    }

    fn get(&self, hash: u64, bytes: &[u8]) -> Option<&Value> {
        let slot = &self.slots[recent_slot(hash, bytes.len())];
        if slot.hash == hash && slot.bytes == bytes {
            slot.value.as_ref()
        } else {
            None
        }
    }

    fn put(&mut self, hash: u64, bytes: &[u8], value: &Value) {
        let slot = &mut self.slots[recent_slot(hash, bytes.len())];
        slot.hash = hash;
        slot.bytes.clear();
        slot.bytes.extend_from_slice(bytes);
        slot.value = Some(value.clone());
    }
}

thread_local! {
    static RECENT: RefCell<Recent> = const {
        RefCell::new(Recent {
            table: 0,
            slots: Vec::new(),
            by_address: Vec::new(),
            leaf_ids: Vec::new(),
        })
    };
}

/// Numbers tables for [`PackTable::id`] (from 1: 0 is no table).
static TABLES: AtomicU64 = AtomicU64::new(1);

impl Default for PackTable {
    fn default() -> PackTable {
        PackTable::new()
    }
}

impl std::fmt::Debug for PackTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PackTable")
            .field("leaves", &self.read().values.len())
            .finish()
    }
}

/// Why packing stopped early.
enum Stop {
    /// A leaf the table does not have yet (and may not add under a read lock).
    Miss,
    /// A value this encoding does not cover.
    Unsupported,
}

impl PackTable {
    /// An empty table.
    pub fn new() -> PackTable {
        PackTable {
            leaves: RwLock::new(Leaves {
                values: Vec::new(),
                by_content: HashMap::with_hasher(fixed_state()),
                by_address: HashMap::with_hasher(fixed_state()),
                aliases: Vec::new(),
            }),
            id: TABLES.fetch_add(1, Ordering::Relaxed),
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Leaves> {
        self.leaves
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Appends the encoding of `values` to `out`. Returns `false`, with `out` as it was,
    /// when a value is a big integer or a lazy set (not packable).
    pub fn pack(&self, values: &[Value], out: &mut Vec<u8>) -> bool {
        RECENT.with_borrow_mut(|recent| {
            let mut known =
                (recent.table == self.id && !recent.by_address.is_empty()).then_some(recent);
            self.pack_with(values, out, &mut known)
        })
    }

    // Inlined into `pack`, its only caller (left to LLVM, it was not always: a call and
    // the thread-local's access out of line, about 60 instructions a state).
    #[inline(always)]
    fn pack_with(
        &self,
        values: &[Value],
        out: &mut Vec<u8>,
        known: &mut Option<&mut Recent>,
    ) -> bool {
        let start = out.len();
        let first = {
            let leaves = self.read();
            let mut packer = Packer {
                out,
                leaves: Access::Read(&leaves),
                known: known.as_deref_mut(),
            };
            packer.values(values)
        };
        match first {
            Ok(()) => return true,
            Err(Stop::Unsupported) => {
                out.truncate(start);
                return false;
            }
            Err(Stop::Miss) => out.truncate(start),
        }
        let mut leaves = self
            .leaves
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut packer = Packer {
            out,
            leaves: Access::Write(&mut leaves),
            known: known.as_deref_mut(),
        };
        if packer.values(values).is_ok() {
            true
        } else {
            out.truncate(start);
            false
        }
    }

    /// The values `bytes` (written by [`pack`](Self::pack) of this table) encode; `None` if
    /// they are not such an encoding.
    pub fn unpack(&self, bytes: &[u8]) -> Option<Vec<Value>> {
        let leaves = self.read();
        RECENT.with_borrow_mut(|recent| {
            let mut unpacker = Unpacker {
                bytes,
                at: 0,
                leaves: &leaves.values,
                recent: recent.for_table(self.id),
            };
            let count = unpacker.count()?;
            let values = unpacker.each(count, Unpacker::value)?;
            (unpacker.at == bytes.len()).then_some(values)
        })
    }

    /// Appends the interned leaves, by number, so that another process can unpack this
    /// table's encodings ([`restore_leaves`](Self::restore_leaves)): per leaf, `0` and a
    /// string, or `1`, a model value's id and its name (lengths and ids as little-endian
    /// `u32`, text as UTF-8).
    pub fn save_leaves(&self, out: &mut Vec<u8>) {
        let leaves = self.read();
        for leaf in &leaves.values {
            let text: &str = match leaf {
                Value::Str(s) => {
                    out.push(0);
                    s
                }
                Value::Model(m) => {
                    out.push(1);
                    out.extend_from_slice(&m.id.to_le_bytes());
                    &m.name
                }
                _ => {
                    out.push(2);
                    ""
                }
            };
            out.extend_from_slice(&(text.len() as u32).to_le_bytes());
            out.extend_from_slice(text.as_bytes());
        }
    }

    /// Interns the leaves [`save_leaves`](Self::save_leaves) wrote under the same numbers;
    /// `false` (the table as it was, or with some of them) if `bytes` are not such a save or
    /// the table numbers other leaves the same.
    pub fn restore_leaves(&self, bytes: &[u8]) -> bool {
        let mut leaves = self
            .leaves
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut at = 0;
        let mut number = 0;
        while at < bytes.len() {
            let Some((leaf, next)) = saved_leaf(bytes, at) else {
                return false;
            };
            at = next;
            match leaves.values.get(number) {
                Some(existing) if *existing == leaf => {}
                Some(_) => return false,
                None => {
                    leaves.by_content.insert(leaf.clone(), number as u32);
                    leaves.values.push(leaf);
                }
            }
            number += 1;
        }
        true
    }

    /// Number of distinct leaves interned so far.
    pub fn leaf_count(&self) -> usize {
        self.read().values.len()
    }
}

/// The leaf saved at `at` in `bytes`, and where the next begins.
fn saved_leaf(bytes: &[u8], at: usize) -> Option<(Value, usize)> {
    let kind = *bytes.get(at)?;
    let (id, at) = match kind {
        0 => (0, at + 1),
        1 => (
            u32::from_le_bytes(*bytes.get(at + 1..)?.first_chunk::<4>()?),
            at + 5,
        ),
        _ => return None,
    };
    let len = u32::from_le_bytes(*bytes.get(at..)?.first_chunk::<4>()?) as usize;
    let text = std::str::from_utf8(bytes.get(at + 4..at + 4 + len)?).ok()?;
    let leaf = match kind {
        0 => Value::str(text),
        _ => Value::model(id, text),
    };
    Some((leaf, at + 4 + len))
}

/// The leaf table, as packing may use it.
enum Access<'a> {
    Read(&'a Leaves),
    Write(&'a mut Leaves),
}

impl Access<'_> {
    /// The number of `leaf` (a string or a model value); `address` is its `Arc`'s.
    fn id(&mut self, address: usize, leaf: impl FnOnce() -> Value) -> Result<u32, Stop> {
        let leaves: &Leaves = match self {
            Access::Read(leaves) => leaves,
            Access::Write(leaves) => leaves,
        };
        if let Some(&id) = leaves.by_address.get(&address) {
            return Ok(id);
        }
        let leaf = leaf();
        if let Some(&id) = leaves.by_content.get(&leaf) {
            if let Access::Write(leaves) = self {
                if leaves.aliases.len() < MAX_ALIASES {
                    leaves.by_address.insert(address, id);
                    leaves.aliases.push(leaf);
                }
            }
            return Ok(id);
        }
        let Access::Write(leaves) = self else {
            return Err(Stop::Miss);
        };
        let id = u32::try_from(leaves.values.len()).map_err(|_| Stop::Unsupported)?;
        leaves.by_content.insert(leaf.clone(), id);
        leaves.by_address.insert(address, id);
        leaves.values.push(leaf);
        Ok(id)
    }
}

/// Writes the encoding.
struct Packer<'o, 'l> {
    out: &'o mut Vec<u8>,
    leaves: Access<'l>,
    /// This thread's encodings and leaf numbers by address ([`Recent::by_address`],
    /// [`Recent::leaf_ids`]), when they are this table's.
    known: Option<&'l mut Recent>,
}

impl Packer<'_, '_> {
    fn values(&mut self, values: &[Value]) -> Result<(), Stop> {
        self.count(values.len());
        values.iter().try_for_each(|v| self.value(v))
    }

    fn value(&mut self, value: &Value) -> Result<(), Stop> {
        if let (Some(known), Some(address)) = (self.known.as_deref(), node_address(value)) {
            if let Some(bytes) = known.by_address(address) {
                self.out.extend_from_slice(bytes);
                return Ok(());
            }
        }
        match value {
            Value::Bool(b) => self.out.push(if *b { TRUE } else { FALSE }),
            Value::Int(i) => {
                self.out.push(INT);
                self.signed(*i);
            }
            Value::Str(s) => {
                let id = self.str_id(s)?;
                self.out.push(STR);
                self.count(id as usize);
            }
            Value::Model(m) => {
                let id = self.leaf_id(*m as *const ModelValue as usize, || Value::Model(m))?;
                self.out.push(MODEL);
                self.count(id as usize);
            }
            Value::Interval(lo, hi) => {
                self.out.push(INTERVAL);
                self.signed(*lo);
                self.signed(*hi);
            }
            Value::Set(s) => self.compound(SET, |p| p.values(&s.elems))?,
            Value::Seq(s) => self.compound(SEQ, |p| p.values(&s.elems))?,
            Value::Record(r) => self.compound(RECORD, |p| {
                p.count(r.fields.len());
                for (name, value) in &r.fields {
                    let id = p.str_id(name)?;
                    p.count(id as usize);
                    p.value(value)?;
                }
                Ok(())
            })?,
            Value::Fcn(f) => self.compound(FCN, |p| {
                p.count(f.pairs.len());
                for (arg, value) in &f.pairs {
                    p.value(arg)?;
                    p.value(value)?;
                }
                Ok(())
            })?,
            Value::BigInt(_) | Value::Lazy(_) => return Err(Stop::Unsupported),
        }
        Ok(())
    }

    /// A compound node: `tag`, the length of its body, and the body `body` writes.
    fn compound(
        &mut self,
        tag: u8,
        body: impl FnOnce(&mut Self) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        self.out.push(tag);
        // Most bodies are shorter than 128 bytes: one length byte, written afterwards.
        let length_at = self.out.len();
        self.out.push(0);
        body(self)?;
        let length = self.out.len() - length_at - 1;
        if length < 0x80 {
            self.out[length_at] = length as u8;
        } else {
            let body_end = self.out.len();
            self.count(length);
            let encoded: Vec<u8> = self.out.drain(body_end..).collect();
            self.out.splice(length_at..=length_at, encoded);
        }
        Ok(())
    }

    fn str_id(&mut self, s: &Text) -> Result<u32, Stop> {
        self.leaf_id(s.address(), || Value::Str(*s))
    }

    /// The number of the leaf at `address` (`leaf` makes it): from this thread's cache if
    /// it is there, else from the table (and then remembered in the cache).
    fn leaf_id(&mut self, address: usize, leaf: impl FnOnce() -> Value) -> Result<u32, Stop> {
        if let Some(id) = self
            .known
            .as_deref()
            .and_then(|known| known.leaf_id(address))
        {
            return Ok(id);
        }
        let id = self.leaves.id(address, leaf)?;
        if let Some(known) = self.known.as_deref_mut() {
            known.put_leaf(address, id);
        }
        Ok(id)
    }

    /// An unsigned LEB128 number.
    fn count(&mut self, mut n: usize) {
        while n >= 0x80 {
            self.out.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.out.push(n as u8);
    }

    /// A zigzag LEB128 number.
    fn signed(&mut self, i: i64) {
        let zigzag = ((i << 1) ^ (i >> 63)) as u64;
        let mut n = zigzag;
        while n >= 0x80 {
            self.out.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.out.push(n as u8);
    }
}

/// Reads the encoding.
struct Unpacker<'b, 'l> {
    bytes: &'b [u8],
    at: usize,
    leaves: &'l [Value],
    recent: &'l mut Recent,
}

impl Unpacker<'_, '_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn unsigned(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7F) << shift;
            if b < 0x80 {
                return Some(n);
            }
        }
        None
    }

    fn count(&mut self) -> Option<usize> {
        let n = usize::try_from(self.unsigned()?).ok()?;
        // Every element takes at least a byte: a larger count is not an encoding.
        (n <= self.bytes.len() - self.at).then_some(n)
    }

    fn signed(&mut self) -> Option<i64> {
        let n = self.unsigned()?;
        Some(((n >> 1) as i64) ^ -((n & 1) as i64))
    }

    fn leaf(&mut self) -> Option<Value> {
        let id = usize::try_from(self.unsigned()?).ok()?;
        self.leaves.get(id).cloned()
    }

    fn values(&mut self) -> Option<Vec<Value>> {
        let n = self.count()?;
        self.each(n, Self::value)
    }

    /// `n` items read by `item`, in a vector of exactly that capacity (`n` comes from
    /// [`count`](Self::count), so it is bounded by the bytes left): collecting from an
    /// iterator of `Option`s, whose size is not known ahead, grew the vector from 4 and
    /// left it larger than needed (a state's values were copied again into a boxed slice).
    fn each<T>(&mut self, n: usize, item: impl Fn(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            items.push(item(self)?);
        }
        Some(items)
    }

    fn value(&mut self) -> Option<Value> {
        let start = self.at;
        Some(match self.byte()? {
            FALSE => Value::Bool(false),
            TRUE => Value::Bool(true),
            INT => Value::Int(self.signed()?),
            STR | MODEL => self.leaf()?,
            INTERVAL => Value::Interval(self.signed()?, self.signed()?),
            tag @ (SET | SEQ | RECORD | FCN) => {
                let length = self.count()?;
                let end = self.at + length;
                let node = &self.bytes[start..end];
                let kept = node.len() <= RECENT_MAX_BYTES;
                let hash = if kept { Recent::hash(node) } else { 0 };
                if kept {
                    if let Some(value) = self.recent.get(hash, node) {
                        let value = value.clone();
                        self.at = end;
                        if node.len() >= ADDRESS_MIN_BYTES {
                            self.recent
                                .put_address(&value, recent_slot(hash, node.len()));
                        }
                        return Some(value);
                    }
                }
                let value = self.body(tag)?;
                if self.at != end {
                    return None;
                }
                let node = &self.bytes[start..end];
                if kept {
                    self.recent.put(hash, node, &value);
                }
                if kept && node.len() >= ADDRESS_MIN_BYTES {
                    self.recent
                        .put_address(&value, recent_slot(hash, node.len()));
                }
                value
            }
            _ => return None,
        })
    }

    /// The body of a compound node tagged `tag`.
    fn body(&mut self, tag: u8) -> Option<Value> {
        Some(match tag {
            SET => Value::Set(Arc::new(SetValue {
                elems: self.values()?,
                fp: FpCell::new(),
            })),
            SEQ => Value::Seq(Arc::new(SeqValue {
                elems: self.values()?,
                fp: FpCell::new(),
            })),
            RECORD => {
                let n = self.count()?;
                let fields = self.each(n, |unpacker| {
                    let Value::Str(name) = unpacker.leaf()? else {
                        return None;
                    };
                    Some((name, unpacker.value()?))
                })?;
                Value::Record(Arc::new(RecordValue {
                    fields,
                    fp: FpCell::new(),
                }))
            }
            FCN => {
                let n = self.count()?;
                let pairs =
                    self.each(n, |unpacker| Some((unpacker.value()?, unpacker.value()?)))?;
                Value::Fcn(Arc::new(FcnValue {
                    pairs,
                    fp: FpCell::new(),
                }))
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LazySet;

    fn sample() -> Vec<Value> {
        let message = |kind: &str, clock: i64| {
            Value::record(vec![
                (Text::from("type"), Value::str(kind)),
                (Text::from("clock"), Value::Int(clock)),
            ])
        };
        vec![
            Value::seq(vec![Value::Int(1), Value::Int(-300), Value::Int(i64::MIN)]),
            Value::set(vec![Value::Bool(true), Value::Bool(false)]),
            Value::seq(vec![
                message("req", 3),
                message("ack", 0),
                message("req", 4),
            ]),
            Value::model(2, "p1"),
            Value::interval(-2, 70_000),
            Value::function(vec![
                (Value::model(2, "p1"), Value::empty_set()),
                (Value::model(3, "p2"), Value::set(vec![Value::Int(4)])),
            ]),
            Value::empty_seq(),
        ]
    }

    #[test]
    fn another_table_unpacks_after_restoring_the_saved_leaves() {
        let table = PackTable::new();
        let values = sample();
        let mut bytes = Vec::new();
        assert!(table.pack(&values, &mut bytes));
        let mut saved = Vec::new();
        table.save_leaves(&mut saved);
        let other = PackTable::new();
        assert!(other.restore_leaves(&saved));
        assert_eq!(other.leaf_count(), 6);
        assert_eq!(other.unpack(&bytes), Some(values));
        assert!(other.restore_leaves(&saved), "the same leaves again");
        assert!(!PackTable::new().restore_leaves(&saved[..saved.len() - 1]));
        let mut reordered = PackTable::new();
        assert!(reordered.pack(&[Value::str("zzz")], &mut Vec::new()));
        assert!(!reordered.restore_leaves(&saved), "leaf 0 is another");
        reordered = PackTable::new();
        assert!(reordered.restore_leaves(&[]));
    }

    #[test]
    fn unpacks_what_it_packed_in_the_same_forms() {
        let table = PackTable::new();
        let values = sample();
        let mut bytes = vec![0xEE];
        assert!(table.pack(&values, &mut bytes));
        assert_eq!(bytes[0], 0xEE);
        let back = table.unpack(&bytes[1..]).unwrap();
        assert_eq!(back, values);
        assert_eq!(back.len(), 7);
        for (b, v) in back.iter().zip(&values) {
            assert_eq!(b.kind_name(), v.kind_name());
            assert_eq!(b.fingerprint(), v.fingerprint());
            assert_eq!(b.to_string(), v.to_string());
        }
        // "type", "req", "clock", "ack", p1, p2: each interned once.
        assert_eq!(table.leaf_count(), 6);
        // Leaves are shared, not copied: both "req" strings are one `Arc`.
        let strs: Vec<Value> = back[2]
            .as_seq()
            .unwrap()
            .iter()
            .map(|m| m.field("type").unwrap().clone())
            .collect();
        match (&strs[0], &strs[2]) {
            (Value::Str(a), Value::Str(b)) => assert!(a.same(*b)),
            other => panic!("not strings: {other:?}"),
        }
    }

    #[test]
    fn packs_small_states_in_few_bytes() {
        let table = PackTable::new();
        let state = [
            Value::seq(vec![Value::Int(1), Value::Int(2), Value::Int(3)]),
            Value::Bool(true),
        ];
        let mut bytes = Vec::new();
        assert!(table.pack(&state, &mut bytes));
        // count, SEQ, body length, count, 3 x (INT, n), TRUE.
        assert_eq!(bytes, [2, SEQ, 7, 3, INT, 2, INT, 4, INT, 6, TRUE]);
    }

    #[test]
    fn refuses_big_integers_and_lazy_sets_and_leaves_the_buffer() {
        let table = PackTable::new();
        let mut bytes = vec![7];
        let big = Value::parse_int("123456789012345678901234567890").unwrap();
        assert!(!table.pack(&[Value::Int(1), big], &mut bytes));
        assert!(!table.pack(&[Value::lazy(LazySet::Nat)], &mut bytes));
        assert_eq!(bytes, [7]);
    }

    #[test]
    fn rejects_bytes_it_did_not_write() {
        let table = PackTable::new();
        let mut bytes = Vec::new();
        assert!(table.pack(&sample(), &mut bytes));
        assert_eq!(table.unpack(&bytes[..bytes.len() - 1]), None);
        let mut longer = bytes.clone();
        longer.push(TRUE);
        assert_eq!(table.unpack(&longer), None);
        assert_eq!(table.unpack(&[1, 42]), None);
        assert_eq!(table.unpack(&[1, STR, 99]), None);
        assert_eq!(
            table.unpack(&[200, 200, 200, 200, 200, 200, 200, 200, 200, 200]),
            None
        );
    }

    #[test]
    fn a_node_unpacked_again_on_this_thread_is_shared() {
        let table = PackTable::new();
        let mut bytes = Vec::new();
        assert!(table.pack(&sample(), &mut bytes));
        let (a, b) = (table.unpack(&bytes).unwrap(), table.unpack(&bytes).unwrap());
        match (&a[2], &b[2]) {
            (Value::Seq(x), Value::Seq(y)) => assert!(Arc::ptr_eq(x, y)),
            other => panic!("not sequences: {other:?}"),
        }
        // Another table's equal bytes name other leaves: nothing is taken from the first.
        let (mine, other) = (PackTable::new(), PackTable::new());
        let (mut a, mut b) = (Vec::new(), Vec::new());
        assert!(mine.pack(&[Value::seq(vec![Value::str("mine")])], &mut a));
        assert!(other.pack(&[Value::seq(vec![Value::str("other")])], &mut b));
        assert_eq!(a, b);
        assert_eq!(mine.unpack(&a).unwrap()[0].to_string(), "<<\"mine\">>");
        assert_eq!(other.unpack(&b).unwrap()[0].to_string(), "<<\"other\">>");
        assert_eq!(mine.unpack(&a).unwrap()[0].to_string(), "<<\"mine\">>");
    }

    #[test]
    fn long_bodies_carry_a_longer_length() {
        let table = PackTable::new();
        let long = Value::seq((0..500).map(|i| Value::Int(i * 1000)).collect());
        let values = vec![Value::set(vec![long.clone(), Value::empty_seq()]), long];
        let mut bytes = Vec::new();
        assert!(table.pack(&values, &mut bytes));
        let (a, b) = (table.unpack(&bytes).unwrap(), table.unpack(&bytes).unwrap());
        assert_eq!(a, values);
        assert_eq!(table.unpack(&bytes[..bytes.len() - 1]), None);
        // Too long to be kept: rebuilt each time; its short neighbour is shared.
        match (&a[1], &b[1]) {
            (Value::Seq(x), Value::Seq(y)) => assert!(!Arc::ptr_eq(x, y)),
            other => panic!("not sequences: {other:?}"),
        }
        let short = |v: &Value| match v {
            Value::Set(s) => s.elems[0].clone(),
            other => panic!("not a set: {other:?}"),
        };
        match (short(&a[0]), short(&b[0])) {
            (Value::Seq(x), Value::Seq(y)) => assert!(x.elems.is_empty() && Arc::ptr_eq(&x, &y)),
            other => panic!("not sequences: {other:?}"),
        }
    }

    #[test]
    fn an_unpacked_node_packs_again_to_its_own_bytes() {
        let (table, other) = (PackTable::new(), PackTable::new());
        // `other` numbers the leaves differently: "b" first.
        let mut scratch = Vec::new();
        assert!(other.pack(&[Value::str("b")], &mut scratch));
        let values = sample();
        let mut bytes = Vec::new();
        assert!(table.pack(&values, &mut bytes));
        let back = table.unpack(&bytes).unwrap();
        // The unpacked `Arc`s are remembered with their encodings: the same bytes again.
        let mut again = Vec::new();
        assert!(table.pack(&back, &mut again));
        assert_eq!(again, bytes);
        // A successor that changes one variable: the others are copied, the new one written.
        let mut next = back.clone();
        next[1] = Value::set(vec![Value::Int(7)]);
        let (mut copied, mut fresh) = (Vec::new(), Vec::new());
        assert!(table.pack(&next, &mut copied));
        let mut rebuilt = values.clone();
        rebuilt[1] = Value::set(vec![Value::Int(7)]);
        assert!(table.pack(&rebuilt, &mut fresh));
        assert_eq!(copied, fresh);
        assert_eq!(table.unpack(&copied).unwrap(), rebuilt);
        // Another table does not use this one's encodings.
        let record = Value::record(vec![(Text::from("b"), Value::str("a"))]);
        let mut mine = Vec::new();
        assert!(table.pack(std::slice::from_ref(&record), &mut mine));
        let shared = table.unpack(&mine).unwrap();
        let (mut theirs, mut direct) = (Vec::new(), Vec::new());
        assert!(other.pack(&shared, &mut theirs));
        assert!(other.pack(std::slice::from_ref(&record), &mut direct));
        assert_eq!(theirs, direct);
        assert_eq!(other.unpack(&theirs).unwrap(), vec![record]);
    }

    #[test]
    fn a_node_of_more_than_256_bytes_is_shared_and_packs_again_to_its_bytes() {
        let table = PackTable::new();
        // 150 two-byte integers: a body of 300 bytes, kept among the large slots.
        let large = Value::seq((0..150).map(|i| Value::Int(i + 100)).collect());
        let mut bytes = Vec::new();
        assert!(table.pack(std::slice::from_ref(&large), &mut bytes));
        assert!(bytes.len() > SMALL_MAX_BYTES && bytes.len() <= RECENT_MAX_BYTES);
        let (a, b) = (table.unpack(&bytes).unwrap(), table.unpack(&bytes).unwrap());
        match (&a[0], &b[0]) {
            (Value::Seq(x), Value::Seq(y)) => assert!(Arc::ptr_eq(x, y)),
            other => panic!("not sequences: {other:?}"),
        }
        let mut again = Vec::new();
        assert!(table.pack(&a, &mut again));
        assert_eq!(again, bytes);
        assert_eq!(a, vec![large]);
    }

    #[test]
    fn equal_strings_from_different_arcs_get_one_number() {
        let table = PackTable::new();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        assert!(table.pack(&[Value::str("x")], &mut a));
        assert!(table.pack(&[Value::str("x")], &mut b));
        assert_eq!(a, b);
        assert_eq!(table.leaf_count(), 1);
    }
}
