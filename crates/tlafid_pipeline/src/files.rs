//! What the pipeline asks of the world: the text of the files a user names, of modules found
//! by name in the folders of the search path, and the trace files a trace argument names.
//! The front end answers ([`Files`]); the pipeline itself never touches the disk.
//!
//! A spec names other modules only by identifier (`EXTENDS Foo`), so it can only make the
//! pipeline ask for `Foo.tla` in the folders the user gave; it can never name a path.

use std::path::{Path, PathBuf};

use tlafid_base::Diagnostic;
use tlafid_sema::ModuleLookup;

/// The answer to a request for a file's text.
#[derive(Debug)]
pub enum FileText {
    /// The file's text.
    Text(String),
    /// There is no regular file at the path (the diagnostic says so, for a file that must
    /// exist); a module lookup goes on to the next folder.
    Missing(Diagnostic),
    /// The file exists but cannot be read (too large, not readable); a module lookup stops.
    Unreadable(Diagnostic),
}

/// Where the pipeline's inputs come from. Warnings about a file that was read (invalid
/// UTF-8, say) go to `warnings`.
pub trait Files {
    /// The text of a file the user named: a model, a configuration, a requirements or
    /// observation module, a trace.
    fn read(&mut self, path: &Path, warnings: &mut Vec<Diagnostic>) -> FileText;

    /// The text of `file_name` (`NAME.tla`) in `folder`, a folder of the module search path.
    fn read_module(
        &mut self,
        folder: &Path,
        file_name: &str,
        warnings: &mut Vec<Diagnostic>,
    ) -> FileText {
        self.read(&folder.join(file_name), warnings)
    }

    /// The trace files one trace argument names (a file, a folder, a glob), in order; what
    /// cannot be expanded is reported in `diagnostics`. By default the argument is a file.
    fn trace_files(&mut self, argument: &str, _diagnostics: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
        vec![PathBuf::from(argument)]
    }

    /// The reader through which a spec reads the files under `allowed` (each a file or a
    /// folder the user named with `--allow-read`) and nothing else, or `None` (with the
    /// problem in `diagnostics`) when one cannot be allowed. By default a spec reads no file.
    fn spec_reader(
        &mut self,
        allowed: &[PathBuf],
        diagnostics: &mut Vec<Diagnostic>,
    ) -> Option<tlafid_eval::FileReader> {
        if !allowed.is_empty() {
            diagnostics.push(Diagnostic::error_nowhere(
                crate::codes::BAD_FLAG,
                "this front end lets a spec read no file (--allow-read)",
            ));
        }
        None
    }
}

/// Any closure from a path to its text is a [`Files`] (modules are read from `folder/NAME.tla`,
/// a trace argument is one file).
impl<F> Files for F
where
    F: FnMut(&Path, &mut Vec<Diagnostic>) -> FileText,
{
    fn read(&mut self, path: &Path, warnings: &mut Vec<Diagnostic>) -> FileText {
        self(path, warnings)
    }
}

/// The folders searched for a module named in `EXTENDS` or `INSTANCE`, in order: the root
/// spec's folder; the folder holding a `.toolbox` folder the spec sits in (TLC's Toolbox
/// runs models from `Spec.toolbox/Model_1/` with the spec's folder on its path); then each
/// `--lib` folder. The built-in standard modules come after all of them.
pub fn module_search_path(spec: &Path, libs: &[PathBuf]) -> Vec<PathBuf> {
    let spec_dir = spec.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut dirs = vec![spec_dir.clone()];
    let toolbox_parent = spec_dir
        .ancestors()
        .find(|dir| dir.extension().is_some_and(|ext| ext == "toolbox"))
        .and_then(Path::parent);
    if let Some(parent) = toolbox_parent {
        dirs.push(parent.to_path_buf());
    }
    dirs.extend(libs.iter().cloned());
    dirs
}

/// Finds `NAME.tla` in the search path; returns the name to show for it (its path) and its
/// text. Only plain identifiers are looked up, so a module name can never reach outside the
/// given folders. A file that exists but cannot be read (or is refused) is reported in
/// `diagnostics`, and is [`ModuleLookup::Refused`]: the lookup stops there.
pub fn find_module(
    files: &mut dyn Files,
    dirs: &[PathBuf],
    name: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> ModuleLookup {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return ModuleLookup::Absent;
    }
    let file_name = format!("{name}.tla");
    for dir in dirs {
        match files.read_module(dir, &file_name, diagnostics) {
            FileText::Text(text) => {
                return ModuleLookup::Found(dir.join(&file_name).display().to_string(), text)
            }
            FileText::Missing(_) => continue,
            FileText::Unreadable(unreadable) => {
                diagnostics.push(unreadable);
                return ModuleLookup::Refused;
            }
        }
    }
    ModuleLookup::Absent
}

/// The folder of `model` (the current folder for a bare file name).
pub fn folder_of(model: &Path) -> PathBuf {
    model
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf()
}
