//! The written form of moves and positions, in one place: a move is its pit number (`3`), a
//! list of moves or of seed counts is written `3,1,5` or `3 1 5`. Numbers are plain: digits
//! only, without a sign or leading zeros, so that `+3`, `03` and `3.0` are mistakes rather
//! than guesses; an empty item (`3,,5`) is a mistake rather than skipped.

use std::fmt;

use crate::error::{Failure, Status};

use super::compile::Rules;
use super::moves::{IllegalMove, Move, MoveDirection};
use super::state::State;

/// What the items of a list are, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Move,
    SeedCount,
}

impl Item {
    fn word(self) -> &'static str {
        match self {
            Item::Move => "move",
            Item::SeedCount => "pit",
        }
    }
}

/// A move or position that is not written as one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// `3,,5`: the item at `index` (1-based) is missing.
    EmptyItem {
        list: String,
        index: usize,
        item: Item,
    },
    /// Not a plain number: `x`, `+3`, `03`. `pits` is the board's count, when known;
    /// `choice`: a pit (1-based) that sows either way, whose moves take `cw` or `ccw`.
    NotAPitNumber {
        given: String,
        index: Option<usize>,
        pits: Option<usize>,
        choice: Option<u8>,
    },
    /// A plain number that is no pit of the board: `0`, `7` on 6 pits (`pits`, when known).
    NoSuchPit {
        given: String,
        index: Option<usize>,
        pits: Option<usize>,
    },
    NotASeedCount {
        given: String,
        index: Option<usize>,
    },
    /// `h0`, `h65`, `hx`: `h` and a number of seeds that no move from the hand sows.
    NotAHandMove {
        given: String,
        index: Option<usize>,
    },
    /// A pit's direction written wrong for the rules: missing where the pit sows either way,
    /// or not the pit's own.
    Direction {
        given: String,
        index: Option<usize>,
        error: IllegalMove,
    },
}

/// `move 3 (`x`)` or `` `x` ``: the item, and its place in a list of more than one.
fn which(item: Item, given: &str, index: &Option<usize>) -> String {
    match index {
        Some(i) => format!("{} {i} (`{given}`)", item.word()),
        None => format!("`{given}`"),
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::EmptyItem { list, index, item } => write!(
                f,
                "`{list}` has no {} {index}: separate the items by one comma or by spaces, e.g. `3,1,5`",
                item.word()
            ),
            NotationError::NotAPitNumber { given, index, pits, choice } => {
                write!(
                    f,
                    "{} is not a pit number: write pits as plain numbers",
                    which(Item::Move, given, index)
                )?;
                match pits {
                    Some(n) => write!(f, ", 1 to {n}")?,
                    None => write!(f, " such as `3`")?,
                }
                if let Some(p) = choice {
                    write!(f, ", with `cw` or `ccw` after a pit that sows either way (`{p}cw`)")?;
                }
                Ok(())
            }
            NotationError::NoSuchPit { given, index, pits } => {
                write!(f, "{} is not a pit: pits are numbered ", which(Item::Move, given, index))?;
                match pits {
                    Some(n) => write!(f, "1 to {n}"),
                    None => write!(f, "from 1"),
                }
            }
            NotationError::NotAHandMove { given, index } => write!(
                f,
                "{} is not a move from the hand: write `h` and the seeds to sow, 1 to {}, e.g. `h3`",
                which(Item::Move, given, index),
                crate::lang::spec::MAX_HAND
            ),
            NotationError::Direction { given, index, error } => {
                write!(f, "{}: {error}", which(Item::Move, given, index))
            }
            NotationError::NotASeedCount { given, index } => write!(
                f,
                "{} is not a number of seeds: write plain numbers, 0 to 255",
                which(Item::SeedCount, given, index)
            ),
        }
    }
}

impl std::error::Error for NotationError {}

impl Failure for NotationError {
    fn status(&self) -> Status {
        Status::BadInput
    }
}

/// The items of a list written `3,1,5`, `3 1 5` or `3, 1, 5`: separated by one comma, by
/// spaces, or both. An empty text is an empty list.
pub fn items(text: &str, item: Item) -> Result<Vec<&str>, NotationError> {
    let mut out = Vec::new();
    // A comma seen since the last item: a second one, or one with no item before it, leaves
    // an item out.
    let mut comma = false;
    let empty = |index| NotationError::EmptyItem { list: text.to_string(), index, item };
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(',') {
            if comma || out.is_empty() {
                return Err(empty(out.len() + 1));
            }
            comma = true;
            rest = after;
            continue;
        }
        if rest.is_empty() {
            if comma {
                return Err(empty(out.len() + 1));
            }
            return Ok(out);
        }
        let end = rest.find(|c: char| c == ',' || c.is_whitespace()).unwrap_or(rest.len());
        out.push(&rest[..end]);
        rest = &rest[end..];
        comma = false;
    }
}

/// A whole number written plainly: digits only, no sign, no leading zeros (`0` itself is
/// plain).
pub fn plain_number(text: &str) -> Option<u64> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if plain { text.parse().ok() } else { None }
}

/// A move's pit number and the direction written after it (`2cw`, `2ccw`), if any.
fn split_direction(text: &str) -> (&str, MoveDirection) {
    if let Some(pit) = text.strip_suffix("ccw") {
        (pit, MoveDirection::CounterClockwise)
    } else if let Some(pit) = text.strip_suffix("cw") {
        (pit, MoveDirection::Clockwise)
    } else {
        (text, MoveDirection::Given)
    }
}

/// A move's pit number as written, checked for form only (a script read before its variant
/// is known): a plain number of at least 1, with `cw` or `ccw` after it or not.
pub fn pit_number(text: &str, index: Option<usize>) -> Result<usize, NotationError> {
    if text == "pass" {
        return Ok(0);
    }
    let (number, _) = split_direction(text);
    // A move from the hand names no pit: 0 stands for it (and for a pass).
    if let Some(seeds) = number.strip_prefix('h') {
        return match plain_number(seeds) {
            Some(k) if (1..=crate::lang::spec::MAX_HAND as u64).contains(&k) => Ok(0),
            _ => Err(NotationError::NotAHandMove { given: text.into(), index }),
        };
    }
    match plain_number(number) {
        Some(n) if n >= 1 && n <= usize::MAX as u64 => Ok(n as usize),
        Some(_) => Err(NotationError::NoSuchPit { given: text.into(), index, pits: None }),
        None => Err(NotationError::NotAPitNumber { given: text.into(), index, pits: None, choice: None }),
    }
}

/// A move of a board of `pits` pits, as written (`3`, `2cw`). `index` is its place in a list,
/// for messages. Whether the direction fits the pit is [`parse_move_for`]'s question.
pub fn parse_move_on(pits: usize, text: &str, index: Option<usize>) -> Result<Move, NotationError> {
    // Whether a pass may be played is the rules' question, as for any move.
    if text == "pass" {
        return Ok(Move::PASS);
    }
    let (number, direction) = split_direction(text);
    // `h3`: seeds from the hand (no pit number starts with a letter, so no text changes meaning).
    if let Some(seeds) = number.strip_prefix('h') {
        return plain_number(seeds)
            .and_then(|k| Move::from_hand(usize::try_from(k).ok()?, direction))
            .ok_or_else(|| NotationError::NotAHandMove { given: text.into(), index });
    }
    let n = plain_number(number).ok_or_else(|| NotationError::NotAPitNumber {
        given: text.into(),
        index,
        pits: Some(pits),
        choice: None,
    })?;
    let no_such = || NotationError::NoSuchPit { given: text.into(), index, pits: Some(pits) };
    if n == 0 || n > pits as u64 {
        return Err(no_such());
    }
    Move::new(n as usize - 1, direction).ok_or_else(no_such)
}

/// A move of these rules, as written: `2cw` or `2ccw` for a pit that sows either way, `3`
/// (or `3ccw`, if that is its way) for a pit that sows one way.
pub fn parse_move_for(rules: &Rules, text: &str, index: Option<usize>) -> Result<Move, NotationError> {
    let mv = parse_move_on(rules.pits(), text, index).map_err(|e| match e {
        NotationError::NotAPitNumber { given, index, pits, .. } => {
            let choice =
                (0..rules.pits()).find(|&p| rules.spec().direction.of(p) == crate::lang::spec::Way::Either);
            NotationError::NotAPitNumber { given, index, pits, choice: choice.map(|p| p as u8 + 1) }
        }
        e => e,
    })?;
    rules.resolve(mv).map_err(|error| NotationError::Direction { given: text.into(), index, error })
}

/// A move of these rules, as written.
pub fn parse_move(rules: &Rules, text: &str) -> Result<Move, NotationError> {
    parse_move_for(rules, text, None)
}

/// A list of moves, as written (`3,1,5`). A turn that paused for its mover's choices is
/// written with them after its move, joined by `/` (`4/13`: pit 4 sown, then pit 13 chosen):
/// each is a move of the list, in order.
pub fn parse_moves(rules: &Rules, text: &str) -> Result<Vec<Move>, NotationError> {
    parse_moves_from(rules, &rules.initial_state(), text)
}

/// [`parse_moves`] of a game from `start`: a pit that sows either way, written without its
/// way where only one way may be played, is told that way (the moves before it are played
/// out to find it; they are read, not played, otherwise).
pub fn parse_moves_from(rules: &Rules, start: &State, text: &str) -> Result<Vec<Move>, NotationError> {
    let list = items(text, Item::Move)?;
    let numbered = list.len() > 1;
    let mut out = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        for step in item.split('/') {
            match parse_move_for(rules, step, numbered.then_some(i + 1)) {
                Ok(mv) => out.push(mv),
                Err(NotationError::Direction {
                    given,
                    index,
                    error: IllegalMove::NeedsDirection { pit },
                }) => {
                    let error =
                        one_way_after(rules, start, &out, pit).unwrap_or(IllegalMove::NeedsDirection { pit });
                    return Err(NotationError::Direction { given, index, error });
                }
                Err(e) => return Err(e),
            }
        }
    }
    Ok(out)
}

/// The one way pit `pit` (1-based) may be played after `moves` from `start`, if only one may.
fn one_way_after(rules: &Rules, start: &State, moves: &[Move], pit: usize) -> Option<IllegalMove> {
    let mut s = *start;
    for &m in moves {
        rules.play(&mut s, m, &mut ()).ok()?;
    }
    match rules.ways_now(&s, pit - 1) {
        (true, false) => Some(IllegalMove::OneWayNow { pit, clockwise: true }),
        (false, true) => Some(IllegalMove::OneWayNow { pit, clockwise: false }),
        _ => None,
    }
}

/// A turn as written: its move and the choices it paused for, joined by `/` (`4/13`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn(pub Vec<Move>);

impl std::fmt::Display for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

impl serde::Serialize for Turn {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The moves of a game played from `start`, as turns (`4/13`).
pub fn turns(rules: &Rules, start: crate::engine::State, moves: &[Move]) -> Vec<Turn> {
    let mut s = start;
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        push_turn(&mut out, &s, mv);
        rules.apply(&mut s, mv);
    }
    out
}

/// Moves played one after another, as turns: `mv`, played in `before`, is a choice of the
/// turn before it when `before` is a paused move.
pub fn push_turn(turns: &mut Vec<Turn>, before: &crate::engine::State, mv: Move) {
    match turns.last_mut() {
        Some(turn) if before.pending().is_some() => turn.0.push(mv),
        _ => turns.push(Turn(vec![mv])),
    }
}

/// The seeds of every pit, as written (`0,2,1,0,3,1`). Whether they fit the board is
/// [`Rules::state_from`]'s question.
pub fn parse_seeds(text: &str) -> Result<Vec<u8>, NotationError> {
    let list = items(text, Item::SeedCount)?;
    let numbered = list.len() > 1;
    list.iter()
        .enumerate()
        .map(|(i, s)| {
            plain_number(s).filter(|&n| n <= u8::MAX as u64).map(|n| n as u8).ok_or_else(|| {
                NotationError::NotASeedCount { given: s.to_string(), index: numbered.then_some(i + 1) }
            })
        })
        .collect()
}

/// Moves as written, separated by commas: `3,1,5`.
pub fn write_moves(moves: &[Move]) -> String {
    moves.iter().map(Move::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_split_by_one_comma_or_spaces() {
        for text in ["3,1,5", "3 1 5", "3, 1, 5", " 3 ,1\t5 "] {
            assert_eq!(items(text, Item::Move).unwrap(), vec!["3", "1", "5"], "{text:?}");
        }
        assert_eq!(items("", Item::Move).unwrap(), Vec::<&str>::new());
        assert_eq!(items("  ", Item::Move).unwrap(), Vec::<&str>::new());
        for (text, index) in [("3,,5", 2), (",,,", 1), (",3", 1), ("3,", 2), ("3 , , 5", 2)] {
            assert_eq!(
                items(text, Item::Move),
                Err(NotationError::EmptyItem { list: text.into(), index, item: Item::Move }),
                "{text:?}"
            );
        }
    }

    #[test]
    fn numbers_are_plain() {
        assert_eq!(plain_number("0"), Some(0));
        assert_eq!(plain_number("30"), Some(30));
        for bad in ["", "+3", "-3", "03", "00", "3.0", "x", "٣", "3x"] {
            assert_eq!(plain_number(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn moves_are_pits_of_the_board() {
        assert_eq!(parse_move_on(6, "3", None), Ok(Move::from_pit(2).unwrap()));
        assert_eq!(
            parse_move_on(6, "7", Some(3)).unwrap_err().to_string(),
            "move 3 (`7`) is not a pit: pits are numbered 1 to 6"
        );
        assert_eq!(
            parse_move_on(6, "0", None).unwrap_err().to_string(),
            "`0` is not a pit: pits are numbered 1 to 6"
        );
        assert_eq!(
            parse_move_on(6, "+3", None).unwrap_err().to_string(),
            "`+3` is not a pit number: write pits as plain numbers, 1 to 6"
        );
        assert_eq!(
            parse_seeds("1,x").unwrap_err().to_string(),
            "pit 2 (`x`) is not a number of seeds: write plain numbers, 0 to 255"
        );
        assert_eq!(parse_seeds("0 255").unwrap(), vec![0, 255]);
        assert_eq!(parse_move_on(6, "h3cw", None), Ok(Move::from_hand(3, MoveDirection::Clockwise).unwrap()));
        assert_eq!(parse_move_on(6, "h3", None).unwrap().to_string(), "h3");
        for bad in ["h0", "h65", "hx", "h", "h03", "H3"] {
            assert!(parse_move_on(6, bad, None).is_err(), "{bad}");
        }
        assert_eq!(
            parse_move_on(6, "h0", Some(2)).unwrap_err().to_string(),
            "move 2 (`h0`) is not a move from the hand: write `h` and the seeds to sow, 1 to 64, e.g. `h3`"
        );
        assert!(parse_seeds("256").is_err());
    }
}
