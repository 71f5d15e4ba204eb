//! What a spec may read from outside the model: the environment `IOEnv` shows and the files
//! the deserializers (`ndJsonDeserialize`, `JsonDeserialize`) read. Both are given by the
//! caller: the evaluator never reads the process's environment or the disk itself.

use std::collections::BTreeMap;
use std::sync::Arc;

/// Why a file a spec names could not be given to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileRefusal {
    /// The caller did not allow the spec to read it; with where it leads when that is not
    /// where the path says (a symbolic link).
    NotAllowed(Option<String>),
    /// It is allowed but cannot be read (missing, not a regular file, too large, not UTF-8).
    Unreadable(String),
}

/// Reads a file named by a spec (the path as the spec wrote it): its text, or why not.
pub type FileReader = Arc<dyn Fn(&str) -> Result<Arc<str>, FileRefusal> + Send + Sync>;

/// The outside inputs of a spec.
#[derive(Clone, Default)]
pub struct SpecInputs {
    /// `IOEnv`: the variables the caller gives (never the process's own environment).
    pub env: BTreeMap<String, String>,
    /// Reads the files a spec may read; `None`: none.
    pub read_file: Option<FileReader>,
}

impl std::fmt::Debug for SpecInputs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpecInputs")
            .field("env", &self.env)
            .field("read_file", &self.read_file.is_some())
            .finish()
    }
}
