//! The folders a run spills to and checkpoints into (`--spill-dir`, `--spill`, `--checkpoint`,
//! `--recover`): `tlafid_check::Storage` over plain files in one folder, which only the user
//! names (or a private temporary folder, removed afterwards); a spec cannot choose it.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tlafid_check::Storage;

/// Files in one folder.
pub struct FolderStorage {
    dir: PathBuf,
    /// The private temporary folder, removed when this is dropped.
    _temporary: Option<tempfile::TempDir>,
    /// Why the folder cannot be used (every operation fails with it).
    unusable: Option<String>,
}

impl FolderStorage {
    /// The folder `dir`, created if `create` and missing.
    pub fn at(dir: &Path, create: bool) -> Arc<FolderStorage> {
        let unusable = if create {
            std::fs::create_dir_all(dir).err().map(|e| e.to_string())
        } else {
            None
        };
        Arc::new(FolderStorage {
            dir: dir.to_path_buf(),
            _temporary: None,
            unusable,
        })
    }

    /// A new private folder in the system's temporary folder (mode 0700), removed after the run.
    pub fn temporary() -> Arc<FolderStorage> {
        match tempfile::Builder::new().prefix("tlafid-spill-").tempdir() {
            Ok(temporary) => Arc::new(FolderStorage {
                dir: temporary.path().to_path_buf(),
                _temporary: Some(temporary),
                unusable: None,
            }),
            Err(e) => Arc::new(FolderStorage {
                dir: std::env::temp_dir(),
                _temporary: None,
                unusable: Some(format!("cannot make a private folder: {e}")),
            }),
        }
    }

    fn path(&self, name: &str) -> std::io::Result<PathBuf> {
        match &self.unusable {
            Some(why) => Err(std::io::Error::other(why.clone())),
            None => Ok(self.dir.join(name)),
        }
    }
}

impl Storage for FolderStorage {
    fn create(&self, name: &str) -> std::io::Result<Box<dyn Write + Send>> {
        Ok(Box::new(File::create(self.path(name)?)?))
    }

    fn open(&self, name: &str) -> std::io::Result<Box<dyn Read + Send>> {
        Ok(Box::new(File::open(self.path(name)?)?))
    }

    fn remove(&self, name: &str) {
        if let Ok(path) = self.path(name) {
            let _ = std::fs::remove_file(path);
        }
    }

    fn publish(&self, temporary: &str, name: &str) -> std::io::Result<()> {
        let from = self.path(temporary)?;
        OpenOptions::new().write(true).open(&from)?.sync_all()?;
        std::fs::rename(&from, self.path(name)?)?;
        // The rename is durable once the folder is.
        File::open(&self.dir)?.sync_all()
    }

    fn describe(&self) -> String {
        self.dir.display().to_string()
    }
}
