//! Progress of a long `check` run: a live bar on a terminal, TLC-style `Progress(...)` lines
//! when standard error is a file or a pipe (tests and scripts see only those).

use std::io::IsTerminal;
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tlafid_check::{Progress, ProgressCallback};

use crate::commands::check_report;
use crate::render::Format;

/// How progress is shown during one run.
pub struct Display {
    bar: Option<ProgressBar>,
    format: Format,
    /// For the MCP server's children: the interval it asks for.
    lines_every: Option<Duration>,
}

impl Display {
    /// A bar when the output is for people and standard error is a terminal; progress lines
    /// whatever the format for the MCP server's children (which pass them on).
    pub fn new(format: Format) -> Display {
        let asked = std::env::var(crate::commands::mcp::PROGRESS_ENV).ok();
        if let Some(ms) = asked.and_then(|ms| ms.parse::<u64>().ok()) {
            return Display {
                bar: None,
                format: Format::Human,
                lines_every: Some(Duration::from_millis(ms)),
            };
        }
        let on_terminal = format == Format::Human && std::io::stderr().is_terminal();
        let bar = on_terminal.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar.set_message("computing initial states");
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Display {
            bar,
            format,
            lines_every: None,
        }
    }

    /// The callback the explorer calls with each snapshot.
    pub fn callback(&self) -> Option<ProgressCallback> {
        match &self.bar {
            Some(bar) => {
                let bar = bar.clone();
                Some(Arc::new(move |p: &Progress| bar.set_message(describe(p))))
            }
            None => check_report::progress_printer(self.format),
        }
    }

    /// How often snapshots come: often for a bar, TLC's pace for printed lines.
    pub fn interval(&self) -> Option<Duration> {
        self.lines_every
            .or_else(|| self.bar.as_ref().map(|_| Duration::from_millis(500)))
    }

    /// Removes the bar before the report is printed.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

fn describe(p: &Progress) -> String {
    format!(
        "level {}: {} states generated, {} distinct, {} left on queue",
        p.depth, p.states_generated, p.distinct_states, p.states_on_queue
    )
}
