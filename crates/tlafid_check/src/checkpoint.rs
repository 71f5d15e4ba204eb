//! Checkpoints: the whole state of a run between two levels, in one file written atomically
//! (a temporary file, flushed to disk, renamed over the previous checkpoint: a run killed while
//! writing leaves the previous checkpoint whole), and read back to resume the run.
//!
//! The file holds, little-endian: the magic `TLAFIDC1`; the model's identity; the counters
//! (depth, index of the frontier's first state, states generated, initial counts, outdegrees,
//! per-action counts); every fingerprint key, sorted; every parent link; what the system needs
//! to unpack states ([`TransitionSystem::save_packing`]); the frontier's packed states; and an
//! FNV-1a checksum of all that. A file that is short, fails its checksum or names another
//! model is refused with a diagnostic, never half used.

use std::io::{BufReader, BufWriter, Read, Write};

use tlafid_base::Diagnostic;

use crate::errors::{checkpoint_other_model, checkpoint_unusable, storage_failed};
use crate::report::{ActionStats, OUTDEGREE_BUCKETS};
use crate::storage::Storage;
use crate::stored::Stored;
use crate::trace::ParentLink;

/// The checkpoint's file name.
pub(crate) const FILE: &str = "checkpoint.tlafid";
/// What it is written as before it replaces the previous one.
const TEMPORARY: &str = "checkpoint.tlafid.tmp";
/// The format's name and version. Version 2: sets' and functions' fingerprints are sums of
/// their elements' (session 24), so a version-1 file's seen set names other fingerprints.
const MAGIC: &[u8; 8] = b"TLAFIDC2";

/// The counters of a run between levels.
#[derive(Clone, Debug, Default)]
pub(crate) struct Counters {
    pub depth: u32,
    pub frontier_start: u32,
    pub generated: u64,
    pub initial: Option<(u64, u64)>,
    pub outdegree: [u64; OUTDEGREE_BUCKETS],
    pub per_action: Vec<ActionStats>,
}

/// Hands each fingerprint key, in order, to the emitter it is given.
pub(crate) type EachKey<'a> =
    dyn FnMut(&mut dyn FnMut(u64) -> std::io::Result<()>) -> std::io::Result<()> + 'a;
/// Hands each frontier state's packed bytes, in order, to the emitter it is given.
pub(crate) type EachState<'a> =
    dyn FnMut(&mut dyn FnMut(&[u8]) -> std::io::Result<()>) -> Result<(), Diagnostic> + 'a;

/// What a run saves; the fingerprints and the frontier come through callbacks so that their
/// spilled parts stream from their files.
pub(crate) struct Saved<'a> {
    pub model: u64,
    pub counters: &'a Counters,
    pub keys: u64,
    pub each_key: &'a mut EachKey<'a>,
    pub links: &'a mut dyn Iterator<Item = ParentLink>,
    pub link_count: u32,
    pub packing: &'a [u8],
    pub frontier_len: u32,
    pub each_state: &'a mut EachState<'a>,
}

/// A run's state read back from a checkpoint.
pub(crate) struct Restored<S> {
    pub counters: Counters,
    /// Fingerprint keys, sorted.
    pub keys: Vec<u64>,
    pub links: Vec<ParentLink>,
    pub packing: Vec<u8>,
    pub frontier: Vec<Stored<S>>,
    /// The frontier's arena.
    pub frontier_bytes: Vec<u8>,
}

/// FNV-1a, 64 bits.
struct Checksum(u64);

impl Checksum {
    fn new() -> Checksum {
        Checksum(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// A writer that sums what goes through.
struct Summed<W> {
    out: W,
    sum: Checksum,
}

impl<W: Write> Summed<W> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.sum.add(bytes);
        self.out.write_all(bytes)
    }
    fn u32(&mut self, n: u32) -> std::io::Result<()> {
        self.put(&n.to_le_bytes())
    }
    fn u64(&mut self, n: u64) -> std::io::Result<()> {
        self.put(&n.to_le_bytes())
    }
}

/// Writes a checkpoint and publishes it atomically.
pub(crate) fn save(storage: &dyn Storage, saved: Saved<'_>) -> Result<(), Diagnostic> {
    let failed = |e: std::io::Error| storage_failed(storage, &e);
    let writer = storage.create(TEMPORARY).map_err(failed)?;
    let mut out = Summed {
        out: BufWriter::with_capacity(1 << 16, writer),
        sum: Checksum::new(),
    };
    let mut deferred: Option<Diagnostic> = None;
    let result = (|| -> std::io::Result<()> {
        out.put(MAGIC)?;
        out.u64(saved.model)?;
        write_counters(&mut out, saved.counters)?;
        out.u64(saved.keys)?;
        (saved.each_key)(&mut |key| out.u64(key))?;
        out.u32(saved.link_count)?;
        for link in saved.links {
            out.u32(link.parent)?;
            out.u32(link.ordinal)?;
        }
        out.u32(saved.packing.len() as u32)?;
        out.put(saved.packing)?;
        out.u32(saved.frontier_len)?;
        if let Err(problem) = (saved.each_state)(&mut |bytes| {
            out.u32(bytes.len() as u32)?;
            out.put(bytes)
        }) {
            deferred = Some(problem);
            return Ok(());
        }
        let sum = out.sum.0;
        out.out.write_all(&sum.to_le_bytes())?;
        out.out.flush()
    })();
    drop(out);
    if let Some(problem) = deferred {
        storage.remove(TEMPORARY);
        return Err(problem);
    }
    if let Err(e) = result {
        storage.remove(TEMPORARY);
        return Err(failed(e));
    }
    storage.publish(TEMPORARY, FILE).map_err(failed)
}

fn write_counters<W: Write>(out: &mut Summed<W>, counters: &Counters) -> std::io::Result<()> {
    out.u32(counters.depth)?;
    out.u32(counters.frontier_start)?;
    out.u64(counters.generated)?;
    let (flag, (generated, distinct)) = match counters.initial {
        Some(initial) => (1, initial),
        None => (0, (0, 0)),
    };
    out.put(&[flag])?;
    out.u64(generated)?;
    out.u64(distinct)?;
    for count in counters.outdegree {
        out.u64(count)?;
    }
    out.u32(counters.per_action.len() as u32)?;
    for action in &counters.per_action {
        out.u64(action.generated)?;
        out.u64(action.distinct)?;
    }
    Ok(())
}

/// A reader that sums what comes through; a short read is `None`.
struct Summing<R> {
    input: R,
    sum: Checksum,
}

impl<R: Read> Summing<R> {
    fn take(&mut self, bytes: &mut [u8]) -> Option<()> {
        self.input.read_exact(bytes).ok()?;
        self.sum.add(bytes);
        Some(())
    }
    fn u8(&mut self) -> Option<u8> {
        let mut b = [0u8; 1];
        self.take(&mut b)?;
        Some(b[0])
    }
    fn u32(&mut self) -> Option<u32> {
        let mut b = [0u8; 4];
        self.take(&mut b)?;
        Some(u32::from_le_bytes(b))
    }
    fn u64(&mut self) -> Option<u64> {
        let mut b = [0u8; 8];
        self.take(&mut b)?;
        Some(u64::from_le_bytes(b))
    }
}

/// Why a checkpoint was refused.
enum Refused {
    Truncated,
    NotACheckpoint,
    /// A checkpoint of another version of the format.
    OtherVersion,
}

/// Reads the checkpoint of `model` back.
pub(crate) fn load<S>(storage: &dyn Storage, model: u64) -> Result<Restored<S>, Diagnostic> {
    let input = storage
        .open(FILE)
        .map_err(|e| checkpoint_unusable(storage, &format!("cannot read {FILE}: {e}")))?;
    let mut input = Summing {
        input: BufReader::with_capacity(1 << 16, input),
        sum: Checksum::new(),
    };
    match read(&mut input, model) {
        Ok((restored, same_model)) => {
            let sum = input.sum.0;
            let mut stored = [0u8; 8];
            let complete = input.input.read_exact(&mut stored).is_ok()
                && input.input.read(&mut [0u8; 1]).is_ok_and(|n| n == 0);
            if !complete {
                return Err(checkpoint_unusable(storage, "the file is truncated"));
            }
            if u64::from_le_bytes(stored) != sum {
                return Err(checkpoint_unusable(
                    storage,
                    "the file is corrupt (its checksum differs)",
                ));
            }
            if !same_model {
                return Err(checkpoint_other_model(storage));
            }
            Ok(restored)
        }
        Err(Refused::NotACheckpoint) => Err(checkpoint_unusable(
            storage,
            &format!("{FILE} is not a tlafid checkpoint"),
        )),
        Err(Refused::Truncated) => Err(checkpoint_unusable(storage, "the file is truncated")),
        Err(Refused::OtherVersion) => Err(checkpoint_unusable(
            storage,
            "the file was written by another version of tlafid (its fingerprints differ)",
        )),
    }
}

/// The checkpoint, and whether it is `model`'s (a whole file of another model is told
/// apart from a corrupt one).
fn read<S, R: Read>(input: &mut Summing<R>, model: u64) -> Result<(Restored<S>, bool), Refused> {
    let mut magic = [0u8; 8];
    input.take(&mut magic).ok_or(Refused::NotACheckpoint)?;
    if magic[..7] == MAGIC[..7] && magic[7] != MAGIC[7] {
        return Err(Refused::OtherVersion);
    }
    if &magic != MAGIC {
        return Err(Refused::NotACheckpoint);
    }
    let same_model = input.u64().ok_or(Refused::Truncated)? == model;
    let counters = read_counters(input).ok_or(Refused::Truncated)?;
    let restored = read_rest(input, counters).ok_or(Refused::Truncated)?;
    Ok((restored, same_model))
}

/// At most this many items are reserved from a count read in the file (a corrupt count then
/// costs a short read, not a huge allocation).
const MAX_RESERVE: usize = 1 << 20;

fn read_rest<S, R: Read>(input: &mut Summing<R>, counters: Counters) -> Option<Restored<S>> {
    let key_count = input.u64()?;
    let mut keys = Vec::with_capacity((key_count as usize).min(MAX_RESERVE));
    for _ in 0..key_count {
        keys.push(input.u64()?);
    }
    let link_count = input.u32()?;
    let mut links = Vec::with_capacity((link_count as usize).min(MAX_RESERVE));
    for _ in 0..link_count {
        let parent = input.u32()?;
        let ordinal = input.u32()?;
        links.push(ParentLink { parent, ordinal });
    }
    let packing_len = input.u32()? as usize;
    let mut packing = vec![0u8; packing_len.min(MAX_RESERVE)];
    input.take(&mut packing)?;
    if packing_len > packing.len() {
        return None;
    }
    let frontier_len = input.u32()?;
    let mut frontier = Vec::with_capacity((frontier_len as usize).min(MAX_RESERVE));
    let mut frontier_bytes = Vec::new();
    for _ in 0..frontier_len {
        let len = input.u32()? as usize;
        if len > MAX_RESERVE {
            return None;
        }
        let start = frontier_bytes.len();
        frontier_bytes.resize(start + len, 0);
        input.take(&mut frontier_bytes[start..])?;
        frontier.push(Stored::packed(0, start, start + len));
    }
    Some(Restored {
        counters,
        keys,
        links,
        packing,
        frontier,
        frontier_bytes,
    })
}

fn read_counters<R: Read>(input: &mut Summing<R>) -> Option<Counters> {
    let depth = input.u32()?;
    let frontier_start = input.u32()?;
    let generated = input.u64()?;
    let flag = input.u8()?;
    let initial = (input.u64()?, input.u64()?);
    let mut outdegree = [0u64; OUTDEGREE_BUCKETS];
    for count in &mut outdegree {
        *count = input.u64()?;
    }
    let actions = input.u32()? as usize;
    let mut per_action = Vec::with_capacity(actions.min(MAX_RESERVE));
    for _ in 0..actions {
        per_action.push(ActionStats {
            generated: input.u64()?,
            distinct: input.u64()?,
        });
    }
    Some(Counters {
        depth,
        frontier_start,
        generated,
        initial: (flag == 1).then_some(initial),
        outdegree,
        per_action,
    })
}
