//! Writes every recorded trace of the catalog under `traces/` (or the folder given as the
//! first argument): `cargo run -p tlafid_systems --bin record-traces`.

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let root = match std::env::args().nth(1) {
        Some(folder) => PathBuf::from(folder),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../traces"),
    };
    for trace in tlafid_systems::recorded_traces() {
        for (relative, contents) in tlafid_systems::trace_files(&trace) {
            let path = root.join(relative);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&path, contents)?;
            println!("{} ({} steps)", path.display(), trace.steps.len());
        }
    }
    Ok(())
}
