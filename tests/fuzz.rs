//! Mutated variant files, from the bundled Bakuk and Koumma: loading and checking them never
//! panics, every message points inside its file and renders, and a file that checks without
//! errors compiles (default rules and every ruleset) and plays random games that end within
//! the ply limit, with every seed accounted for after every move.
//!
//! Each case starts from one of the setups:
//! - Bakuk's text, mutated, loaded as the bundled Bakuk;
//! - a variant with rules after each lap ([`LAPS`]), mutated, loaded as a text;
//! - I Pere's text ([`PHASES`]: a store on the circuit, an opening, a move once a game),
//!   mutated, loaded as a text;
//! - a variant with claimed pits and first moves ([`CLAIMS`]), mutated, loaded as a text;
//! - a game of rounds ([`ROUNDS`]), mutated, loaded as a text;
//! - Ô Ăn Quan's text ([`STONES`]: end places, big stones, a row refilled from the captures,
//!   `end the move`), mutated, loaded as a text;
//! - Iyogh's text with a direction kept ([`HANDS`]: seeds held in hand and sown back, a way allowed only to a
//!   capture, a chain over the opposite pits, a player whose row is empty losing), mutated,
//!   loaded as a text;
//! - Li'b al-'Aqil's text ([`AQIL`]: a distribution by one player, the choice to swap sides,
//!   feeding by a transfer, a chain counted as the sowing left them, rounds scored in points),
//!   mutated, loaded as a text;
//! - a board of four rows ([`FOUR`]: each player sowing round their own two rows), mutated,
//!   loaded as a text;
//! - Mangala (Suez)'s text ([`OPENINGS`]: an opening of takes out of play in an order of
//!   players, then the player named moves first), mutated, loaded as a text;
//! - English Wari (St. Lucia)'s text ([`OPENERS`]: an opening move from a pit of the mover's
//!   choice into the next pit, a move that must leave the opponent a move), mutated, loaded as
//!   a text;
//! - Ti's text ([`DROPS`]: an opening sowing whose drops the mover chooses, a seed at a time),
//!   mutated, loaded as a text;
//! - Intotoi's text ([`SOWINGS`]: an opening of given sowings, a line for each player, and a
//!   test of the last pit that forbids moves), mutated, loaded as a text;
//! - Andada's text ([`RELAYS`]: an opening sowing that relays from the next pit, a condition
//!   on every pit of the board, an end looked at after each lap), mutated, loaded as a text;
//! - Awagagae's text ([`CLAIM_ROUNDS`]: a claim in a row as it lies, claims their claimer may
//!   play and that end with the round, fills of the player's choice, a last pit of both
//!   players' seeds), mutated, loaded as a text;
//! - Mewelad's text ([`RIGHT_FILLS`]: fills from the right with a short fill from 3 seeds,
//!   a round over when the pits a player owns are empty, the board's seeds to one player, the
//!   sown pits but the last), mutated, loaded as a text;
//! - Papan Dakon's text ([`INSTEAD`]: a relay the mover may replace by other effects, in a
//!   game of rounds with stores sown into), mutated, loaded as a text;
//! - Gabata (Shoa I)'s text ([`DRAWN`]: a pit both players filled as much drawn at random,
//!   fills from the right that go on, claims in either row), mutated, loaded as a text;
//! - Jimafesosh's text ([`BOARD_COUNT`]: a round over on a count of the board's seeds after
//!   each lap, a first move of the match from a given pit), mutated, loaded as a text;
//! - Koumma's text, mutated, loaded as the bundled Koumma (it extends the bundled Bakuk);
//! - Bakuk's text, mutated, written as `bakuk.sow` beside Koumma's text (also mutated, less),
//!   and Koumma loaded from its path, so that it extends the mutated file.
//!
//! Mutations: delete, insert or replace a character (punctuation of the language, letters,
//! digits, line breaks, any unicode), delete, duplicate or swap lines, replace a number (0, 1,
//! 2, 255, 256, a huge one, ...), replace a word (a keyword of the grammar or a random word),
//! truncate the file, add a character at its end, insert random unicode text.
//!
//! A second generator writes whole variants from random rule values (board sizes, seeds,
//! players, counts, limits, in range or not), and compares `check` with what the rules of the
//! language allow: every value out of range is an error, and a variant without one checks,
//! compiles to the board it describes and plays.
//!
//! Besides the random cases, every cut of Bakuk at a line's end (and one character either
//! side), with each style of line break, must give a located message that renders.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::strategy::ValueTree as _;
use proptest::test_runner::TestCaseError;

use sow::engine::State;
use sow::engine::compile::{Rules, compile};
use sow::lang::check::{check, check_all};
use sow::lang::diagnostic::{Diagnostics, SourceFile};
use sow::lang::library::{Origin, VariantFile, load_path, load_source};
use sow::play::player::game_rng;
use sow::play::random::RandomPlayer;

const BAKUK: &str = include_str!("../variants/bakuk.sow");
const KOUMMA: &str = include_str!("../variants/koumma.sow");
const GRAMMAR: &str = include_str!("../grammar/sow.pest");
/// A variant with rules after each lap, the board ending and an ending with its outcome, so
/// that mutations reach their words: every place, predicate, effect and receiver, the totals
/// (the board's seeds, each player's captured seeds), places named from a store, a test
/// after each lap that ends the game, players who play from the opponent's row, the pits played
/// from and a chain of a given reach.
const LAPS: &str = r#"variant "Laps" {
  source "test"
  board 2 rows of 6 pits, one store per player
  seeds 4 in each pit
  players 2 {
    player 1 owns the south row
    player 2 owns the north row
    player 1 starts
    each player's 2nd or rightmost pit cannot be played
    each player plays from the opponent's row
  }
  sowing {
    counter-clockwise
    first seed into the next pit
    laps sow into the emptied pit
    sow into the mover's own store
    relay when the last seed falls into an occupied pit
  }
  turns {
    a move must leave the opponent seeds after each lap: a relay that would not is not sown and ends the game
    a move whose last pit is the mover's own and holds 5 or more before the move may not be played
  }
  capture {
    after each lap, when the last pit is an opponent's: take every sown pit that holds 4 for its owner
    when the mover has captured 0 or 1 seeds and the opponent has captured 2 or more seeds and the last pit holds 4: take the last pit
    when the next pit is empty and the pit after the next is occupied: take the pit after the next out of play, then again from the pit taken, at most 2 times
    when the last pit holds 2 or 3 and is an opponent's: take the last pit, then chain backward while 2 or 3 in the opponent's pits
    when the last pit holds 6 and is the mover's own and the last pit is not its owner's leftmost or 3rd pit: take the opposite pit and the last pit, then chain backward while an even count in the mover's own pits, each with the opposite pit
    when the last pit holds 1 and is the mover's own and the opposite pit is occupied: take the last pit and the opposite pit for the opponent
    when the board holds 0, 1, 2 or 3 seeds: take every seed on the board for the mover
    when the last pit holds 3: take the last pit, then take every pit beside the last pit that holds 2 or 3, then take every pit of the opponent's that holds 6
    after each lap, when the last pit holds 9: take every pit that holds 1 out of play
    after each lap, when the last pit holds 10: take every sown pit but the last that holds 10
    when the pit the lap started from is occupied and the next pit is occupied: relay from the next pit
    when the last pit holds 7 and no pit of the opponent's is empty and every sown pit holds 2 or more seeds: take the last pit
    when the last pit holds 8 and has been played from and the next pit has not been played from: take the last pit, then chain forward while an even count or empty, at most 3 pits, through the pit the lap started from
    last seed makes 5 in any pit: take them
  }
  end {
    game over when the board holds 0 or 1 seeds
    game over when every pit holds 1 or fewer seeds and every pit of the mover's is not claimed
    game over when the board holds 2 seeds, after each lap: the game is a draw
    game over when a player's pits are all empty: they win
    player to move cannot move: game over
    leftover seeds: each pit's owner
    ply limit 1000
  }
}
"#;

/// Mangala (Suez): an opening of takes in an order of players, out of play, with its player
/// who moves first; no capture in the game's first moves.
const OPENINGS: &str = include_str!("../variants/mangala-suez.sow");
/// English Wari (St. Lucia): an opening move from a pit of the mover's choice into the next
/// pit, and a move that must leave the opponent a move.
const OPENERS: &str = include_str!("../variants/english-wari-st-lucia.sow");
/// Ti: an opening sowing whose drops the mover chooses, a step a seed.
const DROPS: &str = include_str!("../variants/ti.sow");
/// Intotoi: an opening of given sowings of some of a pit's seeds, a line for each player, and
/// a test of a move's last pit that forbids it.
const SOWINGS: &str = include_str!("../variants/intotoi.sow");
/// Andada: an opening sowing of player 1's that relays from the next pit while it is occupied.
const RELAYS: &str = include_str!("../variants/andada.sow");
/// Claims in a game of rounds, fills of choice and a last pit of both players' seeds.
const CLAIM_ROUNDS: &str = include_str!("../variants/awagagae.sow");
/// Fills from the right, a round over on the pits owned, the board's seeds to one player.
const RIGHT_FILLS: &str = include_str!("../variants/mewelad.sow");
/// A relay the mover may replace by other effects.
const INSTEAD: &str = include_str!("../variants/papan-dakon.sow");
/// A draw of the rules: a pit both players filled as much goes to one drawn at random.
const DRAWN: &str = include_str!("../variants/gabata-shoa-i.sow");
/// A round over on a count of the board's seeds, after each lap.
const BOARD_COUNT: &str = include_str!("../variants/jimafesosh.sow");
/// A variant with a store on the circuit, an opening and a move once a game.
const PHASES: &str = include_str!("../variants/i-pere.sow");
/// End places with big stones, the refill from the captures, `the lap lifted`, `end the move`.
const STONES: &str = include_str!("../variants/o-an-quan.sow");
/// A board of four rows, each player sowing round their own two rows.
const FOUR: &str = include_str!("boards/four-rows.sow");
/// Tshuba: a choice within the move (a pit of the opponent's, chosen by the mover).
const TSHUBA: &str = include_str!("../variants/tshuba.sow");
/// Nsolo: single seeds only when no pit holds more, the extra pit chosen after a column taken.
const NSOLO: &str = include_str!("../variants/nsolo.sow");
/// Gabata (Aksum): three rows, wegues (claims, 2 seeds taken), rounds filled along the circuit.
const GABATA: &str = include_str!("../variants/gabata-aksum.sow");
/// A board of three rows: one circuit through the middle row, shared in halves.
const THREE: &str = include_str!("boards/three-rows.sow");
/// Katra: four rows sown either way, the direction kept, the pits of a column, seeds taken and
/// sown on.
const KATRA: &str = include_str!("../variants/katra.sow");
/// A game of rounds, each form of its lines between the file and its ruleset, so that
/// mutations reach the rounds block's words.
const ROUNDS: &str = r#"variant "Rounds" {
  source "test"
  board 2 rows of 5 pits, no stores
  seeds 4 in each pit
  players 2 {
    player 1 owns the south row
    player 2 owns the north row
    player 1 starts
  }
  sowing {
    counter-clockwise
    first seed into the next pit
    laps sow into the emptied pit
    relay when the last seed falls into an occupied pit
  }
  capture {
    when the last pit holds 1: take the next pit
  }
  end {
    player to move cannot move: they pass
    leftover seeds: each pit's owner
    ply limit 1000
  }
  rounds {
    round over when a row is empty, after each lap
    each player takes the seeds of their own pits
    in turns, each player fills an empty pit of their choice with 4 seeds
    pits not filled are out of play for good
    a player left with no pit in play loses the match
  }
  ruleset "leftmost" {
    source "test"
    rounds {
      round over when a row is empty
      each player takes the seeds of their own pits
      in turns, each player fills their leftmost empty pit with 3 seeds
      a player holding fewer seeds than a fill fills with all they hold
      pits not filled are out of play for the round
      a player who cannot fill a pit loses the match
      the player with fewer seeds fills first, player 2 on a tie
      the players take turns to begin the rounds
    }
  }
  ruleset "nobody" {
    source "test"
    rounds {
      round over when nobody can move
      each player takes the seeds of their own pits
      in turns, each player fills an empty pit of their choice with 2 seeds
      pits not filled stay in play
      a player who cannot fill a pit loses the match
    }
  }
  ruleset "owners" {
    source "test"
    rounds {
      round over when a row is empty, after each lap
      each player takes the seeds of their row
      in turns, each player fills an empty pit of their choice with 4 seeds
      a player whose row is full fills any empty pit
      a pit filled belongs to the player who filled it
      pits not filled are sown into but cannot be played
      a player who owns 1 pit or fewer loses the match
    }
  }
  ruleset "placer" {
    source "test"
    seeds 20 in each player's hand
    opening {
      in turns, each player puts 1 seed from their hand into a pit of their choice
    }
    rounds {
      round over when the player to move has an empty row, after each lap
      each player takes the seeds of their own pits
      the player with fewer seeds puts them one at a time into pits of their choice, player 2 on a tie
      the other player copies the arrangement into the opposite pits
      a player left with no seeds loses the match
    }
  }
}
"#;
/// A variant with claimed pits, moved seeds, a pit of one seed sown into the next pit and
/// first moves, so that mutations reach their words.
const CLAIMS: &str = r#"variant "Claims" {
  source "test"
  board 2 rows of 6 pits, one store per player
  seeds 4 in each pit
  players 2 {
    player 1 owns the south row
    player 2 owns the north row
    player 1 starts
  }
  sowing {
    counter-clockwise
    first seed into the emptied pit
    a pit of one seed sows it into the next pit
    laps sow into the emptied pit
  }
  turns {
    player 1's first move is from pit 6
  }
  capture {
    when the last pit holds an even count and is an opponent's: take the last pit
    when the last pit holds 3 and is an opponent's and the mover has no claimed pit and the last pit is not the mirror of a claimed pit and is not its owner's rightmost pit: claim the last pit, then take the last pit
    when the last pit holds 1 and is the mover's own and the opposite pit holds 3 and is not claimed by the mover: move 1 seed from the opposite pit into the last pit, then claim the last pit and the opposite pit
    when the last pit holds 5 and is claimed by an opponent and the mover has a claimed pit: take the last pit for the opponent
    when the last pit holds 2 or more and is claimed and is the mirror of a claimed pit: relay from the next pit
    when the last pit is its owner's rightmost pit and is claimed by the mover: take the last pit
  }
  claimed pits {
    a claimed pit cannot be played
    seeds in a claimed pit go to its claimer after each lap
  }
  end {
    game over when a player's unclaimed pits are all empty
    player to move cannot move: game over
    leftover seeds: each pit's owner
    ply limit 1000
  }
  ruleset "first-moves" {
    source "test"
    turns {
      each player's first move is from their rightmost pit
    }
    claimed pits {
      seeds in a claimed pit go to its claimer at the end
    }
  }
}
"#;
/// A variant with seeds held in hand, and (not in the shipped file) each player's direction
/// kept from their first move.
static HANDS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let text = include_str!("../variants/iyogh.sow").replacen(
        "  turns {\n",
        "  turns {\n    each player keeps the direction of their first move\n",
        1,
    );
    assert!(text.contains("keeps the direction"), "the line goes into Iyogh's turns block");
    text
});
/// A distribution, a choice to swap sides, feeding by a transfer, rounds scored in points.
const AQIL: &str = include_str!("../variants/lib-al-aqil.sow");

/// Random games played with each set of rules that checks.
const GAMES: u64 = 3;
/// Plies after which a game is left unfinished (a mutated ply limit may be in the millions);
/// games that reach their ply limit before this are checked to end there.
const MAX_PLIES: u32 = 3_000;

/// The keywords of the language, read from the grammar: `k_board = @{ "board" ~ word_end }`.
fn keywords() -> Vec<&'static str> {
    GRAMMAR.lines().filter(|l| l.starts_with("k_")).filter_map(|l| l.split('"').nth(1)).collect()
}

#[derive(Debug, Clone)]
enum Mutation {
    DeleteChar(Index),
    InsertChar(Index, char),
    ReplaceChar(Index, char),
    DeleteLine(Index),
    DuplicateLine(Index),
    SwapLines(Index, Index),
    ReplaceNumber(Index, &'static str),
    ReplaceWord(Index, String),
    Truncate(Index),
    Append(char),
    InsertText(Index, String),
}

fn a_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => select(vec![
            '{', '}', ':', '"', '\\', ',', '#', '\n', '\r', '\t', ' ', '-', '\'', '_', '0', '1', '2',
            '9', 'a', 's', 'z', 'í', 'é', '\u{0}', '\u{301}', '\u{feff}', '\u{2028}', '😀', '中',
        ]),
        1 => any::<char>(),
    ]
}

/// Phrases of count expressions, to put where a word was: `2 or 4` becomes `2 or more 4`,
/// `an even count 4`, ...
const COUNT_PHRASES: &[&str] =
    &["or more", "to 6", "but not 4", "but", "an even count", "an odd count of", "any count but", "3 to 2"];

fn a_word() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => select(keywords()).prop_map(str::to_string),
        1 => select(COUNT_PHRASES).prop_map(str::to_string),
        1 => "[a-z][a-z'-]{0,9}",
    ]
}

fn a_number() -> impl Strategy<Value = &'static str> {
    select(vec![
        "0",
        "1",
        "2",
        "3",
        "4",
        "6",
        "9",
        "64",
        "255",
        "256",
        "4294967296",
        "99999999999999999999999",
    ])
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => any::<Index>().prop_map(Mutation::DeleteChar),
        3 => (any::<Index>(), a_char()).prop_map(|(i, c)| Mutation::InsertChar(i, c)),
        3 => (any::<Index>(), a_char()).prop_map(|(i, c)| Mutation::ReplaceChar(i, c)),
        2 => any::<Index>().prop_map(Mutation::DeleteLine),
        2 => any::<Index>().prop_map(Mutation::DuplicateLine),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::SwapLines(i, j)),
        4 => (any::<Index>(), a_number()).prop_map(|(i, n)| Mutation::ReplaceNumber(i, n)),
        4 => (any::<Index>(), a_word()).prop_map(|(i, w)| Mutation::ReplaceWord(i, w)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => a_char().prop_map(Mutation::Append),
        1 => (any::<Index>(), prop::collection::vec(any::<char>(), 1..6))
            .prop_map(|(i, cs)| Mutation::InsertText(i, cs.into_iter().collect())),
    ]
}

/// Byte offsets of the character boundaries of `text`, its end included.
fn boundaries(text: &str) -> Vec<usize> {
    text.char_indices().map(|(i, _)| i).chain([text.len()]).collect()
}

/// The byte ranges of the maximal runs of `text` whose characters satisfy `f`.
fn runs(text: &str, f: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), '\n')]) {
        match (start, f(c) && i < text.len()) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut t = text.to_string();
    let chars = boundaries(text);
    let char_at = |i: &Index| chars[i.index(chars.len())];
    let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
    let splice =
        |range: (usize, usize), with: &str| format!("{}{with}{}", &text[..range.0], &text[range.1..]);
    match m {
        Mutation::DeleteChar(i) | Mutation::ReplaceChar(i, _) if chars.len() > 1 => {
            let k = i.index(chars.len() - 1);
            let with = match m {
                Mutation::ReplaceChar(_, c) => c.to_string(),
                _ => String::new(),
            };
            t = splice((chars[k], chars[k + 1]), &with);
        }
        Mutation::InsertChar(i, c) => t.insert(char_at(i), *c),
        Mutation::InsertText(i, s) => t.insert_str(char_at(i), s),
        Mutation::Truncate(i) => t.truncate(char_at(i)),
        Mutation::Append(c) => t.push(*c),
        Mutation::DeleteLine(i) if !lines.is_empty() => {
            lines.remove(i.index(lines.len()));
            t = lines.concat();
        }
        Mutation::DuplicateLine(i) if !lines.is_empty() => {
            let k = i.index(lines.len());
            let line =
                if lines[k].ends_with('\n') { lines[k].to_string() } else { format!("{}\n", lines[k]) };
            t = format!("{}{line}{}", lines[..k].concat(), lines[k..].concat());
        }
        Mutation::SwapLines(i, j) if !lines.is_empty() => {
            let (a, b) = (i.index(lines.len()), j.index(lines.len()));
            let mut owned: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            // The last line may lack its line break; give both lines one so that they stay two.
            for k in [a, b] {
                if !owned[k].ends_with('\n') {
                    owned[k].push('\n');
                }
            }
            owned.swap(a, b);
            t = owned.concat();
        }
        Mutation::ReplaceNumber(i, n) => {
            let numbers = runs(text, |c| c.is_ascii_digit());
            if !numbers.is_empty() {
                t = splice(numbers[i.index(numbers.len())], n);
            }
        }
        Mutation::ReplaceWord(i, w) => {
            let words = runs(text, |c| c.is_alphabetic() || c == '-' || c == '\'');
            if !words.is_empty() {
                t = splice(words[i.index(words.len())], w);
            }
        }
        _ => {}
    }
    t
}

#[derive(Debug, Clone, Copy)]
enum Setup {
    Bakuk,
    Laps,
    Phases,
    Rounds,
    Hands,
    Aqil,
    Koumma,
    KoummaOverFile,
    Claims,
    Stones,
    Four,
    Katra,
    Three,
    Tshuba,
    Nsolo,
    Gabata,
    Openings,
    Openers,
    Drops,
    Sowings,
    Relays,
    ClaimRounds,
    RightFills,
    Instead,
    Drawn,
    BoardCount,
}

/// A directory of this process for the files of [`Setup::KoummaOverFile`].
fn scratch() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "fuzz-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("the scratch directory can be made");
    dir
}

fn load(setup: Setup, text: &str, koumma: &str) -> Result<VariantFile, Diagnostics> {
    let bundled = |name: &'static str| {
        load_source(
            SourceFile::new(format!("{name} (bundled)"), text),
            Origin::Bundled(name),
            &mut Vec::new(),
        )
    };
    // A file given as text, under its name.
    let named =
        |name: &str| load_source(SourceFile::new(name, text), Origin::Text(name.into()), &mut Vec::new());
    match setup {
        Setup::Bakuk => bundled("bakuk"),
        Setup::Laps => named("laps.sow"),
        Setup::Phases => named("phases.sow"),
        Setup::Claims => named("claims.sow"),
        Setup::Stones => named("stones.sow"),
        Setup::Rounds => named("rounds.sow"),
        Setup::Hands => named("hands.sow"),
        Setup::Aqil => named("aqil.sow"),
        Setup::Four => named("four.sow"),
        Setup::Katra => named("katra.sow"),
        Setup::Three => named("three.sow"),
        Setup::Tshuba => named("tshuba.sow"),
        Setup::Nsolo => named("nsolo.sow"),
        Setup::Gabata => named("gabata.sow"),
        Setup::Openings => named("openings.sow"),
        Setup::Openers => named("openers.sow"),
        Setup::Drops => named("drops.sow"),
        Setup::Sowings => named("sowings.sow"),
        Setup::Relays => named("relays.sow"),
        Setup::ClaimRounds => named("claim-rounds.sow"),
        Setup::RightFills => named("right-fills.sow"),
        Setup::Instead => named("instead.sow"),
        Setup::Drawn => named("drawn.sow"),
        Setup::BoardCount => named("board-count.sow"),
        Setup::Koumma => bundled("koumma"),
        Setup::KoummaOverFile => {
            let dir = scratch();
            std::fs::write(dir.join("bakuk.sow"), text).expect("the base can be written");
            std::fs::write(dir.join("koumma.sow"), koumma).expect("the variant can be written");
            let loaded = load_path(&dir.join("koumma.sow"));
            let _ = std::fs::remove_dir_all(&dir);
            loaded
        }
    }
}

/// Every message points inside its file, on character boundaries, and renders.
fn check_messages(diags: &Diagnostics, context: &str) -> Result<(), TestCaseError> {
    for d in &diags.0 {
        let loc = d.location.as_ref();
        prop_assert!(loc.is_some(), "a message about a text file without a place in it:\n{d}\n{context}");
        let loc = loc.unwrap();
        let text = &loc.file.text;
        let (start, end) = (loc.span.start, loc.span.end);
        prop_assert!(
            start <= end && end <= text.len(),
            "span {start}..{end} outside {} bytes of {}\n{context}",
            text.len(),
            loc.file.name
        );
        prop_assert!(
            text.is_char_boundary(start) && text.is_char_boundary(end),
            "span {start}..{end} not on character boundaries of {}\n{context}",
            loc.file.name
        );
        let shown = d.to_string();
        prop_assert!(shown.starts_with("error: ") || shown.starts_with("warning: "), "{shown}");
        let (line, col) = loc.file.line_col(start);
        let place = format!("--> {}:{line}:{col}\n", loc.file.name);
        prop_assert!(shown.contains(&place), "{shown} lacks {place}");
    }
    let _ = diags.to_string();
    Ok(())
}

/// Seeds on the board, captured, taken out of play, or in the hand of a paused sowing.
fn seeds_in_play(s: &State) -> u32 {
    s.pits().iter().map(|&x| u32::from(x)).sum::<u32>()
        + s.captured().iter().map(|&x| u32::from(x)).sum::<u32>()
        + s.removed()
        + s.in_hand()
}

fn play_game(rules: &Rules, seed: u64, game: u64, context: &str) -> Result<(), TestCaseError> {
    let total = rules.total_seeds();
    let limit = rules.spec().ply_limit;
    let mut rng = game_rng(seed, game);
    let mut s = rules.initial_state();
    prop_assert_eq!(seeds_in_play(&s), total, "at the start\n{}", context);
    while !s.is_over() && s.plies() < MAX_PLIES {
        let moves = rules.legal_moves(&s);
        prop_assert!(!moves.is_empty(), "a game not over without a legal move\n{}", context);
        prop_assert!(s.to_move().is_some());
        let mv = RandomPlayer::pick(rules, &s, &mut rng).ok_or_else(|| TestCaseError::fail("no move"))?;
        prop_assert!(
            moves.contains(mv) && rules.check_move(&s, mv).is_ok(),
            "random player chose illegal pit {}",
            mv
        );
        rules.apply(&mut s, mv);
        prop_assert_eq!(seeds_in_play(&s), total, "after ply {} (pit {})\n{}", s.plies(), mv, context);
        prop_assert_eq!(s.claimed(0) & s.claimed(1), 0, "a pit claimed by both players\n{}", context);
        prop_assert!(s.plies() <= limit, "ply {} beyond the limit {}", s.plies(), limit);
    }
    if s.plies() >= limit {
        prop_assert!(s.is_over(), "the game goes on at its ply limit {}", limit);
    }
    if s.is_over() {
        prop_assert!(rules.legal_moves(&s).is_empty());
        prop_assert!(rules.outcome(&s).is_some());
        let scores: u32 = rules.scores(&s).iter().sum();
        // Big stones count for what the rules say, besides the seeds.
        let stones = rules.stones_on_board(&s).count_ones()
            + s.stones_won().iter().map(|&w| u32::from(w)).sum::<u32>();
        let total = total + stones * u32::from(rules.spec().stones.worth);
        prop_assert!(scores <= total, "scores {} above the {} seeds", scores, total);
    }
    Ok(())
}

fn run(setup: Setup, mutations: &[Mutation], seed: u64) -> Result<(), TestCaseError> {
    let (start, koumma_mutations) = match setup {
        Setup::Bakuk => (BAKUK, 0),
        Setup::Laps => (LAPS, 0),
        Setup::Phases => (PHASES, 0),
        Setup::Claims => (CLAIMS, 0),
        Setup::Rounds => (ROUNDS, 0),
        Setup::Stones => (STONES, 0),
        Setup::Hands => (HANDS.as_str(), 0),
        Setup::Aqil => (AQIL, 0),
        Setup::Four => (FOUR, 0),
        Setup::Katra => (KATRA, 0),
        Setup::Three => (THREE, 0),
        Setup::Tshuba => (TSHUBA, 0),
        Setup::Nsolo => (NSOLO, 0),
        Setup::Gabata => (GABATA, 0),
        Setup::Openings => (OPENINGS, 0),
        Setup::Openers => (OPENERS, 0),
        Setup::Drops => (DROPS, 0),
        Setup::Sowings => (SOWINGS, 0),
        Setup::Relays => (RELAYS, 0),
        Setup::ClaimRounds => (CLAIM_ROUNDS, 0),
        Setup::RightFills => (RIGHT_FILLS, 0),
        Setup::Instead => (INSTEAD, 0),
        Setup::Drawn => (DRAWN, 0),
        Setup::BoardCount => (BOARD_COUNT, 0),
        Setup::Koumma => (KOUMMA, 0),
        // The base takes most mutations; Koumma the last one, once in a while.
        Setup::KoummaOverFile => (BAKUK, usize::from(mutations.len() > 2)),
    };
    let (base_mutations, own) = mutations.split_at(mutations.len() - koumma_mutations);
    let text = base_mutations.iter().fold(start.to_string(), |t, m| apply(&t, m));
    let koumma = own.iter().fold(KOUMMA.to_string(), |t, m| apply(&t, m));
    let context = format!("setup {setup:?}, text:\n{text:?}\nkoumma:\n{koumma:?}");

    let file = match load(setup, &text, &koumma) {
        Ok(file) => file,
        Err(diags) => {
            prop_assert!(diags.has_errors(), "loading failed without an error\n{context}");
            return check_messages(&diags, &context);
        }
    };
    let diags = check_all(&file);
    check_messages(&diags, &context)?;
    if diags.has_errors() {
        return Ok(());
    }
    let rulesets: Vec<Option<String>> =
        [None].into_iter().chain(file.ruleset_names().into_iter().map(|r| Some(r.to_string()))).collect();
    for ruleset in &rulesets {
        let checked = check(&file, ruleset.as_deref());
        prop_assert!(
            checked.is_ok(),
            "check_all found no error, but check with {:?} fails:\n{}\n{}",
            ruleset,
            checked.err().map(|d| d.to_string()).unwrap_or_default(),
            context
        );
        let (spec, _warnings) = checked.unwrap();
        let rules = compile(&spec);
        for game in 0..GAMES {
            play_game(&rules, seed, game, &format!("ruleset {ruleset:?}, game {game}\n{context}"))?;
        }
    }
    Ok(())
}

/// A chain: forward?, its counts, and which pits (an index into the forms of `in ...`).
type Chain = (bool, GenCounts, u8);
/// The landing counts, where the last seed may capture (an index), and the chain.
type Capture = (GenCounts, u8, Option<Chain>);

/// An item of a list of counts: `N`, `N or more`, `N to M`.
#[derive(Debug, Clone, Copy)]
enum GenItem {
    One(u64),
    OrMore(u64),
    Range(u64, u64),
}

impl GenItem {
    fn text(self) -> String {
        match self {
            GenItem::One(n) => n.to_string(),
            GenItem::OrMore(n) => format!("{n} or more"),
            GenItem::Range(a, b) => format!("{a} to {b}"),
        }
    }

    fn numbers(self) -> Vec<u64> {
        match self {
            GenItem::One(n) | GenItem::OrMore(n) => vec![n],
            GenItem::Range(a, b) => vec![a, b],
        }
    }

    /// The counts it holds, of those a pit can hold.
    fn holds(self, n: u64) -> bool {
        match self {
            GenItem::One(m) => n == m,
            GenItem::OrMore(m) => n >= m,
            GenItem::Range(a, b) => a <= n && n <= b,
        }
    }
}

/// Counts as a rule writes them: a list, `any count`, or a parity (of the list, if `of`),
/// less the exceptions.
#[derive(Debug, Clone)]
struct GenCounts {
    /// 0: the list; 1: `any count`; 2: `an even count`; 3: `an odd count`.
    form: u8,
    items: Vec<GenItem>,
    /// A parity of the list's counts.
    of: bool,
    /// The last item after `or`, not `,`.
    or: bool,
    except: Vec<GenItem>,
}

impl GenCounts {
    fn list(items: &[GenItem], or: bool) -> String {
        let texts: Vec<String> = items.iter().map(|i| i.text()).collect();
        match (or, texts.split_last()) {
            (true, Some((last, rest))) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => texts.join(", "),
        }
    }

    fn text(&self) -> String {
        let base = match self.form {
            0 => Self::list(&self.items, self.or),
            1 => "any count".to_string(),
            f => {
                let parity = if f == 2 { "even" } else { "odd" };
                match self.of {
                    true => format!("an {parity} count of {}", Self::list(&self.items, self.or)),
                    false => format!("an {parity} count"),
                }
            }
        };
        match (self.except.is_empty(), self.form) {
            (true, _) => base,
            (false, 1) => format!("{base} but {}", Self::list(&self.except, self.or)),
            (false, _) => format!("{base} but not {}", Self::list(&self.except, self.or)),
        }
    }

    /// The counts of 1 to 255 written before the exceptions.
    fn base(&self, n: u64) -> bool {
        let listed = self.items.iter().any(|i| i.holds(n));
        match self.form {
            0 => listed,
            1 => true,
            f => n.is_multiple_of(2) == (f == 2) && (!self.of || listed),
        }
    }

    /// Whether the checks find a mistake: a count out of 1 to 255, a range backwards, a count
    /// in two items of a list, an item of a parity's list without a count of that parity, an
    /// exception that takes nothing away, or no count left.
    fn bad(&self) -> bool {
        let items: &[GenItem] = if self.form == 0 || self.form >= 2 && self.of { &self.items } else { &[] };
        let all = || items.iter().chain(&self.except);
        if all().flat_map(|i| i.numbers()).any(|n| n == 0 || n > 255) {
            return true;
        }
        if all().any(|i| matches!(i, GenItem::Range(a, b) if a > b)) {
            return true;
        }
        let twice = |l: &[GenItem]| {
            (1..l.len()).any(|i| (1..=255).any(|n| l[i].holds(n) && l[..i].iter().any(|e| e.holds(n))))
        };
        if twice(items) || twice(&self.except) {
            return true;
        }
        if self.form >= 2
            && items.iter().any(|i| !(1..=255).any(|n| i.holds(n) && n.is_multiple_of(2) == (self.form == 2)))
        {
            return true;
        }
        if self.except.iter().any(|e| !(1..=255).any(|n| e.holds(n) && self.base(n))) {
            return true;
        }
        !(1..=255).any(|n| self.base(n) && !self.except.iter().any(|e| e.holds(n)))
    }
}

/// A whole variant written from random rule values.
#[derive(Debug, Clone)]
struct Generated {
    pits_per_row: u64,
    stores: bool,
    /// `None`: the same count in each pit.
    listed: Option<Vec<u64>>,
    each: u64,
    players: u64,
    /// 1-based; reduced into range when the count allows.
    first: u64,
    clockwise: bool,
    emptied: bool,
    skip: bool,
    min_seeds: u64,
    /// `None`: `capture { none }`.
    capture: Option<Capture>,
    /// `game over`, `they pass` or `they lose` (two players only), taken modulo 3.
    no_move: u8,
    leftovers: u8,
    ply_limit: u64,
    /// An ending and its outcome, from [`ENDINGS`], taken modulo their number.
    ending: u8,
}

/// The endings the generator writes, with their outcomes: none, the empty side with each
/// outcome (once looked at after each lap), nobody able to move (a mistake without `they pass`; `they win` always), and
/// endings written as conditions (`they win` a mistake).
const ENDINGS: [&str; 12] = [
    "",
    "game over when a player's pits are all empty",
    "game over when a player's pits are all empty, after each lap: they lose",
    "game over when a player's pits are all empty: they win",
    "game over when a player's pits are all empty: they lose",
    "game over when a player's pits are all empty: the game is a draw",
    "game over when nobody can move",
    "game over when nobody can move: the game is a draw",
    "game over when nobody can move: they win",
    "game over when every pit holds 1 or fewer seeds",
    "game over when the board holds 1 seed, after each lap",
    "game over when no pit of the opponent's is occupied: they win",
];

impl Generated {
    fn pits(&self) -> u64 {
        2 * self.pits_per_row
    }

    fn seeds(&self) -> Vec<u64> {
        match &self.listed {
            Some(list) => list.clone(),
            None => vec![self.each; self.pits() as usize],
        }
    }

    fn text(&self) -> String {
        let mut t = String::from("variant \"Generated\" {\n  source \"the fuzzer\"\n");
        let stores = if self.stores { "one store per player" } else { "no stores" };
        writeln!(t, "  board 2 rows of {} pits, {stores}", self.pits_per_row).unwrap();
        match &self.listed {
            Some(list) => {
                let list: Vec<String> = list.iter().map(u64::to_string).collect();
                writeln!(t, "  seeds pit by pit {}", list.join(" ")).unwrap();
            }
            None => writeln!(t, "  seeds {} in each pit", self.each).unwrap(),
        }
        // Contiguous runs of pits, as even as they come.
        writeln!(t, "  players {} {{", self.players).unwrap();
        let (pits, n) = (self.pits(), self.players.min(self.pits()));
        let mut from = 1;
        for p in 1..=n {
            let to = pits * p / n;
            writeln!(t, "    player {p} owns pits {from} to {to}").unwrap();
            from = to + 1;
        }
        if self.players > 0 {
            writeln!(t, "    player {} starts", (self.first - 1) % self.players + 1).unwrap();
        }
        t.push_str("  }\n  sowing {\n");
        t.push_str(if self.clockwise { "    clockwise\n" } else { "    counter-clockwise\n" });
        t.push_str(if self.emptied {
            "    first seed into the emptied pit\n"
        } else {
            "    first seed into the next pit\n"
        });
        t.push_str(if self.skip {
            "    laps skip the emptied pit\n"
        } else {
            "    laps sow into the emptied pit\n"
        });
        writeln!(t, "    a pit needs {} seeds to be played\n  }}", self.min_seeds).unwrap();
        let counts = |c: &GenCounts| c.text();
        match &self.capture {
            None => t.push_str("  capture { none }\n"),
            Some((landing, at, chain)) => {
                let at = ["in any pit", "in an opponent's pit", "in the mover's own pit"][*at as usize % 3];
                writeln!(t, "  capture {{\n    last seed makes {} {at}: take them", counts(landing)).unwrap();
                match chain {
                    None => t.push_str("    no chain\n"),
                    Some((forward, c, at)) => {
                        let way = if *forward { "forward" } else { "backward" };
                        let at = ["", " in any pit", " in the opponent's pits", " in the mover's own pits"]
                            [*at as usize % 4];
                        writeln!(t, "    chain {way} while {}{at}", counts(c)).unwrap();
                    }
                }
                t.push_str("  }\n");
            }
        }
        let no_move = ["game over", "they pass", "they lose"][self.no_move as usize % 3];
        let leftovers = ["nobody", "each pit's owner", "the last mover"][self.leftovers as usize % 3];
        writeln!(t, "  end {{\n    player to move cannot move: {no_move}\n    leftover seeds: {leftovers}")
            .unwrap();
        let ending = ENDINGS[self.ending as usize % ENDINGS.len()];
        if !ending.is_empty() {
            writeln!(t, "    {ending}").unwrap();
        }
        writeln!(t, "    ply limit {}\n    winner: most captured\n  }}\n}}", self.ply_limit).unwrap();
        t
    }

    /// The mistakes the language's rules find in these values.
    fn mistakes(&self) -> Vec<&'static str> {
        let mut m = Vec::new();
        let (pits, seeds) = (self.pits(), self.seeds());
        let board_ok = pits > 0 && pits <= 64;
        if !board_ok {
            m.push("board size");
        }
        let total: u64 = seeds.iter().sum();
        if seeds.iter().any(|&s| s > 255) {
            m.push("a pit's seeds");
        } else if board_ok && (seeds.len() as u64 != pits || total == 0 || total > 255) {
            m.push("seeds");
        }
        if board_ok && (self.players < 2 || self.players > 8 || self.players > pits) {
            m.push("players");
        }
        let seeds_ok = board_ok && !m.contains(&"seeds") && !m.contains(&"a pit's seeds");
        if self.min_seeds == 0 || self.min_seeds > 255 || (seeds_ok && self.min_seeds > total) {
            m.push("min seeds");
        }
        let bad_counts = |c: &GenCounts| c.bad();
        if let Some((landing, _, chain)) = &self.capture
            && (bad_counts(landing) || chain.as_ref().is_some_and(|(_, c, _)| bad_counts(c)))
        {
            m.push("counts");
        }
        if self.ply_limit == 0 || self.ply_limit > u64::from(u32::MAX) {
            m.push("ply limit");
        }
        // Said only of a board, seeds and players that are right.
        let players_ok = board_ok && !m.contains(&"players");
        if self.no_move % 3 == 2 && self.players != 2 && seeds_ok && players_ok {
            m.push("a loss for two players");
        }
        let ending = ENDINGS[self.ending as usize % ENDINGS.len()];
        if ending.ends_with("they lose") && self.players != 2 && seeds_ok && players_ok {
            m.push("an empty side's loss for two players");
        }
        if ending.contains("nobody can move") && self.no_move % 3 != 1 {
            m.push("nobody can move, but nobody passes");
        }
        if ending.ends_with("nobody can move: they win") {
            m.push("a win when nobody can move");
        }
        if ending.ends_with("occupied: they win") {
            m.push("a win for no player named");
        }
        m
    }
}

fn count_item() -> impl Strategy<Value = GenItem> {
    let n = || prop_oneof![30 => 1..=10u64, 1 => Just(0u64), 1 => Just(256u64), 1 => 9..=255u64];
    prop_oneof![
        8 => n().prop_map(GenItem::One),
        1 => n().prop_map(GenItem::OrMore),
        2 => (n(), n()).prop_map(|(a, b)| GenItem::Range(a, b)),
    ]
}

fn counts() -> impl Strategy<Value = GenCounts> {
    (
        prop_oneof![12 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8), 1 => Just(3u8)],
        prop::collection::vec(count_item(), 1..4),
        any::<bool>(),
        any::<bool>(),
        prop_oneof![6 => Just(Vec::new()), 1 => prop::collection::vec(count_item(), 1..3)],
    )
        .prop_map(|(form, items, of, or, except)| GenCounts { form, items, of, or, except })
}

fn generated() -> impl Strategy<Value = Generated> {
    let board = (prop_oneof![10 => 1..=8u64, 2 => 0..=34u64], any::<bool>());
    let seeds = (
        prop_oneof![6 => Just(None), 1 => prop::collection::vec(prop_oneof![10 => 0..=8u64, 1 => Just(300u64)], 1..20).prop_map(Some)],
        prop_oneof![10 => 1..=6u64, 1 => Just(0u64), 1 => 7..=300u64],
    );
    let players = (prop_oneof![10 => 2..=4u64, 1 => 0..=10u64], 1..=8u64);
    let sowing = (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        prop_oneof![10 => 1..=3u64, 1 => Just(0u64), 1 => 4..=300u64],
    );
    let capture = prop::option::weighted(
        0.85,
        (counts(), any::<u8>(), prop::option::weighted(0.7, (any::<bool>(), counts(), any::<u8>()))),
    );
    let end = (
        any::<u8>(),
        any::<u8>(),
        prop_oneof![20 => 1..=400u64, 1 => Just(0u64), 1 => Just(5_000_000_000u64)],
        prop_oneof![3 => Just(0u8), 2 => any::<u8>()],
    );
    (board, seeds, players, sowing, capture, end).prop_map(
        |(
            (pits_per_row, stores),
            (listed, each),
            (players, first),
            (clockwise, emptied, skip, min_seeds),
            capture,
            (no_move, leftovers, ply_limit, ending),
        )| {
            // Listed seeds fit the board most of the time; when they do not, that is the mistake.
            let listed = listed.map(|mut l| {
                if l.len() % 5 != 0 {
                    l.resize(((2 * pits_per_row) as usize).max(1), 1);
                }
                l
            });
            Generated {
                pits_per_row,
                stores,
                listed,
                each,
                players,
                first,
                clockwise,
                emptied,
                skip,
                min_seeds,
                capture,
                no_move,
                leftovers,
                ply_limit,
                ending,
            }
        },
    )
}

fn run_generated(g: &Generated, seed: u64) -> Result<(), TestCaseError> {
    let text = g.text();
    let mistakes = g.mistakes();
    let context = format!("{g:?}\nmistakes expected: {mistakes:?}\n{text}");
    let file = load_source(
        SourceFile::new("generated.sow", text.as_str()),
        Origin::File(PathBuf::from("generated.sow")),
        &mut Vec::new(),
    );
    let file = match file {
        Ok(f) => f,
        Err(d) => {
            return Err(TestCaseError::fail(format!("a generated file does not parse:\n{d}\n{context}")));
        }
    };
    let diags = check_all(&file);
    check_messages(&diags, &context)?;
    let errors: Vec<String> = diags.0.iter().filter(|d| d.is_error()).map(|d| d.to_string()).collect();
    prop_assert_eq!(errors.is_empty(), mistakes.is_empty(), "errors:\n{}\n{}", errors.join("\n"), context);
    if !mistakes.is_empty() {
        return Ok(());
    }
    let (spec, _) = check(&file, None).map_err(|d| TestCaseError::fail(format!("{d}\n{context}")))?;
    prop_assert_eq!(spec.pits() as u64, g.pits());
    prop_assert_eq!(u64::from(spec.players), g.players);
    prop_assert_eq!(spec.seeds.iter().map(|&s| u64::from(s)).collect::<Vec<_>>(), g.seeds());
    prop_assert_eq!(u64::from(spec.first_player), (g.first - 1) % g.players);
    prop_assert_eq!(u64::from(spec.ply_limit), g.ply_limit);
    let rules = compile(&spec);
    for game in 0..GAMES {
        play_game(&rules, seed, game, &format!("game {game}\n{context}"))?;
    }
    Ok(())
}

#[test]
fn the_starting_texts_check_and_play() {
    for setup in [
        Setup::Bakuk,
        Setup::Laps,
        Setup::Phases,
        Setup::Koumma,
        Setup::KoummaOverFile,
        Setup::Claims,
        Setup::Rounds,
        Setup::Stones,
        Setup::Hands,
        Setup::Aqil,
        Setup::Four,
        Setup::Katra,
        Setup::Three,
        Setup::Tshuba,
        Setup::Nsolo,
        Setup::Gabata,
        Setup::Openings,
        Setup::Openers,
        Setup::Drops,
        Setup::Sowings,
        Setup::Relays,
        Setup::ClaimRounds,
        Setup::RightFills,
        Setup::Instead,
        Setup::Drawn,
        Setup::BoardCount,
    ] {
        let text = match setup {
            Setup::Koumma => KOUMMA,
            Setup::Laps => LAPS,
            Setup::Phases => PHASES,
            Setup::Claims => CLAIMS,
            Setup::Rounds => ROUNDS,
            Setup::Stones => STONES,
            Setup::Hands => HANDS.as_str(),
            Setup::Aqil => AQIL,
            Setup::Four => FOUR,
            Setup::Katra => KATRA,
            Setup::Three => THREE,
            Setup::Tshuba => TSHUBA,
            Setup::Nsolo => NSOLO,
            Setup::Gabata => GABATA,
            Setup::Openings => OPENINGS,
            Setup::Openers => OPENERS,
            Setup::Drops => DROPS,
            Setup::Sowings => SOWINGS,
            Setup::Relays => RELAYS,
            Setup::ClaimRounds => CLAIM_ROUNDS,
            Setup::RightFills => RIGHT_FILLS,
            Setup::Instead => INSTEAD,
            Setup::Drawn => DRAWN,
            Setup::BoardCount => BOARD_COUNT,
            _ => BAKUK,
        };
        let file = load(setup, text, KOUMMA).unwrap_or_else(|e| panic!("{setup:?}: {e}"));
        assert!(!check_all(&file).has_errors(), "{setup:?}");
        run(setup, &[], 1).unwrap_or_else(|e| panic!("{setup:?}: {e}"));
    }
}

/// Bakuk with its line breaks written as `eol`.
fn with_line_breaks(eol: &str) -> String {
    BAKUK.replace('\n', eol)
}

#[test]
fn every_cut_at_a_line_end_gives_a_located_message() {
    for eol in ["\n", "\r\n", "\r"] {
        let text = with_line_breaks(eol);
        let ends: Vec<usize> = text.match_indices(eol).map(|(i, _)| i).collect();
        for cut in ends.iter().flat_map(|&e| [e.saturating_sub(1), e, e + 1, e + eol.len()]) {
            let Some(prefix) = text.get(..cut.min(text.len())) else { continue };
            let context = format!("Bakuk cut at byte {cut}, line breaks {eol:?}:\n{prefix:?}");
            let file = SourceFile::new("cut.sow", prefix);
            let outcome = std::panic::catch_unwind(|| {
                let (diags, loaded) = match load_source(file, Origin::Bundled("bakuk"), &mut Vec::new()) {
                    Ok(v) => (check_all(&v), true),
                    Err(d) => (d, false),
                };
                check_messages(&diags, &context).map_err(|e| e.to_string())?;
                let whole = prefix.trim_end() == text.trim_end();
                if !whole && (loaded || !diags.has_errors()) {
                    return Err(format!("a cut file loads without an error: {context}"));
                }
                Ok(())
            });
            match outcome {
                Ok(Ok(())) => {}
                Ok(Err(e)) => panic!("{e}"),
                Err(_) => panic!("panicked (see above) on {context}"),
            }
        }
    }
}

#[test]
fn mutations_do_what_they_say() {
    // An Index that picks element `k` of a list of `of`.
    let i = |k: usize, of: usize| {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        loop {
            let idx = any::<Index>().new_tree(&mut runner).unwrap().current();
            if idx.index(of) == k {
                return idx;
            }
        }
    };
    assert_eq!(apply("ab\ncd\n", &Mutation::SwapLines(i(0, 2), i(1, 2))), "cd\nab\n");
    assert_eq!(apply("ab\ncd", &Mutation::SwapLines(i(0, 2), i(1, 2))), "cd\nab\n");
    assert_eq!(apply("a 12 b 3", &Mutation::ReplaceNumber(i(1, 2), "0")), "a 12 b 0");
    assert_eq!(apply("no stores", &Mutation::ReplaceWord(i(0, 2), "one".into())), "one stores");
    assert_eq!(apply("aé", &Mutation::DeleteChar(i(1, 2))), "a");
    assert_eq!(apply("x", &Mutation::DuplicateLine(i(0, 1))), "x\nx");
    assert!(keywords().contains(&"counter-clockwise") && keywords().contains(&"mover's"));
    assert_eq!(keywords().len(), GRAMMAR.matches("~ word_end }").count());
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        max_shrink_iters: 4000,
        ..ProptestConfig::default()
    })]

    #[test]
    fn mutated_files_never_panic_and_valid_ones_play(
        setup in select(vec![Setup::Bakuk, Setup::Laps, Setup::Phases, Setup::Koumma, Setup::KoummaOverFile, Setup::Claims, Setup::Rounds, Setup::Stones, Setup::Hands, Setup::Aqil, Setup::Four, Setup::Katra, Setup::Three, Setup::Tshuba, Setup::Nsolo, Setup::Gabata, Setup::Openings, Setup::Openers, Setup::Drops, Setup::Sowings, Setup::Relays, Setup::ClaimRounds, Setup::RightFills, Setup::Instead, Setup::Drawn, Setup::BoardCount]),
        mutations in prop::collection::vec(mutation(), 1..5),
        seed in any::<u64>(),
    ) {
        run(setup, &mutations, seed)?;
    }

    #[test]
    fn generated_variants_check_as_the_rules_say_and_play(g in generated(), seed in any::<u64>()) {
        run_generated(&g, seed)?;
    }
}
