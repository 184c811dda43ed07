//! YAML, behind one module: the rest of the crate never names the YAML library. It is
//! yaml_serde, the maintained continuation of serde_yaml (deprecated upstream), with the same
//! API.
//!
//! The library says where a syntax or type error is, but a value that is well formed and
//! still wrong (an unknown agent, a negative depth) is found later, by checks that know only
//! its path (`participants[2].agent`). [`locate`] finds a path's text in the document, so that
//! every message can underline what it is about.

use std::ops::Range;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// A value as a YAML document.
pub fn to_string<T: Serialize>(value: &T) -> String {
    yaml_serde::to_string(value).expect("a report serializes to YAML")
}

/// A document that could not be read into its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// Where in the document (`participants[0]`), empty for the top.
    pub path: String,
    /// What is wrong, without the path or the place.
    pub message: String,
    /// The text the message is about, as byte offsets.
    pub span: Range<usize>,
    /// Facts that explain the message (where the collection it is in starts).
    pub notes: Vec<String>,
}

/// Reads a document into a typed value, or says what is wrong and where.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, ReadError> {
    yaml_serde::from_str(text).map_err(|e| {
        let offset = e.location().map_or(0, |l| l.index());
        let full = e.to_string();
        // The library writes `PATH: MESSAGE at line L column C`; the place is shown by the
        // caller, from the span. A syntax error adds what was being read and where it began
        // (`, while parsing a flow sequence at line 3 column 11`): said in words, as a note.
        let (full, notes, syntax) = match full.split_once(", while ") {
            Some((problem, context)) => {
                let (what, place) = match context.rsplit_once(" at line ") {
                    Some((w, p)) => (w, p.replace(" column ", ", column ")),
                    None => (context, String::new()),
                };
                let what =
                    what.strip_prefix("parsing ").or_else(|| what.strip_prefix("scanning ")).unwrap_or(what);
                let what = match what {
                    "a flow sequence" => "the list in brackets `[...]`",
                    "a flow mapping" => "the mapping in braces `{...}`",
                    "a block mapping" => "the mapping",
                    "a block collection" | "a block sequence" => "the list",
                    "a quoted scalar" => "the quoted text",
                    other => other,
                };
                let note = if place.is_empty() {
                    format!("this was found in {what}")
                } else {
                    format!("this was found in {what} that begins at line {place}")
                };
                (problem.to_string(), vec![note], true)
            }
            None => (full, Vec::new(), false),
        };
        let without_place = match full.rfind(" at line ") {
            Some(i) if full[i..].contains(" column ") => &full[..i],
            _ => &full,
        };
        let (path, message) = match without_place.split_once(": ") {
            Some((p, m)) if !p.contains(' ') && !p.is_empty() => (p.to_string(), m.to_string()),
            _ => (String::new(), without_place.to_string()),
        };
        let message = message.replace("duplicate field", "the key is given twice:");
        // Unknown and repeated keys are placed at the start of their mapping: point at the key.
        let key = ["unknown field `", "the key is given twice: `"]
            .iter()
            .find_map(|p| message.strip_prefix(p))
            .and_then(|rest| rest.split('`').next());
        let span = match key {
            Some(k) => {
                let segments = parse_path(&path);
                let repeated = message.starts_with("the key is given twice");
                key_span(text, &segments, k, repeated).unwrap_or(offset..offset + 1)
            }
            // A syntax error is at one character: the rest of the line may be right. So is a
            // missing key, said at the start of its mapping (which is not wrong either).
            None if syntax || message.starts_with("missing field") => {
                offset..(offset + text[offset.min(text.len())..].chars().next().map_or(1, char::len_utf8))
            }
            None => token_at(text, offset),
        };
        ReadError { path, message, span, notes }
    })
}

/// The word or bracketed text starting at `offset`, for underlining.
fn token_at(text: &str, offset: usize) -> Range<usize> {
    let offset = offset.min(text.len());
    let rest = &text[offset..];
    let line = rest.split(['\n', '\r']).next().unwrap_or("");
    let line = line.split(" #").next().unwrap_or(line).trim_end();
    offset..offset + line.len().max(1)
}

/// One step of a path: a key of a mapping, or an item of a sequence (0-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    Key(String),
    Index(usize),
}

/// Reads `participants[2].agent` into its steps.
pub fn parse_path(path: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (key, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !key.is_empty() {
            out.push(Segment::Key(key.to_string()));
        }
        while let Some(inner) = rest.strip_prefix('[') {
            let Some(end) = inner.find(']') else { break };
            if let Ok(i) = inner[..end].parse() {
                out.push(Segment::Index(i));
            }
            rest = &inner[end + 1..];
        }
    }
    out
}

/// A line of the document that holds something: where it starts and ends (without its
/// comment) and its indentation.
#[derive(Debug, Clone, Copy)]
struct Line {
    /// Offset of the line's first byte.
    start: usize,
    /// Offset past its last byte of content.
    end: usize,
    indent: usize,
}

fn lines(text: &str) -> Vec<Line> {
    let mut out = Vec::new();
    let mut start = 0;
    for raw in text.split_inclusive('\n') {
        let body = raw.trim_end_matches(['\n', '\r']);
        let content = strip_comment(body);
        let indent = content.len() - content.trim_start_matches(' ').len();
        if !content.trim().is_empty() && !content.trim_start().starts_with("---") {
            out.push(Line { start, end: start + content.trim_end().len(), indent });
        }
        start += raw.len();
    }
    out
}

/// A line without its `# comment` (a `#` outside quotes, at the start or after a space).
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(b),
            (Some(q), _) if b == q => quote = None,
            (None, b'#') if i == 0 || bytes[i - 1] == b' ' => return &line[..i],
            _ => {}
        }
    }
    line
}

/// A node of the document: it starts at `at` (an offset), on line `line`.
#[derive(Debug, Clone, Copy)]
struct Node {
    line: usize,
    at: usize,
    /// Where an entry of a flow collection ends; a block node runs to its line's end.
    end: Option<usize>,
}

/// The span of the text at `path`: a scalar's text, or the first line of a collection.
pub fn locate(text: &str, path: &[Segment]) -> Option<Range<usize>> {
    let ls = lines(text);
    let node = find(text, &ls, path)?;
    let l = ls[node.line];
    let end = if text[node.at..l.end].starts_with(['[', '{']) {
        flow_end(text, node.at)
    } else {
        node.end.unwrap_or(l.end)
    };
    Some(node.at..end.max(node.at + 1))
}

/// The span of `key` in the mapping at `path`; its second appearance if `repeated`.
fn key_span(text: &str, path: &[Segment], key: &str, repeated: bool) -> Option<Range<usize>> {
    let ls = lines(text);
    let node = if path.is_empty() {
        Node { line: 0, at: ls.first()?.start + ls[0].indent, end: None }
    } else {
        find(text, &ls, path)?
    };
    let found = keys(text, &ls, node);
    let mut hits = found.iter().filter(|(k, _, _)| k == key);
    let first = hits.next()?;
    let hit = if repeated { hits.next().unwrap_or(first) } else { first };
    Some(hit.1..hit.1 + key.len())
}

fn find(text: &str, ls: &[Line], path: &[Segment]) -> Option<Node> {
    let first = ls.first()?;
    let mut node = Node { line: 0, at: first.start + first.indent, end: None };
    for seg in path {
        node = match seg {
            Segment::Key(k) => {
                let found = keys(text, ls, node);
                let (_, _, value) = found.into_iter().find(|(name, _, _)| name == k)?;
                value
            }
            Segment::Index(i) => items(text, ls, node).into_iter().nth(*i)?,
        };
    }
    Some(node)
}

/// The first line at or after `line` whose indentation is more than `indent`, if the next
/// line of content is one; or a `- ` item at the same indentation (YAML lets a key's sequence
/// start at the key's own indentation).
fn child_start(text: &str, ls: &[Line], line: usize, indent: usize) -> Option<Node> {
    let next = ls.get(line + 1)?;
    let body = &text[next.start + next.indent..next.end];
    (next.indent > indent || (next.indent == indent && is_item(body))).then_some(Node {
        line: line + 1,
        at: next.start + next.indent,
        end: None,
    })
}

fn is_item(body: &str) -> bool {
    body == "-" || body.starts_with("- ")
}

/// The column of an offset within its line.
fn column(ls: &[Line], node: Node) -> usize {
    node.at - ls[node.line].start
}

/// The keys of the mapping at `node`: (key, offset of the key, its value's node).
fn keys(text: &str, ls: &[Line], node: Node) -> Vec<(String, usize, Node)> {
    let rest = &text[node.at..ls[node.line].end];
    if rest.starts_with('{') {
        return flow_entries(text, node.at)
            .into_iter()
            .filter_map(|(s, e)| {
                let entry = &text[s..e];
                let (k, _) = split_key(entry)?;
                let value = s + entry.find(':')? + 1;
                let value = value + text[value..e].len() - text[value..e].trim_start().len();
                Some((k, s, Node { line: node.line, at: value.min(e), end: Some(e) }))
            })
            .collect();
    }
    let col = column(ls, node);
    let mut out = Vec::new();
    let mut li = node.line;
    let mut at = node.at;
    loop {
        let l = ls[li];
        let body = &text[at..l.end];
        if let Some((k, after)) = split_key(body) {
            let value_at = at + after;
            let value = if value_at < l.end {
                Some(Node { line: li, at: value_at, end: None })
            } else {
                child_start(text, ls, li, col)
            };
            out.push((k, at, value.unwrap_or(Node { line: li, at, end: None })));
        }
        // The next key sits at the same column, after any deeper lines.
        match sibling(ls, li, col) {
            Some(next) if !is_item(&text[ls[next].start + ls[next].indent..ls[next].end]) => {
                li = next;
                at = ls[next].start + ls[next].indent;
            }
            _ => break,
        }
    }
    out
}

/// `key: value` or `key:` at the start of `body`: the key (unquoted) and where the value
/// starts in `body`.
fn split_key(body: &str) -> Option<(String, usize)> {
    let (key, after) = if let Some(q) = body.strip_prefix(['"', '\'']) {
        let quote = body.as_bytes()[0] as char;
        let end = q.find(quote)?;
        (q[..end].to_string(), end + 2)
    } else {
        let i = body.find(": ").or_else(|| body.strip_suffix(':').map(|b| b.len()))?;
        let key = &body[..i];
        if key.contains(['[', '{', '"']) {
            return None;
        }
        (key.trim().to_string(), i)
    };
    let rest = body.get(after..)?;
    let rest = rest.strip_prefix(':')?;
    let skipped = rest.len() - rest.trim_start().len();
    Some((key, after + 1 + skipped))
}

/// The next line after line `li` at column `col`, past any deeper lines: the next key of a
/// block mapping or the next item of a block sequence, if the collection goes on.
fn sibling(ls: &[Line], li: usize, col: usize) -> Option<usize> {
    let mut next = li + 1;
    while next < ls.len() && ls[next].indent > col {
        next += 1;
    }
    ls.get(next).filter(|n| n.indent == col).map(|_| next)
}

/// The items of the sequence at `node`.
fn items(text: &str, ls: &[Line], node: Node) -> Vec<Node> {
    let rest = &text[node.at..ls[node.line].end];
    if rest.starts_with('[') {
        return flow_entries(text, node.at)
            .into_iter()
            .map(|(s, e)| Node { line: node.line, at: s, end: Some(e) })
            .collect();
    }
    let col = column(ls, node);
    let mut out = Vec::new();
    let mut li = node.line;
    let mut at = node.at;
    loop {
        let l = ls[li];
        let body = &text[at..l.end];
        if !is_item(body) {
            break;
        }
        let after = body[1..].len() - body[1..].trim_start().len() + 1;
        if at + after < l.end {
            out.push(Node { line: li, at: at + after, end: None });
        } else {
            out.push(child_start(text, ls, li, col).unwrap_or(Node { line: li, at, end: None }));
        }
        match sibling(ls, li, col) {
            Some(next) => {
                li = next;
                at = ls[next].start + ls[next].indent;
            }
            None => break,
        }
    }
    out
}

/// The entries of the flow collection (`[a, b]`, `{k: v}`) opening at `at`, as spans of
/// their trimmed text.
fn flow_entries(text: &str, at: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut quote = None;
    let mut start = at + 1;
    for (i, c) in text[at..].char_indices() {
        let i = at + i;
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') | (None, ',') => {
                if c != ',' {
                    depth -= 1;
                }
                if depth == 0 || (c == ',' && depth == 1) {
                    let entry = &text[start..i];
                    let lead = entry.len() - entry.trim_start().len();
                    if !entry.trim().is_empty() {
                        out.push((start + lead, start + lead + entry.trim().len()));
                    }
                    start = i + 1;
                }
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
    }
    out
}

/// Past the bracket that closes the flow collection opening at `at`.
fn flow_end(text: &str, at: usize) -> usize {
    let mut depth = 0;
    let mut quote = None;
    for (i, c) in text[at..].char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => {
                depth -= 1;
                if depth == 0 {
                    return at + i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "\
# a tournament
name: test
variants: [bakuk, \"koumma:x\"]
participants:
  - random
  - name: strong   # the best
    agent: mcts:100
  -
    name: weak
    agent: greedy
openings: {every: 2}
list:
- a
- b: 3
  c: [1, {d: 4}]
";

    fn at(path: &str) -> &'static str {
        let span = locate(DOC, &parse_path(path)).unwrap_or_else(|| panic!("{path} not found"));
        &DOC[span]
    }

    #[test]
    fn paths_are_found_in_block_and_flow_collections() {
        assert_eq!(at("name"), "test");
        assert_eq!(at("variants"), "[bakuk, \"koumma:x\"]");
        assert_eq!(at("variants[0]"), "bakuk");
        assert_eq!(at("variants[1]"), "\"koumma:x\"");
        assert_eq!(at("participants[0]"), "random");
        assert_eq!(at("participants[1].name"), "strong");
        assert_eq!(at("participants[1].agent"), "mcts:100");
        assert_eq!(at("participants[2].agent"), "greedy");
        assert_eq!(at("openings.every"), "2");
        assert_eq!(at("list[0]"), "a");
        assert_eq!(at("list[1].b"), "3");
        assert_eq!(at("list[1].c[1].d"), "4");
        assert_eq!(locate(DOC, &parse_path("participants[3]")), None);
        assert_eq!(locate(DOC, &parse_path("nothing")), None);
    }

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Doc {
        games: u64,
        players: Vec<Player>,
    }

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Player {
        name: String,
    }

    fn error(text: &str) -> (String, String, String) {
        let e = from_str::<Doc>(text).unwrap_err();
        (e.path, e.message, text[e.span].to_string())
    }

    #[test]
    fn read_errors_point_at_the_key_or_value() {
        let (path, message, text) = error("games: 3\nplayers:\n  - name: a\n    nme: b\n");
        assert_eq!((path.as_str(), text.as_str()), ("players[0]", "nme"));
        assert_eq!(message, "unknown field `nme`, expected `name`");
        let (path, message, text) = error("games: -3\nplayers: []\n");
        assert_eq!(
            (path.as_str(), message.as_str(), text.as_str()),
            ("games", "invalid type: integer `-3`, expected u64", "-3")
        );
        let (_, message, text) = error("games: 3\nplayers: []\ngames: 4\n");
        assert_eq!((message.as_str(), text.as_str()), ("the key is given twice: `games`", "games"));
        let e = from_str::<Doc>("games: 3\nplayers: []\ngame: 4\n").unwrap_err();
        assert_eq!(&"games: 3\nplayers: []\ngame: 4\n"[e.span.clone()], "game");
        assert_eq!(e.path, "");
    }
}
