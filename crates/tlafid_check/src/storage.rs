//! Where a run keeps what does not fit in memory, and its checkpoints: named byte files that
//! the caller provides (the CLI: a directory the user named, or a private temporary one), so
//! that this crate does no I/O of its own.
//!
//! [`SpillOptions`] bound the fingerprints and queued states a run keeps in memory; past them
//! the seen set and the queue spill to files of the [`Storage`] ([`crate::disk`]).
//! [`CheckpointOptions`] make the explorer save its whole state between two levels, and
//! resume from it ([`crate::checkpoint`]).

use std::io::{Read, Write};
use std::sync::Arc;
use std::time::Duration;

/// Named files: created, read back, removed, and one replaced atomically.
pub trait Storage: Send + Sync {
    /// A new (or emptied) file `name` to write.
    fn create(&self, name: &str) -> std::io::Result<Box<dyn Write + Send>>;
    /// The file `name` to read (an error if there is none).
    fn open(&self, name: &str) -> std::io::Result<Box<dyn Read + Send>>;
    /// Removes the file `name` if it exists.
    fn remove(&self, name: &str);
    /// Makes `temporary` durable and renames it to `name`, atomically: a reader finds the old
    /// `name` or the new one, never a mix (write, fsync, rename, fsync the folder).
    fn publish(&self, temporary: &str, name: &str) -> std::io::Result<()>;
    /// Where the files are, for messages.
    fn describe(&self) -> String;
}

/// How much a run keeps in memory before it spills to a [`Storage`].
#[derive(Clone)]
pub struct SpillOptions {
    /// Where the spilled fingerprints and queue segments go.
    pub storage: Arc<dyn Storage>,
    /// Fingerprints held in the in-memory seen set before they move to the sorted file.
    pub fingerprints_in_memory: u64,
    /// Queued states held in memory: a level with more waits on disk, in segments of at most
    /// this many states (rounded to whole blocks).
    pub queue_in_memory: u64,
    /// Bytes of queued states held in memory (each state's packed bytes and its queue entry):
    /// a level with more also waits on disk, in segments of about this many bytes. A state's
    /// packed size varies by model from a few bytes to a kilobyte and more (MCNano's are 400),
    /// so a budget in states alone cannot say what the queue takes.
    pub queue_bytes_in_memory: u64,
}

impl std::fmt::Debug for SpillOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpillOptions")
            .field("storage", &self.storage.describe())
            .field("fingerprints_in_memory", &self.fingerprints_in_memory)
            .field("queue_in_memory", &self.queue_in_memory)
            .field("queue_bytes_in_memory", &self.queue_bytes_in_memory)
            .finish()
    }
}

/// When a run saves checkpoints, and whether it starts from one.
#[derive(Clone)]
pub struct CheckpointOptions {
    /// Where the checkpoint file goes (and is read from when resuming).
    pub storage: Arc<dyn Storage>,
    /// Save after the first level that ends this long after the last save (or the start).
    pub every: Duration,
    /// Also save after the first level that ends with this many more distinct states than the
    /// last save (deterministic, for tests).
    pub every_states: Option<u64>,
    /// Start from the checkpoint in `storage` instead of from the initial states.
    pub resume: bool,
    /// Identifies the model and the options that shape its state space; a checkpoint of
    /// another identity is refused.
    pub model: u64,
}

impl std::fmt::Debug for CheckpointOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CheckpointOptions")
            .field("storage", &self.storage.describe())
            .field("every", &self.every)
            .field("every_states", &self.every_states)
            .field("resume", &self.resume)
            .field("model", &self.model)
            .finish()
    }
}

/// A storage in memory (for tests): file names to bytes.
#[derive(Default)]
pub struct MemoryStorage {
    files: std::sync::Mutex<std::collections::HashMap<String, Vec<u8>>>,
    created: std::sync::atomic::AtomicUsize,
}

impl MemoryStorage {
    /// The bytes of file `name`, if any.
    pub fn file(&self, name: &str) -> Option<Vec<u8>> {
        self.lock().get(name).cloned()
    }

    /// Replaces the bytes of file `name`.
    pub fn put(&self, name: &str, bytes: Vec<u8>) {
        self.lock().insert(name.to_string(), bytes);
    }

    /// Files created so far (removed ones too).
    pub fn created(&self) -> usize {
        self.created.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The total size of the files held.
    pub fn bytes(&self) -> usize {
        self.lock().values().map(Vec::len).sum()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<String, Vec<u8>>> {
        self.files
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A file of a [`MemoryStorage`] being written: stored when dropped.
struct MemoryFile {
    storage: Arc<MemoryStorage>,
    name: String,
    bytes: Vec<u8>,
}

impl Write for MemoryFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.storage.put(&self.name, self.bytes.clone());
        Ok(())
    }
}

impl Drop for MemoryFile {
    fn drop(&mut self) {
        self.storage
            .put(&self.name, std::mem::take(&mut self.bytes));
    }
}

/// A [`MemoryStorage`] shared with the run.
#[derive(Clone, Default)]
pub struct SharedMemoryStorage(pub Arc<MemoryStorage>);

impl Storage for SharedMemoryStorage {
    fn create(&self, name: &str) -> std::io::Result<Box<dyn Write + Send>> {
        self.0.put(name, Vec::new());
        self.0
            .created
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(Box::new(MemoryFile {
            storage: self.0.clone(),
            name: name.to_string(),
            bytes: Vec::new(),
        }))
    }

    fn open(&self, name: &str) -> std::io::Result<Box<dyn Read + Send>> {
        match self.0.file(name) {
            Some(bytes) => Ok(Box::new(std::io::Cursor::new(bytes))),
            None => Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("no file {name}"),
            )),
        }
    }

    fn remove(&self, name: &str) {
        self.0.lock().remove(name);
    }

    fn publish(&self, temporary: &str, name: &str) -> std::io::Result<()> {
        let mut files = self.0.lock();
        let bytes = files.remove(temporary).ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::NotFound, "nothing to publish")
        })?;
        files.insert(name.to_string(), bytes);
        Ok(())
    }

    fn describe(&self) -> String {
        "memory".to_string()
    }
}
