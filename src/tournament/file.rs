//! Tournament files: YAML read into typed structs (unknown keys refused), then checked as a
//! whole: every variant loaded, every agent read, every number in range. Each mistake is a
//! located message naming the field, and all of them are reported at once; nothing is played
//! until the file is right.

use std::path::Path;
use std::sync::Arc;

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::engine::notation;
use crate::engine::{Move, Rules, compile};
use crate::lang::diagnostic::{Diagnostic, Diagnostics, SourceFile, closest};
use crate::lang::library;
use crate::lang::spec::MAX_PLY_LIMIT;
use crate::lang::vary::{self, Change};
use crate::play::registry::PlayerSpec;
use crate::run::rating::Sprt;
use crate::yaml;

use super::schedule::{self, OpeningsError, Plan, TooLarge};

/// The largest tournament file read.
const LIMIT: crate::files::Kind = crate::files::Kind { what: "a tournament file", limit: crate::files::MIB };

/// The most participants a tournament may have.
pub const MAX_PARTICIPANTS: usize = 64;
/// The most opening sequences `every: K` may give.
pub const MAX_OPENINGS: usize = 10_000;

/// Where a tournament's variants are found.
#[derive(Clone, Copy)]
pub enum Variants<'a> {
    /// Bundled by name, files by their path from this folder (the tournament file's).
    Beside(&'a Path),
    /// Only those this finds, by name (`bakuk`, without a ruleset): a web page's tournament
    /// names no file.
    Named(&'a dyn Fn(&str) -> Result<library::VariantFile, Diagnostics>),
}

/// The file as written.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RawTournament {
    pub name: Option<String>,
    pub variants: Vec<String>,
    pub participants: Vec<RawParticipant>,
    #[serde(default)]
    pub format: RawFormat,
    pub gauntlet: Option<Vec<String>>,
    pub rounds: Option<u32>,
    pub games: Option<u64>,
    pub openings: Option<RawOpenings>,
    pub seed: Option<u64>,
    pub max_plies: Option<u32>,
    pub sprt: Option<RawSprt>,
    pub skill_trace: Option<RawTrace>,
    pub anchor: Option<String>,
}

/// A participant: an agent string alone (`mcts:1000`, named after it), or a name and an
/// agent.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct RawParticipant {
    pub name: Option<String>,
    pub agent: String,
}

impl<'de> Deserialize<'de> for RawParticipant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawParticipant;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an agent (`mcts:1000`) or a mapping with `name` and `agent`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawParticipant, E> {
                Ok(RawParticipant { name: None, agent: v.to_string() })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawParticipant, A::Error> {
                let (mut name, mut agent) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "name" if name.is_none() => name = Some(map.next_value::<String>()?),
                        "agent" if agent.is_none() => agent = Some(map.next_value::<String>()?),
                        "name" | "agent" => {
                            return Err(de::Error::duplicate_field(if key == "name" {
                                "name"
                            } else {
                                "agent"
                            }));
                        }
                        other => return Err(de::Error::unknown_field(other, &["name", "agent"])),
                    }
                }
                let agent = agent.ok_or_else(|| de::Error::missing_field("agent"))?;
                Ok(RawParticipant { name, agent })
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum RawFormat {
    #[default]
    RoundRobin,
    Gauntlet,
    Swiss,
}

/// `openings: {every: 2}`, `{random: 4}` or `{list: ["3 1", "2 5"]}`; none when left out.
#[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RawOpenings {
    pub every: Option<u32>,
    pub random: Option<u32>,
    pub list: Option<Vec<String>>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RawSprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    /// Game pairs between two looks at the likelihood ratio.
    pub every: Option<u64>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RawTrace {
    pub from: Option<u64>,
    pub to: Option<u64>,
    pub games: Option<u64>,
}

/// A participant, checked.
#[derive(Debug, Clone)]
pub struct Participant {
    pub name: String,
    pub agent: PlayerSpec,
}

/// A variant of the tournament, loaded and compiled, with its openings.
#[derive(Debug, Clone)]
pub struct Entry {
    /// As written in the file.
    pub reference: String,
    pub rules: Rules,
    /// The openings played (each by every seat order), or one empty opening.
    pub openings: Vec<Vec<Move>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Format {
    RoundRobin,
    /// The participants (indices) who meet every other.
    Gauntlet(Vec<usize>),
    Swiss {
        rounds: u32,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Openings {
    None,
    Every(u32),
    Random(u32),
    List,
}

/// `mcts:N` against `mcts:2N` for N = from, 2 from, ... up to `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    pub levels: Vec<u64>,
    pub games: u64,
}

/// A tournament file, checked: everything a run needs.
#[derive(Debug, Clone)]
pub struct Tournament {
    pub file: Arc<SourceFile>,
    pub name: String,
    pub variants: Vec<Entry>,
    pub participants: Vec<Participant>,
    pub format: Format,
    /// Games per pairing (per pairing and round in a Swiss).
    pub games: u64,
    pub opening_kind: Openings,
    pub seed: u64,
    pub sprt: Option<(Sprt, u64)>,
    pub trace: Option<Trace>,
    /// The participant rated 0.
    pub anchor: usize,
    /// A checksum of the file's meaning and of every variant's rules: records of another
    /// tournament are refused.
    pub fingerprint: u64,
}

/// Collects located messages about one file.
struct Report<'a> {
    file: &'a Arc<SourceFile>,
    /// The file's YAML nodes, read at the first message, once for all.
    doc: std::cell::OnceCell<yaml::Document>,
    diags: Diagnostics,
}

impl Report<'_> {
    /// A mistake at `path` (`participants[2].agent`), underlined where the path's text is.
    fn error(&mut self, path: &str, message: impl Into<String>) -> &mut Diagnostic {
        let message = message.into();
        let text = &self.file.text;
        let doc = self.doc.get_or_init(|| yaml::Document::new(text));
        let span = doc.locate(&yaml::parse_path(path)).unwrap_or(0..0);
        let shown = if path.is_empty() { message } else { format!("`{path}`: {message}") };
        let mut d = Diagnostic::error(shown);
        if !text.is_empty() {
            d = d.at(self.file, span, "");
        }
        self.diags.push(d);
        self.diags.0.last_mut().expect("just pushed")
    }
}

/// Reads and checks a tournament file.
pub fn load(path: &Path) -> Result<Tournament, Diagnostics> {
    load_with(path, &[])
}

/// Reads and checks a tournament file, each of its variants changed by `changes` (`--set`,
/// and `--vary`, which makes a variant of each value).
pub fn load_with(path: &Path, changes: &[Change]) -> Result<Tournament, Diagnostics> {
    let shown = path.display().to_string();
    let bytes =
        crate::files::read(path, LIMIT).map_err(|e| Diagnostics::from(Diagnostic::error(e.to_string())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Diagnostics::from(Diagnostic::error(format!("`{shown}` is not UTF-8 text"))))?;
    let text = text.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(text);
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    check_text(SourceFile::new(shown, text), Variants::Beside(&dir), changes)
}

/// Checks a tournament file's text, its variants found where `variants` says.
pub fn check_text(
    file: Arc<SourceFile>,
    variants: Variants<'_>,
    changes: &[Change],
) -> Result<Tournament, Diagnostics> {
    // Every entry's mistakes at once: a wrong value does not hide the next key's.
    let raw: RawTournament = yaml::from_str_all(&file.text).map_err(|errors| {
        let mut all = Diagnostics::default();
        for e in errors {
            let message = plain_types(&e.message);
            let shown = if e.path.is_empty() { message.clone() } else { format!("`{}`: {message}", e.path) };
            let mut d = Diagnostic::error(shown).at(&file, e.span, "");
            for note in &e.notes {
                d = d.note(note);
            }
            if let Some(guess) = guess_for(&message) {
                d = d.help(format!("did you mean `{guess}`?"));
            }
            all.push(d);
        }
        all
    })?;
    let mut r = Report { file: &file, doc: Default::default(), diags: Diagnostics::default() };
    let t = check(&raw, &mut r, variants, changes);
    match t {
        Some(mut t) if !r.diags.has_errors() => {
            t.file = file.clone();
            Ok(t)
        }
        _ => Err(in_file_order(r.diags, &file)),
    }
}

/// The messages in the order of the places in the file they point at, each followed by the
/// messages about another file (a variant's) that came with it.
fn in_file_order(diags: Diagnostics, file: &Arc<SourceFile>) -> Diagnostics {
    let ours = |d: &Diagnostic| d.location.as_ref().is_none_or(|l| Arc::ptr_eq(&l.file, file));
    let mut groups: Vec<(usize, Vec<Diagnostic>)> = Vec::new();
    for d in diags.0 {
        match groups.last_mut() {
            Some((_, g)) if !ours(&d) => g.push(d),
            _ => groups.push((d.location.as_ref().map_or(0, |l| l.span.start), vec![d])),
        }
    }
    groups.sort_by_key(|(at, _)| *at);
    Diagnostics(groups.into_iter().flat_map(|(_, g)| g).collect())
}

/// The library's words in a user's: its type names, and "field" for a key.
fn plain_types(message: &str) -> String {
    let message = message
        .replace("expected u64", "expected a whole number, 0 or more")
        .replace("expected u32", "expected a whole number, 0 or more")
        .replace("expected f64", "expected a number")
        .replace("expected a YAML tag starting with '!'", "expected one of the listed words")
        .replace("unknown field `", "unknown key `")
        .replace("missing field `", "missing key `")
        // The only enumeration of the file is `format`; a "variant" is a game here.
        .replace("unknown variant `", "unknown value `");
    // `invalid type: string "many", expected X`: what was expected first, then what was found.
    let found = ["invalid type: ", "invalid value: "].iter().find_map(|p| message.strip_prefix(p));
    if let Some((found, expected)) = found.and_then(|rest| rest.split_once(", expected ")) {
        let found = match found {
            "sequence" => "a list".to_string(),
            "map" => "a mapping".to_string(),
            "unit value" => "nothing".to_string(),
            other => other
                .strip_prefix("string ")
                .map(|s| format!("the text {s}"))
                .or_else(|| {
                    ["integer ", "floating point ", "boolean "]
                        .iter()
                        .find_map(|p| other.strip_prefix(p))
                        .map(str::to_string)
                })
                .unwrap_or_else(|| other.to_string()),
        };
        return format!("expected {expected}, not {found}");
    }
    message
}

/// For `unknown key `particpants`, expected one of `name`, ...`: the listed word meant, if one
/// is close.
fn guess_for(message: &str) -> Option<String> {
    let rest = ["unknown key `", "unknown value `"].iter().find_map(|p| message.strip_prefix(p))?;
    let (word, listed) = rest.split_once('`')?;
    let words: Vec<&str> = listed.split('`').skip(1).step_by(2).collect();
    closest(word, words).map(str::to_string)
}

/// `bakuk`, `bakuk:three-player`, or a file (`my.sow`, `my.sow:RULESET`) found beside the
/// tournament file.
/// The variants a reference names: itself, or one for each point of the grid of `changes`.
fn load_variant(
    reference: &str,
    variants: Variants<'_>,
    changes: &[Change],
) -> Result<Vec<Rules>, Diagnostics> {
    let (name, ruleset) = library::split_reference(reference);
    let file = match variants {
        Variants::Beside(dir) if library::is_path(name) => library::load_path(&dir.join(name))?,
        Variants::Beside(_) => library::load(name)?,
        Variants::Named(find) => find(name)?,
    };
    let (spec, _) = crate::lang::check::check(&file, ruleset)?;
    if changes.is_empty() {
        return Ok(vec![compile(&spec)]);
    }
    let mut out = Vec::new();
    let mut errors = Diagnostics::default();
    for point in vary::grid(changes) {
        match vary::apply(&file, ruleset, &point) {
            Ok((spec, _)) => out.push(compile(&spec)),
            Err(d) => errors.extend(d),
        }
    }
    if errors.has_errors() { Err(errors) } else { Ok(out) }
}

/// Whether an agent can play a variant: a script's moves are pits of its board, a solution
/// file is one of its rules. (A perfect player that solves its variant does so when the
/// tournament starts, not when it is checked.)
fn check_agent(agent: &PlayerSpec, rules: &Rules) -> Result<(), String> {
    if agent.solves() {
        // What would make the solver refuse is known without solving.
        return crate::play::solve::check_solvable(rules, rules.total_seeds() as usize).map(|_| ()).map_err(
            |error| {
                crate::play::registry::PlayerSpecError::Unsolvable { variant: rules.spec().label(), error }
                    .to_string()
            },
        );
    }
    agent.prepare(rules, &mut None, &crate::cancel::Cancel::new()).map(|_| ()).map_err(|e| e.to_string())
}

fn check(
    raw: &RawTournament,
    r: &mut Report<'_>,
    found: Variants<'_>,
    changes: &[Change],
) -> Option<Tournament> {
    let mut variants = Vec::new();
    if raw.variants.is_empty() {
        r.error("variants", "a tournament needs at least one variant");
    }
    for (i, v) in raw.variants.iter().enumerate() {
        match load_variant(v, found, changes) {
            Ok(all) => {
                for mut rules in all {
                    if let Some(p) = raw.max_plies {
                        rules = rules.with_ply_limit(Some(p));
                    }
                    if variants.iter().any(|e: &Entry| e.rules.spec().label() == rules.spec().label()) {
                        r.error(
                            &format!("variants[{i}]"),
                            format!("{} is named twice", rules.spec().label()),
                        );
                    }
                    variants.push(Entry { reference: v.clone(), rules, openings: vec![Vec::new()] });
                }
            }
            Err(d) => {
                let at = format!("variants[{i}]");
                match d.0.iter().find(|x| x.is_error()) {
                    // Not found, or not readable: the reference itself is wrong. Its message,
                    // with its notes (the bundled names, a guess), points at it.
                    Some(first) if first.location.is_none() => {
                        let (message, notes) = (first.message.clone(), first.notes.clone());
                        let e = r.error(&at, message);
                        e.notes.extend(notes);
                        if library::is_path(library::split_reference(v).0)
                            && matches!(found, Variants::Beside(_))
                        {
                            *e = e.clone().note(
                                "a variant file's path is taken from the folder of the tournament file",
                            );
                        }
                    }
                    // The variant's own messages, under one that says where it was named.
                    _ => {
                        let count = d.0.iter().filter(|x| x.is_error()).count();
                        let shown =
                            if count == 1 { "a mistake".to_string() } else { format!("{count} mistakes") };
                        r.error(&at, format!("cannot use `{v}`: it has {shown}, shown below"));
                        for x in d.0.into_iter().filter(|x| x.location.is_some()) {
                            r.diags.push(x);
                        }
                    }
                }
            }
        }
    }
    if let Some(p) = raw.max_plies
        && let Err(e) = crate::lang::spec::check_ply_limit(p)
    {
        r.error("max_plies", format!("a game is cut off after `max_plies` plies: {e}, not {p}"));
    }

    // Participants.
    let mut participants: Vec<Participant> = Vec::new();
    if raw.participants.len() < 2 {
        r.error("participants", "a tournament needs at least two participants");
    }
    if raw.participants.len() > MAX_PARTICIPANTS {
        r.error("participants", format!("a tournament has at most {MAX_PARTICIPANTS} participants"));
    }
    for (i, p) in raw.participants.iter().enumerate() {
        let at = match p.name {
            Some(_) => format!("participants[{i}].agent"),
            None => format!("participants[{i}]"),
        };
        let name = p.name.clone().unwrap_or_else(|| p.agent.clone());
        if name.trim().is_empty() {
            r.error(&format!("participants[{i}].name"), "a participant's name is empty");
        }
        if participants.iter().any(|q| q.name == name) {
            let (at, fix) = match p.name {
                Some(_) => (format!("participants[{i}].name"), "give each its own name"),
                None => (at.clone(), "give each a `name`"),
            };
            r.error(&at, format!("two participants are named `{name}`: {fix}"));
        }
        match PlayerSpec::parse(&p.agent, false) {
            Ok(agent) => {
                // A script is checked against each variant's board now.
                for e in &variants {
                    if let Err(err) = check_agent(&agent, &e.rules) {
                        r.error(&at, format!("{err} (in {})", e.rules.spec().label()));
                    }
                }
                participants.push(Participant { name, agent });
            }
            Err(e) => {
                r.error(&at, e.to_string());
            }
        }
    }

    // Seats: every variant seats as many as there are participants, or fewer.
    for (i, e) in variants.iter().enumerate() {
        let seats = e.rules.players();
        if seats > raw.participants.len() && raw.participants.len() >= 2 {
            r.error(
                &format!("variants[{i}]"),
                format!(
                    "{} seats {seats} players, but the tournament has {} participants",
                    e.rules.spec().label(),
                    raw.participants.len()
                ),
            );
        }
        if e.rules.ply_limit().is_none_or(|l| l > MAX_PLY_LIMIT) {
            r.error(
                &format!("variants[{i}]"),
                format!(
                    "{} has no ply limit a tournament can count; set `max_plies`",
                    e.rules.spec().label()
                ),
            );
        }
    }
    let seats_of = |e: &Entry| e.rules.players() as u64;
    let largest_seats = variants.iter().map(seats_of).max().unwrap_or(2);

    // Format.
    let index_of = |name: &str| participants.iter().position(|p| p.name == name);
    let names: Vec<&str> = participants.iter().map(|p| p.name.as_str()).collect();
    let format = match raw.format {
        RawFormat::RoundRobin => {
            for key in ["gauntlet", "rounds"] {
                let given = if key == "gauntlet" { raw.gauntlet.is_some() } else { raw.rounds.is_some() };
                if given {
                    r.error(
                        key,
                        format!(
                            "`{key}` is for the {} format; this tournament is a round robin",
                            if key == "gauntlet" { "gauntlet" } else { "swiss" }
                        ),
                    );
                }
            }
            Format::RoundRobin
        }
        RawFormat::Gauntlet => {
            let mut chosen = Vec::new();
            match &raw.gauntlet {
                None => {
                    r.error("format", "a gauntlet names its players in `gauntlet: [NAME, ...]`: those who meet every other participant");
                }
                Some(list) if list.is_empty() => {
                    r.error("gauntlet", "a gauntlet names at least one participant");
                }
                Some(list) => {
                    for (i, n) in list.iter().enumerate() {
                        match index_of(n) {
                            Some(k) if chosen.contains(&k) => {
                                r.error(&format!("gauntlet[{i}]"), format!("`{n}` is named twice"));
                            }
                            Some(k) => chosen.push(k),
                            None => {
                                let guess = closest(n, names.iter().copied());
                                let d = r.error(
                                    &format!("gauntlet[{i}]"),
                                    format!("no participant is named `{n}`"),
                                );
                                if let Some(g) = guess {
                                    *d = d.clone().help(format!("did you mean `{g}`?"));
                                }
                            }
                        }
                    }
                    if !chosen.is_empty() && chosen.len() >= participants.len() {
                        r.error(
                            "gauntlet",
                            "a gauntlet leaves at least one participant for its players to meet",
                        );
                    }
                }
            }
            if raw.rounds.is_some() {
                r.error("rounds", "`rounds` is for the swiss format");
            }
            Format::Gauntlet(chosen)
        }
        RawFormat::Swiss => {
            let n = participants.len() as u64;
            let needed = super::pairing::fewest_rounds(n);
            // Not every round up to n - 1 can be paired: past this many, what the earlier
            // rounds were may leave no way to pair the next.
            let most = super::pairing::most_rounds(n);
            if largest_seats > 2 {
                r.error(
                    "format",
                    "a Swiss tournament pairs two players a game: every variant must be a two-player one",
                );
            }
            match raw.rounds {
                None => {
                    r.error(
                        "format",
                        format!("a Swiss tournament says how many rounds it has: `rounds: {needed}` or more"),
                    );
                }
                Some(k) if k < needed => {
                    r.error("rounds", format!("a Swiss of {n} participants needs at least {needed} rounds to tell them apart (2^{needed} >= {n}), not {k}"));
                }
                Some(k) if u64::from(k) > most && n >= 2 => {
                    let d = r.error(
                        "rounds",
                        format!("{n} participants can be paired for at most {most} rounds without meeting twice, not {k}"),
                    );
                    let help = if most >= n - 1 {
                        format!("in {most} rounds everyone has met everyone")
                    } else {
                        format!(
                            "past {most} rounds, some earlier pairings leave no way to pair the next round without a repeat; for everyone to meet everyone, use `format: round-robin`"
                        )
                    };
                    *d = d.clone().help(help);
                }
                _ => {}
            }
            if raw.gauntlet.is_some() {
                r.error("gauntlet", "`gauntlet` is for the gauntlet format");
            }
            Format::Swiss { rounds: raw.rounds.unwrap_or(needed) }
        }
    };

    // Openings.
    let o = raw.openings.clone().unwrap_or_default();
    let given = [o.every.is_some(), o.random.is_some(), o.list.is_some()].iter().filter(|&&x| x).count();
    if given > 1 {
        r.error("openings", "give one kind of openings: `every: PLIES`, `random: PLIES` or `list: [...]`");
    }
    if raw.openings.is_some() && given == 0 {
        r.error("openings", "say which openings: `every: PLIES`, `random: PLIES` or `list: [...]`");
    }
    let opening_kind = match (&o.every, &o.random, &o.list) {
        (Some(k), _, _) => Openings::Every(*k),
        (_, Some(k), _) => Openings::Random(*k),
        (_, _, Some(_)) => Openings::List,
        _ => Openings::None,
    };
    for (field, k) in [("openings.every", o.every), ("openings.random", o.random)] {
        if k == Some(0) {
            r.error(field, "an opening is at least one ply");
        }
    }
    for e in &mut variants {
        let label = e.rules.spec().label();
        match opening_kind {
            Openings::Every(k) if k > 0 => {
                match schedule::every_opening(&e.rules, k) {
                    Ok(list) if list.is_empty() => {
                        r.error("openings.every", format!("every game of {label} ends within {k} plies: there is no opening of {k} plies"));
                    }
                    Ok(list) => e.openings = list,
                    Err(OpeningsError::TooMany) => {
                        r.error("openings.every", format!("{label} has more than {MAX_OPENINGS} openings of {k} plies: ask for fewer plies, or for `random: {k}`"));
                    }
                    Err(OpeningsError::TooLong) => {
                        r.error("openings.every", format!("the openings of {k} plies of {label} are not found within {} positions (most games end sooner): ask for fewer plies, or for `random: {k}`", schedule::MAX_OPENING_SEARCH));
                    }
                }
            }
            Openings::Random(k) if k > 0 => {
                // Drawn as the run draws its first unit's: a length no game reaches is refused now.
                if let Some(l) = e.rules.ply_limit().filter(|&l| l <= k) {
                    r.error("openings.random", format!("every game of {label} ends within {k} plies (it is cut off after {l}): there is no opening of {k} plies"));
                } else if schedule::random_opening(&e.rules, k, raw.seed.unwrap_or(0), 0).is_none() {
                    r.error("openings.random", format!("no random opening of {k} plies of {label} was found in 1000 tries: its games end sooner; ask for fewer plies"));
                }
            }
            Openings::List => {
                let mut list = Vec::new();
                for (i, text) in o.list.iter().flatten().enumerate() {
                    let at = format!("openings.list[{i}]");
                    match notation::parse_moves(&e.rules, text) {
                        Ok(moves) if moves.is_empty() => {
                            r.error(&at, "an opening holds at least one move");
                        }
                        Ok(moves) => {
                            match crate::engine::replay::replay(&e.rules, e.rules.initial_state(), &moves) {
                                Ok(steps) if steps.last().is_some_and(|s| s.after.is_over()) => {
                                    r.error(&at, format!("the game of {label} is over after `{text}`: an opening leaves a game to play"));
                                }
                                Ok(_) => list.push(moves),
                                Err(err) => {
                                    r.error(&at, format!("{err} (in {label})"));
                                }
                            }
                        }
                        Err(err) => {
                            r.error(&at, format!("{err} (in {label})"));
                        }
                    }
                }
                if o.list.as_ref().is_some_and(Vec::is_empty) {
                    r.error("openings.list", "the list of openings is empty");
                }
                if !list.is_empty() {
                    e.openings = list;
                }
            }
            _ => {}
        }
    }

    // Games.
    let seat_orders = |e: &Entry| (1..=seats_of(e)).product::<u64>();
    // By default each opening is played once in every order of the seats, in every variant:
    // the least number of games that each variant's seat orders and openings divide.
    let default_games = variants.iter().try_fold(1u64, |acc, e| {
        let mine = seat_orders(e).checked_mul(e.openings.len() as u64)?;
        let gcd = {
            let (mut a, mut b) = (acc, mine);
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        (acc / gcd.max(1)).checked_mul(mine).filter(|&g| g <= schedule::MAX_GAMES)
    });
    let games = match raw.games {
        Some(0) => {
            r.error("games", "a pairing plays at least one game");
            0
        }
        Some(g) => {
            for e in &variants {
                let orders = seat_orders(e);
                if g % orders != 0 {
                    let what = if orders == 2 {
                        "each opening is played twice, the seats swapped".to_string()
                    } else {
                        format!("each opening is played in all {orders} orders of the seats")
                    };
                    r.error("games", format!("{g} games cannot be split between the seat orders of {}: {what}, so give a multiple of {orders}", e.rules.spec().label()));
                }
            }
            g
        }
        None if opening_kind == Openings::Every(0) => 0,
        None if matches!(opening_kind, Openings::Every(_) | Openings::List) => match default_games {
            Some(g) => g,
            None => {
                r.error("openings", format!("playing each opening once in every order of the seats of every variant takes more than {} games a pairing: say how many with `games: N`", schedule::MAX_GAMES));
                0
            }
        },
        None => {
            r.error("", "say how many games each pairing plays: `games: 100`");
            0
        }
    };

    // SPRT.
    let sprt = match &raw.sprt {
        None => None,
        Some(s) => {
            if participants.len() != 2 || raw.participants.len() != 2 {
                r.error(
                    "sprt",
                    format!(
                        "an SPRT stops a match of two participants; this tournament has {}",
                        raw.participants.len()
                    ),
                );
            }
            if largest_seats > 2 {
                r.error("sprt", "an SPRT is for two-player variants");
            }
            if s.every == Some(0) {
                r.error("sprt.every", "the test is looked at every 1 or more game pairs");
            }
            match Sprt::new(s.elo0, s.elo1, s.alpha, s.beta) {
                Ok(t) => Some((t, s.every.unwrap_or(8).max(1))),
                Err(e) => {
                    let field = if s.elo0 >= s.elo1 || !s.elo0.is_finite() || !s.elo1.is_finite() {
                        "elo1"
                    } else if !(s.alpha > 0.0 && s.alpha < 1.0) {
                        "alpha"
                    } else {
                        "beta"
                    };
                    r.error(&format!("sprt.{field}"), e.to_string());
                    None
                }
            }
        }
    };

    // Skill trace.
    let trace = raw.skill_trace.as_ref().map(|t| {
        let from = t.from.unwrap_or(2);
        let to = t.to.unwrap_or(256);
        if from == 0 {
            r.error("skill_trace.from", "the weakest level has at least 1 simulation");
        }
        if to < from {
            r.error("skill_trace.to", format!("the trace goes up from {from}: `to` is {from} or more"));
        }
        let most = crate::play::mcts::MAX_SIMULATIONS as u64 / 2;
        if to > most {
            r.error(
                "skill_trace.to",
                format!(
                    "each level N plays mcts:2N, and mcts has at most {} simulations a move: `to` is at most {most}, not {to}",
                    crate::play::mcts::MAX_SIMULATIONS
                ),
            );
        }
        let games = t.games.unwrap_or(if games > 0 { games } else { 100 });
        if games == 0 || games % 2 != 0 {
            r.error(
                "skill_trace.games",
                "each level plays an even number of games, 2 or more (the seats swapped)",
            );
        }
        if largest_seats > 2 {
            r.error("skill_trace", "the skill trace is for two-player variants");
        }
        let mut levels = Vec::new();
        let mut n = from.max(1);
        while n <= to && levels.len() < 21 {
            levels.push(n);
            n *= 2;
        }
        Trace { levels, games }
    });

    // A level of the trace plays under its agent's name: no participant may have it.
    if let Some(tr) = &trace {
        for (i, p) in raw.participants.iter().enumerate() {
            let name = p.name.as_deref().unwrap_or(&p.agent);
            let clash = tr.levels.iter().flat_map(|&n| [n, 2 * n]).any(|n| name == format!("mcts:{n}"));
            if clash {
                let at = if p.name.is_some() {
                    format!("participants[{i}].name")
                } else {
                    format!("participants[{i}]")
                };
                r.error(&at, format!("`{name}` is the name of a level of the skill trace (mcts:N against mcts:2N): give this participant another `name`"));
            }
        }
    }

    // The anchor.
    let anchor = match &raw.anchor {
        Some(a) => match index_of(a) {
            Some(k) => k,
            None => {
                let guess = closest(a, names.iter().copied());
                let d = r.error("anchor", format!("no participant is named `{a}`"));
                if let Some(g) = guess {
                    *d = d.clone().help(format!("did you mean `{g}`?"));
                }
                0
            }
        },
        None => participants.iter().position(|p| p.agent == PlayerSpec::Random).unwrap_or(0),
    };

    let seed = raw.seed.unwrap_or(0);
    let fingerprint = {
        let mut bytes = serde_json::to_vec(raw).expect("a tournament serializes");
        for e in &variants {
            bytes.extend_from_slice(&e.rules.game_fingerprint().to_le_bytes());
            bytes.extend_from_slice(e.rules.spec().label().as_bytes());
            bytes.extend_from_slice(&e.rules.ply_limit().unwrap_or(0).to_le_bytes());
        }
        crate::engine::compile::fnv1a(&bytes)
    };
    let name = raw.name.clone().unwrap_or_else(|| {
        let labels: Vec<String> = variants.iter().map(|e| e.rules.spec().label()).collect();
        format!("{} tournament", labels.join(", "))
    });
    let t = Tournament {
        file: r.file.clone(),
        name,
        variants,
        participants,
        format,
        games,
        opening_kind,
        seed,
        sprt,
        trace,
        anchor,
        fingerprint,
    };
    // Games are numbered and counted, never listed; their number is bounded all the same.
    if !r.diags.has_errors()
        && let Err(TooLarge(count)) = Plan::try_new(&t)
    {
        let at = if raw.games.is_some() { "games" } else { "participants" };
        let count = count.map_or("more games than can be counted".to_string(), |n| format!("{n} games"));
        r.error(
            at,
            format!("this tournament would play {count}; a tournament plays at most {}", schedule::MAX_GAMES),
        );
    }
    Some(t)
}
