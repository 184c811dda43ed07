//! The rules of a variant as plain English, generated from its checked [`Spec`], so that a
//! reader can hold an encoding against a field description line by line.

use std::fmt::Write as _;

use crate::lang::draw;
use crate::lang::phases::KeepWay;
use crate::lang::spec::*;
use crate::lang::words::{and_list, number_word, or_list, ordinal, pit_list, plural, seeds_of};

/// The widest line of the description (and of `sow diff`'s table).
pub const WIDTH: usize = 92;

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

use crate::lang::lap_rule::{Claimer, Condition, Effect, Pits, Predicate, Receiver, Total};

/// Word-wraps a paragraph with an indent.
fn paragraph(out: &mut String, text: &str) {
    let mut line = String::from("  ");
    for word in text.split_whitespace() {
        if line.len() > 2 && line.len() + 1 + word.len() > WIDTH {
            out.push_str(line.trim_end());
            out.push('\n');
            line = String::from("  ");
        }
        if line.len() > 2 {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

fn heading(out: &mut String, title: &str) {
    let _ = write!(out, "\n{title}\n");
}

/// The direction of a sowing, as the description's sentences say it: `counter-clockwise`, or
/// for a direction by pit, `in the direction of its pit`.
fn sowing_word(d: &Directions) -> &'static str {
    match d {
        Directions::All(d) => d.word(),
        Directions::ByPit { .. } => "in the direction of that pit",
    }
}

/// `the 2 leftmost pits`, `the centre pit`.
fn group_words(g: PitGroupSpec) -> String {
    match g {
        PitGroupSpec::Leftmost(1) => "the leftmost pit".into(),
        PitGroupSpec::Leftmost(n) => format!("the {} leftmost pits", number_word(n as usize)),
        PitGroupSpec::Rightmost(1) => "the rightmost pit".into(),
        PitGroupSpec::Rightmost(n) => format!("the {} rightmost pits", number_word(n as usize)),
        PitGroupSpec::Centre => "the centre pit".into(),
        PitGroupSpec::Others => "the other pits".into(),
        PitGroupSpec::Ends => "the end pits".into(),
        PitGroupSpec::FromEachEnd(n) => format!("the {} pit from each end", ordinal(n as usize)),
    }
}

/// A line's groups, each with its row on a board of 4 rows: `the end pits of their inner row
/// and the 2nd pit from each end of their outer row`.
fn groups_words(groups: &[(PitGroupSpec, Option<RowPart>)]) -> String {
    let parts: Vec<String> = groups
        .iter()
        .map(|&(g, row)| match row {
            Some(r) => format!("{} of {}", group_words(g), r.words()),
            None => group_words(g),
        })
        .collect();
    parts.join(" and ")
}

fn about(out: &mut String, a: &About) {
    if !a.other_names.is_empty() {
        let _ = writeln!(out, "Other names: {}", a.other_names.join(", "));
    }
    if let Some(r) = &a.region {
        let _ = writeln!(out, "Region: {r}");
    }
    if let Some(p) = &a.people {
        let _ = writeln!(out, "People: {p}");
    }
    for (by, year) in &a.documented {
        match year {
            Some(y) => writeln!(out, "Documented by: {by}, {y}"),
            None => writeln!(out, "Documented by: {by}"),
        }
        .ok();
    }
    if !a.sources.is_empty() {
        out.push_str("Sources:\n");
        for s in &a.sources {
            match &s.url {
                Some(u) => writeln!(out, "  - {} <{u}>", s.title),
                None => writeln!(out, "  - {}", s.title),
            }
            .ok();
        }
    }
    if !a.notes.is_empty() {
        out.push_str("Notes:\n");
        for n in &a.notes {
            let mut p = String::new();
            paragraph(&mut p, n);
            out.push_str(&p.replacen("  ", "  - ", 1).replace("\n  ", "\n    "));
        }
    }
}

/// `Bakuk`, or `Bakuk (ruleset valdez)`: how the description (and `sow diff`) names a variant.
pub fn title(spec: &Spec) -> String {
    match &spec.ruleset {
        Some(r) => format!("{} (ruleset {r})", spec.name),
        None => spec.name.clone(),
    }
}

/// The whole description: metadata and sources, then the rules section by section.
pub fn describe(spec: &Spec, rulesets: &[&str]) -> String {
    let mut out = String::new();
    let title = title(spec);
    let _ = writeln!(out, "{title}\n{}", "=".repeat(title.chars().count()));
    about(&mut out, &spec.about);
    if let Some(base) = spec.bases.first() {
        let _ = writeln!(
            out,
            "Extends: {base}: its rules, except where this variant states its own (see Changes)"
        );
    }
    if let Some(r) = &spec.ruleset {
        let _ = writeln!(out, "Ruleset: {r}");
        about(&mut out, &spec.ruleset_about);
    } else if !rulesets.is_empty() {
        let _ = writeln!(out, "Rulesets: {} (choose one with --ruleset NAME)", rulesets.join(", "));
    }

    let rules = rules(spec);
    for section in Section::ALL {
        let said: Vec<&str> =
            rules.iter().filter(|r| r.section == section && r.said).map(|r| r.text.as_str()).collect();
        // A section with nothing to say (Turns, for most variants) is left out.
        if said.is_empty() {
            continue;
        }
        heading(&mut out, section.heading());
        if section == Section::Board {
            board_section(&mut out, spec, &said.join(" "));
        } else {
            paragraph(&mut out, &said.join(" "));
        }
    }
    changes_section(&mut out, spec);
    out
}

/// The sections of the description, in the order they are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Board,
    Players,
    Sowing,
    Turns,
    Capture,
    End,
    Rounds,
    Winner,
}

impl Section {
    pub const ALL: [Section; 8] = [
        Section::Board,
        Section::Players,
        Section::Sowing,
        Section::Turns,
        Section::Capture,
        Section::End,
        Section::Rounds,
        Section::Winner,
    ];

    pub fn heading(self) -> &'static str {
        match self {
            Section::Board => "Board",
            Section::Players => "Players",
            Section::Sowing => "Sowing",
            Section::Turns => "Turns",
            Section::Capture => "Capture",
            Section::End => "End",
            Section::Rounds => "Rounds",
            Section::Winner => "Winner",
        }
    }
}

/// One rule of a variant in words: a sentence or two of the description, and what `sow diff`
/// compares. Every variant has the same rules, in the same order; only their words differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// What it decides, in a word or two: `board`, `chain`, `ply limit`.
    pub name: &'static str,
    pub section: Section,
    /// The kinds of rule line whose values these words depend on.
    pub kinds: &'static [Kind],
    pub text: String,
    /// Does the description print it? A rule at its plainest (no extra turn, no grand slam
    /// rule) goes unsaid there; `sow diff` says it when the other variant differs.
    pub said: bool,
}

fn said(section: Section, name: &'static str, kinds: &'static [Kind], text: impl Into<String>) -> Rule {
    Rule { name, section, kinds, text: text.into(), said: true }
}

fn unsaid(section: Section, name: &'static str, kinds: &'static [Kind], text: impl Into<String>) -> Rule {
    Rule { said: false, ..said(section, name, kinds, text) }
}

/// Every rule of a variant in words, section by section, in the order the description prints
/// them.
pub fn rules(spec: &Spec) -> Vec<Rule> {
    let mut rules = Vec::new();
    board_rules(&mut rules, spec);
    players_rules(&mut rules, spec);
    store_pit_rule(&mut rules, spec);
    never_played_rule(&mut rules, spec);
    plays_other_rule(&mut rules, spec);
    stones_rules(&mut rules, spec);
    sowing_rules(&mut rules, spec);
    turns_rules(&mut rules, spec);
    phase_rules(&mut rules, spec);
    hand_rules(&mut rules, spec);
    legality_rules(&mut rules, spec);
    stage_rules(&mut rules, spec);
    relay_choices(&mut rules, spec);
    capture_rules(&mut rules, spec);
    end_rules(&mut rules, spec);
    rounds_rules(&mut rules, spec);
    rules
}

/// The rules of rounds: each unsaid for a game of one round.
fn rounds_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use crate::lang::rounds::{FillOrder, Unfilled};
    use Section::Rounds as S;
    let Some(r) = &spec.rounds else {
        rules.push(unsaid(S, "round end", &[Kind::RoundOver], "The game is played in one round."));
        rules.push(unsaid(S, "round take", &[Kind::RoundTake], "No seeds are taken at the end of a round."));
        rules.push(unsaid(S, "points", &[Kind::RoundScore], "No round is scored in points."));
        rules.push(unsaid(
            S,
            "set-up of each round",
            &[Kind::SetupAgain],
            "No round is set up as the first.",
        ));
        rules.push(unsaid(S, "refill", &[Kind::Refill], "No pit is filled for a next round."));
        owner_rules(rules, None);
        fill_rules(rules, None);
        rules.push(unsaid(S, "copy", &[Kind::CopyFill], "No player copies another's pits."));
        rules.push(unsaid(S, "pits not filled", &[Kind::Unfilled], "Every pit is in play."));
        rules.push(unsaid(S, "first filler", &[Kind::FillFirst], "No pit is filled for a next round."));
        rules.push(unsaid(S, "round begin", &[Kind::RoundBegin], "The game has one first move."));
        rules.push(unsaid(S, "match end", &[Kind::MatchEnd], "The match is the game."));
        return;
    };
    let board_at_most = match r.over.when {
        crate::lang::rounds::RoundEnd::BoardAtMost(n) => format!(
            "The game is played in rounds. A round is over when the board holds {} or fewer, looked at \
             after {}.",
            plural(n as usize, "seed", "seeds"),
            if r.over.after_each_lap {
                "each lap: a lap that would relay ends the move there, and its mover fills first"
            } else {
                "each move"
            }
        ),
        _ => String::new(),
    };
    rules.push(said(
        S,
        "round end",
        &[Kind::RoundOver],
        if r.over.when == crate::lang::rounds::RoundEnd::NobodyCanMove {
            "The game is played in rounds. A round is over when no player can move: the player to move \
             passes first, and the player after them fills first."
        } else if r.over.when == crate::lang::rounds::RoundEnd::NoneInPlay && !r.over.after_each_lap {
            "The game is played in rounds. A round is over when, after a move, no pit in play holds seeds \
             (seeds in pits that cannot be played do not count); a move that earned another turn leaves \
             its mover to fill first."
        } else if r.over.when == crate::lang::rounds::RoundEnd::NoneInPlay {
            "The game is played in rounds. A round is over when no pit in play holds seeds (seeds in pits \
             that cannot be played do not count), looked at after each lap: a lap that would relay (from a \
             pit that cannot be played) ends the move there, and its mover fills first, as does the mover of \
             a move that earned another turn."
        } else if r.over.when == crate::lang::rounds::RoundEnd::MoverRowEmpty && r.over.after_each_lap {
            "The game is played in rounds. A round is over when the player to move has an empty row: they \
             pass, and the round ends; this is looked at when a turn begins and before each relay, a relay \
             due when the mover's row is empty ending the move there."
        } else if r.over.when == crate::lang::rounds::RoundEnd::NoBigStone {
            "The game is played in rounds. A round is over when, after a move, no big stone is left on the \
             board (both taken)."
        } else if r.over.when == crate::lang::rounds::RoundEnd::BoardEmpty {
            "The game is played in rounds. A round is over when, after a move, every pit is empty."
        } else if matches!(r.over.when, crate::lang::rounds::RoundEnd::BoardAtMost(_)) {
            &board_at_most
        } else if r.over.when == crate::lang::rounds::RoundEnd::PitsEmpty {
            "The game is played in rounds. A round is over when, after a move, the pits a player owns are all \
             empty (where pits change owner, those they filled; a pit nobody owns is no player's)."
        } else if r.over.when == crate::lang::rounds::RoundEnd::AllClaimed {
            "The game is played in rounds. A round is over when, after a move, no pit that is not claimed \
             holds seeds: every seed left on the board is in a claimed pit."
        } else if r.over.when == crate::lang::rounds::RoundEnd::MoverRowEmpty {
            "The game is played in rounds. A round is over when the player to move has an empty row: they \
             pass, and the round ends."
        } else if r.over.after_each_lap {
            "The game is played in rounds. A round is over when all the pits of a player are empty, \
             looked at after each lap: a lap that would relay ends the move there, and its mover fills first."
        } else {
            "The game is played in rounds. A round is over when, after a move, all the pits of a player are empty."
        }
        // Where pits change owner, a row is a row whoever owns its pits; a store on the
        // circuit, never played, is no part of it.
        .replace(
            "all the pits of a player are empty",
            match (r.owners.to_filler, spec.phases.store_pit.is_some()) {
                (true, false) => "all the pits of a row are empty, whoever owns them",
                (true, true) => "all the pits of a row are empty, whoever owns them, its store aside",
                (false, true) => "all the pits of a player are empty, their store aside",
                (false, false) => "all the pits of a player are empty",
            },
        ),
    ));
    rules.push(said(
        S,
        "round take",
        &[Kind::RoundTake],
        match (r.owners.take, r.owners.to_filler) {
            (crate::lang::rounds::RoundTake::BoardTo(p), _) => format!(
                "Every seed left in the pits then goes to player {}'s hand, whoever owns the pits: each player's \
                 hand is what they captured, and player {} has the board's seeds too.",
                p + 1,
                p + 1
            ),
            (crate::lang::rounds::RoundTake::AllToNext, _) => {
                "Every seed, captured or left in the pits, then goes to the hand of the player who moves next."
                    .to_string()
            }
            (crate::lang::rounds::RoundTake::Row, _) => {
                "Each player then takes the seeds left in the pits of their row, whoever owns them: these and the \
                 seeds they captured are their hand."
                    .to_string()
            }
            (crate::lang::rounds::RoundTake::OwnSplit { odd }, _) => format!(
                "Each player then takes the seeds left in the pits they own (a pit nobody owns, its row's owner); \
                 a pit both own is split between them, player {} taking the odd seed: these and the seeds they \
                 captured are their hand.",
                odd + 1
            ),
            (_, true) => {
                "Each player then takes the seeds left in the pits they own (a pit nobody owns, its row's owner): \
                 these and the seeds they captured are their hand."
                    .to_string()
            }
            _ => "Each player then takes the seeds left in their own pits: these and the seeds they captured are their hand."
                .to_string(),
        },
    ));
    let which = match r.order {
        FillOrder::Leftmost => "their leftmost empty pit (counted from their left)",
        FillOrder::Rightmost => "their rightmost empty pit (counted from their right)",
        FillOrder::Choice => "an empty pit of their choice (a move of its own, written as the pit's number)",
        FillOrder::AnyPit => "a pit of their choice (a move of its own, written as the pit's number)",
    };
    rules.push(if r.points {
        said(
            S,
            "points",
            &[Kind::RoundScore],
            "When a round is over, the player who captured more seeds in it scores the difference in \
             points (none on a tie); the points add up across the rounds.",
        )
    } else {
        unsaid(S, "points", &[Kind::RoundScore], "No round is scored in points.")
    });
    if r.again {
        rules.push(said(
            S,
            "set-up of each round",
            &[Kind::SetupAgain],
            "Each round is set up as the first: the player who moves next distributes the seeds, as the \
             opening says.",
        ));
        rules.push(unsaid(S, "refill", &[Kind::Refill], "No pit is filled for a next round."));
        owner_rules(rules, Some(r));
        fill_rules(rules, Some(r));
        rules.push(unsaid(S, "copy", &[Kind::CopyFill], "No player copies another's pits."));
        rules.push(unsaid(S, "pits not filled", &[Kind::Unfilled], "Every pit is in play."));
        rules.push(first_filler(r));
        rules.push(round_begin(r));
        rules.push(match_end(r));
        return;
    }
    rules.push(unsaid(S, "set-up of each round", &[Kind::SetupAgain], "No round is set up as the first."));
    rules.push(said(
        S,
        "refill",
        &[Kind::Refill],
        match r.filler {
            crate::lang::rounds::Filler::InTurns => format!(
                "For the next round the players fill in turns, one pit a ply, each putting {} from their hand \
                 into {which}; a player who cannot is passed over, and play starts, when nobody can fill, with \
                 the player after the last to fill.",
                plural(r.fill as usize, "seed", "seeds")
            ),
            crate::lang::rounds::Filler::Fewer { tie } => format!(
                "For the next round the player holding fewer seeds (player {} on a tie) puts them all, one a \
                 ply, into pits of their own of their choice (each a move of its own, written as the pit's \
                 number); play then starts with the other player.",
                tie + 1
            ),
        },
    ));
    owner_rules(rules, Some(r));
    fill_rules(rules, Some(r));
    rules.push(if r.copy {
        said(
            S,
            "copy",
            &[Kind::CopyFill],
            "Once the placer's hand is empty, the other player puts into each pit facing one of the placer's \
             as many seeds as it holds, from their hand, and keeps the rest in hand.",
        )
    } else {
        unsaid(S, "copy", &[Kind::CopyFill], "No player copies another's pits.")
    });
    rules.push(said(
        S,
        "pits not filled",
        &[Kind::Unfilled],
        match r.unfilled {
            Unfilled::ForRound => {
                "The pits then empty are out of play for the round: sowing passes them by and they cannot \
                 be played; every pit is in play again when the round is over."
            }
            Unfilled::ForGood => {
                "The pits then empty are out of play for the rest of the match: sowing passes them by and \
                 they cannot be played; seeds put into one later stay there, out of play."
            }
            Unfilled::InPlay => {
                "The pits then empty stay in play: sown into as any pit, and played once they hold seeds."
            }
            Unfilled::Unplayable if r.owners.to_filler => {
                "The pits then empty belong to nobody: they cannot be played for the round, whatever they come to \
                 hold, but sowing passes through them as through any pit."
            }
            Unfilled::Unplayable => {
                "The pits then empty cannot be played for the round, whatever they come to hold, but sowing \
                 passes through them as through any pit."
            }
        },
    ));
    rules.push(first_filler(r));
    rules.push(round_begin(r));
    rules.push(match_end(r));
}

/// Who fills first between rounds, in words.
fn first_filler(r: &crate::lang::rounds::Rounds) -> Rule {
    use crate::lang::rounds::FirstFiller;
    use Section::Rounds as S;
    match r.first {
        FirstFiller::Fewer { tie } => said(
            S,
            "first filler",
            &[Kind::FillFirst],
            format!(
                "Whatever ended the round, the player whose hand then holds fewer seeds fills first (on a tie, {}).",
                match tie {
                    Some(t) => format!("player {}", t + 1),
                    None => "the player to move next".to_string(),
                }
            ),
        ),
        FirstFiller::Next if r.again => {
            unsaid(S, "first filler", &[Kind::FillFirst], "No pit is filled for a next round.")
        }
        FirstFiller::Next if r.filler != crate::lang::rounds::Filler::InTurns => {
            unsaid(S, "first filler", &[Kind::FillFirst], "Only one player places seeds.")
        }
        FirstFiller::Next => {
            unsaid(S, "first filler", &[Kind::FillFirst], "The player to move next fills first.")
        }
    }
}

/// Who begins each round, in words.
fn round_begin(r: &crate::lang::rounds::Rounds) -> Rule {
    use Section::Rounds as S;
    if r.alternate {
        said(
            S,
            "round begin",
            &[Kind::RoundBegin],
            "The players take turns to begin the rounds: the first move of the second round goes to the \
             player after the one who began the first, and so on, whoever filled last.",
        )
    } else {
        unsaid(S, "round begin", &[Kind::RoundBegin], "Who begins a round is decided by the fills.")
    }
}

/// The rule of the match's end, in words.
fn match_end(r: &crate::lang::rounds::Rounds) -> Rule {
    use crate::lang::rounds::MatchEnd;
    use Section::Rounds as S;
    said(
        S,
        "match end",
        &[Kind::MatchEnd],
        match r.match_end {
            MatchEnd::Points(n) => format!(
                "The match is won by the first player to reach {} when a round is over (a match stopped \
                 any other way goes to the player with more points; equal points, a draw).",
                plural(n as usize, "point", "points")
            ),
            MatchEnd::CannotFill => format!(
                "The match is over when a round is, if a player's hand holds fewer than {}: that player loses, \
                 whatever the scores (a match stopped any other way is scored as a game).",
                plural(r.fill as usize, "seed", "seeds")
            ),
            MatchEnd::NoPitInPlay => "The match is over when, the pits filled, a player has no pit in play: that \
                                      player loses, whatever the scores (a match stopped any other way is scored \
                                      as a game)."
                .to_string(),
            MatchEnd::MoverAllBut(n) => format!(
                "The match is over, after any ply of a round or of a filling, when at most {} lie outside the \
                 mover's store (their hand): the mover wins at once.",
                plural(n as usize, "seed", "seeds")
            ),
            MatchEnd::NoSeeds => "The match is over, after any ply (and any lap), when a player has no seeds \
                                  left, in their pits or their hand: that player loses."
                .to_string(),
            MatchEnd::HeldAtMost(n) => format!(
                "The match is over when a round is, if a player's hand then holds {} or fewer: that player \
                 loses, whatever the scores (a match stopped any other way is scored as a game).",
                plural(n as usize, "seed", "seeds")
            ),
            MatchEnd::OwnsAtMost(n) => format!(
                "The match is over when, the pits filled, a player owns {}: that player loses, whatever the \
                 scores; the pits a player owns are the pits in play they may start a move from (those of \
                 their row, those they filled in the other's and those they share). A match stopped any \
                 other way is scored as a game.",
                if n == 0 { "no pit".to_string() } else { format!("{} or fewer", plural(n as usize, "pit", "pits")) }
            ),
        },
    )
}

/// The rules of fills that go on, of a pit topped up by the other player, and of big stones
/// put back: each unsaid where the rounds have none.
fn fill_rules(rules: &mut Vec<Rule>, r: Option<&crate::lang::rounds::Rounds>) {
    use Section::Rounds as S;
    let (on, top, back) = r.map_or((0, 0, false), |r| (r.fill_on, r.top_up, r.stones_back));
    let borrow = r.is_some_and(|r| r.borrow);
    rules.push(if on > 0 {
        said(
            S,
            "going on filling",
            &[Kind::FillOn],
            format!(
                "A player who held {on} or more seeds before a fill fills the next pit too, in the same turn; \
                 else the fill passes to the other player."
            ),
        )
    } else {
        unsaid(S, "going on filling", &[Kind::FillOn], "The players fill one pit each in turn.")
    });
    let both = r.and_then(|r| r.both_filled);
    rules.push(if top > 0 {
        // Whose the pit is: the filler's where they borrow, else both players'; the player who
        // put in more where the rules say so.
        let lent = if borrow {
            "borrows from the other player's hand what a fill lacks"
        } else {
            "the other player puts in from their hand what a fill lacks"
        };
        let whose = match both {
            Some(tie) => format!("It belongs to the player who put more seeds into it ({}).", tie.prose()),
            None if borrow => "That pit is the filler's.".to_string(),
            None => "Both players own that pit for the round: either may play it.".to_string(),
        };
        said(
            S,
            "a pit topped up",
            &[Kind::TopUp, Kind::BothFilled],
            if borrow {
                format!(
                    "A player left with {} or more, too few for a pit (after their fills, or before any), puts \
                     them all into the next pit they would fill, and {lent} (what they hold, if less). {whose}",
                    plural(top as usize, "seed", "seeds")
                )
            } else {
                format!(
                    "A fill (not followed by another of the same player's) that leaves its filler {} or more, \
                     too few for a pit, is followed by a second: the filler puts them all into the next pit they \
                     would fill, and {lent} (what they hold, if less). {whose}",
                    plural(top as usize, "seed", "seeds")
                )
            },
        )
    } else {
        unsaid(S, "a pit topped up", &[Kind::TopUp, Kind::BothFilled], "No pit is filled by both players.")
    });
    rules.push(match r.and_then(|r| r.pool.map(|tie| (r.fill, tie))) {
        Some((fill, tie)) => said(
            S,
            "the last pit",
            &[Kind::Pool],
            format!(
                "When, after a fill, both players hold fewer than {} (and one of them some), both put all \
                 they hold into the next pit the filler would fill (their leftmost empty pit, or on beyond \
                 their row): it belongs to the player who put in more, {}.",
                plural(fill as usize, "seed", "seeds"),
                tie.prose()
            ),
        ),
        None => unsaid(S, "the last pit", &[Kind::Pool], "Seeds too few for a fill stay in the hands."),
    });
    rules.push(match r.filter(|r| r.short > 0) {
        Some(r) => said(
            S,
            "a short fill",
            &[Kind::ShortFill],
            format!(
                "A player who holds fewer than {}, but {}, still fills: they put all they hold into the \
                 pit they would fill, a fill of its own like the others.",
                plural(r.fill as usize, "seed", "seeds"),
                if r.short == 1 {
                    "some".to_string()
                } else {
                    format!("{} or more", number_word(r.short as usize))
                }
            ),
        ),
        None => unsaid(
            S,
            "a short fill",
            &[Kind::ShortFill],
            "A player who cannot make a whole fill does not fill.",
        ),
    });
    rules.push(if back {
        said(
            S,
            "big stones back",
            &[Kind::StonesBack],
            "Once the pits are filled, the big stones go back to the end places, one in each, and no player \
             holds one.",
        )
    } else {
        unsaid(S, "big stones back", &[Kind::StonesBack], "Big stones taken stay taken.")
    });
}

/// The rules of pits that change owner between rounds: each unsaid where pits do not.
fn owner_rules(rules: &mut Vec<Rule>, r: Option<&crate::lang::rounds::Rounds>) {
    use Section::Rounds as S;
    let o = r.map(|r| r.owners).unwrap_or_default();
    rules.push(if let Some(b) = o.beyond {
        said(
            S,
            "fill beyond the row",
            &[Kind::FillBeyond],
            match b {
                crate::lang::rounds::FillBeyond::AnyEmpty => {
                    "A player whose row is full (every pit of it holding seeds) fills any empty pit of the board \
                     instead, a pit of their choice."
                }
                crate::lang::rounds::FillBeyond::OtherRow
                    if r.is_some_and(|r| r.order == crate::lang::rounds::FillOrder::Choice) =>
                {
                    "A player whose row is full (every pit of it holding seeds) fills on into the other row, as \
                     they fill their own: an empty pit of it, of their choice."
                }
                crate::lang::rounds::FillBeyond::OtherRow
                    if r.is_some_and(|r| r.order == crate::lang::rounds::FillOrder::Rightmost) =>
                {
                    "A player whose row is full (every pit of it holding seeds) fills on into the other row, as \
                     they fill their own: its rightmost empty pit, counted from its owner's right."
                }
                crate::lang::rounds::FillBeyond::OtherRow => {
                    "A player whose row is full (every pit of it holding seeds) fills on into the other row, as \
                     they fill their own: its leftmost empty pit, counted from its owner's left."
                }
                crate::lang::rounds::FillBeyond::OtherPits => {
                    "A player whose pits are all full (each holding seeds) fills on into the other player's \
                     pits, as they fill their own: the first empty one in the order of the pits' numbers, \
                     from the other player's leftmost pit."
                }
            },
        )
    } else {
        unsaid(S, "fill beyond the row", &[Kind::FillBeyond], "A player fills only pits of their own row.")
    });
    rules.push(if o.to_filler {
        said(
            S,
            "owner of a pit filled",
            &[Kind::FillOwner],
            "A pit filled belongs, for the round, to the player who filled it, whatever its row: only its owner may \
             start a move from it, and the rules that speak of the mover's own pits mean the pits they own. When \
             the round is over, every pit goes back to its row's owner.",
        )
    } else {
        unsaid(S, "owner of a pit filled", &[Kind::FillOwner], "Each pit belongs to the owner of its row.")
    });
}

fn board_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::Board as S;
    let n = spec.pits();
    let stores = if spec.stores {
        "one store per player, where each keeps the seeds they capture"
    } else if spec.phases.store_pit.is_some() {
        "no stores beside the rows: each player's store is a pit of their row"
    } else {
        "no stores: captured seeds are set aside"
    };
    rules.push(said(
        S,
        "board",
        &[Kind::Board],
        format!(
            "{} of {} ({n} pits), {stores}.",
            capitalized(&plural(spec.rows as usize, "row", "rows")),
            plural(spec.pits_per_row as usize, "pit", "pits"),
        ),
    ));
    let total = spec.total_seeds();
    let empty = spec.seeds.iter().all(|&s| s == 0);
    let seeds = if spec.hand_seeds > 0 && !empty {
        // Pits listed, and hands besides (Bao).
        let listed: Vec<String> = spec
            .seeds
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s > 0)
            .map(|(p, s)| format!("pit {} {s}", p + 1))
            .collect();
        format!(
            "Seeds at the start: {}, the other pits empty; and each player holds {} in their hand; \
             {total} in all.",
            listed.join(", "),
            plural(spec.hand_seeds as usize, "seed", "seeds")
        )
    } else if let Some(p) = spec.hand_of.filter(|_| spec.hand_seeds > 0) {
        format!(
            "The pits start empty; player {} holds all {} in their hand.",
            p + 1,
            plural(spec.hand_seeds as usize, "seed", "seeds")
        )
    } else if spec.hand_seeds > 0 {
        format!(
            "The pits start empty; each player holds {} in their hand, {total} in all.",
            plural(spec.hand_seeds as usize, "seed", "seeds")
        )
    } else if spec.seeds.iter().all(|&s| s == spec.seeds[0]) {
        format!(
            "{} in each pit, {total} in all.",
            capitalized(&plural(spec.seeds[0] as usize, "seed", "seeds"))
        )
    } else {
        let listed: Vec<String> =
            spec.seeds.iter().enumerate().map(|(p, s)| format!("pit {} {s}", p + 1)).collect();
        format!("Seeds at the start: {}; {total} in all.", listed.join(", "))
    };
    rules.push(said(S, "seeds", &[Kind::Seeds], seeds));
}

/// The board's rules, how its pits are numbered, and its drawing.
fn board_section(out: &mut String, spec: &Spec, rules: &str) {
    let n = spec.pits();
    let numbering = if spec.rows == 4 {
        let c = spec.pits_per_row as usize;
        format!(
            "Pits are numbered counter-clockwise round each player's own two rows, from the leftmost \
             pit of their outer row (the row at their edge of the board): player 1's pits 1 to {}, \
             player 2's {} to {n}. An inner pit faces the pit of the opponent's inner row in its column (its \
             opposite pit); an outer pit faces none:",
            2 * c,
            2 * c + 1
        )
    } else if spec.rows == 3 {
        let c = spec.pits_per_row as usize;
        format!(
            "Each player owns the row nearest them and the half of the middle row at their right. Pits \
             are numbered 1 to {n} counter-clockwise along the one circuit the seeds follow: player 1's \
             row from their left (1 to {c}), on along their half of the middle row from its right end \
             ({} to {}), then player 2's the same from their seat. No pit faces another:",
            c + 1,
            c + c / 2
        )
    } else {
        format!(
            "Pits are numbered 1 to {n} counter-clockwise, starting from the leftmost pit of the south \
             row, nearest player 1:"
        )
    };
    paragraph(out, &format!("{rules} {numbering}"));
    out.push('\n');
    // The hands at the start: empty but where the seeds start in them.
    let hands = spec.start_hands();
    for line in draw::board(spec, &spec.seeds, &hands)
        .lines()
        .filter(|l| !l.starts_with("captured") && !l.starts_with("in store"))
    {
        let _ = writeln!(out, "    {line}");
    }
}

fn players_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::Players as S;
    rules.push(said(
        S,
        "players",
        &[Kind::Players],
        format!("{} players.", capitalized(&number_word(spec.players as usize))),
    ));
    let owns: Vec<String> = (0..spec.players)
        .map(|p| {
            let half = spec.pits() / 2;
            let row = match spec.row_of(p) {
                _ if spec.rows == 4 && spec.pits_of(p) == (1..=half).collect::<Vec<_>>() => {
                    " (the two south rows)"
                }
                _ if spec.rows == 4 && spec.pits_of(p) == (half + 1..=2 * half).collect::<Vec<_>>() => {
                    " (the two north rows)"
                }
                _ if spec.rows == 4 => "",
                _ if spec.rows == 3 && spec.pits_of(p) == (1..=half).collect::<Vec<_>>() => {
                    " (the south row and the right half of the middle row)"
                }
                _ if spec.rows == 3 && spec.pits_of(p) == (half + 1..=2 * half).collect::<Vec<_>>() => {
                    " (the north row and the right half of the middle row)"
                }
                _ if spec.rows == 3 => "",
                Some(Row::South) => " (the south row)",
                Some(Row::North) => " (the north row)",
                None => "",
            };
            format!("player {} owns {}{row}", p + 1, pit_list(&spec.pits_of(p)))
        })
        .collect();
    rules.push(said(S, "pits owned", &[Kind::Players], format!("{}.", capitalized(&owns.join("; ")))));
    let order: Vec<String> =
        (0..spec.players).map(|i| ((spec.first_player + i) % spec.players + 1).to_string()).collect();
    rules.push(said(
        S,
        "turn order",
        &[Kind::Players],
        format!(
            "Player {} moves first; turns then pass to {}, then back to player {}.",
            spec.first_player + 1,
            order[1..].iter().map(|p| format!("player {p}")).collect::<Vec<_>>().join(", then "),
            spec.first_player + 1,
        ),
    ));
}

fn sowing_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::Sowing as S;
    // On 4 rows a player's seeds go round their own two rows only.
    let four = spec.rows == 4;
    let n = if four { spec.pits() / 2 } else { spec.pits() };
    // Each player may play from the opponent's row, their own still theirs.
    let whose = if spec.plays_other { "the opponent's pits" } else { "their pits" };
    let which = match spec.min_seeds {
        1 => format!("one of {whose} that is not empty"),
        k => format!("one of {whose} holding at least {} seeds", number_word(k as usize)),
    };
    let dir =
        format!("{}{}", sowing_word(&spec.direction), if four { " round their own two rows" } else { "" });
    let mut text = format!("On their turn a player lifts every seed from {which}, ");
    let lap_at = match spec.opening {
        Opening::NextPit => {
            let _ = write!(text, "and sows them one by one {dir}, starting in the next pit.");
            n
        }
        Opening::EmptiedPit => {
            let _ = write!(
                text,
                "drops the first seed back into that pit, and sows the rest one by one {dir} into the \
                 following pits, so that a pit of n seeds reaches n - 1 pits ahead."
            );
            n + 1
        }
    };
    rules.push(said(S, "sowing", &[Kind::Direction, Kind::Opening, Kind::MinSeeds], text));
    let kinds = &[Kind::Direction];
    rules.push(match &spec.direction {
        Directions::All(d) => unsaid(S, "direction by pit", kinds, format!("Every pit sows {}.", d.word())),
        Directions::ByPit { groups, ways } => {
            // Each player's pits in number order: the places of the groups are among them.
            let (one, two) = (
                crate::lang::phases::seat_row(&spec.owners, 0),
                crate::lang::phases::seat_row(&spec.owners, 1),
            );
            let parts: Vec<String> = groups
                .iter()
                .map(|(g, w, places)| {
                    // The pits of each player, numbered for a reader who counts them.
                    let pits: Vec<String> =
                        places.iter().map(|&q| (one[q as usize] + 1).to_string()).collect();
                    let north: Vec<String> =
                        places.iter().map(|&q| (two[q as usize] + 1).to_string()).collect();
                    let word = if pits.len() == 1 { "pit" } else { "pits" };
                    format!(
                        "{} {} ({word} {} for player 1, {} for player 2)",
                        groups_words(g),
                        w.words(),
                        and_list(&pits),
                        and_list(&north)
                    )
                })
                .collect();
            let mut text = match groups.as_slice() {
                // `every pit: ...` alone names no other group: "the other pits" would mislead.
                [(g, w, _)] if g[..] == [(PitGroupSpec::Others, None)] => {
                    format!("Every pit sows {}.", w.words())
                }
                _ => format!(
                    "Each pit sows in its own direction, named from the seat of the player who owns it: {}.",
                    parts.join("; ")
                ),
            };
            if let Some(p) = ways.iter().position(|&w| w == Way::Either) {
                let p = p + 1;
                text.push_str(&format!(
                    " A pit that sows either way makes two moves, written with the direction after the pit \
                     number: `{p}cw` (clockwise) and `{p}ccw` (counter-clockwise)."
                ));
            }
            said(S, "direction by pit", kinds, text)
        }
    });
    let kinds = &[Kind::SingleSeed];
    rules.push(if spec.single_seed {
        said(
            S,
            "single seed",
            kinds,
            "A pit of a single seed is the exception: its seed goes into the next pit, not back into the emptied pit.",
        )
    } else {
        unsaid(S, "single seed", kinds, "A pit of a single seed is sown like any other.")
    });
    let kinds = &[Kind::MinSeeds];
    rules.push(match spec.min_seeds {
        1 => unsaid(S, "seeds to play", kinds, "A pit with one seed can be played."),
        k => said(
            S,
            "seeds to play",
            kinds,
            format!("A pit with fewer than {} seeds cannot be played.", number_word(k as usize)),
        ),
    });
    // A lap passes every pit and every store sown into: the mover's store is one more place
    // on the way round (Kalah: 13 seeds on 12 pits), both stores two more.
    let (lap_at, round) = match spec.store_sowing {
        StoreSowing::Neither if four => (lap_at, "the mover's two rows".to_string()),
        StoreSowing::Neither => (lap_at, "the board".to_string()),
        StoreSowing::Own => (lap_at + 1, format!("the board (its {n} pits and the mover's store)")),
        StoreSowing::Both => (lap_at + 2, format!("the board (its {n} pits and both stores)")),
    };
    let laps = match spec.laps {
        Laps::SowOrigin => format!(
            "A sowing of {lap_at} or more seeds goes all the way round {round}, and the emptied pit is sown into like any other."
        ),
        Laps::SkipOrigin => format!(
            "A sowing of {lap_at} or more seeds goes all the way round {round}, and skips the emptied pit each time it passes it."
        ),
    };
    rules.push(said(S, "laps", &[Kind::Laps, Kind::Opening, Kind::Board, Kind::StoreSowing], laps));
    let kinds = &[Kind::StoreSowing];
    rules.push(match spec.store_sowing {
        StoreSowing::Neither => unsaid(S, "stores sown into", kinds, "No seed is ever sown into a store."),
        StoreSowing::Own => said(
            S,
            "stores sown into",
            kinds,
            "A player's store lies after the last of their pits in the sowing direction; a sowing \
             that passes the mover's own store puts a seed into it, and skips the opponent's.",
        ),
        StoreSowing::Both => said(
            S,
            "stores sown into",
            kinds,
            "A player's store lies after the last of their pits in the sowing direction; a sowing \
             puts a seed into every store it passes.",
        ),
    });
    let kinds = &[Kind::Relay, Kind::LapCount];
    rules.push(match &spec.relay {
        None => said(S, "end of sowing", kinds, "Sowing ends with the last seed in hand (a single lap)."),
        Some(relay) => {
            let when = match relay {
                Relay::Occupied => "falls into a pit that already held seeds".to_string(),
                Relay::Makes(rule) => {
                    format!("makes {} {}", rule.counts.words(), where_phrase(spec, rule.pits, false))
                }
            };
            said(
                S,
                "end of sowing",
                kinds,
                format!(
                    "If the last seed of a lap {when}, the seeds of that pit, the last seed with them, are \
                     lifted and sown on in a new lap from that pit, as at the start of the move (relay \
                     sowing); the move goes on until a lap's last seed does not. A move makes at most \
                     {MAX_LAPS} laps, and ends after the {MAX_LAPS}th whatever its last seed does."
                ),
            )
        }
    });
}

fn turns_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::Turns as S;
    let kinds = &[Kind::ExtraTurn];
    rules.push(if spec.extra_turn {
        said(
            S,
            "extra turn",
            kinds,
            "If the last seed falls into the mover's own store, the same player moves again.",
        )
    } else {
        unsaid(S, "extra turn", kinds, "No move earns the mover another turn.")
    });
    let kinds = &[Kind::MustFeed];
    rules.push(if spec.must_feed {
        said(
            S,
            "must feed",
            kinds,
            "When the opponent's pits are all empty before a move, the mover must play a move that \
             leaves them holding seeds, judged after the whole move and its captures; a player who \
             cannot has no legal move.",
        )
    } else {
        unsaid(S, "must feed", kinds, "A player need not feed an opponent whose pits are all empty.")
    });
    let kinds = &[Kind::LapFeeds];
    rules.push(match spec.lap_feeds {
        Some(LapFeeds::FirstLap) => said(
            S,
            "laps feed",
            kinds,
            "A move may be played only if its first lap, with that lap's captures, leaves the opponent \
             holding seeds (the laps after it may empty their pits); a player who has no such move has \
             no legal move.",
        ),
        Some(LapFeeds::EachLap) => said(
            S,
            "laps feed",
            kinds,
            "A move may be played only if its first lap, with that lap's captures, leaves the opponent \
             holding seeds; a player who has no such move has no legal move. A relay lap that would \
             leave the opponent no seeds, with its captures, is not sown: the move is over where it \
             stands, and so is the game, the mover having no legal lap to play.",
        ),
        None => unsaid(S, "laps feed", kinds, "A move's laps may leave the opponent without seeds."),
    });
    let kinds = &[Kind::LeavesMove];
    rules.push(if spec.leaves_move {
        said(
            S,
            "leaves a move",
            kinds,
            "A move may be played only if, after it and its captures, the opponent has a pit they may \
             play (one of theirs holding the seeds a move needs); a player who has no such move has no \
             legal move.",
        )
    } else {
        unsaid(S, "leaves a move", kinds, "A move may leave the opponent without a move.")
    });
    let kinds = &[Kind::FirstMoves];
    let pits = |mask: u64| pit_numbers(mask).iter().map(|q| q.to_string()).collect::<Vec<_>>();
    let several = spec.first_move.iter().flatten().any(|&m| m.count_ones() > 1);
    // In a game of rounds, each round's first move or the match's.
    let when = |p: usize| match (spec.rounds.is_some(), spec.first_move_of_match >> p & 1 != 0) {
        (false, _) => "",
        (true, false) => " (in each round)",
        (true, true) => " (the match's first move only)",
    };
    let firsts: Vec<String> = spec
        .first_move
        .iter()
        .enumerate()
        .filter_map(|(p, mask)| {
            mask.map(|m| format!("player {}'s from pit {}{}", p + 1, or_list(&pits(m)), when(p)))
        })
        .collect();
    rules.push(if firsts.is_empty() {
        unsaid(S, "first moves", kinds, "A player's first move may be from any of their pits.")
    } else {
        said(
            S,
            "first moves",
            kinds,
            format!(
                "A player's first move {}must be from {}: {}.{}",
                if spec.rounds.is_some() { "" } else { "of the game " },
                if several { "one of the pits given" } else { "the pit given" },
                and_list(&firsts),
                if firsts.len() < spec.players as usize { " The others' first moves are free." } else { "" }
            ),
        )
    });
}

/// A store that is a pit on the circuit (`crate::lang::phases`).
fn store_pit_rule(rules: &mut Vec<Rule>, spec: &Spec) {
    let kinds = &[Kind::PitStore];
    rules.push(match spec.phases.store_pit {
        None => unsaid(Section::Players, "stores on the circuit", kinds, "No pit is a store."),
        Some(p) => said(
            Section::Players,
            "stores on the circuit",
            kinds,
            format!(
                "Each player's {} pit{} is their store: it is sown into like any pit, but no ordinary \
                 move is played from it; what a player captures goes into it, and their score is what \
                 it holds.",
                p.word(),
                if matches!(p, crate::lang::phases::SeatPit::Nth(_)) {
                    ", counted from their left,"
                } else {
                    ""
                }
            ),
        ),
    });
}

/// Who plays which row (`each player plays from the opponent's row`).
fn plays_other_rule(rules: &mut Vec<Rule>, spec: &Spec) {
    let kinds = &[Kind::PlaysOther];
    rules.push(if spec.plays_other {
        said(
            Section::Players,
            "row played",
            kinds,
            "Each player plays from the opponent's row: their moves start from the pits the opponent \
             owns, while their own row stays theirs, its seeds counted as theirs.",
        )
    } else {
        unsaid(Section::Players, "row played", kinds, "Each player plays from the pits they own.")
    });
}

/// Pits never played (`each player's centre pit cannot be played`).
fn never_played_rule(rules: &mut Vec<Rule>, spec: &Spec) {
    let kinds = &[Kind::NeverPlayed];
    let seats = &spec.phases.never_played;
    rules.push(if seats.is_empty() {
        unsaid(Section::Players, "pits never played", kinds, "Any pit of a player's may be played.")
    } else {
        let nth = seats.iter().any(|p| matches!(p, crate::lang::phases::SeatPit::Nth(_)));
        said(
            Section::Players,
            "pits never played",
            kinds,
            if let [one] = seats[..] {
                format!(
                    "Each player's {} pit{} cannot be played: it is sown into like any pit, and its seeds \
                     are its owner's, but no move starts from it.",
                    one.word(),
                    if nth { ", counted from their left," } else { "" }
                )
            } else {
                format!(
                    "Each player's {} pits{} cannot be played: they are sown into like any pit, and their \
                     seeds are their owner's, but no move starts from them.",
                    and_list(&seats.iter().map(|p| p.word()).collect::<Vec<_>>()),
                    if nth { ", counted from their left," } else { "" }
                )
            },
        )
    });
}

/// End places, big stones, a row refilled from the captures, the end when no big stone is
/// left (`crate::lang::stones`): each unsaid where the variant has none.
fn stones_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    let st = &spec.stones;
    let kinds = &[Kind::EndPlace];
    rules.push(match st.end_place {
        None => unsaid(Section::Players, "end places", kinds, "No pit is an end place."),
        Some(p) => said(
            Section::Players,
            "end places",
            kinds,
            format!(
                "Each player's {} pit{} is an end place: it is sown into like any pit, but no move is played \
                 from it, and it is nobody's while the game goes on (a player's pits are the others); its \
                 seeds go with its row at the end.{}",
                p.word(),
                if matches!(p, crate::lang::phases::SeatPit::Nth(_)) {
                    ", counted from their left,"
                } else {
                    ""
                },
                if st.big_stones {
                    " Each end place starts with a big stone: a piece of its own, never sown, one piece more \
                     in its place's count, and taken whole with its place."
                } else {
                    ""
                }
            ),
        ),
    });
    let kinds = &[Kind::StoneWorth];
    rules.push(if st.big_stones {
        said(
            Section::End,
            "big stones",
            kinds,
            format!(
                "A big stone counts as {} in the score of the player who took it.",
                plural(st.worth as usize, "seed", "seeds")
            ),
        )
    } else {
        unsaid(Section::End, "big stones", kinds, "There are no big stones.")
    });
    let kinds = &[Kind::HandRefill];
    rules.push(match st.refill {
        None => {
            unsaid(Section::Turns, "refill from the captures", kinds, "No row is refilled from the captures.")
        }
        Some((seeds, lap)) => said(
            Section::Turns,
            "refill from the captures",
            kinds,
            format!(
                "After each {}, a player whose pits are all empty, and who has captured at least {} for each \
                 of them, puts {} of those into each.{}",
                if lap { "lap" } else { "move" },
                plural(seeds as usize, "seed", "seeds"),
                number_word(seeds as usize),
                if spec.rounds.is_some_and(|r| r.owners.to_filler) {
                    " A player's pits are the pits they own for the round (a pit both own is each player's)."
                } else {
                    ""
                }
            ),
        ),
    });
    let kinds = &[Kind::NoStoneEnd];
    rules.push(if st.over_when_none {
        said(
            Section::End,
            "end without big stones",
            kinds,
            "The game is over when no big stone is left on the board.",
        )
    } else {
        unsaid(Section::End, "end without big stones", kinds, "No end waits for the big stones.")
    });
}

/// `player 1, player 2, then player 1 again each take every seed of an occupied pit of theirs,
/// of their choice, out of play; then player 2 moves first`, in words.
fn take_opening(spec: &Spec) -> String {
    use crate::lang::lap_rule::Receiver;
    let o = spec.phases.take_opening.as_ref().expect("an opening of takes");
    let pit = match &o.holds {
        None => "a pit of their own that holds seeds".to_string(),
        Some(c) => format!("a pit of their own that holds {}", c.words()),
    };
    let to = match o.to {
        Receiver::Nobody => " out of play (the seeds leave the game)",
        Receiver::Opponent => " for the opponent (as if the opponent had captured them)",
        _ => " for themselves (as if they had captured them)",
    };
    let each = if o.order.len() == 1 { "makes" } else { "each make" };
    format!(
        "Before play, {} {each} a move of the opening (written as the pit's number): they take every seed of \
         {pit}, of their choice,{to}, without sowing or capture. Then player {} moves first, and turns pass in \
         order. The opening's moves are moves of the game: a rule on the game's first moves counts them.",
        o.order_words(),
        o.first + 1
    )
}

/// One line of the opening of moves given by rule, in prose.
fn opening_words(o: &crate::lang::phases::OpeningRule<u8, crate::lang::phases::SeatPit>) -> String {
    use crate::lang::phases::Target;
    let moves = match (o.who, o.moves) {
        (None, 1) => "In their first move, a player".to_string(),
        (None, n) => format!("In each of their first {n} moves, a player"),
        (Some(p), 1) => format!("In their first move, player {}", p + 1),
        (Some(p), n) => format!("In each of their first {n} moves, player {}", p + 1),
    };
    let which = match o.from.len() {
        1 => "",
        _ => " (one that holds seeds, as they choose)",
    };
    let pits = crate::lang::phases::seat_words(&o.from);
    let pits = if o.opponent { pits.replacen("their", "the opponent's", 1) } else { pits };
    match o.to {
        Target::Spread => format!(
            "{moves} lifts every seed of {pits}{which} and sows them along the circuit, the \
             way the pit sows: the first seed into the next pit, and each later one into the pit the one \
             before it fell into or the pit after that, as the mover chooses (so that each pit gets one \
             seed or more, as many as the mover likes, the emptied pit too when the seeds come round), \
             without capture. Each choice is a step of the move, written as the pit's number (`2/3/3/4`)."
        ),
        Target::Sow { single } => {
            let which = match (o.from.len(), o.seeds) {
                (1, None) => String::new(),
                (1, Some(_)) => " (it must hold as many; the others stay in it)".into(),
                (_, None) => " (one that holds seeds, as they choose)".into(),
                (_, Some(n)) => {
                    format!(" (one that holds {n} or more, as they choose; the others stay in it)")
                }
            };
            let lifted = o.seeds.map_or("every seed".into(), |n| plural(n as usize, "seed", "seeds"));
            let laps = if single {
                ", but in a single lap: the lap's last pit relays no more, and its capture, if any, is judged"
            } else {
                ""
            };
            match o.relay {
                Some(place) => format!(
                    "{moves} sows {lifted} of {pits}{which}, the way the pit sows; after each lap the seeds of {} \
                     (named from the lap) are lifted and sown on in a new lap while it holds seeds, and nothing else \
                     happens after a lap: no capture, and none of the game's relays.",
                    place.words()
                ),
                None => format!(
                    "{moves} sows {lifted} of {pits}{which}, as the game's moves sow and capture{laps}."
                ),
            }
        }
        _ => format!(
            "{moves} moves every seed of {pits}{which} into {}, without sowing or capture.",
            o.to.words()
        ),
    }
}

/// The opening and the move once a game (`crate::lang::phases`).
fn phase_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::Turns as S;
    let kinds = &[Kind::OpeningMoves, Kind::TakeOpening];
    let opening = &spec.phases.opening;
    rules.push(if !opening.is_empty() {
        let mut texts: Vec<String> = opening.iter().map(opening_words).collect();
        // Players without a line of their own move as in the rest of the game.
        if opening.iter().all(|o| o.who.is_some()) {
            let others: Vec<String> = (0..spec.players)
                .filter(|&p| !opening.iter().any(|o| o.who == Some(p)))
                .map(|p| format!("player {}", p + 1))
                .collect();
            if !others.is_empty() {
                texts.push(format!("{}'s first moves are ordinary moves.", capitalized(&and_list(&others))));
            }
        }
        if opening.iter().any(|o| matches!(o.to, crate::lang::phases::Target::Sow { .. })) {
            texts.push(
                "The opening's moves are moves of the game: a rule on the game's first moves counts them."
                    .into(),
            );
        }
        said(S, "opening", kinds, texts.join(" "))
    } else if spec.phases.take_opening.is_some() {
        said(S, "opening", kinds, take_opening(spec))
    } else {
        unsaid(S, "opening", kinds, "The game starts with ordinary moves.")
    });
    let kinds = &[Kind::Setup];
    rules.push(match spec.phases.setup {
        None => unsaid(S, "set-up", kinds, "No seeds are placed from the hands before play."),
        Some(n) => said(
            S,
            "set-up",
            kinds,
            format!(
                "Before the first move the players take turns, from the first player, each putting {} from \
                 their hand into a pit of their own of their choice (a move of its own, written as the pit's \
                 number); a player whose hand cannot is passed over, and play starts, when nobody can, with the \
                 player after the last to place.",
                plural(n as usize, "seed", "seeds")
            ),
        ),
    });
    let again = if spec.rounds.is_some_and(|r| r.again) { " (and before each round)" } else { "" };
    rules.push(match spec.phases.distribute {
        None => unsaid(S, "distribution", &[Kind::Distribute], "No player distributes the seeds."),
        Some(d) => {
            let facing = if d.facing {
                ", so that at the end every pair of facing pits is both empty or both occupied: a placement is \
                 allowed only while the seeds left in hand can still make every pair so"
            } else {
                ""
            };
            said(
                S,
                "distribution",
                &[Kind::Distribute],
                format!(
                    "Before play{again} the player to move puts every seed of their hand into the pits, one seed \
                     a move, into any pit of the board (a move written as the pit's number){facing}."
                ),
            )
        }
    });
    rules.push(match spec.phases.swap {
        None => unsaid(S, "choice to swap sides", &[Kind::SwapChoice], "No player may swap sides."),
        Some(c) => {
            let points = if c.points { ", hands and points won so far" } else { " and hands" };
            said(
                S,
                "choice to swap sides",
                &[Kind::SwapChoice],
                format!(
                    "The seeds placed, the other player chooses to move first (a move written `1`) or to swap \
                     sides (`2`): the board is turned round, each row's seeds going into the other row's pits \
                     (the k-th from one owner's left into the k-th from the other's), the players' sides{points} \
                     are exchanged, and the distributor moves first."
                ),
            )
        }
    });
    rules.push(match spec.phases.feed_one {
        None => unsaid(S, "feeding by a transfer", &[Kind::FeedOne], "No opponent is fed by a transfer."),
        Some((n, pit)) => said(
            S,
            "feeding by a transfer",
            &[Kind::FeedOne],
            format!(
                "When the opponent's pits are all empty at the start of a turn, the mover's move is to put {} \
                 from one of their pits (a move written as that pit's number) into the opponent's {} pit, \
                 counted from the opponent's left: no sowing, no capture.",
                plural(n as usize, "seed", "seeds"),
                pit.word()
            ),
        ),
    });
    let kinds = &[Kind::StoreMove];
    rules.push(match &spec.phases.store_move {
        None => unsaid(S, "move once a game", kinds, "No move is made once a game."),
        Some(m) => {
            let skip = if m.skip_stores { ", no seed falling into a store" } else { "" };
            let take = m.take.as_ref().map_or(String::new(), |c| {
                format!(
                    "; then the mover takes every pit of the opponent's (their store aside) that holds {}",
                    c.words()
                )
            });
            said(
                S,
                "move once a game",
                kinds,
                format!(
                    "Once a game, each player whose store holds {} at the start of their turn must sow it: \
                     that is their only move. Its seeds are sown as a pit's{skip}{take}.",
                    m.holds.words()
                ),
            )
        }
    });
}

fn where_phrase(spec: &Spec, w: Where, chain: bool) -> &'static str {
    let two = spec.players == 2;
    match (w, chain, two) {
        (Where::Any, false, _) => "in any pit, on either side of the board",
        (Where::Any, true, _) => "",
        (Where::Opponents, false, true) => "in one of the opponent's pits",
        (Where::Opponents, false, false) => "in one of the other players' pits",
        (Where::Opponents, true, true) => " and is one of the opponent's pits",
        (Where::Opponents, true, false) => " and is one of the other players' pits",
        (Where::Own, false, _) => "in one of the mover's own pits",
        (Where::Own, true, _) => " and is one of the mover's own pits",
    }
}

/// A condition of a rule after each lap, in words: `the next pit is occupied`.
pub(crate) fn condition_words(c: &Condition<CountSet>) -> String {
    match c {
        Condition::At(place, p) => predicate_words(&place.words(), p),
        Condition::Each(q, pits, p) => {
            let set = match pits {
                Pits::Sown => "pit the lap sowed into".to_string(),
                Pits::SownButLast => "pit the lap sowed into but the last".to_string(),
                Pits::Board => "pit of the board".to_string(),
                Pits::Owned(Where::Own) => "pit of the mover's".to_string(),
                Pits::Owned(_) => "pit of the opponent's".to_string(),
                Pits::Beside(place) => format!("pit beside {} in its row", place.words()),
            };
            match p {
                // `every pit of the board holds 1 or fewer seeds`.
                Predicate::Holds(n) => format!("{} {set} holds {}", q.word(), seeds_of(&n.words())),
                p => predicate_words(&format!("{} {set}", q.word()), p),
            }
        }
        Condition::Total(Total::Board, n) => format!("the board holds {}", seeds_of(&n.words())),
        Condition::Total(Total::Captured(whose), n) => format!(
            "{} has captured {} so far",
            if *whose == Where::Own { "the mover" } else { "the opponent" },
            seeds_of(&n.words())
        ),
        Condition::RowEmpty(whose, side, yes) => format!(
            "{} {} row is {}",
            if *whose == Where::Own { "the mover's" } else { "the opponent's" },
            side.word(),
            if *yes { "empty" } else { "not empty" }
        ),
        Condition::MoverClaims(true) => "the mover has a claimed pit".to_string(),
        Condition::MoverClaims(false) => "the mover has no claimed pit".to_string(),
        Condition::Lifted(n) => format!("the lap was sown with {}", seeds_of(&n.words())),
    }
}

/// A predicate of a place (or of each pit of a set, `every pit of the mover's`) in words.
fn predicate_words(place: &str, p: &Predicate<CountSet>) -> String {
    match p {
        Predicate::Holds(n) => format!("{place} holds {}", n.words()),
        Predicate::Empty => format!("{place} is empty"),
        Predicate::Occupied => format!("{place} holds seeds"),
        Predicate::Owned(Where::Own) => format!("{place} is one of the mover's own"),
        Predicate::Owned(_) => format!("{place} is one of the opponent's"),
        Predicate::Store(true) => format!("{place} is a store"),
        Predicate::Store(false) => format!("{place} is not a store"),
        Predicate::Claimed(who, yes) => {
            let is = if *yes { "is" } else { "is not" };
            match who {
                Claimer::Anyone => format!("{place} {is} claimed"),
                Claimer::Mover => format!("{place} {is} claimed by the mover"),
                Claimer::Opponent => format!("{place} {is} claimed by the opponent"),
            }
        }
        Predicate::Mirror(yes) => format!(
            "{place} {} the mirror of a claimed pit (the pit at the same place in the other row, \
                     counted from each owner's left)",
            if *yes { "is" } else { "is not" }
        ),
        Predicate::Seat(seats, None, yes) => format!(
            "{place} {} its owner's {} pit",
            if *yes { "is" } else { "is not" },
            or_list(&seats.iter().map(|s| s.word()).collect::<Vec<_>>())
        ),
        Predicate::Seat(seats, Some(row), yes) => format!(
            "{place} {} the {} pit of its owner's {} row (counted from their left)",
            if *yes { "is" } else { "is not" },
            or_list(&seats.iter().map(|s| s.word()).collect::<Vec<_>>()),
            if *row == crate::lang::geometry::Side::Inner { "inner" } else { "outer" }
        ),
        Predicate::EndPlace(yes) => {
            format!("{place} {} an end place", if *yes { "is" } else { "is not" })
        }
        Predicate::Played(yes, round) => format!(
            "{place} {} been played from earlier in the {} (by either player; the pit of the move being \
             played counts once the move is over)",
            if *yes { "has" } else { "has not" },
            if *round { "round" } else { "game" }
        ),
        Predicate::InRow(whose, side, yes) => format!(
            "{place} {} in {}{}",
            if *yes { "is" } else { "is not" },
            match whose {
                Where::Own => "the mover's",
                Where::Opponents => "an opponent's",
                Where::Any => "an",
            },
            match side {
                Some(side) => format!(" {} row", side.word()),
                // A player's row from the start, whoever owns its pits now.
                None => " row (the row they started with, whoever owns its pits now)".to_string(),
            }
        ),
    }
}

/// A take in words: `the mover takes the seeds of the next pit`.
fn take_words(to: Receiver, what: &str) -> String {
    match to {
        Receiver::Mover => format!("the mover takes {what}"),
        Receiver::Opponent => format!("the opponent takes {what}"),
        Receiver::Owner => format!("each pit's owner takes {what}"),
        // `one seed from the last pit is removed`, `the seeds ... are`.
        Receiver::Nobody if what.starts_with("one seed ") => format!("{what} is removed from the game"),
        Receiver::Nobody => format!("{what} are removed from the game"),
        // Only compiled rules have it; a line that sows its seeds on reads `the mover takes`.
        Receiver::Sown => format!("{what} are taken up"),
    }
}

/// Seeds held in hand and sown back, and a direction allowed only to a capture
/// (`crate::lang::phases`).
fn hand_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::Turns as S;
    let kinds = &[Kind::PlaceHand];
    rules.push(match &spec.phases.place_hand {
        None => unsaid(S, "seeds put into play", kinds, "No move puts seeds from the hand into play."),
        Some(p) => said(
            S,
            "seeds put into play",
            kinds,
            format!(
                "While the player to move holds seeds in hand, their move puts one of them into {} (written \
                 as the pit's number), and that seed is the last seed of a lap: the rules after each lap, \
                 the relay and the capture follow from that pit. Once their hand is empty they sow their pits.",
                match p.row {
                    Some(crate::lang::geometry::Side::Outer) => "a pit of their outer row",
                    Some(_) => "a pit of their inner row",
                    None => "one of their pits",
                }
            ),
        ),
    });
    let kinds = &[Kind::HandSowing];
    rules.push(match &spec.phases.hand_sowing {
        None => unsaid(S, "sowing from the hand", kinds, "Captured seeds are never sown again."),
        Some(h) => said(
            S,
            "sowing from the hand",
            kinds,
            format!(
                "Each player holds what they capture in hand. Instead of lifting a pit, a move may sow any \
                 number of those seeds, 1 to all, from their {} pit{}: the first seed falls into {}, the \
                 others into the pits after it, in the direction the pit sows (written `h` and the \
                 seeds with their way: `h3cw`, `h3ccw`).",
                h.pit.word(),
                if matches!(h.pit, crate::lang::phases::SeatPit::Nth(_)) {
                    ", counted from their left"
                } else {
                    ""
                },
                if h.into { "that pit itself" } else { "the pit after it (that pit keeps its seeds)" }
            ),
        ),
    });
    let kinds = &[Kind::OnlyIfCaptures];
    rules.push(match &spec.phases.only_if_captures {
        None => unsaid(
            S,
            "direction only to a capture",
            kinds,
            "Every direction a pit sows is allowed to any move.",
        ),
        Some(o) => said(
            S,
            "direction only to a capture",
            kinds,
            match &o.before {
                None => format!(
                    "A move may sow {} only if it captures, judged after the whole move.",
                    if o.clockwise { "clockwise" } else { "counter-clockwise" }
                ),
                Some(conditions) => format!(
                    "A move may sow {} only if, before it is made, {}, its places named from the pit \
                     its last seed will reach (counted from the seeds it sows, not played out: the sowing may \
                     change that pit){}.",
                    if o.clockwise { "clockwise" } else { "counter-clockwise" },
                    crate::lang::legality::conditions_words(conditions),
                    if o.later { ", and never in a player's first move (their first turn, relays included)" } else { "" }
                ),
            },
        ),
    });
    let kinds = &[Kind::KeepWay];
    rules.push(match spec.phases.keep_way {
        None => unsaid(
            S,
            "direction kept",
            kinds,
            "A pit that sows either way may be sown either way at every move.",
        ),
        Some(k) => said(
            S,
            "direction kept",
            kinds,
            match k {
                KeepWay::Each => {
                    "Each player's first move that names a direction fixes it for them: every later move \
                                  of theirs from a pit that sows either way goes that way."
                }
                KeepWay::Both => {
                    "The first move of the game that names a direction fixes it for both players: every \
                                  later move from a pit that sows either way goes that way."
                }
            },
        ),
    });
}

/// Which moves may be played beyond the seeds a pit needs (`crate::lang::legality`).
fn legality_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::Turns as S;
    let kinds = &[Kind::OneSeed, Kind::MinSeeds];
    rules.push(match &spec.legality.one_seed {
        None => {
            unsaid(S, "single seeds", kinds, "A pit of a single seed is played as the seeds it needs say.")
        }
        Some(o) => {
            let mut when = Vec::new();
            if let Some(c) = &o.unless {
                when.push(format!("when no pit of the mover's holds {}", seeds_of(&c.words())));
            }
            if o.next_empty {
                when.push("when the next pit, the one its seed goes into, is empty".to_string());
            }
            let may = if spec.min_seeds > 1 { "may be played all the same" } else { "may be played" };
            let mut text = format!("A pit of a single seed {may} only {}", when.join(", and only "));
            text.push_str(if o.ends {
                "; such a move ends with its sowing: no rule after it captures or relays."
            } else {
                "."
            });
            said(S, "single seeds", kinds, text)
        }
    });
    let kinds = &[Kind::SeatOnly];
    rules.push(match &spec.legality.seat_only {
        None => unsaid(S, "a pit played last", kinds, "Any pit of the mover's that holds enough seeds may be played."),
        Some(o) => said(
            S,
            "a pit played last",
            kinds,
            format!(
                "Each player's {} pit (of the row nearest them) may be played only when it holds {} seeds, or \
                 when they have no other move.",
                o.pit.word(),
                o.counts.words()
            ),
        ),
    });
    let kinds = &[Kind::MustPlay];
    rules.push(match &spec.legality.must {
        None => unsaid(S, "moves that must be played", kinds, "No move must be played for the pit its last seed will reach."),
        Some(m) => {
            let way = m.way.map_or(String::new(), |d| format!("{} ", d.word()));
            let others = match m.way {
                Some(d) => format!(
                    "; the moves that sow {} are not concerned",
                    if d == Direction::Clockwise { "counter-clockwise" } else { "clockwise" }
                ),
                None => String::new(),
            };
            said(
                S,
                "moves that must be played",
                kinds,
                format!(
                    "When a {way}move can be played for which, before it is made, {}, its places named from the pit \
                     its last seed will reach (counted from the seeds it sows, not played out), the {way}moves for \
                     which it does not hold may not be played{others}.",
                    crate::lang::legality::conditions_words(&m.conditions)
                ),
            )
        }
    });
    let kinds = &[Kind::NeverPlay];
    rules.push(match &spec.legality.never {
        None => unsaid(S, "moves that may not be played", kinds, "No move is forbidden for the pit its last seed will reach."),
        Some(m) => {
            let way = m.way.map_or(String::new(), |d| format!("{} ", d.word()));
            said(
                S,
                "moves that may not be played",
                kinds,
                format!(
                    "A {way}move for which, before it is made, {}, its places named from the pit its last seed will \
                     reach (its first lap sown out, without relays or captures), may not be played. The moves of an \
                     opening are not judged.",
                    crate::lang::legality::conditions_words(&m.conditions)
                ),
            )
        }
    });
}

/// The rearrangement before play and the stages of each player's moves
/// (`crate::lang::stages`).
fn stage_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::Turns as S;
    let kinds = &[Kind::Rearrange];
    let pits = |mask: u64| pit_list(&crate::lang::spec::pit_numbers(mask));
    rules.push(match &spec.staging.rearrange {
        None => unsaid(S, "rearrangement", kinds, "The seeds are not rearranged before play."),
        Some(r) => {
            let mut when = Vec::new();
            if r.most != [0; 2] {
                when.push(format!(
                    "their {} ({} for player 2) each hold more seeds than any other pit of theirs",
                    pits(r.most[0]),
                    pits(r.most[1])
                ));
            }
            if let Some(c) = &r.each_counts {
                when.push(format!(
                    "their {} ({} for player 2) each hold {}",
                    pits(r.each[0]),
                    pits(r.each[1]),
                    c.words()
                ));
            }
            said(
                S,
                "rearrangement",
                kinds,
                format!(
                    "Before play the players rearrange their seeds, in turns: a move takes one seed from a pit of the \
                     mover's that holds seeds and puts it into another pit of theirs, written as the two pits \
                     joined by `/` (`3/9`: a seed from pit 3 into pit 9). A player may pass instead when {}. The \
                     rearrangement is over when both players have passed in turn, and play begins with the next \
                     player.",
                    and_list(&when)
                ),
            )
        }
    });
    let kinds = &[Kind::Stages];
    rules.push(match &spec.staging.stages {
        None => unsaid(S, "stages", kinds, "A player's moves may start from any pit of theirs the other rules allow, all game."),
        Some(st) => {
            let most = if st.most {
                "; then their next move must start from a pit of theirs holding the most seeds (any of them, if several do)"
            } else {
                ""
            };
            said(
                S,
                "stages",
                kinds,
                format!(
                    "Each player's moves go through stages: at first a move must start from a pit holding {} seeds \
                     (a relay may go on from any pit), until the opponent has captured {} seeds{most}; from then on \
                     (their last stage) a move may start from any pit the other rules allow.",
                    st.from.words(),
                    st.until.words()
                ),
            )
        }
    });
}

/// What the mover may choose at a relay (`crate::lang::legality::Relays`).
fn relay_choices(rules: &mut Vec<Rule>, spec: &Spec) {
    let kinds = &[Kind::RelayAsMove, Kind::RelayDecline];
    let Some(r) = &spec.legality.relays else {
        rules.push(unsaid(
            Section::Sowing,
            "choices at a relay",
            kinds,
            "A relay, if the rules make one, sows on in the move's direction, and the mover has no choice in it.",
        ));
        return;
    };
    let mut text = String::new();
    if r.as_a_move {
        text.push_str(
            "A relay sows as a move from its pit would: in the pit's own direction, or, from a pit that \
             sows either way, the way the mover chooses among those the rules of a move's way allow, judged \
             before the relay (the choice is written after the move with `/`, `9ccw/16cw`; a choice of one \
             way is made at once).",
        );
    } else {
        text.push_str("A relay sows on in the move's direction.");
    }
    if r.declined.iter().any(|&m| m != 0) {
        let each: Vec<String> = r
            .declined
            .iter()
            .enumerate()
            .map(|(p, &m)| format!("player {}'s {}", p + 1, pit_list(&crate::lang::spec::pit_numbers(m))))
            .collect();
        text.push_str(&format!(
            " The mover may decline a relay from {} (their own, named from their seat): the move then ends \
             there. The choice is written after the move with `/`: `3/8` relays from pit 8, `3/pass` ends the \
             move.",
            and_list(&each)
        ));
    }
    rules.push(said(Section::Sowing, "choices at a relay", kinds, text));
}

/// What a rule after each lap does, in words.
fn effect_words(spec: &Spec, e: &Effect<CountSet>) -> String {
    match e {
        Effect::Instead(effects) => {
            let words: Vec<String> = effects.iter().map(|e| effect_words(spec, e)).collect();
            format!(
                "(the move pauses: the mover relays, or, writing `pass`, instead {}, which ends the move)",
                words.join(", then ")
            )
        }
        Effect::Take(places, to) => {
            let names: Vec<String> = places.iter().map(|p| p.words().to_string()).collect();
            take_words(*to, &format!("the seeds of {}", and_list(&names)))
        }
        Effect::TakeEvery { pits, holding, to } => {
            let that = holding.as_ref().map(|n| format!(" that holds {}", n.words())).unwrap_or_default();
            let what = match pits {
                Pits::Board if holding.is_none() => "the seeds on the board".to_string(),
                Pits::Sown => format!("the seeds of every pit the lap sowed into{that}"),
                Pits::SownButLast => {
                    format!("the seeds of every pit the lap sowed into{that}, but the pit of the last seed")
                }
                Pits::Board => format!("the seeds of every pit of the board{that}"),
                Pits::Owned(Where::Own) => format!("the seeds of every pit of the mover's{that}"),
                Pits::Owned(_) => format!("the seeds of every pit of the opponent's{that}"),
                Pits::Beside(p) => {
                    format!("the seeds of each pit beside {} in its row{that}, each on its own", p.words())
                }
            };
            take_words(*to, &what)
        }
        Effect::TakeChosen(to, false) => format!(
            "{}: the mover chooses it (written after the move's pit with `/`, `4/13`; a choice of one is \
             made at once, and with none nothing is taken)",
            take_words(*to, "the seeds of one of the opponent's pits that hold seeds")
        ),
        Effect::TakeChosen(to, true) => format!(
            "{}, if they wish: the mover chooses it, or takes none (written after the move's pit with `/`, \
             `4/13`, or `4/pass`; with no pit to take nothing is asked)",
            take_words(*to, "the seeds of one of the opponent's pits that hold seeds")
        ),
        Effect::Relay(p) => format!("the seeds of {} are lifted and sown on, as a new lap", p.words()),
        Effect::Chain { direction, counts: n, pits, opposite, sown, reach } => {
            let way = match direction {
                ChainDirection::Forward => "the pit after it in the sowing direction",
                ChainDirection::Backward => "the pit before it (against the sowing direction)",
            };
            let with = if *opposite { ", with the pit opposite it," } else { "" };
            let held = if *sown {
                "held, as the lap's sowing left it (a pit taken already still counts),"
            } else {
                "holds"
            };
            let empty = if reach.empty { " or is empty (taking nothing)" } else { "" };
            let most = reach
                .most
                .map_or(String::new(), |k| format!(", {} at most", plural(k as usize, "pit", "pits")));
            let stop = if reach.through {
                "going on over the pit the lap started from as over any other"
            } else {
                "stopping before the pit the lap started from"
            };
            format!(
                "{way} is taken too{with} if it {held} {}{}{empty}, and so on until a pit does not{most}, {stop}",
                n.words(),
                where_phrase(spec, *pits, true)
            )
        }
        Effect::ChainOpposite { direction, counts: n } => format!(
            "from the last pit, each pit {} in turn: the pit facing it is taken too if it holds {}, \
             and so on until one does not",
            match direction {
                ChainDirection::Forward => "after it in the sowing direction",
                ChainDirection::Backward => "before it (against the sowing direction)",
            },
            n.words()
        ),
        Effect::Again(n) => format!(
            "the same is tried again from the pit taken, its places named from there, at most {}",
            plural(*n as usize, "more time", "more times")
        ),
        Effect::Claim(places) => {
            let names: Vec<String> = places.iter().map(|p| p.words().to_string()).collect();
            format!(
                "{} become{} the mover's claimed pit{}",
                and_list(&names),
                if places.len() == 1 { "s" } else { "" },
                if places.len() == 1 { "" } else { "s" }
            )
        }
        Effect::Move { seeds, from, to } => format!(
            "{} from {} {} moved into {}{}",
            plural(*seeds as usize, "seed", "seeds"),
            from.words(),
            if *seeds == 1 { "is" } else { "are" },
            to.words(),
            if *seeds > 1 { " (as many as it holds, if fewer)" } else { "" }
        ),
        Effect::End => "the move ends".to_string(),
        Effect::TakeSeeds { seeds, from, to } => take_words(
            *to,
            &format!(
                "{} from {}{}",
                plural(*seeds as usize, "seed", "seeds"),
                from.words(),
                if *seeds > 1 { " (as many as it holds, if fewer)" } else { "" }
            ),
        ),
        Effect::SowTaken(p, what) => format!(
            "the seeds taken are put into {} and sown on from it, {}, as a new lap",
            p.words(),
            match what {
                crate::lang::lap_rule::SownSeeds::All => "with all it holds".to_string(),
                crate::lang::lap_rule::SownSeeds::Taken =>
                    "they alone (the seeds it held stay there)".to_string(),
                crate::lang::lap_rule::SownSeeds::TakenOrAll(c) => format!(
                    "they alone (the seeds it held stay there), or with all it holds when it held {}",
                    c.words()
                ),
            }
        ),
        Effect::SowEnd(end) => {
            let named = match end.seat {
                None => format!(
                    "the end nearer the last pit when it is among the {} at either end of the row",
                    plural(end.edge as usize, "pit", "pits")
                ),
                Some(seat) => {
                    let k = plural(end.edge as usize, "column", "columns");
                    format!(
                        "the end at the mover's right when the last pit is in the {k} at player {seat}'s right, at their left when in the {k} at player {seat}'s left (the sides as player {seat} sees them: for another mover, the far end)"
                    )
                }
            };
            format!(
                "the seeds taken are put into an end pit of the mover's inner row and sown on from it, with all it holds, along that row away from its end, as a new lap: {named}; from any other column, either end, as the mover chooses (the move waits for the choice)"
            )
        }
    }
}

/// What a claimed pit means, in words.
fn claims_words(spec: &Spec) -> String {
    let mut text = String::from(if spec.claims.round_only {
        "A claimed pit stays its claimer's until the round is over, unless another player claims it: every \
         claim ends with the round, the pit emptied or not."
    } else if spec.claims.seeds == Some(ClaimSeeds::AtRoundEnd) {
        "A claimed pit stays its claimer's until the round is over, unless another player claims it."
    } else {
        "A claimed pit stays its claimer's for the rest of the game, unless another player claims it."
    });
    if spec.claims.claimer_plays {
        text.push_str(" It cannot be played by the other player; its claimer may play it.");
    } else if spec.claims.unplayable {
        text.push_str(" It cannot be played.");
    }
    text.push_str(match spec.claims.seeds {
        Some(ClaimSeeds::AfterLap) => {
            " After each lap, once the lap's rules are applied, the seeds in it go to its claimer."
        }
        Some(ClaimSeeds::AfterMove) => " After each move, the seeds in it go to its claimer.",
        Some(ClaimSeeds::AtEnd) => " The seeds left in it at the end of the game go to its claimer.",
        Some(ClaimSeeds::AtRoundEnd) if spec.claims.round_only => {
            " The seeds left in it when a round is over go to its claimer."
        }
        Some(ClaimSeeds::AtRoundEnd) => {
            " The seeds left in it when a round is over go to its claimer, and it is no longer claimed (a \
             claimed pit then empty stays claimed into the next round)."
        }
        None => " Its seeds are sown and taken like any others.",
    });
    text
}

/// The rules after each lap, in words: one sentence a line.
fn lap_rules_words(spec: &Spec) -> String {
    let mut text = String::new();
    let sentence = |r: &LapRule<CountSet>| {
        let mut then = String::new();
        for e in &r.effects {
            if !then.is_empty() {
                then.push_str(if matches!(e, Effect::Instead(_)) { " " } else { ", then " });
            }
            then.push_str(&effect_words(spec, e));
        }
        let conditions: Vec<String> = r.conditions.iter().map(condition_words).collect();
        (and_list(&conditions), then)
    };
    for r in spec.lap_rules.iter().filter(|r| r.every_lap) {
        let (when, then) = sentence(r);
        if r.conditions.is_empty() {
            let _ = write!(text, "After each lap, {then}. ");
        } else {
            let _ = write!(text, "After each lap, if {when}, {then}. ");
        }
    }
    let whens: Vec<&LapRule<CountSet>> = spec.lap_rules.iter().filter(|r| !r.every_lap).collect();
    if !whens.is_empty() {
        text.push_str(if whens.len() == 1 {
            "After each lap, before the relay and capture rules: "
        } else {
            "After each lap, the first of these that applies is applied, before the relay and capture rules: "
        });
        let parts: Vec<String> = whens
            .iter()
            .map(|r| {
                let (when, then) = sentence(r);
                format!("if {when}, {then}")
            })
            .collect();
        text.push_str(&parts.join("; "));
        text.push('.');
    }
    // Places named from a store (issue 37): said only where a lap can end in one and a line
    // names a place after the last, so that other variants read as before.
    let after = |p: crate::lang::lap_rule::Place| {
        matches!(p.base, crate::lang::lap_rule::Base::Next | crate::lang::lap_rule::Base::AfterNext)
    };
    if spec.store_sowing != StoreSowing::Neither && spec.lap_rules.iter().any(|r| r.places().any(after)) {
        text.push_str(
            " When a lap's last seed falls into a store, the next pit is the pit after that store on the \
             mover's way, and the pit after the next the one after it; the last pit and the places named \
             from it are no pit then.",
        );
    }
    text.trim_end().to_string()
}

fn capture_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::Capture as S;
    rules.push(if spec.lap_rules.is_empty() {
        unsaid(S, "rules after each lap", &[Kind::LapRules], "No rule is named from the places of a lap.")
    } else {
        said(S, "rules after each lap", &[Kind::LapRules], lap_rules_words(spec))
    });
    let kinds = &[Kind::LapRules, Kind::ClaimUnplayable, Kind::ClaimSeeds, Kind::ClaimRound];
    rules.push(if spec.claims_pits() {
        said(S, "claimed pits", kinds, claims_words(spec))
    } else {
        unsaid(S, "claimed pits", kinds, "No pit is ever claimed.")
    });
    // When nothing is ever captured, that one sentence says it all.
    let captures = spec.captures();
    let say = |name: &'static str, kinds: &'static [Kind], text: String| {
        if captures { said(S, name, kinds, text) } else { unsaid(S, name, kinds, text) }
    };
    rules.push(match &spec.landing {
        _ if !captures => said(S, "capture", &[Kind::Landing], "Nothing is ever captured."),
        None => unsaid(
            S,
            "capture",
            &[Kind::Landing],
            "No pit is captured for the count the last seed makes in it.",
        ),
        Some(landing) => said(
            S,
            "capture",
            &[Kind::Landing],
            format!(
                "If the last seed makes {} {}, the seeds of that pit are captured.",
                landing.counts.words(),
                where_phrase(spec, landing.pits, false)
            ),
        ),
    });
    let kinds = &[Kind::Chain, Kind::Direction];
    rules.push(match (&spec.landing, &spec.chain) {
        (None, _) => unsaid(S, "chain", kinds, "There is no chain."),
        (Some(_), None) => said(S, "chain", kinds, "Only that pit is taken: there is no chain."),
        (Some(_), Some(c)) => {
            let dir = match &spec.direction {
                Directions::All(d) => d.word().to_string(),
                Directions::ByPit { .. } => "that move's".to_string(),
            };
            let (next, after) = match (c.direction, &spec.direction) {
                (ChainDirection::Forward, Directions::All(_)) => {
                    (format!("the next pit in the sowing direction ({dir})"), "the one after")
                }
                (ChainDirection::Backward, Directions::All(_)) => (
                    format!("the pit before it (against the sowing direction, {dir})"),
                    "the one before that",
                ),
                (ChainDirection::Forward, _) => ("the next pit in that move's direction".into(), "the one after"),
                (ChainDirection::Backward, _) => {
                    ("the pit before it (against that move's direction)".into(), "the one before that")
                }
            };
            let _ = dir;
            said(
                S,
                "chain",
                kinds,
                format!(
                    "Then {next} is captured too if it holds {}{}, then {after}, and so on until a pit does not; \
                     the chain never goes round past the landing pit.",
                    c.rule.counts.words(),
                    where_phrase(spec, c.rule.pits, true)
                ),
            )
        }
    });
    let kinds = &[Kind::Opposite];
    rules.push(match &spec.opposite {
        None => unsaid(S, "opposite capture", kinds, "The opposite pit is never captured."),
        Some(o) => {
            let which = match o.pits {
                Where::Own => "an empty pit of the mover's own",
                _ => "an empty pit",
            };
            let when = if spec.landing.is_some() { "Otherwise, if" } else { "If" };
            let taken = if o.take_last {
                "the mover takes the seeds of the opposite pit (the pit facing it across the board) and the last seed"
            } else {
                "the mover takes the seeds of the opposite pit (the pit facing it across the board); the last seed stays"
            };
            let mut text = format!("{when} the last seed falls into {which}, so that it holds 1, {taken}");
            text.push_str(if o.take_last && o.even_if_empty {
                ". When the opposite pit is empty, the last seed alone is taken."
            } else {
                ", provided the opposite pit holds seeds; when it is empty, nothing is taken."
            });
            said(S, "opposite capture", kinds, text)
        }
    });
    let kinds = &[Kind::GrandSlam];
    rules.push(match spec.grand_slam {
        GrandSlam::Take => unsaid(
            S,
            "grand slam",
            kinds,
            "A move whose captures would leave every pit of the opponent empty (a grand slam) \
             captures like any other.",
        ),
        GrandSlam::NoCapture => say(
            "grand slam",
            kinds,
            "A move whose captures would leave every pit of the opponent empty (a grand slam) may be \
             played, but captures nothing."
                .to_string(),
        ),
        GrandSlam::NotAllowed => say(
            "grand slam",
            kinds,
            "A move whose captures would leave every pit of the opponent empty (a grand slam) may not \
             be played."
                .to_string(),
        ),
    });
    let kinds = &[Kind::CaptureStart, Kind::LapRules];
    // The rules after each lap that take are passed over then, and the next that applies is.
    let passed = if spec.lap_rules.iter().any(LapRule::takes) {
        " (a rule after each lap that takes is passed over then, and the next rule that applies is applied)"
    } else {
        ""
    };
    rules.push(match spec.capture_start {
        0 => unsaid(S, "captures at the start", kinds, "Every move may capture, the first one too."),
        1 => say(
            "captures at the start",
            kinds,
            format!("The first move of the game captures nothing{passed}."),
        ),
        n => say(
            "captures at the start",
            kinds,
            format!(
                "The first {} moves of the game (plies) capture nothing{passed}.",
                number_word(n as usize)
            ),
        ),
    });
}

fn end_rules(rules: &mut Vec<Rule>, spec: &Spec) {
    use Section::End as S;
    rules.push(said(S, "no legal move", &[Kind::NoMove], match spec.no_move {
        NoMove::GameOver => "When the player to move has no legal move, the game ends.",
        NoMove::Pass => "A player with no legal move passes, and the next player moves; when no player can move, the game ends.",
        NoMove::Lose => "When the player to move has no legal move, the game ends and they lose it, whatever the seeds.",
        NoMove::PassThenLose => "A player with no legal move before their last stage passes, and the next player moves; in their last stage, the game ends and they lose it, whatever the seeds.",
    }));
    let kinds = &[Kind::NobodyMoves];
    rules.push(match spec.endings.nobody_outcome {
        Some(_) => said(
            S,
            "nobody can move",
            kinds,
            "A game that ends so, with no player able to move, is a draw, whatever the scores.",
        ),
        None => unsaid(
            S,
            "nobody can move",
            kinds,
            "No rule but the scores decides a game that ends with no player able to move.",
        ),
    });
    let kinds = &[Kind::SideEmpty];
    // Looked at after each lap too: a lap that empties a player's pits relays no more.
    let lap = if spec.endings.side_after_lap {
        " It is looked at after each lap too: a lap after which a player's pits are all empty relays no more, \
         and the move and the game end there."
    } else {
        ""
    };
    rules.push(if spec.endings.side_empty {
        said(S, "empty side", kinds, format!("{}{lap}", match spec.endings.side_outcome {
            None => "The game also ends as soon as a player's pits are all empty, after any move and whoever is to move.",
            // `a player whose pits are all empty loses`, in the words it always had.
            Some(EndOutcome::Lose) => {
                "After any move, a player whose pits are all empty loses, whatever the scores (seeds in hand do \
                 not count); both at once draw."
            }
            Some(EndOutcome::Win) => {
                "After any move, a player whose pits are all empty wins, whatever the scores (seeds in hand do \
                 not count); both at once draw."
            }
            Some(EndOutcome::Draw) => {
                "The game also ends as soon as a player's pits are all empty, after any move and whoever is to \
                 move, and it is a draw, whatever the scores."
            }
        }))
    } else {
        unsaid(S, "empty side", kinds, "A player's pits being all empty does not by itself end the game.")
    });
    let kinds = &[Kind::UnclaimedEmpty];
    rules.push(if spec.endings.unclaimed_empty {
        said(
            S,
            "empty unclaimed side",
            kinds,
            "The game also ends as soon as a player's pits that are not claimed are all empty, after any move.",
        )
    } else {
        unsaid(S, "empty unclaimed side", kinds, "A player's unclaimed pits being all empty does not by itself end the game.")
    });
    let kinds = &[Kind::EmptyLoses];
    rules.push(if spec.phases.inner_loses {
        said(
            S,
            "empty pits lose",
            kinds,
            "A player whose inner row is empty loses, whatever the scores, as soon as a move or a relay \
             leaves it so: a lap that empties an inner row relays no more.",
        )
    } else {
        unsaid(S, "empty pits lose", kinds, "A player whose pits are all empty does not lose by that alone.")
    });
    let kinds = &[Kind::Majority];
    rules.push(if spec.endings.majority {
        let total = spec.total_seeds();
        said(
            S,
            "majority",
            kinds,
            format!(
                "It ends as soon as a player has captured more than half the seeds ({} of {total}), or \
                 both players exactly half.",
                total / 2 + 1
            ),
        )
    } else {
        unsaid(S, "majority", kinds, "Capturing more than half the seeds does not end the game.")
    });
    let kinds = &[Kind::BoardSeeds];
    rules.push(match &spec.board_end {
        Some(c) => said(
            S,
            "few seeds left",
            kinds,
            format!(
                "It ends as soon as the board holds {} {}, after any move.",
                c.words(),
                if c.iter().eq([1]) { "seed" } else { "seeds" }
            ),
        ),
        None => unsaid(
            S,
            "few seeds left",
            kinds,
            "The seeds left on the board do not by themselves end the game.",
        ),
    });
    let kinds = &[Kind::EndRules];
    rules.push(if spec.game_ends.is_empty() {
        unsaid(S, "ends on conditions", kinds, "No other condition on the board ends the game.")
    } else {
        let ends: Vec<String> = spec
            .game_ends
            .iter()
            .map(|e| {
                format!(
                    "It ends as soon as {}, after any move{}{}.",
                    crate::lang::legality::conditions_words(&e.conditions),
                    if e.after_lap {
                        " and after each lap of a move, once the rules after the lap have applied (the \
                         move then ends: no relay follows)"
                    } else {
                        ""
                    },
                    if e.outcome.is_some() { ", and it is a draw, whatever the scores" } else { "" },
                )
            })
            .collect();
        said(S, "ends on conditions", kinds, ends.join(" "))
    });
    let kinds = &[Kind::Repetition];
    rules.push(if spec.endings.repetition {
        said(
            S,
            "repetition",
            kinds,
            "It ends when a position (the seeds of every pit and store, and the player to move) \
             repeats one seen since the last capture.",
        )
    } else {
        unsaid(S, "repetition", kinds, "A repeated position does not end the game.")
    });
    rules.push(said(
        S,
        "ply limit",
        &[Kind::PlyLimit],
        format!("A game also ends after {} plies (single moves), whoever is to move.", spec.ply_limit),
    ));
    rules.push(said(
        S,
        "leftovers",
        &[Kind::Leftovers],
        match spec.leftovers {
            Leftovers::Nobody => "Seeds left on the board at the end belong to nobody: they are not scored.",
            Leftovers::Owner => "Seeds left on the board at the end go to the owner of their pit.",
            Leftovers::LastMover => "Seeds left on the board at the end go to the player who moved last.",
            Leftovers::NotRunOut => {
                "When the game ends because the player to move cannot move, or because a player's pits \
                 are all empty, every seed left on the board goes to the other player; when it ends any \
                 other way, the seeds left go to the owner of their pit."
            }
        },
    ));
    let score = match (spec.store_sowing != StoreSowing::Neither, spec.leftovers) {
        (true, Leftovers::Nobody) => "the most seeds in their store, sown there or captured,",
        (true, _) => "the most seeds, in their store (sown there or captured) and awarded at the end,",
        (false, Leftovers::Nobody) => "the most seeds captured",
        (false, _) => "the most seeds, captured and awarded at the end,",
    };
    rules.push(said(
        Section::Winner,
        "winner",
        &[Kind::Winner, Kind::StoreSowing, Kind::Leftovers],
        format!(
            "The player with {score} wins. If two or more players share the highest score, the game is a draw."
        ),
    ));
}

/// What each layer above the base-most one changed: the differences from a base, and what a
/// ruleset changes.
fn changes_section(out: &mut String, spec: &Spec) {
    let root = Layer { variant: spec.bases.last().map_or(&spec.name, |b| &b.variant).clone(), ruleset: None };
    let root = &root;
    let mut layers: Vec<&Layer> = Vec::new();
    for (_, l) in &spec.provenance {
        if l != root && !layers.contains(&l) {
            layers.push(l);
        }
    }
    if layers.is_empty() {
        return;
    }
    heading(out, "Changes");
    for layer in layers {
        let topics: Vec<String> =
            spec.provenance.iter().filter(|(_, l)| l == layer).map(|(k, _)| k.phrase().to_string()).collect();
        let who = match &layer.ruleset {
            Some(r) if layer.variant == spec.name => format!("The ruleset {r}"),
            Some(r) => format!("{} (ruleset {r})", layer.variant),
            None => layer.variant.clone(),
        };
        paragraph(out, &format!("{who} changes {}; everything else is as in {root}.", and_list(&topics)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bundled variant, without a ruleset and with each of its own.
    fn every_spec() -> Vec<Spec> {
        let mut specs = Vec::new();
        for (name, _) in crate::lang::library::BUNDLED {
            let file = crate::lang::library::load(name).expect("a bundled variant");
            let names = file.ruleset_names();
            for r in std::iter::once(None).chain(names.iter().map(|r| Some(*r))) {
                if let Ok((spec, _)) = crate::lang::check::check(&file, r) {
                    specs.push(spec);
                }
            }
        }
        specs
    }

    #[test]
    fn every_variant_has_the_same_rules_each_named_once() {
        let specs = every_spec();
        let names = |s: &Spec| rules(s).iter().map(|r| r.name).collect::<Vec<_>>();
        let first = names(&specs[0]);
        let unique: std::collections::HashSet<&str> = first.iter().copied().collect();
        assert_eq!(unique.len(), first.len(), "{first:?}");
        for s in &specs {
            assert_eq!(names(s), first, "{}", s.label());
            for r in rules(s) {
                assert!(r.text.ends_with('.') && !r.text.starts_with(' '), "{}: {:?}", s.label(), r.text);
            }
        }
    }

    #[test]
    fn every_kind_of_rule_is_put_in_words() {
        let said: Vec<Kind> = rules(&every_spec()[0]).iter().flat_map(|r| r.kinds.iter().copied()).collect();
        for kind in Kind::ALL {
            assert!(said.contains(kind), "no rule of `describe` puts {} in words", kind.phrase());
        }
    }

    /// The words `describe` gives one rule of a variant written as `text`.
    fn rule_of(text: &str, name: &str) -> String {
        let file = crate::lang::library::load_text("test.sow", text).expect("a variant");
        let (spec, _) = crate::lang::check::check(&file, None).expect("a valid variant");
        rules(&spec).into_iter().find(|r| r.name == name).expect("the rule").text
    }

    #[test]
    fn an_ending_with_its_outcome_is_put_in_words() {
        let kalah = |end: &str| {
            let text = format!("variant \"T\" extends \"Kalah\" {{ source \"x\" end {{ {end} }} }}");
            rule_of(&text, "empty side")
        };
        let over = "game over when a player's pits are all empty";
        assert_eq!(
            kalah(over),
            "The game also ends as soon as a player's pits are all empty, after any move and whoever is to move."
        );
        assert_eq!(
            kalah(&format!("{over}: they win")),
            "After any move, a player whose pits are all empty wins, whatever the scores (seeds in hand do not \
             count); both at once draw."
        );
        // The loss reads as `a player whose pits are all empty loses` always read.
        let lose = kalah(&format!("{over}: they lose"));
        assert_eq!(lose, kalah("a player whose pits are all empty loses"));
        assert!(
            lose.starts_with("After any move, a player whose pits are all empty loses, whatever the scores")
        );
        assert!(
            kalah(&format!("{over}: the game is a draw")).ends_with("and it is a draw, whatever the scores.")
        );
        let pass = |end: &str| {
            let text = format!(
                "variant \"T\" extends \"Kalah\" {{ source \"x\" end {{ player to move cannot move: they pass {end} }} }}"
            );
            let file = crate::lang::library::load_text("test.sow", &text).expect("a variant");
            let (spec, _) = crate::lang::check::check(&file, None).expect("a valid variant");
            rules(&spec).into_iter().find(|r| r.name == "nobody can move").expect("the rule")
        };
        let draw = pass("game over when nobody can move: the game is a draw");
        assert!(draw.said);
        assert_eq!(
            draw.text,
            "A game that ends so, with no player able to move, is a draw, whatever the scores."
        );
        // Without an outcome, nothing is said that `they pass` does not say.
        assert!(!pass("game over when nobody can move").said);
    }

    #[test]
    fn every_pit_either_way_is_not_called_the_other_pits() {
        let text = |group: &str| {
            format!(
                "variant \"T\" extends \"Um el Tuweisat\" {{ source \"x\"
                   sowing {{ direction by pit {{ {group}: either way, as the mover chooses }} }} }}"
            )
        };
        for group in ["every pit", "the other pits"] {
            let words = rule_of(&text(group), "direction by pit");
            assert!(
                words.starts_with("Every pit sows either way, as the mover chooses. "),
                "{group}: {words}"
            );
            assert!(!words.contains("other pits"), "{group}: {words}");
        }
        // Beside other groups, the other pits are named so.
        let mixed = rule_of(
            "variant \"T\" extends \"Um el Tuweisat\" { source \"x\"
               sowing { direction by pit { the leftmost pit: clockwise
                 the other pits: counter-clockwise } } }",
            "direction by pit",
        );
        assert!(mixed.contains("the other pits counter-clockwise (pits 2 and 3 for player 1"), "{mixed}");
    }
}
