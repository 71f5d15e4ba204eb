//! Source files held in memory, and byte spans into them.

use std::sync::OnceLock;

use serde::Serialize;

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
pub struct FileId(pub u32);

/// A half-open byte range `start..end` in one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
pub struct Span {
    /// The file the range lies in.
    pub file: FileId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span of `start..end` in `file`.
    pub fn new(file: FileId, start: u32, end: u32) -> Span {
        Span { file, start, end }
    }

    /// The smallest span covering both `self` and `other` (same file assumed).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The byte range as `usize`s.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineCol {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub col: u32,
}

/// One file's name and text, with a table of line starts.
#[derive(Debug)]
pub struct SourceFile {
    /// The path or name shown to users.
    pub name: String,
    /// The whole text.
    pub text: String,
    /// Made when a position is first asked for: most files (a thousand admitted traces)
    /// never are, and the table costs a pass over the text.
    line_starts: OnceLock<Vec<u32>>,
}

impl SourceFile {
    /// A file (its line table is made when first needed).
    pub fn new(name: String, text: String) -> SourceFile {
        SourceFile {
            name,
            text,
            line_starts: OnceLock::new(),
        }
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let mut line_starts = vec![0];
            line_starts.extend(
                (self.text.bytes().enumerate())
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i as u32 + 1),
            );
            line_starts
        })
    }

    /// The line and column of a byte offset (clamped to the text).
    pub fn line_col(&self, offset: u32) -> LineCol {
        let offset = offset.min(self.text.len() as u32);
        let line_starts = self.line_starts();
        let line = line_starts.partition_point(|&s| s <= offset) - 1;
        let start = line_starts[line] as usize;
        let mut end = offset as usize;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let col = self.text[start..end].chars().count() as u32 + 1;
        LineCol {
            line: line as u32 + 1,
            col,
        }
    }
}

/// Every file loaded in one run, addressed by [`FileId`].
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile::new(name.into(), text.into()));
        id
    }

    /// The file with this id.
    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// All files, in the order they were added.
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    /// `file:line:col` for the start of a span.
    pub fn describe(&self, span: Span) -> String {
        let file = self.get(span.file);
        let at = file.line_col(span.start);
        format!("{}:{}:{}", file.name, at.line, at.col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let f = SourceFile::new("a".into(), "ab\ncé\nx".into());
        assert_eq!(f.line_col(0), LineCol { line: 1, col: 1 });
        assert_eq!(f.line_col(3), LineCol { line: 2, col: 1 });
        assert_eq!(f.line_col(6), LineCol { line: 2, col: 3 });
        assert_eq!(f.line_col(7), LineCol { line: 3, col: 1 });
        assert_eq!(f.line_col(99), LineCol { line: 3, col: 2 });
    }
}
