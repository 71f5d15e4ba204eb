//! TLC's transcript: each message with its code and class, framed as `-tool` frames it
//! (`@!@!@STARTMSG 2110:1 @!@!@` … `@!@!@ENDMSG 2110 @!@!@`) or prefixed as TLC prints it
//! for people (`Error: `, `State `).

use std::io::Write;
use std::time::{Duration, SystemTime};

/// TLC's message codes (`tlc2.output.EC`) that tlafid prints.
pub mod code {
    pub const GENERAL: u16 = 1000;
    pub const ASSUMPTION_FALSE: u16 = 2104;
    pub const INVARIANT_VIOLATED_INITIAL: u16 = 2107;
    pub const PROPERTY_VIOLATED_INITIAL: u16 = 2108;
    pub const INVARIANT_VIOLATED_BEHAVIOR: u16 = 2110;
    pub const ACTION_PROPERTY_VIOLATED_BEHAVIOR: u16 = 2112;
    pub const DEADLOCK_REACHED: u16 = 2114;
    pub const TEMPORAL_PROPERTY_VIOLATED: u16 = 2116;
    pub const BEHAVIOR_UP_TO_THIS_POINT: u16 = 2121;
    pub const BACK_TO_STATE: u16 = 2122;
    pub const VALUE_ASSERT_FAILED: u16 = 2132;
    pub const STARTING: u16 = 2185;
    pub const FINISHED: u16 = 2186;
    pub const MODE_MC: u16 = 2187;
    pub const MODE_SIMU: u16 = 2188;
    pub const COMPUTING_INIT: u16 = 2189;
    pub const INIT_GENERATED1: u16 = 2190;
    pub const SUCCESS: u16 = 2193;
    pub const SEARCH_DEPTH: u16 = 2194;
    pub const STATS: u16 = 2199;
    pub const PROGRESS_STATS: u16 = 2200;
    pub const COVERAGE_START: u16 = 2201;
    pub const COVERAGE_END: u16 = 2202;
    pub const PROGRESS_SIMU: u16 = 2209;
    pub const STATS_SIMU: u16 = 2210;
    pub const STATE_PRINT2: u16 = 2217;
    pub const STATE_PRINT3: u16 = 2218;
    pub const SANY_END: u16 = 2219;
    pub const SANY_START: u16 = 2220;
    pub const VERSION: u16 = 2262;
    pub const COUNTER_EXAMPLE: u16 = 2264;
    pub const STATE_GRAPH_OUTDEGREE: u16 = 2268;
    pub const COVERAGE_NEXT: u16 = 2772;
    pub const COVERAGE_INIT: u16 = 2773;
    pub const COVERAGE_VAR: u16 = 2779;
    pub const POSTCONDITION_FALSE: u16 = 2404;
    pub const PARSING_FAILED: u16 = 3002;
}

/// A message's class (`tlc2.output.MP`): it decides the prefix people see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// No prefix.
    None = 0,
    /// `Error: `.
    Error = 1,
    /// `Warning: `.
    Warning = 3,
    /// `State ` (a state of a behaviour).
    State = 4,
}

/// Writes TLC's messages to `out`.
pub struct Transcript<W: Write> {
    out: W,
    tool: bool,
}

impl<W: Write> Transcript<W> {
    /// A transcript in `-tool` framing or for people.
    pub fn new(out: W, tool: bool) -> Transcript<W> {
        Transcript { out, tool }
    }

    /// Whether messages are framed for tools.
    pub fn tool(&self) -> bool {
        self.tool
    }

    /// One message (its text may span lines).
    pub fn message(&mut self, code: u16, class: Class, text: &str) {
        let written = if self.tool {
            writeln!(
                self.out,
                "@!@!@STARTMSG {code}:{} @!@!@\n{text}\n@!@!@ENDMSG {code} @!@!@",
                class as u8
            )
        } else {
            let prefix = match class {
                Class::None => "",
                Class::Error => "Error: ",
                Class::Warning => "Warning: ",
                Class::State => "State ",
            };
            writeln!(self.out, "{prefix}{text}")
        };
        self.finish(written);
    }

    /// A line outside any message (TLC's "Parsing file …").
    pub fn line(&mut self, text: &str) {
        let written = writeln!(self.out, "{text}");
        self.finish(written);
    }

    fn finish(&mut self, written: std::io::Result<()>) {
        // A reader that went away (`| head`) is no reason to stop checking; what is lost is
        // lost either way.
        let _ = written.and_then(|()| self.out.flush());
    }
}

/// TLC's wall-clock stamp, `2026-12-01 22:50:24` (UTC).
pub fn now() -> String {
    let seconds = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The calendar date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// How long a run took, as TLC says it: milliseconds for tools, `05s` or `01min 03s` for
/// people.
pub fn elapsed(took: Duration, tool: bool) -> String {
    if tool {
        return format!("{}ms", took.as_millis());
    }
    let seconds = took.as_secs();
    match (seconds / 3600, seconds % 3600 / 60, seconds % 60) {
        (0, 0, s) => format!("{s:02}s"),
        (0, m, s) => format!("{m:02}min {s:02}s"),
        (h, m, s) => format!("{h:02}h {m:02}min {s:02}s"),
    }
}

/// A number with TLC's thousands separators (`1,039`): the progress display's.
pub use crate::commands::progress::thousands;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_and_prefixes() {
        let mut tool = Transcript::new(Vec::new(), true);
        tool.message(
            code::INVARIANT_VIOLATED_BEHAVIOR,
            Class::Error,
            "Invariant I is violated.",
        );
        assert_eq!(
            String::from_utf8(tool.out).unwrap(),
            "@!@!@STARTMSG 2110:1 @!@!@\nInvariant I is violated.\n@!@!@ENDMSG 2110 @!@!@\n"
        );
        let mut people = Transcript::new(Vec::new(), false);
        people.message(
            code::STATE_PRINT2,
            Class::State,
            "1: <Initial predicate>\n/\\ x = 0\n",
        );
        assert_eq!(
            String::from_utf8(people.out).unwrap(),
            "State 1: <Initial predicate>\n/\\ x = 0\n\n"
        );
    }

    #[test]
    fn dates_durations_and_numbers() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_788), (2026, 12, 1));
        assert_eq!(elapsed(Duration::from_millis(4238), true), "4238ms");
        assert_eq!(elapsed(Duration::from_secs(5), false), "05s");
        assert_eq!(elapsed(Duration::from_secs(63), false), "01min 03s");
        assert_eq!(thousands(1_039), "1,039");
        assert_eq!(thousands(724_274), "724,274");
        assert_eq!(thousands(12), "12");
    }
}
