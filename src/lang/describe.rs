//! The rules of a variant as plain English, generated from its checked [`Spec`], so that a
//! reader can hold an encoding against a field description line by line.

use std::fmt::Write as _;

use crate::lang::draw;
use crate::lang::spec::*;

const WIDTH: usize = 92;

/// Small numbers as words, as a field description would write them.
pub fn number_word(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve",
    ];
    WORDS.get(n).map_or_else(|| n.to_string(), |w| w.to_string())
}

fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 { format!("{} {one}", number_word(n)) } else { format!("{} {many}", number_word(n)) }
}

/// `2`, `2 or 4`, `2, 4 or 6`.
pub fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Pit numbers with runs joined: `pits 1-3`, `pits 1 and 2`, `pit 5`, `pits 1, 3 and 5`.
pub fn pit_list(pits: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &p in pits {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == p => *end = p,
            _ => runs.push((p, p)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .flat_map(|&(a, b)| match b - a {
            0 => vec![a.to_string()],
            1 => vec![a.to_string(), b.to_string()],
            _ => vec![format!("{a}-{b}")],
        })
        .collect();
    let word = if pits.len() == 1 { "pit" } else { "pits" };
    format!("{word} {}", and_list(&parts))
}

fn counts(c: &[u8]) -> String {
    or_list(&c.iter().map(u8::to_string).collect::<Vec<_>>())
}

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

fn direction_word(d: Direction) -> &'static str {
    match d {
        Direction::CounterClockwise => "counter-clockwise",
        Direction::Clockwise => "clockwise",
    }
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

/// The whole description: metadata and sources, then the rules section by section.
pub fn describe(spec: &Spec, rulesets: &[&str]) -> String {
    let mut out = String::new();
    let title = match &spec.ruleset {
        Some(r) => format!("{} (ruleset {r})", spec.name),
        None => spec.name.clone(),
    };
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

    board_section(&mut out, spec);
    players_section(&mut out, spec);
    sowing_section(&mut out, spec);
    turns_section(&mut out, spec);
    capture_section(&mut out, spec);
    end_section(&mut out, spec);
    changes_section(&mut out, spec);
    out
}

fn board_section(out: &mut String, spec: &Spec) {
    heading(out, "Board");
    let n = spec.pits();
    let stores = if spec.stores {
        "one store per player, where each keeps the seeds they capture"
    } else {
        "no stores: captured seeds are set aside"
    };
    let total = spec.total_seeds();
    let seeds = if spec.seeds.iter().all(|&s| s == spec.seeds[0]) {
        format!(
            "{} in each pit, {total} in all",
            capitalized(&plural(spec.seeds[0] as usize, "seed", "seeds"))
        )
    } else {
        let listed: Vec<String> =
            spec.seeds.iter().enumerate().map(|(p, s)| format!("pit {} {s}", p + 1)).collect();
        format!("Seeds at the start: {}; {total} in all", listed.join(", "))
    };
    paragraph(
        out,
        &format!(
            "{} of {} ({n} pits), {stores}. {seeds}. Pits are numbered 1 to {n} counter-clockwise, \
             starting from the leftmost pit of the south row, nearest player 1:",
            capitalized(&plural(spec.rows as usize, "row", "rows")),
            plural(spec.pits_per_row as usize, "pit", "pits"),
        ),
    );
    out.push('\n');
    let zeros = vec![0; spec.players as usize];
    for line in draw::board(spec, &spec.seeds, &zeros)
        .lines()
        .filter(|l| !l.starts_with("captured") && !l.starts_with("in store"))
    {
        let _ = writeln!(out, "    {line}");
    }
}

fn players_section(out: &mut String, spec: &Spec) {
    heading(out, "Players");
    let owns: Vec<String> = (0..spec.players)
        .map(|p| {
            let row = match spec.row_of(p) {
                Some(Row::South) => " (the south row)",
                Some(Row::North) => " (the north row)",
                None => "",
            };
            format!("player {} owns {}{row}", p + 1, pit_list(&spec.pits_of(p)))
        })
        .collect();
    let order: Vec<String> =
        (0..spec.players).map(|i| ((spec.first_player + i) % spec.players + 1).to_string()).collect();
    paragraph(
        out,
        &format!(
            "{} players. {}. Player {} moves first; turns then pass to {}, then back to player {}.",
            capitalized(&number_word(spec.players as usize)),
            capitalized(&owns.join("; ")),
            spec.first_player + 1,
            order[1..].iter().map(|p| format!("player {p}")).collect::<Vec<_>>().join(", then "),
            spec.first_player + 1,
        ),
    );
}

fn sowing_section(out: &mut String, spec: &Spec) {
    heading(out, "Sowing");
    let n = spec.pits();
    let which = match spec.min_seeds {
        1 => "one of their pits that is not empty".to_string(),
        k => format!("one of their pits holding at least {} seeds", number_word(k as usize)),
    };
    let dir = direction_word(spec.direction);
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
    if spec.min_seeds > 1 {
        let _ = write!(
            text,
            " A pit with fewer than {} seeds cannot be played.",
            number_word(spec.min_seeds as usize)
        );
    }
    match spec.laps {
        Laps::SowOrigin => {
            let _ = write!(
                text,
                " A sowing of {lap_at} or more seeds goes all the way round the board, and the emptied pit is sown into like any other."
            );
        }
        Laps::SkipOrigin => {
            let _ = write!(
                text,
                " A sowing of {lap_at} or more seeds goes all the way round the board, and skips the emptied pit each time it passes it."
            );
        }
    }
    match spec.store_sowing {
        StoreSowing::Neither => {}
        StoreSowing::Own => text.push_str(
            " A player's store lies after the last of their pits in the sowing direction; a sowing \
             that passes the mover's own store puts a seed into it, and skips the opponent's.",
        ),
        StoreSowing::Both => text.push_str(
            " A player's store lies after the last of their pits in the sowing direction; a sowing \
             puts a seed into every store it passes.",
        ),
    }
    text.push_str(" Sowing ends with the last seed in hand (a single lap).");
    paragraph(out, &text);
}

fn turns_section(out: &mut String, spec: &Spec) {
    if !spec.extra_turn && !spec.must_feed {
        return;
    }
    heading(out, "Turns");
    let mut text = String::new();
    if spec.extra_turn {
        text.push_str("If the last seed falls into the mover's own store, the same player moves again. ");
    }
    if spec.must_feed {
        text.push_str(
            "When the opponent's pits are all empty before a move, the mover must play a move that \
             leaves them holding seeds, judged after the whole move and its captures; a player who \
             cannot has no legal move.",
        );
    }
    paragraph(out, text.trim_end());
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

fn capture_section(out: &mut String, spec: &Spec) {
    heading(out, "Capture");
    if !spec.captures() {
        paragraph(out, "Nothing is ever captured.");
        return;
    }
    let mut text = String::new();
    if let Some(landing) = &spec.landing {
        let _ = write!(
            text,
            "If the last seed makes {} {}, the seeds of that pit are captured.",
            counts(&landing.counts),
            where_phrase(spec, landing.pits, false)
        );
        match &spec.chain {
            None => text.push_str(" Only that pit is taken: there is no chain."),
            Some(c) => {
                let dir = direction_word(spec.direction);
                let (next, after) = match c.direction {
                    ChainDirection::Forward => {
                        (format!("the next pit in the sowing direction ({dir})"), "the one after")
                    }
                    ChainDirection::Backward => (
                        format!("the pit before it (against the sowing direction, {dir})"),
                        "the one before that",
                    ),
                };
                let _ = write!(
                    text,
                    " Then {next} is captured too if it holds {}{}, then {after}, and so on until a pit does not; \
                     the chain never goes round past the landing pit.",
                    counts(&c.rule.counts),
                    where_phrase(spec, c.rule.pits, true)
                );
            }
        }
    }
    if let Some(o) = &spec.opposite {
        let which = match o.pits {
            Where::Own => "an empty pit of the mover's own",
            _ => "an empty pit",
        };
        let when = if spec.landing.is_some() { " Otherwise, if" } else { " If" };
        let taken = if o.take_last {
            "the mover takes the seeds of the opposite pit (the pit facing it across the board) and the last seed"
        } else {
            "the mover takes the seeds of the opposite pit (the pit facing it across the board); the last seed stays"
        };
        let _ = write!(text, "{when} the last seed falls into {which}, so that it holds 1, {taken}");
        text.push_str(if o.take_last && o.even_if_empty {
            ". When the opposite pit is empty, the last seed alone is taken."
        } else {
            ", provided the opposite pit holds seeds; when it is empty, nothing is taken."
        });
    }
    match spec.grand_slam {
        GrandSlam::Take => {}
        GrandSlam::NoCapture => text.push_str(
            " A move whose captures would leave every pit of the opponent empty (a grand slam) may be \
             played, but captures nothing.",
        ),
        GrandSlam::NotAllowed => text.push_str(
            " A move whose captures would leave every pit of the opponent empty (a grand slam) may not \
             be played.",
        ),
    }
    paragraph(out, text.trim_start());
}

fn end_section(out: &mut String, spec: &Spec) {
    heading(out, "End");
    let mut text = match spec.no_move {
        NoMove::GameOver => "When the player to move has no legal move, the game ends.".to_string(),
        NoMove::Pass => "A player with no legal move passes, and the next player moves; when no player can move, the game ends.".to_string(),
    };
    if spec.endings.side_empty {
        text.push_str(" The game also ends as soon as a player's pits are all empty, after any move and whoever is to move.");
    }
    if spec.endings.majority {
        let total = spec.total_seeds();
        let _ = write!(
            text,
            " It ends as soon as a player has captured more than half the seeds ({} of {total}), or both \
             players exactly half.",
            total / 2 + 1
        );
    }
    if spec.endings.repetition {
        text.push_str(
            " It ends when a position (the seeds of every pit and store, and the player to move) \
             repeats one seen since the last capture.",
        );
    }
    let _ =
        write!(text, " A game also ends after {} plies (single moves), whoever is to move.", spec.ply_limit);
    text.push_str(match spec.leftovers {
        Leftovers::Nobody => " Seeds left on the board at the end belong to nobody: they are not scored.",
        Leftovers::Owner => " Seeds left on the board at the end go to the owner of their pit.",
        Leftovers::LastMover => " Seeds left on the board at the end go to the player who moved last.",
    });
    paragraph(out, &text);
    heading(out, "Winner");
    let score = match (spec.store_sowing != StoreSowing::Neither, spec.leftovers) {
        (true, Leftovers::Nobody) => "the most seeds in their store, sown there or captured,",
        (true, _) => "the most seeds, in their store (sown there or captured) and awarded at the end,",
        (false, Leftovers::Nobody) => "the most seeds captured",
        (false, _) => "the most seeds, captured and awarded at the end,",
    };
    paragraph(
        out,
        &format!(
            "The player with {score} wins. If two or more players share the highest score, the game is a draw."
        ),
    );
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

    #[test]
    fn pit_lists_join_runs() {
        assert_eq!(pit_list(&[1, 2, 3]), "pits 1-3");
        assert_eq!(pit_list(&[1, 2]), "pits 1 and 2");
        assert_eq!(pit_list(&[5]), "pit 5");
        assert_eq!(pit_list(&[1, 3, 5]), "pits 1, 3 and 5");
        assert_eq!(pit_list(&[1, 2, 3, 5]), "pits 1-3 and 5");
    }

    #[test]
    fn counts_read_as_a_list() {
        assert_eq!(counts(&[2]), "2");
        assert_eq!(counts(&[2, 4]), "2 or 4");
        assert_eq!(counts(&[2, 4, 6]), "2, 4 or 6");
    }
}
