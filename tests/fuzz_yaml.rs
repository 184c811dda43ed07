//! Tournament files written in random YAML layouts, each with one mistake at a random place:
//! checking never panics, one message names the mistake's path, and its span is exactly the
//! text of the faulty node as it was written.
//!
//! Layouts: the top mapping and every collection in block or flow style; flow collections on
//! one line or broken over several (with comments at line ends and uneven indentation);
//! block sequences of mappings written compactly (`- name: a`) or with the mapping on the next
//! lines; scalars plain, single- or double-quoted; comments and blank lines between entries;
//! `---` before the document; `\n` or `\r\n` line ends; non-ASCII text.
//!
//! Mistakes: an unknown key (in the top mapping, a participant, `openings`), a value of the
//! wrong type (`games`, `seed`, `openings.random`: a word, a negative number, or a list that
//! may span lines), an unknown variant, an unknown agent. Read mistakes (keys, types) are found
//! by the YAML reader, the others by the checks after it: both must be located.
//!
//! Every generated document is also checked without its mistake, and must then check: the
//! generator writes valid YAML, so a failure is the reader's or the locator's.

use std::ops::Range;
use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use sow::lang::diagnostic::SourceFile;
use sow::tournament::file::{Variants, check_text};

/// A value of the model document.
#[derive(Debug, Clone)]
enum V {
    /// A string, written plain or quoted as the layout says.
    Text(String),
    /// Written as is (a number, a word that must stay plain).
    Raw(String),
    Seq(Vec<V>),
    Map(Vec<(String, V)>),
    /// The faulty node: its written text is what the message must underline.
    Wrong(Box<V>),
    /// A mapping entry whose key is the faulty node.
    WrongKey(String, Box<V>),
}

#[derive(Debug, Clone, Copy)]
enum Mistake {
    TopKey,
    ParticipantKey,
    OpeningsKey,
    Games,
    Seed,
    OpeningsRandom,
    Variant,
    Agent,
}

#[derive(Debug, Clone)]
struct Case {
    mistake: Mistake,
    /// Which variant or participant is wrong, which entry an unknown key comes before.
    at: usize,
    /// For a wrong type: `many`, `-1`, or a list.
    wrong_value: usize,
    variants: usize,
    participants: usize,
    /// Participants written as mappings (`name`, `agent`) rather than agents alone.
    named: bool,
    /// Drives every choice of layout.
    seed: u64,
}

/// A comment at a line's end.
const COMMENT: &str = "  # note é";
const AGENTS: [&str; 4] = ["random", "greedy", "alphabeta:1", "alphabeta:2"];
const VARIANTS: [&str; 2] = ["bakuk", "kalah"];
const NAMES: [&str; 4] = ["Ama", "joueur é", "игрок", "p #3"];

/// The document, with the faulty node wrapped, and the path the message must name (empty
/// for the top mapping).
fn model(c: &Case) -> (V, String) {
    let text = |s: &str| V::Text(s.to_string());
    let mut variants: Vec<V> = VARIANTS[..c.variants].iter().map(|v| text(v)).collect();
    let mut participants: Vec<V> = (0..c.participants)
        .map(|i| {
            if c.named {
                V::Map(vec![("name".into(), text(NAMES[i])), ("agent".into(), text(AGENTS[i]))])
            } else {
                text(AGENTS[i])
            }
        })
        .collect();
    let wrong_value = || match c.wrong_value % 3 {
        0 => V::Raw("many".into()),
        1 => V::Raw("-1".into()),
        _ => V::Seq(vec![V::Raw("1".into()), V::Raw("2".into())]),
    };
    let mut games = V::Raw("2".into());
    let mut seed = V::Raw("7".into());
    let mut openings = vec![("random".to_string(), V::Raw("2".into()))];
    let unknown = |value| V::WrongKey("colour".into(), Box::new(value));
    let path;
    match c.mistake {
        Mistake::TopKey => path = String::new(),
        Mistake::ParticipantKey => {
            let i = c.at % c.participants;
            path = format!("participants[{i}]");
            let entries = match &participants[i] {
                V::Map(e) => e.clone(),
                V::Text(agent) => vec![("agent".to_string(), V::Text(agent.clone()))],
                _ => unreachable!(),
            };
            let mut entries: Vec<V> = entries.into_iter().map(|(k, v)| V::Map(vec![(k, v)])).collect();
            entries.insert(c.at % (entries.len() + 1), unknown(text("red")));
            participants[i] = flatten(entries);
        }
        Mistake::OpeningsKey => {
            path = "openings".into();
            let mut entries: Vec<V> = openings.drain(..).map(|(k, v)| V::Map(vec![(k, v)])).collect();
            entries.insert(c.at % 2, unknown(text("red")));
            return finish(c, variants, participants, games, seed, Some(flatten(entries)), path);
        }
        Mistake::Games => {
            path = "games".into();
            games = V::Wrong(Box::new(wrong_value()));
        }
        Mistake::Seed => {
            path = "seed".into();
            seed = V::Wrong(Box::new(wrong_value()));
        }
        Mistake::OpeningsRandom => {
            path = "openings.random".into();
            openings[0].1 = V::Wrong(Box::new(wrong_value()));
        }
        Mistake::Variant => {
            let i = c.at % c.variants;
            path = format!("variants[{i}]");
            variants[i] = V::Wrong(Box::new(text("nosuch")));
        }
        Mistake::Agent => {
            let i = c.at % c.participants;
            match &mut participants[i] {
                V::Map(entries) => {
                    path = format!("participants[{i}].agent");
                    entries[1].1 = V::Wrong(Box::new(text("gredy")));
                }
                other => {
                    path = format!("participants[{i}]");
                    *other = V::Wrong(Box::new(text("gredy")));
                }
            }
        }
    }
    let openings = V::Map(openings);
    finish(c, variants, participants, games, seed, Some(openings), path)
}

/// One mapping from single-entry mappings and wrong keys, in order.
fn flatten(entries: Vec<V>) -> V {
    V::Map(
        entries
            .into_iter()
            .flat_map(|e| match e {
                V::Map(kv) => kv,
                wrong @ V::WrongKey(..) => vec![(String::new(), wrong)],
                _ => unreachable!(),
            })
            .collect(),
    )
}

fn finish(
    c: &Case,
    variants: Vec<V>,
    participants: Vec<V>,
    games: V,
    seed: V,
    openings: Option<V>,
    path: String,
) -> (V, String) {
    let mut top = vec![
        ("name".to_string(), V::Text("Tournoi d’été".into())),
        ("variants".to_string(), V::Seq(variants)),
        ("participants".to_string(), V::Seq(participants)),
        ("games".to_string(), games),
        ("seed".to_string(), seed),
    ];
    if let Some(o) = openings {
        top.push(("openings".to_string(), o));
    }
    if matches!(c.mistake, Mistake::TopKey) {
        let at = c.at % (top.len() + 1);
        top.insert(at, (String::new(), V::WrongKey("colour".into(), Box::new(V::Text("red".into())))));
    }
    (V::Map(top), path)
}

/// The model without its mistake: what the mistake replaced, or nothing for a wrong key.
fn fixed(v: &V, c: &Case) -> V {
    match v {
        V::Seq(items) => V::Seq(items.iter().map(|i| fixed(i, c)).collect()),
        V::Map(entries) => V::Map(
            entries
                .iter()
                .filter(|(_, v)| !matches!(v, V::WrongKey(..)))
                .map(|(k, v)| (k.clone(), fixed(v, c)))
                .collect(),
        ),
        V::Wrong(_) => match c.mistake {
            Mistake::Variant => V::Text(VARIANTS[c.at % c.variants].into()),
            Mistake::Agent => V::Text(AGENTS[c.at % c.participants].into()),
            _ => V::Raw("2".into()),
        },
        other => other.clone(),
    }
}

/// splitmix64: the layout's choices.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn one_in(&mut self, n: u64) -> bool {
        self.next().is_multiple_of(n)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Writes a model in a random layout, keeping where the faulty node went.
struct Writer {
    out: String,
    nl: &'static str,
    dice: Dice,
    wrong: Option<Range<usize>>,
    /// Where the last string value's text started.
    content: Option<usize>,
    /// Whether the line holds the text of a block scalar (where a comment would be text).
    bare: bool,
}

impl Writer {
    fn newline(&mut self, indent: usize) {
        self.bare = false;
        self.out.push_str(self.nl);
        self.out.push_str(&" ".repeat(indent));
    }

    fn scalar(&mut self, s: &str, flow: bool) {
        // In flow context, `:` and `#`-after-space make a plain scalar ambiguous: quote them.
        let must_quote = flow && (s.contains(':') || s.contains(" #")) || s.contains(" #");
        match self.dice.below(3) {
            0 if !must_quote => self.out.push_str(s),
            1 | 0 => {
                self.out.push('\'');
                self.out.push_str(&s.replace('\'', "''"));
                self.out.push('\'');
            }
            _ => {
                self.out.push('"');
                self.out.push_str(&s.replace('\\', "\\\\").replace('"', "\\\""));
                self.out.push('"');
            }
        }
    }

    /// A string value: maybe with an anchor or a tag, maybe (in block context) as a block
    /// scalar or a plain scalar over two lines; `content` is set to where its text starts.
    fn text_value(&mut self, s: &str, indent: usize, flow: bool) {
        match self.dice.below(8) {
            0 => {
                let n = self.dice.below(100);
                self.out.push_str(&format!("&a{n} "));
            }
            1 => self.out.push_str("!!str "),
            _ => {}
        }
        let simple = !s.contains(" #") && !s.starts_with(['"', '\'', '-', '&', '!', '*']);
        match self.dice.below(6) {
            0 if !flow && simple => {
                // `>-` and `|-`: one line of text, without its line break.
                self.out.push_str(if self.dice.one_in(2) { ">-" } else { "|-" });
                self.newline(indent + 2);
                self.content = Some(self.out.len());
                self.out.push_str(s);
                self.bare = true;
            }
            1 if !flow && simple && s.contains(' ') => {
                // A plain scalar folded over two lines reads as one line.
                let (a, b) = s.split_once(' ').expect("a space");
                self.content = Some(self.out.len());
                self.out.push_str(a);
                self.newline(indent + 2);
                self.out.push_str(b);
            }
            _ => {
                self.content = Some(self.out.len());
                self.scalar(s, flow);
            }
        }
    }

    fn comment(&mut self) {
        // After a block scalar, a comment would be its text.
        if self.bare {
            return;
        }
        if self.dice.one_in(4) {
            self.out.push_str(COMMENT);
        }
    }

    /// A value, starting on the current line; `indent` is its parent block's indentation, and
    /// `flow` says whether it is inside a flow collection.
    fn value(&mut self, v: &V, indent: usize, flow: bool) {
        match v {
            V::Text(s) => self.text_value(s, indent, flow),
            V::Raw(s) => self.out.push_str(s),
            V::Wrong(inner) => {
                let start = self.out.len();
                self.content = None;
                self.value(inner, indent, flow);
                // A scalar's text starts after its anchor, tag or block indicator.
                let start = match (self.content.take(), inner.as_ref()) {
                    (Some(c), V::Text(_)) => c,
                    _ => start,
                };
                // A block collection starts on the next line.
                let written = &self.out[start..];
                let lead = written.len() - written.trim_start().len();
                // The comment after a block sequence's last item is not the sequence's.
                let mut end = self.out.len();
                while self.out[start..end].ends_with(COMMENT) {
                    end -= COMMENT.len();
                }
                self.wrong = Some(start + lead..end);
            }
            V::Seq(_) | V::Map(_) if flow || self.dice.one_in(2) => self.flow(v, indent),
            V::Seq(items) => {
                for item in items {
                    self.newline(indent);
                    self.item(item, indent);
                }
            }
            V::Map(entries) => {
                for (k, v) in entries {
                    self.newline(indent + 2);
                    self.entry(k, v, indent + 2, false);
                }
            }
            V::WrongKey(..) => unreachable!("a wrong key is an entry"),
        }
    }

    /// `- item` at the current place, the dash at column `indent`.
    fn item(&mut self, v: &V, indent: usize) {
        self.out.push('-');
        match v {
            V::Map(entries) if !entries.is_empty() && !self.dice.one_in(3) => {
                if self.dice.one_in(2) {
                    // Compact: the first key on the dash's line.
                    self.out.push(' ');
                    for (i, (k, v)) in entries.iter().enumerate() {
                        if i > 0 {
                            self.newline(indent + 2);
                        }
                        self.entry(k, v, indent + 2, false);
                    }
                } else {
                    for (k, v) in entries {
                        self.newline(indent + 4);
                        self.entry(k, v, indent + 4, false);
                    }
                }
            }
            _ => {
                self.out.push(' ');
                self.value(v, indent + 2, false);
                self.comment();
            }
        }
    }

    /// `key: value` at the current place; `indent` is the key's column in block style.
    fn entry(&mut self, k: &str, v: &V, indent: usize, flow: bool) {
        let (k, v) = match v {
            V::WrongKey(k, v) => {
                let start = self.out.len();
                self.scalar(k, flow);
                self.wrong = Some(start..self.out.len());
                (None, v.as_ref())
            }
            _ => (Some(k), v),
        };
        let scalar_value = matches!(v, V::Text(_) | V::Raw(_))
            || matches!(v, V::Wrong(inner) if matches!(inner.as_ref(), V::Text(_) | V::Raw(_)));
        if let Some(k) = k {
            // `? key` on its line, `: value` on the next.
            if !flow && scalar_value && self.dice.one_in(8) {
                self.out.push_str("? ");
                self.scalar(k, flow);
                self.newline(indent);
            } else {
                self.scalar(k, flow);
            }
        }
        self.out.push_str(": ");
        match v {
            V::Seq(_) if !flow => {
                // A block sequence may sit at its key's column or deeper.
                let deeper = if self.dice.one_in(2) { 2 } else { 0 };
                if self.dice.one_in(2) {
                    self.flow(v, indent);
                } else {
                    self.value(v, indent + deeper, false);
                }
            }
            V::Map(_) if !flow => {
                if self.dice.one_in(2) {
                    self.flow(v, indent);
                } else {
                    self.value(v, indent, false);
                }
            }
            _ => self.value(v, indent, flow),
        }
        if !flow {
            self.comment();
        }
    }

    /// A flow collection; its continuation lines are indented past `indent`.
    fn flow(&mut self, v: &V, indent: usize) {
        let (open, close) = if matches!(v, V::Seq(_)) { ('[', ']') } else { ('{', '}') };
        let broken = self.dice.one_in(2);
        self.out.push(open);
        let n = match v {
            V::Seq(items) => items.len(),
            V::Map(entries) => entries.len(),
            _ => unreachable!(),
        };
        for i in 0..n {
            if i > 0 {
                self.out.push(',');
            }
            if broken && (i > 0 || self.dice.one_in(2)) {
                if i > 0 && self.dice.one_in(3) {
                    self.out.push_str(" # c");
                }
                let extra = self.dice.below(4) as usize;
                self.newline(indent + 1 + extra);
            } else if i > 0 {
                self.out.push(if self.dice.one_in(4) { '\t' } else { ' ' });
            }
            match v {
                V::Seq(items) => self.value(&items[i], indent + 1, true),
                V::Map(entries) => {
                    let (k, value) = &entries[i];
                    self.entry(k, value, indent + 1, true);
                }
                _ => unreachable!(),
            }
        }
        if broken && self.dice.one_in(2) {
            self.newline(indent + 1);
        }
        self.out.push(close);
    }

    /// The whole document.
    fn document(&mut self, top: &V) {
        if self.dice.one_in(4) {
            self.out.push_str("# a tournament");
            self.out.push_str(self.nl);
        }
        if self.dice.one_in(4) {
            self.out.push_str("---");
            self.out.push_str(self.nl);
        }
        let V::Map(entries) = top else { unreachable!() };
        if self.dice.one_in(6) {
            self.flow(top, 0);
            self.out.push_str(self.nl);
            return;
        }
        for (k, v) in entries {
            self.entry(k, v, 0, false);
            self.out.push_str(self.nl);
            if self.dice.one_in(5) {
                self.out.push_str("# between");
                self.out.push_str(self.nl);
            }
            if self.dice.one_in(5) {
                self.out.push_str(self.nl);
            }
        }
    }
}

fn write(v: &V, seed: u64) -> (String, Option<Range<usize>>) {
    let mut dice = Dice(seed);
    let nl = if dice.one_in(4) { "\r\n" } else { "\n" };
    let mut w = Writer { out: String::new(), nl, dice, wrong: None, content: None, bare: false };
    w.document(v);
    (w.out, w.wrong)
}

fn run(c: &Case) -> Result<(), TestCaseError> {
    let (doc, path) = model(c);
    // The same layout choices for the document with and without its mistake.
    let (good, _) = write(&fixed(&doc, c), c.seed);
    let file = SourceFile::new("good.yaml", good.clone());
    if let Err(d) = check_text(file, Variants::Beside(Path::new(".")), &[]) {
        return Err(TestCaseError::fail(format!("the document without its mistake fails:\n{good}\n{d}")));
    }
    let (text, wrong) = write(&doc, c.seed);
    let wrong = wrong.expect("the mistake is written");
    let file = SourceFile::new("bad.yaml", text.clone());
    let diags = match check_text(file, Variants::Beside(Path::new(".")), &[]) {
        Ok(_) => return Err(TestCaseError::fail(format!("checks ok:\n{text}"))),
        Err(d) => d,
    };
    // Every message renders, and points inside the text.
    for d in &diags.0 {
        let _ = d.to_string();
        if let Some(l) = &d.location {
            prop_assert!(l.span.end <= text.len() && text.is_char_boundary(l.span.start), "{d}");
        }
    }
    let prefix = if path.is_empty() { String::new() } else { format!("`{path}`: ") };
    let found = diags.0.iter().find(|d| {
        d.message.starts_with(&prefix) && (!path.is_empty() || d.message.starts_with("unknown key `colour`"))
    });
    let Some(d) = found else {
        return Err(TestCaseError::fail(format!("no message names `{path}`:\n{text}\n{diags}")));
    };
    let span = d.location.as_ref().map(|l| l.span.clone()).unwrap_or(0..0);
    prop_assert_eq!(
        &text[span.clone()],
        &text[wrong.clone()],
        "the message underlines {:?}, the mistake is at {:?}:\n{}\n{}",
        span,
        wrong,
        text,
        d
    );
    Ok(())
}

fn case() -> impl Strategy<Value = Case> {
    let mistake = prop_oneof![
        Just(Mistake::TopKey),
        Just(Mistake::ParticipantKey),
        Just(Mistake::OpeningsKey),
        Just(Mistake::Games),
        Just(Mistake::Seed),
        Just(Mistake::OpeningsRandom),
        Just(Mistake::Variant),
        Just(Mistake::Agent),
    ];
    (mistake, 0..8usize, 0..3usize, 1..=2usize, 2..=4usize, any::<bool>(), any::<u64>()).prop_map(
        |(mistake, at, wrong_value, variants, participants, named, seed)| Case {
            mistake,
            at,
            wrong_value,
            variants,
            participants,
            named,
            seed,
        },
    )
}

proptest! {
    // Each case checks two documents (loading their variants): a thousand run in a second or two.
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn every_mistake_in_any_layout_is_located(c in case()) {
        run(&c)?;
    }
}
