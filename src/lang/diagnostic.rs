//! Located messages about variant files: what is wrong, where (file, line, column, the text
//! underlined) and what was expected, rendered the same way for every stage of the pipeline.

use std::fmt;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

/// Byte offsets into a source text.
pub type Span = Range<usize>;

/// A variant file's text with the name it is shown under (a path, or `bakuk (bundled)`).
pub struct SourceFile {
    pub name: String,
    pub text: String,
    /// Where each line after the first starts, found the first time a line is asked for: a
    /// file of thousands of rulesets may have a message for each, and counting the lines
    /// before every one of them took time in the square of the file's size.
    line_starts: OnceLock<Vec<usize>>,
}

impl PartialEq for SourceFile {
    fn eq(&self, other: &SourceFile) -> bool {
        self.name == other.name && self.text == other.text
    }
}

impl Eq for SourceFile {}

impl fmt::Debug for SourceFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SourceFile").field("name", &self.name).field("text", &self.text).finish()
    }
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Arc<SourceFile> {
        Arc::new(SourceFile { name: name.into(), text: text.into(), line_starts: OnceLock::new() })
    }

    /// 1-based line and column (in characters) of a byte offset. Lines end at `\n`, `\r\n`
    /// or a lone `\r` (old Mac files).
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = self.clamp(offset);
        let starts = self.line_starts.get_or_init(|| {
            let b = self.text.as_bytes();
            (0..b.len())
                .filter(|&i| b[i] == b'\n' || (b[i] == b'\r' && b.get(i + 1) != Some(&b'\n')))
                .map(|i| i + 1)
                .collect()
        });
        // The lines that start at or before the offset, after the first.
        let later = starts.partition_point(|&s| s <= offset);
        let line_start = if later == 0 { 0 } else { starts[later - 1] };
        let col = self.text[line_start..offset].chars().count() + 1;
        (later + 1, col)
    }

    /// The line holding `offset`, without its line break, and the line's start offset.
    fn line_at(&self, offset: usize) -> (&str, usize) {
        let offset = self.clamp(offset);
        let start = self.text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let end = self.text[start..].find(['\n', '\r']).map_or(self.text.len(), |i| start + i);
        (&self.text[start..end], start)
    }

    /// Offsets past the end, or inside a character, move back to a character boundary. An offset
    /// at the very end of a file that ends with a line break points at that last line's end,
    /// where a reader expects "end of file" to be shown; an offset on a line break points at
    /// the end of its line.
    fn clamp(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        if offset == self.text.len() {
            offset = self.text.trim_end().len();
        }
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        // Inside a `\r\n` pair, the offset belongs to the line the pair ends.
        if offset > 0 && self.text[offset..].starts_with('\n') && self.text[..offset].ends_with('\r') {
            offset -= 1;
        }
        offset
    }
}

/// Where a diagnostic points: a span of a file, with a short label printed under it.
#[derive(Debug, Clone)]
pub struct Location {
    pub file: Arc<SourceFile>,
    pub span: Span,
    pub label: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// One message for the user.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub location: Option<Location>,
    pub notes: Vec<String>,
}

impl Severity {
    /// `error` or `warning`, as programs reading messages (the page, Python) name it.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl Diagnostic {
    /// The 1-based line and column (in characters) of the text it points at, if any.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        self.location.as_ref().map(|l| l.file.line_col(l.span.start))
    }

    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, message: message.into(), location: None, notes: Vec::new() }
    }

    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(message) }
    }

    /// Points the message at `span` of `file`, with `label` under the underlined text.
    pub fn at(mut self, file: &Arc<SourceFile>, span: Span, label: impl Into<String>) -> Self {
        self.location = Some(Location { file: Arc::clone(file), span, label: label.into() });
        self
    }

    /// A fact that explains the message, printed as `= note: ...`.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(format!("note: {}", note.into()));
        self
    }

    /// What to write instead, printed as `= help: ...`.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.notes.push(format!("help: {}", help.into()));
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// The most characters of a line an excerpt shows: a longer line is cut around the text
/// underlined, so that a runaway line does not print a megabyte.
const EXCERPT: usize = 240;

/// What an excerpt shows of `line`, for the text underlined at bytes `start..end` of it: the
/// line (or a window of it, `…` marking what is cut), the part of it before the underline,
/// and the part underlined.
fn excerpt(line: &str, start: usize, end: usize) -> (String, String, &str) {
    let chars = line.chars().count();
    if chars <= EXCERPT {
        return (line.to_string(), line[..start].to_string(), &line[start..end]);
    }
    // A third of the window before the underline, the rest after it.
    let at = line[..start].chars().count();
    let first = at.saturating_sub(EXCERPT / 3).min(chars - EXCERPT);
    let byte = |n: usize| line.char_indices().nth(n).map_or(line.len(), |(i, _)| i);
    let (from, to) = (byte(first), byte(first + EXCERPT));
    let open = if from > 0 { "…" } else { "" };
    let close = if to < line.len() { "…" } else { "" };
    let shown = format!("{open}{}{close}", &line[from..to]);
    let before = format!("{open}{}", &line[from..start]);
    (shown, before, &line[start..end.min(to).max(start)])
}

/// Tabs are shown as four spaces so that the underline stays under the text.
fn display_width(text: &str) -> usize {
    text.chars().map(|c| if c == '\t' { 4 } else { 1 }).sum()
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        writeln!(f, "{kind}: {}", self.message)?;
        if let Some(loc) = &self.location {
            let file = &loc.file;
            let (line_no, col) = file.line_col(loc.span.start);
            let (line, line_start) = file.line_at(loc.span.start);
            let gutter = line_no.to_string().len();
            let pad = " ".repeat(gutter);
            writeln!(f, "{pad}--> {}:{line_no}:{col}", file.name)?;
            writeln!(f, "{pad} |")?;
            let start = file.clamp(loc.span.start).max(line_start);
            // The underline covers the span's part of its first line, at least one character.
            let line_end = line_start + line.len();
            let end = loc.span.end.max(start).min(line_end.max(start));
            let (shown, before, under) = excerpt(line, start - line_start, end - line_start);
            writeln!(f, "{line_no} | {}", shown.replace('\t', "    "))?;
            let width = display_width(under).max(1);
            let label = if loc.label.is_empty() { String::new() } else { format!(" {}", loc.label) };
            writeln!(f, "{pad} | {}{}{label}", " ".repeat(display_width(&before)), "^".repeat(width))?;
        }
        // Notes line up under the `|` of the excerpt.
        let pad = match &self.location {
            Some(loc) => " ".repeat(loc.file.line_col(loc.span.start).0.to_string().len()),
            None => " ".into(),
        };
        for note in &self.notes {
            writeln!(f, "{pad} = {note}")?;
        }
        Ok(())
    }
}

/// Every message of one run, errors and warnings, in the order found.
#[derive(Debug, Clone, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    pub fn extend(&mut self, other: Diagnostics) {
        for d in other.0 {
            // The same mistake seen from two rulesets is reported once.
            if !self.0.iter().any(|e| same(e, &d)) {
                self.0.push(d);
            }
        }
    }

    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| !d.is_error())
    }
}

fn same(a: &Diagnostic, b: &Diagnostic) -> bool {
    a.message == b.message
        && a.severity == b.severity
        && match (&a.location, &b.location) {
            (Some(x), Some(y)) => x.file.name == y.file.name && x.span == y.span,
            (None, None) => true,
            _ => false,
        }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// A variant file with mistakes is bad input, whichever command read it.
impl crate::error::Failure for Diagnostics {
    fn status(&self) -> crate::error::Status {
        crate::error::Status::BadInput
    }
}

/// Edit distance between two words, in characters.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (prev + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The candidate a misspelt word was most likely meant to be, if one is close enough to be a
/// fair guess (for "did you mean ...?").
pub fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let word = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (distance(&word, &c.to_lowercase()), c))
        .filter(|&(d, c)| d <= c.chars().count().div_ceil(3))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_column_and_underline() {
        let file = SourceFile::new("x.sow", "variant \"X\" {\n  colour \"red\"\n}\n");
        let d = Diagnostic::error("unknown setting `colour`")
            .at(&file, 16..22, "expected `board`")
            .note("a note");
        assert_eq!(
            d.to_string(),
            "error: unknown setting `colour`\n --> x.sow:2:3\n  |\n2 |   colour \"red\"\n  |   ^^^^^^ expected `board`\n  = note: a note\n"
        );
    }

    #[test]
    fn end_of_file_points_after_the_last_text() {
        let file = SourceFile::new("x.sow", "variant \"X\" {\n");
        let d = Diagnostic::error("unexpected end of file").at(&file, 14..14, "expected `}`");
        let text = d.to_string();
        assert!(text.contains(" --> x.sow:1:14\n"), "{text}");
        assert!(text.contains("1 | variant \"X\" {\n  |              ^ expected `}`"), "{text}");
    }

    #[test]
    fn closest_guesses_only_near_words() {
        assert_eq!(closest("valdes", ["valdez", "three-player"]), Some("valdez"));
        assert_eq!(closest("Bakook", ["bakuk", "koumma"]), Some("bakuk"));
        assert_eq!(closest("oware", ["bakuk", "koumma"]), None);
    }

    #[test]
    fn every_kind_of_line_break_counts() {
        for text in ["a\nb\nc oops", "a\r\nb\r\nc oops", "a\rb\rc oops"] {
            let file = SourceFile::new("x.sow", text);
            let at = text.find("oops").unwrap();
            assert_eq!(file.line_col(at), (3, 3), "{text:?}");
            let d = Diagnostic::error("e").at(&file, at..at + 4, "here").to_string();
            assert!(d.contains("3 | c oops\n  |   ^^^^ here"), "{d}");
        }
        // A message at the very end of a file ending with a lone carriage return.
        let file = SourceFile::new("x.sow", "# x\r");
        let d = Diagnostic::error("e").at(&file, 4..4, "end").to_string();
        assert!(d.contains("1 | # x\n"), "{d}");
    }

    #[test]
    fn a_long_line_is_cut_around_the_mistake() {
        let line = format!("  board 2 rows of 3 pits, no stores {} oops", " ".repeat(500_000));
        let file = SourceFile::new("x.sow", format!("variant \"X\" {{\n{line}\n}}\n"));
        let at = file.text.find("oops").unwrap();
        let d = Diagnostic::error("e").at(&file, at..at + 4, "here").to_string();
        assert!(d.len() < 600, "{} bytes", d.len());
        assert!(d.contains(" --> x.sow:2:500038\n"), "{d}");
        let shown: Vec<&str> = d.lines().collect();
        assert!(shown[3].starts_with("2 | …") && shown[3].ends_with(" oops"), "{d}");
        let column = |text: &str, at: usize| text[..at].chars().count();
        assert_eq!(shown[4].find('^'), Some(column(shown[3], shown[3].find("oops").unwrap())), "{d}");
        // At the start of a long line, only the end is cut.
        let file = SourceFile::new("x.sow", format!("oops{}", "x".repeat(300)));
        let d = Diagnostic::error("e").at(&file, 0..4, "here").to_string();
        assert!(d.contains(&format!("1 | oops{}…\n  | ^^^^ here", "x".repeat(236))), "{d}");
    }

    #[test]
    fn lines_are_counted_as_the_text_reads_at_every_offset() {
        // Counted afresh from the start of the text, as they were before the lines were
        // found once for all.
        let text = "a\nbé\r\n\r\rc\n\nd\r\ne é\r";
        let file = SourceFile::new("x.sow", text);
        for offset in 0..=text.len() + 2 {
            let at = file.clamp(offset);
            let before = &text[..at];
            let lone = before.match_indices('\r').filter(|&(i, _)| !text[i + 1..].starts_with('\n')).count();
            let line = before.matches('\n').count() + lone + 1;
            let start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
            let col = text[start..at].chars().count() + 1;
            assert_eq!(file.line_col(offset), (line, col), "offset {offset}");
        }
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let file = SourceFile::new("x.sow", "note \"Víktor\" oops");
        assert_eq!(file.line_col(15), (1, 15));
    }
}
