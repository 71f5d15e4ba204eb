//! 64-bit fingerprints with fixed constants: deterministic across runs and platforms, and
//! computed on the canonical form, so equal values have equal fingerprints.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::set::SetView;
use crate::Value;

/// A 64-bit fingerprint.
pub type Fingerprint = u64;

const SEED: u64 = 0x9e37_79b9_7f4a_7c15;
const TAG_BOOL: u64 = 1;
const TAG_INT: u64 = 2;
const TAG_BIGINT: u64 = 3;
const TAG_STR: u64 = 4;
const TAG_MODEL: u64 = 5;
const TAG_SET: u64 = 6;
const TAG_FCN: u64 = 7;
const TAG_LAZY: u64 = 8;

/// A compound value's fingerprint, computed on first use: 8 bytes, no lock. Zero means "not
/// computed yet" (a value whose fingerprint is zero is fingerprinted again at each use, which
/// is rare and only slower).
#[derive(Debug, Default)]
pub(crate) struct FpCell(AtomicU64);

impl FpCell {
    pub(crate) const fn new() -> FpCell {
        FpCell(AtomicU64::new(0))
    }

    /// The fingerprint if it was computed, else zero.
    #[inline]
    pub(crate) fn known(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }

    /// The fingerprint, computed with `compute` if not known yet (racing threads compute
    /// the same value).
    pub(crate) fn get_or_init(&self, compute: impl FnOnce() -> u64) -> u64 {
        match self.0.load(Ordering::Relaxed) {
            0 => {
                let fp = compute();
                self.0.store(fp, Ordering::Relaxed);
                fp
            }
            fp => fp,
        }
    }
}

/// The finaliser of SplitMix64: a bijective, well-mixing function on 64 bits.
#[inline]
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Folds one word into a running fingerprint.
#[inline]
const fn fold(acc: u64, word: u64) -> u64 {
    mix(acc.rotate_left(23) ^ word.wrapping_add(SEED))
}

/// The running fingerprints an integer's and a Boolean's start from.
const INT_START: u64 = fold(SEED, TAG_INT);
const BOOL_START: u64 = fold(SEED, TAG_BOOL);

/// A string's fingerprint: its length, then its bytes eight at a time (little-endian, the
/// last word padded with zeros). Whole words are read in place, the tail byte by byte: no
/// copy through a buffer (which cost a `memcpy` call per word).
pub(crate) fn fp_str(s: &str) -> u64 {
    let bytes = s.as_bytes();
    let mut acc = fold(SEED, TAG_STR);
    acc = fold(acc, bytes.len() as u64);
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        acc = fold(
            acc,
            u64::from_le_bytes(word.try_into().expect("eight bytes")),
        );
    }
    let tail = words.remainder();
    if !tail.is_empty() {
        let word = (tail.iter().enumerate()).fold(0u64, |w, (i, b)| w | (u64::from(*b) << (8 * i)));
        acc = fold(acc, word);
    }
    acc
}

/// A model value's fingerprint, from its name (kept in the value when it is made).
pub(crate) fn fp_model(name: &str) -> u64 {
    fold(fold(SEED, TAG_MODEL), fp_str(name))
}

#[inline]
fn fp_int(i: i64) -> u64 {
    fold(INT_START, i as u64)
}

/// The fingerprint of a sequence of values (a state), in order.
pub fn fingerprint_values(values: &[Value]) -> Fingerprint {
    fingerprint_sequence(values.iter())
}

/// [`fingerprint_values`] of the values `values` yields, without gathering them.
pub fn fingerprint_sequence<'v>(values: impl ExactSizeIterator<Item = &'v Value>) -> Fingerprint {
    let mut acc = fold(SEED, values.len() as u64);
    for v in values {
        acc = fold(acc, v.fingerprint());
    }
    acc
}

impl Value {
    /// The fingerprint: equal values (in any representation) have equal fingerprints.
    ///
    /// Inlined where it is known without computing (scalars, and compound values whose
    /// fingerprint is kept): a state's fingerprint hashes each of its values.
    #[inline]
    pub fn fingerprint(&self) -> Fingerprint {
        fp_inline(self)
    }

    /// The fingerprint of a value whose fingerprint is not kept, or not yet.
    #[inline(never)]
    fn computed_fingerprint(&self) -> Fingerprint {
        match self {
            Value::Bool(b) => fold(BOOL_START, *b as u64),
            Value::Int(i) => fp_int(*i),
            Value::BigInt(b) => {
                let mut acc = fold(SEED, TAG_BIGINT);
                for digit in b.to_signed_bytes_le().chunks(8) {
                    let mut word = [0u8; 8];
                    word[..digit.len()].copy_from_slice(digit);
                    acc = fold(acc, u64::from_le_bytes(word));
                }
                acc
            }
            Value::Str(s) => s.fingerprint(),
            Value::Model(m) => m.fingerprint,
            Value::Set(s) => s.fp.get_or_init(|| fp_set(self)),
            Value::Interval(..) => fp_set(self),
            Value::Lazy(_) => fp_set(self),
            Value::Seq(s) => s.fp.get_or_init(|| fp_fcn(self)),
            Value::Record(r) => r.fp.get_or_init(|| fp_fcn(self)),
            Value::Fcn(f) => f.fp.get_or_init(|| fp_fcn(self)),
        }
    }
}

fn fp_set(v: &Value) -> u64 {
    let view = v.set_view();
    if let SetView::Infinite(l) = view {
        return fold(fold(SEED, TAG_LAZY), fp_str(&l.kind().to_string()));
    }
    let mut acc = fold(fold(SEED, TAG_SET), view.len() as u64);
    for e in view.iter() {
        acc = fold(acc, e.fingerprint());
    }
    acc
}

fn fp_fcn(v: &Value) -> u64 {
    // One loop per representation, each key and value fingerprinted inline where it is
    // known (scalars, kept fingerprints): through `FnView` and the recursive
    // `Value::fingerprint`, each was an out-of-line call (`pc`'s keys and labels, about
    // 25 instructions each).
    let mut acc = fold(SEED, TAG_FCN);
    match v {
        Value::Seq(s) => {
            acc = fold(acc, s.elems.len() as u64);
            for (i, value) in s.elems.iter().enumerate() {
                acc = fold(fold(acc, fp_int(i as i64 + 1)), fp_inline(value));
            }
        }
        Value::Record(r) => {
            acc = fold(acc, r.fields.len() as u64);
            for (name, value) in r.fields.iter() {
                acc = fold(fold(acc, name.fingerprint()), fp_inline(value));
            }
        }
        Value::Fcn(f) => {
            acc = fold(acc, f.pairs.len() as u64);
            for (key, value) in f.pairs.iter() {
                acc = fold(fold(acc, fp_inline(key)), fp_inline(value));
            }
        }
        _ => acc = fold(acc, 0),
    }
    acc
}

/// [`Value::fingerprint`], always inlined: known without computing for scalars and for
/// compound values whose fingerprint is kept; the compound values met inside a function
/// (`fp_fcn`) are mostly scalars, whose fingerprints need no call.
#[inline(always)]
fn fp_inline(v: &Value) -> u64 {
    let kept = match v {
        Value::Bool(b) => return fold(BOOL_START, *b as u64),
        Value::Int(i) => return fp_int(*i),
        Value::Str(s) => return s.fingerprint(),
        Value::Model(m) => return m.fingerprint,
        Value::Set(s) => s.fp.known(),
        Value::Seq(s) => s.fp.known(),
        Value::Record(r) => r.fp.known(),
        Value::Fcn(f) => f.fp.known(),
        Value::BigInt(_) | Value::Interval(..) | Value::Lazy(_) => 0,
    };
    match kept {
        0 => v.computed_fingerprint(),
        fp => fp,
    }
}
