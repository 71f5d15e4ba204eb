//! The parts of a run that spill to a [`Storage`]: older fingerprints as one sorted file
//! (TLC's `DiskFPSet` idea) and the queue of a large level as segment files.
//!
//! The in-memory seen set holds the recent fingerprints. When it passes
//! [`SpillOptions::fingerprints_in_memory`](crate::SpillOptions) after a level is committed,
//! its fingerprints are sorted and merged with the sorted file into a new one, and the table
//! is emptied. Workers test a successor against the table only; after the level, the new
//! candidates (sorted) are merged against the file and those found there are dropped, before
//! anything about the level is decided, so the kept states, their order and every count are
//! those of the in-memory run. A level with more states than
//! [`SpillOptions::queue_in_memory`](crate::SpillOptions) is written as packed states in
//! segments of whole blocks, and expanded one segment at a time.

use std::io::{BufReader, BufWriter, Read, Write};

use tlafid_base::Diagnostic;

use crate::errors::storage_failed;
use crate::level_spill::LevelBytes;
use crate::storage::Storage;
use crate::stored::Stored;

/// Bytes read or written at a time.
const BUFFER: usize = 1 << 16;

/// Fingerprints moved to a sorted file of little-endian `u64` keys.
#[derive(Debug, Default)]
pub(crate) struct DiskSeen {
    /// Keys in the file.
    pub count: u64,
    /// Files written so far (names the next one).
    generation: u32,
}

impl DiskSeen {
    fn name(generation: u32) -> String {
        format!("seen-{generation}.fp")
    }

    /// Merges `keys` (sorted, none in the file) into the file.
    pub fn absorb(&mut self, storage: &dyn Storage, keys: &[u64]) -> Result<(), Diagnostic> {
        let old = (self.count > 0).then(|| Self::name(self.generation));
        let new = Self::name(self.generation + 1);
        let writer = storage
            .create(&new)
            .map_err(|e| storage_failed(storage, &e))?;
        let mut out = BufWriter::with_capacity(BUFFER, writer);
        let mut pending = keys.iter().copied().peekable();
        let mut written = 0u64;
        let mut write = |out: &mut BufWriter<_>, key: u64| {
            written += 1;
            out.write_all(&key.to_le_bytes())
        };
        let result = (|| -> std::io::Result<()> {
            if let Some(old) = &old {
                let mut keys_on_disk = KeyReader::open(storage, old)?;
                while let Some(key) = keys_on_disk.next_key()? {
                    while let Some(&next) = pending.peek().filter(|&&next| next < key) {
                        write(&mut out, next)?;
                        pending.next();
                    }
                    write(&mut out, key)?;
                }
            }
            for key in pending {
                write(&mut out, key)?;
            }
            out.flush()
        })();
        drop(out);
        result.map_err(|e| storage_failed(storage, &e))?;
        if let Some(old) = old {
            storage.remove(&old);
        }
        self.generation += 1;
        self.count = written;
        Ok(())
    }

    /// Which of `keys` (sorted ascending) are in the file.
    pub fn present(&self, storage: &dyn Storage, keys: &[u64]) -> Result<Vec<bool>, Diagnostic> {
        let mut present = vec![false; keys.len()];
        if self.count == 0 || keys.is_empty() {
            return Ok(present);
        }
        let mut at = 0;
        let result = (|| -> std::io::Result<()> {
            let mut keys_on_disk = KeyReader::open(storage, &Self::name(self.generation))?;
            while let Some(key) = keys_on_disk.next_key()? {
                while at < keys.len() && keys[at] < key {
                    at += 1;
                }
                if at == keys.len() {
                    break;
                }
                if keys[at] == key {
                    present[at] = true;
                }
            }
            Ok(())
        })();
        result.map_err(|e| storage_failed(storage, &e))?;
        Ok(present)
    }

    /// Calls `each` with the file's keys, in order.
    pub fn for_each(
        &self,
        storage: &dyn Storage,
        mut each: impl FnMut(u64) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        if self.count == 0 {
            return Ok(());
        }
        let mut keys_on_disk = KeyReader::open(storage, &Self::name(self.generation))?;
        while let Some(key) = keys_on_disk.next_key()? {
            each(key)?;
        }
        Ok(())
    }

    /// Removes the file.
    pub fn remove(&self, storage: &dyn Storage) {
        if self.count > 0 {
            storage.remove(&Self::name(self.generation));
        }
    }
}

/// Reads little-endian `u64` keys.
struct KeyReader {
    input: BufReader<Box<dyn Read + Send>>,
}

impl KeyReader {
    fn open(storage: &dyn Storage, name: &str) -> std::io::Result<KeyReader> {
        Ok(KeyReader {
            input: BufReader::with_capacity(BUFFER, storage.open(name)?),
        })
    }

    fn next_key(&mut self) -> std::io::Result<Option<u64>> {
        let mut bytes = [0u8; 8];
        match self.input.read_exact(&mut bytes) {
            Ok(()) => Ok(Some(u64::from_le_bytes(bytes))),
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// A segment's states and their arenas (one, number 0).
pub(crate) type Segment<S> = (Vec<Stored<S>>, Vec<Vec<u8>>);

/// A level's packed states, in segment files of whole blocks.
#[derive(Debug, Default)]
pub(crate) struct DiskQueue {
    /// States per segment (the last may have fewer).
    pub segment_states: usize,
    /// States in the level.
    pub len: usize,
    /// Names the files.
    tag: u32,
    segments: usize,
}

impl DiskQueue {
    fn name(tag: u32, segment: usize) -> String {
        format!("queue-{tag}-{segment}.q")
    }

    /// Writes `states` (all packed, their bytes in `arenas`), numbered `tag`, in segments.
    pub fn write<S: Clone>(
        storage: &dyn Storage,
        tag: u32,
        states: &[Stored<S>],
        arenas: &LevelBytes,
        segment_states: usize,
    ) -> Result<DiskQueue, Diagnostic> {
        let mut queue = DiskQueue {
            segment_states,
            len: states.len(),
            tag,
            segments: 0,
        };
        for (segment, chunk) in states.chunks(segment_states).enumerate() {
            let result = (|| -> Result<(), Diagnostic> {
                let failed = |e: std::io::Error| storage_failed(storage, &e);
                let writer = storage.create(&Self::name(tag, segment)).map_err(failed)?;
                let mut out = BufWriter::with_capacity(BUFFER, writer);
                out.write_all(&(chunk.len() as u32).to_le_bytes())
                    .map_err(failed)?;
                for state in chunk {
                    let bytes = arenas.packed_bytes(state)?.unwrap_or_default();
                    out.write_all(&(bytes.len() as u32).to_le_bytes())
                        .map_err(failed)?;
                    out.write_all(&bytes).map_err(failed)?;
                }
                out.flush().map_err(failed)
            })();
            queue.segments = segment + 1;
            if let Err(problem) = result {
                queue.remove(storage);
                return Err(problem);
            }
        }
        Ok(queue)
    }

    /// Number of segments.
    pub fn segments(&self) -> usize {
        self.segments
    }

    /// The states of segment `segment` and their arena (number 0).
    pub fn load<S>(&self, storage: &dyn Storage, segment: usize) -> Result<Segment<S>, Diagnostic> {
        let mut bytes = Vec::new();
        storage
            .open(&Self::name(self.tag, segment))
            .and_then(|mut input| input.read_to_end(&mut bytes))
            .map_err(|e| storage_failed(storage, &e))?;
        if bytes.capacity() - bytes.len() > bytes.len() / 8 {
            // Read by doubling: an exact copy gives the slack back while the segment waits.
            bytes = bytes.as_slice().to_vec();
        }
        let states = parse_segment(&bytes).ok_or_else(|| {
            let e = std::io::Error::new(std::io::ErrorKind::InvalidData, "a truncated segment");
            storage_failed(storage, &e)
        })?;
        Ok((states, vec![bytes]))
    }

    /// Removes the files.
    pub fn remove(&self, storage: &dyn Storage) {
        for segment in 0..self.segments {
            storage.remove(&Self::name(self.tag, segment));
        }
    }
}

/// The packed states of a segment's bytes: a `u32` count, then per state a `u32` length and
/// the bytes (little-endian).
pub(crate) fn parse_segment<S>(bytes: &[u8]) -> Option<Vec<Stored<S>>> {
    let count = u32::from_le_bytes(*bytes.first_chunk::<4>()?) as usize;
    let mut states = Vec::with_capacity(count.min(bytes.len() / 4));
    let mut at = 4;
    for _ in 0..count {
        let len = u32::from_le_bytes(*bytes.get(at..)?.first_chunk::<4>()?) as usize;
        let start = at + 4;
        let end = start.checked_add(len).filter(|&end| end <= bytes.len())?;
        states.push(Stored::packed(0, start, end));
        at = end;
    }
    (at == bytes.len()).then_some(states)
}
