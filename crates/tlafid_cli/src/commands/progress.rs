//! Progress of a long `check` run: a live bar on a terminal, TLC-style `Progress(...)` lines
//! when standard error is a file or a pipe (tests and scripts see only those).

use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tlafid_check::{Progress, ProgressCallback};
use tlafid_eval::PrintSink;

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

    /// `sink`, hiding the bar while it prints (a line the spec prints is not drawn over).
    pub fn around_print(&self, sink: PrintSink) -> PrintSink {
        match &self.bar {
            Some(bar) => {
                let bar = bar.clone();
                Arc::new(move |text: &str| bar.suspend(|| sink(text)))
            }
            None => sink,
        }
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
        p.depth,
        thousands(p.states_generated),
        thousands(p.distinct_states),
        thousands(p.states_on_queue)
    )
}

/// `n` with thousands separators (`1,234,567`), as TLC writes counts in progress lines.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The previous snapshot, to estimate how fast the current level's queue drains.
#[derive(Default)]
pub struct Pace {
    last: Mutex<Option<(u32, u64, Duration)>>,
}

impl Pace {
    /// The progress line for snapshot `p`: `Progress(7) at 12s: 1,234 states generated
    /// (103/s), 345 distinct states found (29/s), 98 states left on queue (level 7: ~4s
    /// left).` The estimate needs an earlier snapshot of the same level with more queued.
    pub fn line(&self, p: &Progress) -> String {
        let seconds = p.elapsed.as_secs_f64();
        let rate = |n: u64| thousands((n as f64 / seconds.max(1e-3)) as u64);
        let mut line = format!(
            "Progress({}) at {:.0}s: {} states generated ({}/s), {} distinct states found ({}/s), {} states left on queue",
            p.depth,
            seconds,
            thousands(p.states_generated),
            rate(p.states_generated),
            thousands(p.distinct_states),
            rate(p.distinct_states),
            thousands(p.states_on_queue)
        );
        if let Some(left) = self.level_left(p) {
            line.push_str(&format!(" (level {}: ~{} left)", p.depth, clock(left)));
        }
        line.push('.');
        line
    }

    fn level_left(&self, p: &Progress) -> Option<Duration> {
        let mut last = self.last.lock().ok()?;
        let before = last.replace((p.depth, p.states_on_queue, p.elapsed))?;
        let (depth, queued, at) = before;
        let took = p.elapsed.checked_sub(at)?.as_secs_f64();
        let drained = queued.checked_sub(p.states_on_queue)?;
        if depth != p.depth || drained == 0 || took <= 0.0 {
            return None;
        }
        Some(Duration::from_secs_f64(
            p.states_on_queue as f64 * took / drained as f64,
        ))
    }
}

/// A duration for people: `42s`, `3m05s`, `2h07m`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(depth: u32, queue: u64, seconds: u64) -> Progress {
        Progress {
            depth,
            states_generated: 1_234_567,
            distinct_states: 45_000,
            states_on_queue: queue,
            elapsed: Duration::from_secs(seconds),
        }
    }

    #[test]
    fn progress_lines_have_rates_separators_and_a_level_estimate() {
        let pace = Pace::default();
        assert_eq!(
            pace.line(&at(7, 30_000, 10)),
            "Progress(7) at 10s: 1,234,567 states generated (123,456/s), 45,000 distinct states found (4,500/s), 30,000 states left on queue."
        );
        // 10,000 drained in 10 s: 20,000 more take 20 s.
        assert_eq!(
            pace.line(&at(7, 20_000, 20)),
            "Progress(7) at 20s: 1,234,567 states generated (61,728/s), 45,000 distinct states found (2,250/s), 20,000 states left on queue (level 7: ~20s left)."
        );
        // A new level: no estimate until its queue is seen to shrink.
        assert!(!pace.line(&at(8, 90_000, 30)).contains("left)"));
        assert_eq!(clock(Duration::from_secs(185)), "3m05s");
        assert_eq!(clock(Duration::from_secs(7620)), "2h07m");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
    }
}
