//! A level's packed states that go to disk while the level is still being found.
//!
//! The queue spills a level once it is committed ([`crate::disk::DiskQueue`]), but the next
//! level is built in memory first: every new state claimed while a level is expanded is
//! packed into its block's arenas, and all of them are held until the level is committed.
//! With large packed states (MCNano's are about 400 bytes) the level under construction is
//! most of the process's memory, so spilling the frontier alone did not lower the peak.
//!
//! With [`ArenaSpill`], a block's arena that is full goes to a chunk file of the
//! [`Storage`](crate::Storage) once the level's full arenas in memory pass the queue's share
//! of the budget ([`SpillOptions::queue_bytes_in_memory`](crate::SpillOptions)); the
//! finishing phase reads states back through [`LevelBytes`], one chunk at a time, and a level
//! with arenas on disk is always queued on disk (segments written in the frontier's order,
//! which is the order its arenas were filled in). What is kept, its order and every count
//! are those of the in-memory run: only where the bytes wait changes.

use std::borrow::Cow;
use std::io::{BufWriter, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tlafid_base::Diagnostic;

use crate::errors::{storage_failed, unpack_failed};
use crate::storage::Storage;
use crate::stored::Stored;
use crate::TransitionSystem;

/// Bytes of arenas a chunk file gathers before the next is started: a chunk is read whole
/// when one of its states is needed, and files stay few (a level of 10 GB in about 1,300).
const CHUNK_BYTES: usize = 8 << 20;

/// Where a spilled arena's bytes are: `len` bytes at `offset` of chunk `chunk`.
#[derive(Clone, Copy, Debug)]
struct Place {
    chunk: u32,
    offset: usize,
    len: usize,
}

/// The chunk being written and where each arena written so far went.
struct ChunkWriter {
    /// The open chunk and its bytes so far.
    out: Option<(BufWriter<Box<dyn Write + Send>>, usize)>,
    /// Chunks started.
    chunks: u32,
    /// Spilled arenas by number.
    places: Vec<Option<Place>>,
    /// The first failure to write: the arenas after it stay in memory.
    failed: Option<std::io::Error>,
}

/// Spills the full arenas of one level while it is expanded (shared by the workers).
pub(crate) struct ArenaSpill {
    storage: Arc<dyn Storage>,
    /// Names the level's chunk files.
    tag: u32,
    /// Bytes of full arenas the level may hold in memory.
    limit: u64,
    /// Bytes of full arenas held in memory.
    held: AtomicU64,
    writer: Mutex<ChunkWriter>,
}

fn chunk_name(tag: u32, chunk: u32) -> String {
    format!("level-{tag}-{chunk}.a")
}

impl ArenaSpill {
    /// Spills the level numbered `tag` past `limit` bytes of full arenas in memory.
    pub fn new(storage: Arc<dyn Storage>, tag: u32, limit: u64) -> ArenaSpill {
        ArenaSpill {
            storage,
            tag,
            limit,
            held: AtomicU64::new(0),
            writer: Mutex::new(ChunkWriter {
                out: None,
                chunks: 0,
                places: Vec::new(),
                failed: None,
            }),
        }
    }

    /// A block's arena `number` is full: it goes to disk (and `bytes` is emptied) if the
    /// level's full arenas in memory are past the limit.
    #[cold]
    pub fn filled(&self, number: u32, bytes: &mut Vec<u8>) {
        let len = bytes.len() as u64;
        let held = self.held.fetch_add(len, Ordering::Relaxed) + len;
        if held <= self.limit {
            return;
        }
        let mut writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        if writer.failed.is_some() {
            return;
        }
        match self.write(&mut writer, number, bytes) {
            Ok(()) => {
                self.held.fetch_sub(len, Ordering::Relaxed);
                *bytes = Vec::new();
            }
            Err(e) => writer.failed = Some(e),
        }
    }

    fn write(&self, writer: &mut ChunkWriter, number: u32, bytes: &[u8]) -> std::io::Result<()> {
        if writer
            .out
            .as_ref()
            .is_some_and(|(_, at)| *at >= CHUNK_BYTES)
        {
            if let Some((mut out, _)) = writer.out.take() {
                out.flush()?;
            }
        }
        if writer.out.is_none() {
            let file = self.storage.create(&chunk_name(self.tag, writer.chunks))?;
            writer.chunks += 1;
            writer.out = Some((BufWriter::with_capacity(1 << 16, file), 0));
        }
        let chunk = writer.chunks - 1;
        let Some((out, at)) = writer.out.as_mut() else {
            unreachable!("a chunk was just opened");
        };
        out.write_all(bytes)?;
        let place = Place {
            chunk,
            offset: *at,
            len: bytes.len(),
        };
        *at += bytes.len();
        let number = number as usize;
        if writer.places.len() <= number {
            writer.places.resize(number + 1, None);
        }
        writer.places[number] = Some(place);
        Ok(())
    }

    /// The arenas spilled, once the level is expanded (`None` if none was); a failure to
    /// write is a diagnostic.
    pub fn finish(self) -> Result<Option<SpilledArenas>, Diagnostic> {
        let writer = self
            .writer
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        let spilled = SpilledArenas {
            storage: self.storage,
            tag: self.tag,
            chunks: writer.chunks,
            places: writer.places,
            loaded: Mutex::new(None),
        };
        let flushed = match writer.out {
            Some((mut out, _)) => out.flush(),
            None => Ok(()),
        };
        if let Some(e) = writer.failed.or(flushed.err()) {
            return Err(storage_failed(&*spilled.storage, &e));
        }
        Ok((spilled.chunks > 0).then_some(spilled))
    }
}

/// A level's arenas that wait on disk, by number; their files are removed when this is dropped.
pub(crate) struct SpilledArenas {
    storage: Arc<dyn Storage>,
    tag: u32,
    chunks: u32,
    places: Vec<Option<Place>>,
    /// The chunk read last.
    loaded: Mutex<Option<(u32, Arc<Vec<u8>>)>>,
}

impl SpilledArenas {
    /// Where arena `number` is, if it was spilled.
    fn place(&self, number: u32) -> Option<Place> {
        self.places.get(number as usize).copied().flatten()
    }

    /// The chunk `chunk`, read from disk unless it was the last one read.
    fn chunk(&self, chunk: u32) -> Result<Arc<Vec<u8>>, Diagnostic> {
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((number, bytes)) = &*loaded {
            if *number == chunk {
                return Ok(bytes.clone());
            }
        }
        *loaded = None;
        let mut bytes = Vec::new();
        self.storage
            .open(&chunk_name(self.tag, chunk))
            .and_then(|mut input| input.read_to_end(&mut bytes))
            .map_err(|e| storage_failed(&*self.storage, &e))?;
        let bytes = Arc::new(bytes);
        *loaded = Some((chunk, bytes.clone()));
        Ok(bytes)
    }

    /// The bytes of arena `number` (which was spilled) as a chunk and a range of it.
    fn arena(&self, place: Place) -> Result<(Arc<Vec<u8>>, std::ops::Range<usize>), Diagnostic> {
        let chunk = self.chunk(place.chunk)?;
        let range = place.offset..place.offset + place.len;
        if chunk.get(range.clone()).is_none() {
            return Err(unpack_failed());
        }
        Ok((chunk, range))
    }
}

impl Drop for SpilledArenas {
    fn drop(&mut self) {
        for chunk in 0..self.chunks {
            self.storage.remove(&chunk_name(self.tag, chunk));
        }
    }
}

/// The packed bytes of a level's new states: its arenas by number (a spilled one is empty
/// here) and those on disk.
pub(crate) struct LevelBytes {
    pub arenas: Vec<Vec<u8>>,
    pub spilled: Option<SpilledArenas>,
}

impl LevelBytes {
    /// Arenas all in memory.
    pub fn in_memory(arenas: Vec<Vec<u8>>) -> LevelBytes {
        LevelBytes {
            arenas,
            spilled: None,
        }
    }

    /// The spilled place of a packed state's arena, if it is on disk.
    fn spilled_place<S>(&self, stored: &Stored<S>) -> Option<(&SpilledArenas, Place)> {
        let Stored::Packed { arena, .. } = stored else {
            return None;
        };
        let spilled = self.spilled.as_ref()?;
        Some((spilled, spilled.place(*arena)?))
    }

    /// The state (rebuilt if packed); `E096` if the system cannot rebuild it.
    pub fn state<'s, S: Clone, T: TransitionSystem<State = S>>(
        &self,
        stored: &'s Stored<S>,
        system: &T,
    ) -> Result<Cow<'s, S>, Diagnostic> {
        match self.spilled_place(stored) {
            Some((spilled, place)) => {
                let (chunk, range) = spilled.arena(place)?;
                stored.state_in(system, |_| chunk.get(range))
            }
            None => stored.state(system, &self.arenas),
        }
    }

    /// The packed bytes of `stored` (`None` for a whole state).
    pub fn packed_bytes<S: Clone>(
        &self,
        stored: &Stored<S>,
    ) -> Result<Option<Cow<'_, [u8]>>, Diagnostic> {
        match self.spilled_place(stored) {
            Some((spilled, place)) => {
                let (chunk, range) = spilled.arena(place)?;
                let bytes = chunk[range]
                    .get(stored.packed_range())
                    .ok_or_else(unpack_failed)?;
                Ok(Some(Cow::Owned(bytes.to_vec())))
            }
            None => Ok(stored.packed_bytes(&self.arenas).map(Cow::Borrowed)),
        }
    }

    /// The arenas, every spilled one read back into memory (a frontier that cannot be
    /// queued on disk: a state the system could not pack).
    pub fn into_memory(mut self) -> Result<Vec<Vec<u8>>, Diagnostic> {
        if let Some(spilled) = self.spilled.take() {
            for (number, place) in spilled.places.iter().enumerate() {
                if let (Some(place), Some(arena)) = (place, self.arenas.get_mut(number)) {
                    let (chunk, range) = spilled.arena(*place)?;
                    *arena = chunk[range].to_vec();
                }
            }
        }
        Ok(self.arenas)
    }
}
