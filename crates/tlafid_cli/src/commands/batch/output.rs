//! The batch commands' files: read whole, written whole through a temporary file renamed
//! into place (so a killed run never leaves a half-written result file behind), appended
//! line by line while jobs finish.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

use tlafid_pipeline::batch::results::BadLine;

use crate::exit::ExitStatus;

/// Prints a usage error; its status.
pub fn usage(message: &str) -> ExitStatus {
    eprintln!("error: {message}");
    ExitStatus::Usage
}

/// The file's text, or `None` after saying why not.
pub fn read(path: &Path) -> Option<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            None
        }
    }
}

/// Says which lines of a result file are not results; whether there were any.
pub fn report_bad_lines(path: &Path, bad: &[BadLine]) -> bool {
    for line in bad {
        eprintln!(
            "warning: {}:{}: not a result, left out: {}",
            path.display(),
            line.line,
            line.message
        );
    }
    !bad.is_empty()
}

/// Writes `text` to `path` through `path.partial`; whether it worked (else says why).
pub fn write_atomically(path: &Path, text: &str) -> bool {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let written = crate::output::write_file(Path::new(&partial), text)
        .and_then(|()| std::fs::rename(&partial, path));
    if let Err(e) = written {
        eprintln!("error: cannot write {}: {e}", path.display());
        return false;
    }
    true
}

/// The file opened to append to, or `None` after saying why not.
pub fn append(path: &Path) -> Option<File> {
    match OpenOptions::new().append(true).create(true).open(path) {
        Ok(file) => Some(file),
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            None
        }
    }
}

/// Appends one line and flushes it to the file.
pub fn append_line(file: &mut File, line: &str) {
    if let Err(e) = file.write_all(line.as_bytes()).and_then(|()| file.flush()) {
        eprintln!("warning: cannot append a result: {e}");
    }
}
