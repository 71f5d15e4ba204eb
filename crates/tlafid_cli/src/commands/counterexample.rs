//! `--dump-trace`: the counterexample written to a file (an event log for `*.ndjson`, else
//! ITF; `tlafid_pipeline::counterexample` says what each holds).

use std::path::Path;

use tlafid_pipeline::TraceDump;

/// Writes the dump, if there is one, to `path`, if one is asked for.
pub(crate) fn write(path: Option<&Path>, dump: Option<&TraceDump>) {
    let (Some(path), Some(dump)) = (path, dump) else {
        return;
    };
    let (text, cut) = dump.text_for(path);
    if let Some(cut) = cut {
        eprintln!("warning[E009]: {}: {cut}", path.display());
    }
    if let Err(err) = crate::output::write_file(path, &text) {
        eprintln!("error[E001]: cannot write {}: {err}", path.display());
    }
}
