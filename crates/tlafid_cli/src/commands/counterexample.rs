//! `--dump-trace`: the counterexample written to a file (an event log for `*.ndjson`, else
//! ITF; `tlafid_pipeline::counterexample` says what each holds).

use std::path::Path;

use tlafid_pipeline::TraceDump;

/// Writes the dump, if there is one, to `path`, if one is asked for.
pub(crate) fn write(path: Option<&Path>, dump: Option<&TraceDump>) {
    let (Some(path), Some(dump)) = (path, dump) else {
        return;
    };
    if let Err(err) = std::fs::write(path, dump.text_for(path)) {
        eprintln!("error[E001]: cannot write {}: {err}", path.display());
    }
}
