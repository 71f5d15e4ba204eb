//! The one way tlafid writes what its user reads: standard output ([`stdout`], and the
//! [`outln!`](crate::outln) and [`out!`](crate::out) macros every command prints with), the
//! lines a spec prints ([`print_sink`]) and
//! the files it is asked to write ([`write_file`]: `--dump-trace`, `tlc -dumpTrace`,
//! `grade --merge -o`, `--leaderboard -o`). Each destination takes at most
//! [`MAX_OUTPUT_BYTES`]; past that the text ends at the last whole line that fits, one more
//! line says that the rest was cut, and `warning[E009]` on standard error says where.
//!
//! Formats that can be shortened in their own terms (a JSON report's trace, an ITF trace,
//! an event log, a DOT graph) are fitted under the cap before they get here
//! (`tlafid_pipeline::output`), so what they write stays well formed; this cut is the
//! backstop for everything else (transcripts, tables, merged results).

use std::io::{self, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

pub use tlafid_pipeline::output::MAX_OUTPUT_BYTES;

use crate::exit::ExitStatus;

/// A destination that takes at most `room` more bytes; past that, it takes nothing more.
pub struct Capped<W: Write> {
    inner: W,
    /// What the destination is called in the warning (`standard output`, a path).
    name: String,
    room: usize,
    cut: bool,
    /// Whether what was written so far ends a line (the note of a cut starts its own).
    at_line_start: bool,
}

impl<W: Write> Capped<W> {
    /// `inner`, called `name`, taking at most `cap` bytes.
    pub fn new(inner: W, name: impl Into<String>, cap: usize) -> Capped<W> {
        Capped {
            inner,
            name: name.into(),
            room: cap,
            cut: false,
            at_line_start: true,
        }
    }

    fn cut_here(&mut self, buf: &[u8]) -> io::Result<()> {
        let fits = &buf[..self.room.min(buf.len())];
        let keep = fits.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1);
        self.inner.write_all(&buf[..keep])?;
        self.cut = true;
        if keep == 0 && !self.at_line_start {
            self.inner.write_all(b"\n")?;
        }
        let cap_mib = MAX_OUTPUT_BYTES >> 20;
        writeln!(
            self.inner,
            "... output cut: over {cap_mib} MiB; the rest is not written ({})",
            tlafid_pipeline::codes::OUTPUT_CUT
        )?;
        eprintln!(
            "warning[{}]: {}: output cut: over {cap_mib} MiB; the rest is not written",
            tlafid_pipeline::codes::OUTPUT_CUT,
            self.name
        );
        Ok(())
    }
}

/// The error every write returns once the output was cut, so that a writer stops (a value
/// being formatted, a transcript) instead of formatting what nobody will read.
fn cut_error() -> io::Error {
    io::Error::other("the output was cut at its cap")
}

impl<W: Write> Write for Capped<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.cut {
            return Err(cut_error());
        }
        if buf.len() > self.room {
            self.cut_here(buf)?;
            return Err(cut_error());
        }
        self.inner.write_all(buf)?;
        self.room -= buf.len();
        if let Some(&last) = buf.last() {
            self.at_line_start = last == b'\n';
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Standard output, for the whole process: one cap for everything printed.
static STDOUT: Mutex<Option<Capped<io::Stdout>>> = Mutex::new(None);

/// Standard output through the process's one capped writer. A closed pipe ends the process
/// with [`ExitStatus::BrokenPipe`], as a shell expects of a filter.
pub fn stdout() -> Stdout {
    Stdout
}

/// A handle on the process's capped standard output (see [`stdout`]).
pub struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut guard = STDOUT
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let out = guard
            .get_or_insert_with(|| Capped::new(io::stdout(), "standard output", MAX_OUTPUT_BYTES));
        out.write(buf).inspect_err(quit_on_broken_pipe)
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut guard = STDOUT
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match guard.as_mut() {
            Some(out) => out.flush().inspect_err(quit_on_broken_pipe),
            None => Ok(()),
        }
    }
}

fn quit_on_broken_pipe(error: &io::Error) {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(ExitStatus::BrokenPipe.code());
    }
}

/// Where the text a spec prints (`Print`, `PrintT`) goes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintTo {
    /// Standard output, among the report's lines (through the capped [`stdout`]).
    Stdout,
    /// Standard error.
    Stderr,
    /// Nowhere.
    None,
}

/// The sink that writes what a spec prints to `to`, each evaluation's text whole (with its
/// newline, in one write under the destination's lock, so workers' lines never mix), flushed
/// at once as TLC's are. `None` for [`PrintTo::None`]: the evaluator then prints nothing.
pub fn print_sink(to: PrintTo) -> Option<tlafid_eval::PrintSink> {
    match to {
        PrintTo::Stdout => Some(Arc::new(|text: &str| {
            let mut out = stdout();
            let _ = out
                .write_all(format!("{text}\n").as_bytes())
                .and_then(|()| out.flush());
        })),
        PrintTo::Stderr => Some(Arc::new(|text: &str| {
            let mut err = io::stderr().lock();
            let _ = err.write_all(format!("{text}\n").as_bytes());
        })),
        PrintTo::None => None,
    }
}

/// Writes `text` to the file `path` (created or replaced) through a [`Capped`] writer.
pub fn write_file(path: &Path, text: &str) -> io::Result<()> {
    let file = std::fs::File::create(path)?;
    let mut out = Capped::new(
        io::BufWriter::new(file),
        path.display().to_string(),
        MAX_OUTPUT_BYTES,
    );
    match out.write_all(text.as_bytes()) {
        Err(_) if out.cut => {}
        written => written?,
    }
    out.flush()
}

/// `println!` through the capped standard output ([`stdout`]).
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!($crate::output::stdout(), $($arg)*);
    }};
}

/// `print!` through the capped standard output ([`stdout`]).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!($crate::output::stdout(), $($arg)*);
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_at_the_last_whole_line_and_says_so() {
        let mut out = Capped::new(Vec::new(), "test", 12);
        out.write_all(b"one\ntwo\n").unwrap();
        assert!(!out.cut);
        assert!(out.write_all(b"three\nfour\n").is_err());
        assert!(out.write_all(b"five\n").is_err());
        assert!(out.cut);
        let text = String::from_utf8(out.inner).unwrap();
        assert_eq!(
            text,
            "one\ntwo\n... output cut: over 64 MiB; the rest is not written (E009)\n"
        );
    }

    #[test]
    fn the_note_of_a_cut_inside_a_line_starts_its_own_line() {
        let mut out = Capped::new(Vec::new(), "test", 10);
        out.write_all(b"one\ntw").unwrap();
        assert!(out.write_all(b"o and more").is_err());
        let text = String::from_utf8(out.inner).unwrap();
        assert_eq!(
            text,
            "one\ntw\n... output cut: over 64 MiB; the rest is not written (E009)\n"
        );
    }

    #[test]
    fn a_write_that_fits_exactly_is_whole() {
        let mut out = Capped::new(Vec::new(), "test", 8);
        out.write_all(b"one\ntwo\n").unwrap();
        assert!(!out.cut);
        assert_eq!(out.inner, b"one\ntwo\n");
    }
}
