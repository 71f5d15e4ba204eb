//! What a spec prints with several workers: each evaluation's text whole (TLC's pretty
//! printer breaks these values over 6 lines), the same texts as with one worker, in any
//! order within a level.

mod common;

use common::tlafid;

const SPEC: &str = "tests/cli/fixtures/print/PrintWide.tla";

/// The printed values of a run, each a block of lines, sorted.
fn printed_blocks(workers: &str) -> Vec<String> {
    let out = tlafid(&["check", SPEC, "--workers", workers]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    // A value starts a line with `<< <<`; its other lines start with spaces.
    let mut blocks: Vec<String> = Vec::new();
    for line in stdout.lines() {
        match blocks.last_mut() {
            _ if line.starts_with("<< <<") => blocks.push(line.to_string()),
            Some(block) if line.starts_with("   ") => *block += &format!("\n{line}"),
            _ => {}
        }
    }
    blocks.sort();
    blocks
}

#[test]
fn printed_values_stay_whole_with_several_workers() {
    let one = printed_blocks("1");
    assert_eq!(one.len(), 180, "20 chains of 9 steps");
    assert_eq!(
        one[0],
        "<< <<\"printed by a worker\", 0, 0, 1>>,\n   \
         <<\"printed by a worker\", 0, 0, 2>>,\n   \
         <<\"printed by a worker\", 0, 0, 3>>,\n   \
         <<\"printed by a worker\", 0, 0, 4>>,\n   \
         <<\"printed by a worker\", 0, 0, 5>>,\n   \
         <<\"printed by a worker\", 0, 0, 6>> >>"
    );
    assert!(one.iter().all(|block| block.lines().count() == 6));
    assert_eq!(printed_blocks("4"), one);
}
