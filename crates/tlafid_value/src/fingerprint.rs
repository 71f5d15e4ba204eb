//! 64-bit fingerprints with fixed constants: deterministic across runs and platforms, and
//! computed on the canonical form, so equal values have equal fingerprints.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::set::SetView;
use crate::{SetValue, Value};

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

    /// A cell holding `fp` (zero: not known).
    pub(crate) const fn with(fp: u64) -> FpCell {
        FpCell(AtomicU64::new(fp))
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
pub(crate) fn fp_int(i: i64) -> u64 {
    fold(INT_START, i as u64)
}

/// The fingerprint of a sequence of values (a state), in order.
pub fn fingerprint_values(values: &[Value]) -> Fingerprint {
    fingerprint_sequence(values.iter())
}

/// [`fingerprint_values`] of the values `values` yields, without gathering them. Inlined
/// always: LLVM's choice for the evaluator's successor loop moved with unrelated changes
/// there (a call per successor, and the code's placement).
#[inline(always)]
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
            Value::Set(s) => set_fp(s),
            Value::Interval(..) => fp_set(self),
            Value::Lazy(_) => fp_set(self),
            Value::Seq(s) => s.fp.get_or_init(|| fp_fcn(self)),
            Value::Record(r) => r.fp.get_or_init(|| fp_fcn(self)),
            Value::Fcn(f) => f.fp.get_or_init(|| fp_fcn(self)),
        }
    }
}

// Sets and functions are fingerprinted as a sum (wrapping) of strongly mixed hashes of their
// elements or pairs, sealed with their size and kind (`seal`): the sum does not depend on the
// order the elements are met in, and replacing, adding or removing one element changes one
// term, so an update (`EXCEPT`, `Append`, `S \cup {x}`) derives its result's fingerprint from
// its operand's in a few mixes (`unseal`, since the sealing mix is bijective) instead of
// hashing every element again. Each term is two or three rounds of SplitMix64's finaliser
// over the parts' own (already mixed) fingerprints, so distinct elements give unrelated terms.

/// The term of a set's element `e` in its set's sum (`e`'s fingerprint given).
#[inline]
pub(crate) fn elem_term(fp: u64) -> u64 {
    fold(SET_TERM_START, fp)
}

/// The term of a function's pair `(k, v)` in its function's sum (the fingerprints given).
#[inline]
pub(crate) fn pair_term(key_fp: u64, value_fp: u64) -> u64 {
    fold(keyed_start(key_fp), value_fp)
}

/// The part of a pair's term its key gives (the key's fingerprint given): the same for
/// every function, so kept where the key is kept (an interned field name's
/// [`Text::keyed`](crate::Text::keyed), a small integer's [`INT_KEYED`]).
#[inline]
pub(crate) const fn keyed_start(key_fp: u64) -> u64 {
    fold(PAIR_TERM_START, key_fp)
}

/// [`pair_terms`] for a record's field `name`, its keyed start kept with it.
#[inline]
pub(crate) fn field_pair_terms(name: crate::Text, old_fp: u64, new_fp: u64) -> (u64, u64) {
    let keyed = name.keyed();
    (fold(keyed, old_fp), fold(keyed, new_fp))
}

/// The term of a sequence's element at position `i` (from 1) holding a value of fingerprint
/// `fp`: the pair term of `(i, v)`, one mix where `i` has its keyed start in [`INT_KEYED`].
#[inline]
pub(crate) fn seq_term(i: usize, fp: u64) -> u64 {
    fold(int_keyed(i as i64), fp)
}

/// The terms of the pairs `(k, old)` and `(k, new)` for the integer key `k` (a sequence's
/// position), given the values' fingerprints: [`pair_terms`] with `k`'s part looked up.
#[inline]
pub(crate) fn int_pair_terms(k: i64, old_fp: u64, new_fp: u64) -> (u64, u64) {
    let keyed = int_keyed(k);
    (fold(keyed, old_fp), fold(keyed, new_fp))
}

/// The integer keys whose keyed starts [`INT_KEYED`] holds: `0..INT_KEYED_LEN`.
const INT_KEYED_LEN: usize = 64;

/// `fold(PAIR_TERM_START, fp_int(k))` for the keys `k` of [`INT_KEYED_LEN`], computed when
/// compiling: a pair with such a key (every position of a short sequence, a function on
/// `0..N`) costs one mix instead of three (`fp_int`'s and the key's fold are the same for
/// every function).
const INT_KEYED: [u64; INT_KEYED_LEN] = {
    let mut table = [0u64; INT_KEYED_LEN];
    let mut k = 0;
    while k < INT_KEYED_LEN {
        table[k] = keyed_start(fold(INT_START, k as u64));
        k += 1;
    }
    table
};

/// `fold(PAIR_TERM_START, fp_int(k))`: the part of a pair's term its integer key gives.
#[inline(always)]
fn int_keyed(k: i64) -> u64 {
    match usize::try_from(k).ok().and_then(|k| INT_KEYED.get(k)) {
        Some(keyed) => *keyed,
        None => keyed_start(fp_int(k)),
    }
}

/// The term of a function's pair `(key, v)`, `v`'s fingerprint given: an integer key's
/// part looked up ([`int_keyed`]), another's folded.
#[inline(always)]
fn key_term(key: &Value, value_fp: u64) -> u64 {
    match key {
        Value::Int(k) => fold(int_keyed(*k), value_fp),
        _ => pair_term(fp_inline(key), value_fp),
    }
}

const SET_START: u64 = fold(SEED, TAG_SET);
const FCN_START: u64 = fold(SEED, TAG_FCN);
const SET_TERM_START: u64 = fold(SET_START, 0x5e7);
const PAIR_TERM_START: u64 = fold(FCN_START, 0x9a1);

/// The fingerprint of a set (`start` [`SET_START`]) or function ([`FCN_START`]) of `len`
/// elements or pairs whose terms sum to `sum`: one mix of the sum with the kind and size
/// (the sum is already well mixed; undone by [`unmix`] where an update needs the sum).
#[inline]
pub(crate) fn seal(start: u64, len: usize, sum: u64) -> u64 {
    mix(sum ^ sealed_len(start, len))
}

/// What [`seal`] combines a sum with: the kind and the size.
#[inline]
const fn sealed_len(start: u64, len: usize) -> u64 {
    start ^ (len as u64).wrapping_mul(0xff51_afd7_ed55_8ccd)
}

/// The sum of terms a fingerprint was sealed from ([`seal`] undone, as [`updated`] does).
#[cfg(test)]
fn unseal(start: u64, len: usize, fp: u64) -> u64 {
    unmix(fp) ^ sealed_len(start, len)
}

/// The inverse of [`mix`].
#[inline]
const fn unmix(mut z: u64) -> u64 {
    z ^= (z >> 31) ^ (z >> 62);
    z = z.wrapping_mul(inverse(0x94d0_49bb_1331_11eb));
    z ^= (z >> 27) ^ (z >> 54);
    z = z.wrapping_mul(inverse(0xbf58_476d_1ce4_e5b9));
    z ^ (z >> 30) ^ (z >> 60)
}

/// The multiplicative inverse of an odd number modulo 2^64 (Newton's iteration).
const fn inverse(odd: u64) -> u64 {
    let mut x = odd; // correct to 3 bits
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// The fingerprint of a set of `len` elements or function of `len` pairs whose fingerprint
/// is `fp`, with the term `removed` taken out, `added` put in, and `new_len` elements after
/// that.
#[inline]
pub(crate) fn updated(
    kind: Updated,
    fp: u64,
    len: usize,
    removed: u64,
    added: u64,
    new_len: usize,
) -> u64 {
    let start = match kind {
        Updated::Set => SET_START,
        Updated::Fcn => FCN_START,
    };
    let sum = unmix(fp) ^ sealed_len(start, len);
    seal(
        start,
        new_len,
        sum.wrapping_sub(removed).wrapping_add(added),
    )
}

/// The terms of the pairs `(k, old)` and `(k, new)`, given the fingerprints of `k`, `old`
/// and `new`: [`pair_term`] twice, the key folded in once.
#[inline]
pub(crate) fn pair_terms(key_fp: u64, old_fp: u64, new_fp: u64) -> (u64, u64) {
    let keyed = fold(PAIR_TERM_START, key_fp);
    (fold(keyed, old_fp), fold(keyed, new_fp))
}

/// What [`updated`] updates.
#[derive(Clone, Copy)]
pub(crate) enum Updated {
    Set,
    Fcn,
}

/// The fingerprint of `v` if it is known without hashing anything (scalars, kept
/// fingerprints), else zero.
#[inline(always)]
pub(crate) fn known_fp(v: &Value) -> u64 {
    match v {
        Value::Bool(b) => fold(BOOL_START, *b as u64),
        Value::Int(i) => fp_int(*i),
        Value::Str(s) => s.fingerprint(),
        Value::Model(m) => m.fingerprint,
        Value::Set(s) => s.fp.known(),
        Value::Seq(s) => s.fp.known(),
        Value::Record(r) => r.fp.known(),
        Value::Fcn(f) => f.fp.known(),
        Value::BigInt(_) | Value::Interval(..) | Value::Lazy(_) => 0,
    }
}

fn fp_set(v: &Value) -> u64 {
    let view = v.set_view();
    if let SetView::Infinite(l) = view {
        return fold(fold(SEED, TAG_LAZY), fp_str(&l.kind().to_string()));
    }
    if let SetView::Finite(elems) = view {
        return fp_elems(elems);
    }
    let mut sum = 0u64;
    for e in view.iter() {
        sum = sum.wrapping_add(elem_term(fp_inline(&e)));
    }
    seal(SET_START, view.len(), sum)
}

/// The fingerprint of the set of these (sorted, distinct) elements.
fn fp_elems(elems: &[Value]) -> u64 {
    let mut sum = 0u64;
    for e in elems {
        sum = sum.wrapping_add(elem_term(fp_inline(e)));
    }
    seal(SET_START, elems.len(), sum)
}

/// The fingerprint of an enumerated set, kept in it once computed.
pub(crate) fn set_fp(set: &SetValue) -> u64 {
    set.fp.get_or_init(|| fp_elems(&set.elems))
}

fn fp_fcn(v: &Value) -> u64 {
    // One loop per representation, each key and value fingerprinted inline where it is
    // known (scalars, kept fingerprints): through `FnView` and the recursive
    // `Value::fingerprint`, each was an out-of-line call (`pc`'s keys and labels, about
    // 25 instructions each).
    let mut sum = 0u64;
    let len = match v {
        Value::Seq(s) => {
            for (i, value) in s.elems.iter().enumerate() {
                sum = sum.wrapping_add(seq_term(i + 1, fp_inline(value)));
            }
            s.elems.len()
        }
        Value::Record(r) => {
            for (name, value) in r.fields.iter() {
                sum = sum.wrapping_add(fold(name.keyed(), fp_inline(value)));
            }
            r.fields.len()
        }
        Value::Fcn(f) => {
            for (key, value) in f.pairs.iter() {
                sum = sum.wrapping_add(key_term(key, fp_inline(value)));
            }
            f.pairs.len()
        }
        _ => 0,
    };
    seal(FCN_START, len, sum)
}

/// [`Value::fingerprint`], always inlined: known without computing for scalars and for
/// compound values whose fingerprint is kept; the compound values met inside a function
/// (`fp_fcn`) are mostly scalars, whose fingerprints need no call.
#[inline(always)]
pub(crate) fn fp_inline(v: &Value) -> u64 {
    match known_fp(v) {
        0 => v.computed_fingerprint(),
        fp => fp,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_keys_looked_up_as_folded() {
        for k in [-3i64, -1, 0, 1, 2, 63, 64, 65, 1 << 40] {
            let fp = mix(k as u64 ^ 0x55);
            assert_eq!(fold(int_keyed(k), fp), pair_term(fp_int(k), fp));
            assert_eq!(key_term(&Value::Int(k), fp), pair_term(fp_int(k), fp));
            let (old, new) = int_pair_terms(k, fp, fp ^ 1);
            assert_eq!((old, new), pair_terms(fp_int(k), fp, fp ^ 1));
        }
        for i in [1usize, 2, 3, 64, 65, 200] {
            assert_eq!(seq_term(i, 7), pair_term(fp_int(i as i64), 7));
        }
        let name = crate::Text::new("clock");
        assert_eq!(fold(name.keyed(), 9), pair_term(name.fingerprint(), 9));
        assert_eq!(
            field_pair_terms(name, 9, 10),
            pair_terms(name.fingerprint(), 9, 10)
        );
    }

    #[test]
    fn unmix_inverts_mix() {
        let mut x = 0x0123_4567_89ab_cdefu64;
        for _ in 0..1000 {
            assert_eq!(unmix(mix(x)), x);
            x = mix(x);
        }
        for len in [0, 1, 7, 1 << 40] {
            assert_eq!(unseal(FCN_START, len, seal(FCN_START, len, x)), x);
        }
    }
}
