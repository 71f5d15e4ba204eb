//! The leaderboard as Markdown, CSV or a static HTML page (no script, no outside resource).
//! Scores are percentages with one decimal; a phase no job has a score for is `-` (empty in
//! CSV). Nothing depends on the clock, so the same results give the same bytes.

use super::{Leaderboard, Row};

/// The leaderboard's formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFormat {
    /// A Markdown document with two tables.
    Markdown,
    /// One CSV table; `level` tells model rows from system rows.
    Csv,
    /// A static HTML page.
    Html,
}

const HEADINGS: [&str; 12] = [
    "rank",
    "system",
    "model",
    "models",
    "jobs",
    "pass",
    "incomplete",
    "errors",
    "syntax",
    "runtime",
    "conformance",
    "invariants",
];

/// The leaderboard in `format`.
pub fn render(board: &Leaderboard, format: BoardFormat) -> String {
    match format {
        BoardFormat::Markdown => markdown(board),
        BoardFormat::Csv => csv(board),
        BoardFormat::Html => html(board),
    }
}

/// A row's cells, under [`HEADINGS`] and then `overall`.
fn cells(rank: usize, row: &Row, missing: &str) -> Vec<String> {
    let label = |name: &Option<String>| name.clone().unwrap_or_else(|| missing.to_string());
    let mut cells = vec![
        rank.to_string(),
        label(&row.system),
        label(&row.model),
        row.models.to_string(),
        row.jobs.to_string(),
        row.passed.to_string(),
        row.incomplete.to_string(),
        row.errors.to_string(),
    ];
    cells.extend(
        row.phases
            .iter()
            .map(|score| score.map_or(missing.to_string(), percent)),
    );
    cells.push(percent(row.overall));
    cells
}

fn percent(score: f64) -> String {
    format!("{:.1}", score * 100.0)
}

fn headings() -> Vec<&'static str> {
    HEADINGS.iter().copied().chain(["overall"]).collect()
}

fn summary(board: &Leaderboard) -> String {
    format!(
        "{} job(s) of {} model(s) in {} system(s); {} invalid job line(s) left out. Scores are percentages: syntax and runtime pass or not, conformance the traces admitted, invariants the requirements that hold, overall the mean of a job's phases; a job that crashed or timed out scores 0.",
        board.jobs,
        board.models.len(),
        board.systems.len(),
        board.invalid
    )
}

fn markdown(board: &Leaderboard) -> String {
    let mut out = format!("# Leaderboard\n\n{}\n", summary(board));
    for (title, rows) in [("Models", &board.models), ("Systems", &board.systems)] {
        out.push_str(&format!("\n## {title}\n\n"));
        let headings = headings();
        out.push_str(&format!("| {} |\n", headings.join(" | ")));
        out.push_str(&format!("|{}\n", "---|".repeat(headings.len())));
        for (index, row) in rows.iter().enumerate() {
            let cells: Vec<String> = cells(index + 1, row, "-")
                .iter()
                .map(|c| c.replace('|', "\\|"))
                .collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
    }
    out
}

fn csv(board: &Leaderboard) -> String {
    let mut out = format!("level,{}\n", headings().join(","));
    for (level, rows) in [("model", &board.models), ("system", &board.systems)] {
        for (index, row) in rows.iter().enumerate() {
            let cells: Vec<String> = cells(index + 1, row, "")
                .iter()
                .map(|c| csv_field(c))
                .collect();
            out.push_str(&format!("{level},{}\n", cells.join(",")));
        }
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;margin-bottom:2em}\
th,td{border:1px solid #bbb;padding:.3em .6em;text-align:right}\
th{background:#eee}.name{text-align:left}tr:nth-child(even) td{background:#f7f7f7}";

fn html(board: &Leaderboard) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>tlafid leaderboard</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>Leaderboard</h1>\n<p>{}</p>\n",
        escape(&summary(board))
    );
    for (title, rows) in [("Models", &board.models), ("Systems", &board.systems)] {
        out.push_str(&format!("<h2>{title}</h2>\n<table>\n<thead><tr>"));
        for (column, heading) in headings().iter().enumerate() {
            out.push_str(&format!("<th{}>{heading}</th>", name_class(column)));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for (index, row) in rows.iter().enumerate() {
            out.push_str("<tr>");
            for (column, cell) in cells(index + 1, row, "-").iter().enumerate() {
                out.push_str(&format!("<td{}>{}</td>", name_class(column), escape(cell)));
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// The system and model columns are text, aligned left.
fn name_class(column: usize) -> &'static str {
    if matches!(column, 1 | 2) {
        " class=\"name\""
    } else {
        ""
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_in_every_format() {
        let row = Row {
            system: Some("a,<b>|c".into()),
            model: None,
            models: 1,
            jobs: 2,
            passed: 1,
            incomplete: 0,
            errors: 1,
            phases: [Some(1.0), Some(0.5), None, Some(0.0)],
            overall: 0.5,
        };
        let board = Leaderboard {
            models: vec![],
            systems: vec![row],
            jobs: 2,
            invalid: 0,
        };
        assert!(render(&board, BoardFormat::Csv)
            .contains("system,1,\"a,<b>|c\",,1,2,1,0,1,100.0,50.0,,0.0,50.0\n"));
        assert!(render(&board, BoardFormat::Markdown)
            .contains("| 1 | a,<b>\\|c | - | 1 | 2 | 1 | 0 | 1 | 100.0 | 50.0 | - | 0.0 | 50.0 |"));
        assert!(render(&board, BoardFormat::Html).contains("<td class=\"name\">a,&lt;b&gt;|c</td>"));
    }
}
