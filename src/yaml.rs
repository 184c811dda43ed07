//! YAML, behind one module: the rest of the crate never names the YAML libraries. Documents
//! are read into types by yaml_serde, the maintained continuation of serde_yaml (libyaml, YAML
//! 1.1); their nodes are found by saphyr-parser, whose events carry the span of every node.
//!
//! The reading library says where a syntax or type error is, but a value that is well formed
//! and still wrong (an unknown agent, a negative depth) is found later, by checks that know
//! only its path (`participants[2].agent`). [`locate`] finds a path's node in the document,
//! whatever its layout (block or flow, over one line or several), so that every message can
//! underline what it is about.

use std::collections::HashMap;
use std::ops::Range;

use saphyr_parser::{Event, Parser};
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
    read(text).map_err(|(e, _)| e)
}

/// The most entries of the top mapping whose mistakes [`from_str_all`] looks for one by one:
/// each costs a reading of the whole text.
const MAX_ENTRIES: usize = 64;

/// Reads a document into a typed value, or says every mistake of its top mapping's entries:
/// each entry is read alone (every other one blanked), so that a wrong value does not hide the
/// mistakes of the entries after it. Then the document without its wrong entries is read, for
/// what no entry shows alone (a key given twice, a key left out). A syntax error is said
/// alone: what follows it cannot be trusted; so is the first mistake of a document with
/// aliases (an entry read alone would lose its anchors). The library stops at the first key
/// left out: when that is a key whose value is wrong, the keys left out after it are not said.
pub fn from_str_all<T: DeserializeOwned>(text: &str) -> Result<T, Vec<ReadError>> {
    let first = match read(text) {
        Ok(value) => return Ok(value),
        Err((e, true)) => return Err(vec![e]),
        Err((e, false)) => e,
    };
    let tree = Tree::build(text);
    let entries = match tree.root.map(|r| &tree.nodes[r].kind) {
        Some(Kind::Map(entries)) if tree.complete && !tree.aliases && entries.len() <= MAX_ENTRIES => entries,
        _ => return Err(vec![first]),
    };
    let root = &tree.nodes[tree.root.expect("a mapping")];
    // A flow mapping keeps its braces, so that each entry is read in the same context.
    let braces = if text[root.span.clone()].starts_with('{') {
        vec![root.span.start..root.span.start + 1, root.span.end - 1..root.span.end]
    } else {
        Vec::new()
    };
    let mut errors = Vec::new();
    let mut wrong: Vec<(String, Range<usize>)> = Vec::new();
    for &(k, v) in entries {
        let Kind::Scalar(key) = &tree.nodes[k].kind else { return Err(vec![first]) };
        let range = tree.entry_range(text, k, v);
        let mut keep = braces.clone();
        keep.push(range.clone());
        match read::<T>(&keep_only(text, &keep)) {
            Ok(_) => {}
            // The other entries are blanked: the keys they hold are missing.
            Err((e, false)) if e.path.is_empty() && e.message.starts_with("missing field") => {}
            Err((e, _)) => {
                errors.push(e);
                wrong.push((key.clone(), range));
            }
        }
    }
    let mut rest_kept: Vec<Range<usize>> = Vec::new();
    let mut at = 0;
    for (_, r) in &wrong {
        rest_kept.push(at..r.start);
        at = r.end;
        // In braces, the comma after a blanked entry goes with it.
        if !braces.is_empty() {
            let after = &text[at..];
            let blank = after.len() - after.trim_start().len();
            if after[blank..].starts_with(',') {
                at += blank + 1;
            }
        }
    }
    rest_kept.push(at..text.len());
    if let Err((e, _)) = read::<T>(&keep_only(text, &rest_kept)) {
        // A key that is missing because it was blanked is not; nor one that may be the
        // unknown key misspelt.
        let missing = e.path.is_empty() && e.message.starts_with("missing field");
        let blanked = wrong.iter().any(|(k, _)| e.message == format!("missing field `{k}`"));
        let misspelt = errors.iter().any(|w| w.path.is_empty() && w.message.starts_with("unknown field"));
        if !(missing && (blanked || misspelt)) {
            let mut e = e;
            if missing {
                // Said where the mapping starts, as when nothing is blanked.
                let at = root.span.start;
                e.span = at..at + text[at..].chars().next().map_or(0, char::len_utf8);
            }
            errors.push(e);
        }
    }
    // The mistake found first is always said, even if no entry shows it alone.
    if !errors.iter().any(|e| e.message == first.message && e.span == first.span) {
        errors.push(first);
    }
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    errors.dedup_by(|a, b| a.message == b.message && a.span == b.span);
    Err(errors)
}

/// `text` with everything outside `keep` turned into spaces, line breaks kept: every offset
/// and every line and column stay those of `text`.
fn keep_only(text: &str, keep: &[Range<usize>]) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if matches!(c, '\n' | '\r') || keep.iter().any(|r| r.contains(&i)) {
            out.push(c);
        } else {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    }
    out
}

/// Reads a document; a failure says whether it is a syntax error.
fn read<T: DeserializeOwned>(text: &str) -> Result<T, (ReadError, bool)> {
    yaml_serde::from_str(text).map_err(|e| {
        // libyaml counts its index in bytes; it is kept on a character boundary all the same.
        let mut offset = e.location().map_or(0, |l| l.index()).min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
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
        let one_char = offset..(offset + text[offset..].chars().next().map_or(0, char::len_utf8));
        // The document's nodes, read only if the message needs a place in them.
        let nodes = std::cell::OnceCell::new();
        let tree = || nodes.get_or_init(|| Tree::build(text));
        // Unknown and repeated keys are placed at the start of their mapping: point at the key.
        let key = ["unknown field `", "the key is given twice: `"]
            .iter()
            .find_map(|p| message.strip_prefix(p))
            .and_then(|rest| rest.split('`').next());
        let segments = parse_path(&path);
        let span = match key {
            Some(k) => {
                let repeated = message.starts_with("the key is given twice");
                tree().key_span(&segments, k, repeated).unwrap_or(one_char)
            }
            // A syntax error is at one character: the rest of the line may be right. So is a
            // missing key, said at the start of its mapping (which is not wrong either).
            None if syntax || message.starts_with("missing field") => one_char,
            // A wrong value: the node at its path, or the node that starts where the library
            // says the mistake is.
            None => match segments.is_empty() {
                false => tree().locate(&segments),
                true => None,
            }
            .or_else(|| tree().node_at(offset))
            .unwrap_or_else(|| token_at(text, offset)),
        };
        (ReadError { path, message, span, notes }, syntax)
    })
}

/// The word or bracketed text starting at `offset`, for underlining: what is left when no
/// node of the document starts there.
fn token_at(text: &str, offset: usize) -> Range<usize> {
    let offset = offset.min(text.len());
    let rest = &text[offset..];
    let line = rest.split(['\n', '\r']).next().unwrap_or("");
    let line = line.split(" #").next().unwrap_or(line).trim_end();
    offset..offset + line.len().max(1).min(rest.len())
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

/// A document's nodes, read once, so that many paths can be located in it.
pub struct Document(Tree);

impl Document {
    pub fn new(text: &str) -> Document {
        Document(Tree::build(text))
    }

    /// The span of the text at `path` (see [`locate`]).
    pub fn locate(&self, path: &[Segment]) -> Option<Range<usize>> {
        self.0.locate(path)
    }
}

/// The span of the text at `path`: a scalar's text (quotes included), a collection's text
/// (brackets included), an alias (`*name`); for a key without a value, the key. To locate
/// many paths in one text, read it once into a [`Document`].
pub fn locate(text: &str, path: &[Segment]) -> Option<Range<usize>> {
    Tree::build(text).locate(path)
}

impl Tree {
    fn locate(&self, path: &[Segment]) -> Option<Range<usize>> {
        let (node, key) = self.find(path)?;
        let span = self.nodes[node].span.clone();
        match key {
            Some(k) if span.is_empty() => Some(self.nodes[k].span.clone()),
            _ => Some(span),
        }
    }

    /// The span of `key` in the mapping at `path`; its second appearance if `repeated`.
    fn key_span(&self, path: &[Segment], key: &str, repeated: bool) -> Option<Range<usize>> {
        let (node, _) = self.find(path)?;
        let Kind::Map(entries) = &self.nodes[self.resolve(node)].kind else { return None };
        let mut hits =
            entries.iter().filter(|(k, _)| matches!(&self.nodes[*k].kind, Kind::Scalar(s) if s == key));
        let first = hits.next()?;
        let hit = if repeated { hits.next().unwrap_or(first) } else { first };
        Some(self.nodes[hit.0].span.clone())
    }

    /// The outermost node that starts at `offset`.
    fn node_at(&self, offset: usize) -> Option<Range<usize>> {
        // Nodes are numbered as they open: a collection before what it holds.
        let node = self.nodes.iter().find(|n| n.start == offset || n.span.start == offset)?;
        Some(node.span.clone())
    }
}

/// A node of the document.
#[derive(Debug, Clone)]
struct Node {
    /// Where the node starts, its anchor and tag included.
    start: usize,
    /// Its text, without anchor or tag: a scalar as written (quotes included, a block scalar
    /// without its trailing line breaks), a collection from its first character to its last.
    span: Range<usize>,
    kind: Kind,
}

#[derive(Debug, Clone)]
enum Kind {
    /// Its value, quotes and escapes read.
    Scalar(String),
    Sequence(Vec<usize>),
    /// (key, value) nodes.
    Map(Vec<(usize, usize)>),
    /// The anchored node it repeats, when the anchor is known.
    Alias(Option<usize>),
}

/// The nodes of a document's first... and only read document.
#[derive(Debug, Default)]
struct Tree {
    nodes: Vec<Node>,
    root: Option<usize>,
    /// Whether the parser read the whole document (else the tree holds what came before its
    /// first error, every open collection closed there).
    complete: bool,
    /// Whether the document holds an alias.
    aliases: bool,
}

/// Byte offsets of character indices (the parser counts characters).
struct Offsets(Option<Vec<usize>>);

impl Offsets {
    fn new(text: &str) -> Self {
        if text.is_ascii() {
            return Offsets(None);
        }
        Offsets(Some(text.char_indices().map(|(i, _)| i).chain([text.len()]).collect()))
    }

    fn byte(&self, text: &str, chars: usize) -> usize {
        match &self.0 {
            None => chars.min(text.len()),
            Some(v) => v.get(chars).copied().unwrap_or(text.len()),
        }
    }
}

/// Past the anchor (`&name`) and tag (`!name`) that may open a node at `at`, and the blanks
/// after them.
fn skip_properties(text: &str, mut at: usize) -> usize {
    while text[at..].starts_with(['&', '!']) {
        at += text[at..]
            .find(|c: char| c.is_whitespace() || matches!(c, ',' | ']' | '}'))
            .unwrap_or(text.len() - at);
        loop {
            let rest = &text[at..];
            let blank = rest.len() - rest.trim_start().len();
            at += blank;
            if text[at..].starts_with('#') {
                at += text[at..].find(['\n', '\r']).unwrap_or(text.len() - at);
            } else if blank == 0 || rest.trim_start().is_empty() {
                break;
            }
        }
    }
    at
}

/// The length of the quoted scalar that opens `text`, closing quote included.
fn quoted_end(text: &str) -> Option<usize> {
    let quote = text.chars().next().filter(|&c| c == '"' || c == '\'')?;
    let mut chars = text.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' if quote == '"' => {
                chars.next();
            }
            // In single quotes, `''` is a quote.
            '\'' if quote == '\'' && text[i + 1..].starts_with('\'') => {
                chars.next();
            }
            c if c == quote => return Some(i + 1),
            _ => {}
        }
    }
    None
}

impl Tree {
    /// Reads the events of the first document of `text` into nodes. Never fails: a document
    /// the parser refuses (it reads YAML 1.2, the reader 1.1) gives the nodes before the
    /// mistake.
    fn build(text: &str) -> Tree {
        let offsets = Offsets::new(text);
        let mut tree = Tree::default();
        // Open collections, each with the key waiting for its value (in a mapping).
        let mut open: Vec<(usize, Option<usize>)> = Vec::new();
        let mut anchors: HashMap<usize, usize> = HashMap::new();
        let mut documents = 0;
        for item in Parser::new_from_str(text) {
            let Ok((event, span)) = item else { break };
            let start = offsets.byte(text, span.start.index());
            let end = offsets.byte(text, span.end.index()).max(start);
            let next = tree.nodes.len();
            let done = match event {
                Event::DocumentStart(_) => {
                    documents += 1;
                    if documents > 1 {
                        tree.complete = true;
                        break;
                    }
                    None
                }
                Event::StreamEnd => {
                    tree.complete = true;
                    break;
                }
                Event::Scalar(value, _, anchor, _) => {
                    let mut from = skip_properties(text, start).min(end);
                    // A block scalar's text starts on the line after its `|` or `>`.
                    if text[from..end].starts_with(['|', '>']) {
                        let body = text[from..end].find(['\n', '\r']).map_or(end, |i| from + i);
                        from = body + (text[body..end].len() - text[body..end].trim_start().len());
                    }
                    // The parser's end of a quoted scalar may be past the blanks and comment
                    // after it.
                    let to = quoted_end(&text[from..end])
                        .map_or_else(|| from + text[from..end].trim_end().len(), |n| from + n);
                    tree.nodes.push(Node { start, span: from..to, kind: Kind::Scalar(value.into_owned()) });
                    if anchor > 0 {
                        anchors.insert(anchor, next);
                    }
                    Some(next)
                }
                Event::Alias(anchor) => {
                    tree.aliases = true;
                    let target = anchors.get(&anchor).copied();
                    tree.nodes.push(Node { start, span: start..end, kind: Kind::Alias(target) });
                    Some(next)
                }
                Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                    let kind = match event {
                        Event::SequenceStart(..) => Kind::Sequence(Vec::new()),
                        _ => Kind::Map(Vec::new()),
                    };
                    let from = skip_properties(text, start);
                    tree.nodes.push(Node { start, span: from..from, kind });
                    if anchor > 0 {
                        anchors.insert(anchor, next);
                    }
                    open.push((next, None));
                    None
                }
                Event::SequenceEnd | Event::MappingEnd => {
                    let Some((node, _)) = open.pop() else { break };
                    // The event's span may run past the blanks and comment after the
                    // bracket: the bracket is where it starts.
                    let bracket = text[start..].starts_with([']', '}']).then_some(start + 1);
                    tree.close(text, node, bracket.or(Some(end)));
                    Some(node)
                }
                _ => None,
            };
            if let Some(node) = done {
                tree.attach(&mut open, node);
            }
        }
        while let Some((node, _)) = open.pop() {
            tree.close(text, node, None);
            tree.attach(&mut open, node);
        }
        tree
    }

    /// Ends the collection `node`: a flow collection at its closing bracket (`end`), a block
    /// one with its last node.
    fn close(&mut self, text: &str, node: usize, end: Option<usize>) {
        let from = self.nodes[node].span.start;
        let last = match &self.nodes[node].kind {
            Kind::Sequence(items) => items.last().copied(),
            Kind::Map(entries) => entries.last().map(|e| e.1),
            _ => None,
        };
        let last = last.map(|n| self.nodes[n].span.end.max(self.nodes[n].start));
        let flow = text[from..].starts_with(['[', '{']);
        let to = match (flow, end) {
            (true, Some(end)) if end > from => end,
            _ => last.unwrap_or(from),
        };
        // A sequence at its key's indentation (`key:\n- a`) is said to start at its first
        // item: it starts at the dash before.
        let first = match &self.nodes[node].kind {
            Kind::Sequence(items) => items.first().map(|&i| self.nodes[i].start),
            _ => None,
        };
        let mut from = from;
        if !flow && first == Some(self.nodes[node].start) {
            let before = text[..from].trim_end();
            if before.ends_with('-') {
                from = before.len() - 1;
            }
        }
        self.nodes[node].span = from..to.max(from);
    }

    /// Puts a finished node in the collection that holds it, or makes it the root.
    fn attach(&mut self, open: &mut [(usize, Option<usize>)], node: usize) {
        let Some((parent, key)) = open.last_mut() else {
            self.root.get_or_insert(node);
            return;
        };
        match &mut self.nodes[*parent].kind {
            Kind::Sequence(items) => items.push(node),
            Kind::Map(entries) => match key.take() {
                Some(k) => entries.push((k, node)),
                None => *key = Some(node),
            },
            _ => {}
        }
    }

    /// The node an alias repeats; any other node itself.
    fn resolve(&self, node: usize) -> usize {
        match self.nodes[node].kind {
            Kind::Alias(Some(target)) => target,
            _ => node,
        }
    }

    /// The node at `path`, and the key it is the value of (when the path ends with a key).
    fn find(&self, path: &[Segment]) -> Option<(usize, Option<usize>)> {
        let mut node = self.root?;
        let mut key = None;
        for seg in path {
            (node, key) = match (seg, &self.nodes[self.resolve(node)].kind) {
                (Segment::Key(k), Kind::Map(entries)) => entries
                    .iter()
                    .find(|(kn, _)| matches!(&self.nodes[*kn].kind, Kind::Scalar(s) if s == k))
                    .map(|&(kn, v)| (v, Some(kn)))?,
                (Segment::Index(i), Kind::Sequence(items)) => (*items.get(*i)?, None),
                _ => return None,
            };
        }
        Some((node, key))
    }

    /// The text of the entry `key: value` of a mapping: from its key (and the `?` before a
    /// complex key) to the end of its value (or of its `:`, when the value is empty).
    fn entry_range(&self, text: &str, key: usize, value: usize) -> Range<usize> {
        let k = &self.nodes[key];
        let v = &self.nodes[value];
        let before = &text[..k.start];
        let line = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let start = match before[line..].trim_end().strip_suffix('?') {
            Some(lead) => line + lead.len(),
            None => k.start,
        };
        let key_end = k.span.end.max(k.start);
        let rest = &text[key_end..];
        let blank = rest.len() - rest.trim_start().len();
        let colon = if rest[blank..].starts_with(':') { key_end + blank + 1 } else { key_end };
        start..v.span.end.max(colon)
    }
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

    /// The text at `path` in `doc`.
    fn text_at<'a>(doc: &'a str, path: &str) -> &'a str {
        let span = locate(doc, &parse_path(path)).unwrap_or_else(|| panic!("{path} not found in {doc:?}"));
        &doc[span]
    }

    #[test]
    fn flow_collections_over_several_lines_are_found() {
        // The examples of issue 16: each made the old locator panic.
        let doc = "variants: [bakuk,\n  nosuch]\nparticipants: [random, greedy]\n";
        assert_eq!(text_at(doc, "variants[1]"), "nosuch");
        assert_eq!(text_at(doc, "variants"), "[bakuk,\n  nosuch]");
        let doc = "participants:\n  - random\n  - {name: strong,\n     agent: gredy}\n";
        assert_eq!(text_at(doc, "participants[1].agent"), "gredy");
        assert_eq!(text_at(doc, "participants[1]"), "{name: strong,\n     agent: gredy}");
        let doc = "openings: {\n  evry: 2\n}\ngames: 2\n";
        assert_eq!(
            Tree::build(doc).key_span(&parse_path("openings"), "evry", false).map(|r| &doc[r]),
            Some("evry")
        );
        assert_eq!(text_at(doc, "games"), "2");
        // Nested, with a trailing comma and comments between the lines.
        let doc = "a: [ [1,\n  2], # two\n  {b: [x,\n   y],\n  c: z}, ]\n";
        assert_eq!(text_at(doc, "a[0][1]"), "2");
        assert_eq!(text_at(doc, "a[1].b[1]"), "y");
        assert_eq!(text_at(doc, "a[1].c"), "z");
        assert_eq!(text_at(doc, "a[1]"), "{b: [x,\n   y],\n  c: z}");
    }

    #[test]
    fn keys_over_several_lines_and_complex_keys_are_found() {
        let doc = "{\"long\n  key\": 1, other: 2}\n";
        let span = Tree::build(doc).key_span(&[], "long key", false).unwrap();
        assert_eq!(&doc[span], "\"long\n  key\"");
        assert_eq!(text_at(doc, "other"), "2");
        let doc = "? complex\n: value\n? [x, y]\n: z\nplain: after\n";
        assert_eq!(text_at(doc, "complex"), "value");
        assert_eq!(text_at(doc, "plain"), "after");
        assert_eq!(Tree::build(doc).key_span(&[], "complex", false).map(|r| &doc[r]), Some("complex"));
    }

    #[test]
    fn scalars_of_every_style_are_found() {
        let doc = "\
---
'quoted key': \"double \\\" quoted\"   # comment
single: 'it''s'
literal: |
  line one
  line two

folded: >-
  folded
  text
plain: several
  lines of text
empty:
last: end
...
";
        assert_eq!(text_at(doc, "quoted key"), "\"double \\\" quoted\"");
        assert_eq!(text_at(doc, "single"), "'it''s'");
        assert_eq!(text_at(doc, "literal"), "line one\n  line two");
        let props = "a: &x |-\n  text\nb: !!str >\n  more\n";
        assert_eq!(text_at(props, "a"), "text");
        assert_eq!(text_at(props, "b"), "more");
        assert_eq!(text_at(doc, "folded"), "folded\n  text");
        assert_eq!(text_at(doc, "plain"), "several\n  lines of text");
        // A key without a value: the key is what there is to underline.
        assert_eq!(text_at(doc, "empty"), "empty");
        assert_eq!(text_at(doc, "last"), "end");
        assert_eq!(
            Tree::build(doc).key_span(&[], "quoted key", false).map(|r| &doc[r]),
            Some("'quoted key'")
        );
        let doc = "d: [\"x\"  , 'y' ]\ne: 'a''b'  # c\n";
        assert_eq!(text_at(doc, "d[0]"), "\"x\"");
        assert_eq!(text_at(doc, "d[1]"), "'y'");
        assert_eq!(text_at(doc, "e"), "'a''b'");
    }

    #[test]
    fn anchors_aliases_and_tags_are_stepped_over() {
        let doc =
            "base: &b {agent: greedy, depth: 3}\nlist: &l\n  - !!str 5\n  - &x [1, 2]\nsame: *b\nagain: *l\n";
        assert_eq!(text_at(doc, "base"), "{agent: greedy, depth: 3}");
        assert_eq!(text_at(doc, "list"), "- !!str 5\n  - &x [1, 2]");
        assert_eq!(text_at(doc, "list[0]"), "5");
        assert_eq!(text_at(doc, "list[1]"), "[1, 2]");
        // An alias is underlined where it is written; a path through it goes to its anchor.
        assert_eq!(text_at(doc, "same"), "*b");
        assert_eq!(text_at(doc, "same.depth"), "3");
        assert_eq!(text_at(doc, "again[1][0]"), "1");
    }

    #[test]
    fn crlf_tabs_and_non_ascii_text_give_byte_offsets() {
        let doc = "nom: \"été\"\r\nliste: [ça,\tlà,\r\n  über]\r\nfin: ok\r\n";
        assert_eq!(text_at(doc, "nom"), "\"été\"");
        assert_eq!(text_at(doc, "liste[1]"), "là");
        assert_eq!(text_at(doc, "liste[2]"), "über");
        assert_eq!(text_at(doc, "fin"), "ok");
        let e = from_str::<Doc>("# ça, là\ngames: ×3\nplayers: []\n").unwrap_err();
        assert_eq!(&"# ça, là\ngames: ×3\nplayers: []\n"[e.span], "×3");
    }

    #[test]
    fn only_the_first_document_is_read() {
        let doc = "a: 1\n---\na: 2\nb: 3\n";
        assert_eq!(text_at(doc, "a"), "1");
        assert_eq!(locate(doc, &parse_path("b")), None);
    }

    #[test]
    fn documents_the_parser_refuses_give_what_came_before_and_never_panic() {
        // Unclosed: the nodes before the mistake are found.
        let doc = "a: 1\nb: [x,\n";
        assert_eq!(text_at(doc, "a"), "1");
        for doc in [
            "",
            "\n",
            "[",
            "]",
            "{a: [}",
            "\"open",
            "a: *nowhere",
            "- a\nb: c",
            ":",
            "? ",
            "&a",
            "!t",
            "a:\t\tb",
            "\u{feff}x: é",
        ] {
            for path in ["", "a", "a[0]", "b.c"] {
                let _ = locate(doc, &parse_path(path));
                let _ = Tree::build(doc).key_span(&parse_path(path), "a", true);
            }
            let _ = from_str::<Doc>(doc);
            let _ = from_str_all::<Doc>(doc);
        }
    }

    #[test]
    fn mistakes_in_flow_collections_over_several_lines_are_underlined() {
        let text = "games: 2\nplayers: [{name: a},\n  {name: b,\n   nme: c}]\n";
        let e = from_str::<Doc>(text).unwrap_err();
        assert_eq!((e.path.as_str(), &text[e.span]), ("players[1]", "nme"));
        let text = "games: [1,\n  2]\nplayers: []\n";
        let e = from_str::<Doc>(text).unwrap_err();
        assert_eq!((e.path.as_str(), &text[e.span]), ("games", "[1,\n  2]"));
        let text = "{games: 2, players: [\n  {name: [x]}]}\n";
        let e = from_str::<Doc>(text).unwrap_err();
        assert_eq!((e.path.as_str(), &text[e.span]), ("players[0].name", "[x]"));
    }

    #[test]
    fn every_entry_mistake_is_said_at_once() {
        let text = "games: many\nplayers: [{name: 3}, {nme: b}]\nextra: 1\n";
        let all = from_str_all::<Doc>(text).unwrap_err();
        let found: Vec<(&str, &str)> = all.iter().map(|e| (e.path.as_str(), &text[e.span.clone()])).collect();
        assert_eq!(found, [("games", "many"), ("players[1]", "nme"), ("", "extra")]);
        // In braces, each entry is read in its braces.
        let text = "{games: -1,\n players: 7}";
        let all = from_str_all::<Doc>(text).unwrap_err();
        let found: Vec<&str> = all.iter().map(|e| &text[e.span.clone()]).collect();
        assert_eq!(found, ["-1", "7"]);
        // A key left out is said beside a wrong value; a key blanked for being wrong is not
        // missing, nor is the key an unknown key may be a misspelling of.
        let all = from_str_all::<Doc>("players: x\n").unwrap_err();
        let messages: Vec<&str> = all.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(messages, ["missing field `games`", "invalid type: string \"x\", expected a sequence"]);
        let all = from_str_all::<Doc>("games: x\nplayers: 3\n").unwrap_err();
        assert_eq!(all.len(), 2);
        let all = from_str_all::<Doc>("gmes: 3\nplayers: []\n").unwrap_err();
        assert_eq!(all.len(), 1, "{all:?}");
        // The same key twice is said once the wrong values are out of the way.
        let text = "games: 1\nplayers: 3\ngames: 2\n";
        let all = from_str_all::<Doc>(text).unwrap_err();
        let found: Vec<&str> = all.iter().map(|e| &text[e.span.clone()]).collect();
        assert_eq!(found, ["3", "games"]);
        assert_eq!(all[1].span.start, 20);
        // A syntax error is said alone.
        let all = from_str_all::<Doc>("games: [1\nplayers: x\n").unwrap_err();
        assert_eq!(all.len(), 1);
        // With aliases, an entry cannot be read alone: the first mistake is said.
        let all = from_str_all::<Doc>("games: &g x\nplayers: *g\n").unwrap_err();
        assert_eq!(all.len(), 1);
    }
}
