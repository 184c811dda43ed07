//! Special pits and phases of a game: a store that is a pit on the circuit (`each player's
//! rightmost pit is their store`), an opening played by rule (`each player's first move: move
//! the seeds of their 4th pit into their store`), and a move each player makes once a game
//! (`once a game, when the mover's store holds 13 or more: they must sow their store, ...`).
//! The same types serve the syntax tree (numbers and counts as written) and the checked
//! [`super::spec::Spec`].

use super::syntax::{Number, Spanned, WrittenCounts};

/// A pit of each player's row, named from their seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatPit {
    /// The k-th from the player's left, 1-based.
    Nth(u8),
    Leftmost,
    Rightmost,
    /// The middle pit of a row of an odd number of pits.
    Centre,
}

impl SeatPit {
    /// `4th`, `leftmost`, as lines write it before `pit`.
    pub fn word(self) -> String {
        match self {
            SeatPit::Nth(k) => {
                let suffix = match (k % 10, k % 100) {
                    (_, 11..=13) => "th",
                    (1, _) => "st",
                    (2, _) => "nd",
                    (3, _) => "rd",
                    _ => "th",
                };
                format!("{k}{suffix}")
            }
            SeatPit::Leftmost => "leftmost".into(),
            SeatPit::Rightmost => "rightmost".into(),
            SeatPit::Centre => "centre".into(),
        }
    }

    /// The 0-based place in a row of `k` pits, from the owner's left, if the row has it.
    pub fn index(self, k: usize) -> Option<usize> {
        match self {
            SeatPit::Nth(n) => (n as usize >= 1 && n as usize <= k).then(|| n as usize - 1),
            SeatPit::Leftmost => (k > 0).then_some(0),
            SeatPit::Rightmost => k.checked_sub(1),
            SeatPit::Centre => (k % 2 == 1).then_some(k / 2),
        }
    }
}

/// Where an opening move puts the seeds it lifts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// `their store`: the store on the circuit, or the store of captures.
    Store,
    /// `their hand`: on a board without stores, with the seeds the player has captured.
    Hand,
    Pit(SeatPit),
    /// `the next pit`: the pit after the one emptied, the way that pit sows (counter-clockwise
    /// where it sows either way).
    Next,
    /// `sow the seeds of ..., one or more into each pit, as the mover chooses`: sown from the
    /// next pit on (the way the pit sows) along the circuit, every pit included, the first
    /// seed into the next pit and each later one into the pit the one before fell into or the
    /// pit after it, as the mover chooses: a move of several steps.
    Spread,
    /// `sow 2 seeds of their 11th pit`: sown and captured as the variant's moves are, of the
    /// seeds the rule gives ([`OpeningRule::seeds`]); `single`: `, in a single lap`, without
    /// relays.
    Sow {
        single: bool,
    },
}

/// `each player's first 2 moves: move the seeds of their 6th or 7th pit into their 8th pit`,
/// `player 1's first move: sow 2 seeds of their 11th pit`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningRule<N, P> {
    /// The player whose first moves these are (`None`: each player's).
    pub who: Option<N>,
    /// How many of each player's first moves.
    pub moves: N,
    /// The pits one of which the mover empties; none written (`a pit of theirs`): any pit of
    /// theirs.
    pub from: Vec<P>,
    /// `the opponent's 6th pit`: `from` is named from the opponent's seat, in their row.
    pub opponent: bool,
    pub to: Target,
    /// With [`Target::Sow`]: the seeds lifted and sown (`None`: every seed of the pit).
    pub seeds: Option<N>,
    /// With [`Target::Sow`]: `, relaying from the next pit while it is occupied`: after each
    /// lap the move goes on from the place while it holds seeds, and no other rule after a lap
    /// applies.
    pub relay: Option<crate::lang::lap_rule::Place>,
}

/// The line as written.
pub type OpeningLine = OpeningRule<Number, Spanned<SeatPit>>;
/// The opening's lines as written, one for each player or one for all.
pub type OpeningLines = Vec<Spanned<OpeningLine>>;

/// An opening of moves given by rule, in an order of players: `player 1, player 2, then
/// player 1 again each take every seed of an occupied pit of theirs, of their choice, out of
/// play; then player 2 moves first`. Each player of `order`, in turn, takes every seed of a
/// pit of their own that holds seeds (or, with `holds`, one of those counts), for whoever
/// `to` names; then `first` moves, and play goes on in turns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeOpening<P, C> {
    pub order: Vec<P>,
    /// `a pit of theirs that holds 2 or more` (`None`: `an occupied pit of theirs`).
    pub holds: Option<C>,
    pub to: super::lap_rule::Receiver,
    pub first: P,
}

/// The line as written (players 1-based).
pub type TakeOpeningLine = TakeOpening<Number, WrittenCounts>;

impl<C> TakeOpening<u8, C> {
    /// `player 1, player 2, then player 1 again` (players 0-based).
    pub fn order_words(&self) -> String {
        let mut out = String::new();
        for (i, &p) in self.order.iter().enumerate() {
            if i > 0 {
                out.push_str(if i + 1 == self.order.len() { ", then " } else { ", " });
            }
            out.push_str(&format!("player {}", p + 1));
            if self.order[..i].contains(&p) {
                out.push_str(" again");
            }
        }
        out
    }
}

/// `once a game, when the mover's store holds 13 or more: they must sow their store, skipping
/// the stores, then take every opponent's pit that holds 2 or 3`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreMove<C> {
    /// The counts of the mover's store, at the start of the turn, that call for the move.
    pub holds: C,
    /// No seed of it falls into a store.
    pub skip_stores: bool,
    /// Then every pit of the opponent's row (their store aside) holding one of these counts
    /// is taken for the mover.
    pub take: Option<C>,
}

/// The line as written.
pub type StoreMoveLine = StoreMove<WrittenCounts>;

/// `in turns, each player puts 1 seed from their hand into a pit of their choice` (the
/// opening block): a set-up from the seeds in the hands at the start, as written.
#[derive(Debug, Clone)]
pub struct SetupLine {
    /// Seeds put into a pit by each placement.
    pub seeds: Number,
}

/// `the player to move puts the seeds of their hand one at a time into any pits` (the opening
/// block): a distribution by one player into any pits of the board, one seed a move; with
/// `facing`, `, leaving facing pits both empty or both occupied`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Distribute {
    pub facing: bool,
}

/// `the other player then chooses to move first or to swap sides` (after a distribution):
/// with `points`, `... and points` (the points of earlier rounds change sides too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SwapChoice {
    pub points: bool,
}

/// `when the opponent's pits are all empty, the mover moves 1 seed from a pit of theirs into
/// the opponent's leftmost pit`: feeding by a transfer, as written.
#[derive(Debug, Clone)]
pub struct FeedOneLine {
    pub seeds: Number,
    pub pit: Spanned<SeatPit>,
}

/// `a move may sow any number of the mover's captured seeds from their leftmost pit`: the
/// captures are held in hand, and a move may sow 1 to all of them from that pit of the
/// mover's row, the first seed into the next pit, or (`into`) into the pit itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandSowing<P> {
    pub pit: P,
    pub into: bool,
}

/// The line as written.
pub type HandSowingLine = HandSowing<Spanned<SeatPit>>;

/// `clockwise only when the move captures`: a move that sows this way is legal only if it
/// captures (clockwise when `clockwise`); or, with `before`, only if the conditions hold before
/// the move, their places named from the pit the move's last seed will reach (counted): `clockwise
/// only when the opposite pit holds 1 or 3 before the move`, `clockwise only when the last pit is
/// in the mover's inner row and the opposite pit is occupied before the move`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlyIf<C> {
    pub clockwise: bool,
    pub before: Option<Vec<super::lap_rule::Condition<C>>>,
    /// `, and not in a player's first move`: never in a player's first turn.
    pub later: bool,
}

/// The line as written.
pub type OnlyIfCaptures = OnlyIf<WrittenCounts>;

/// `each player keeps the direction of their first move` (`Each`), `both players keep the
/// direction of the first move` (`Both`): the first move that names a direction fixes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeepWay {
    Each,
    Both,
}

/// `a player whose inner row is empty loses` (boards of 4 rows, `inner`), after any move or
/// relay. (`a player whose pits are all empty loses` is an ending with its outcome:
/// [`crate::lang::spec::Endings::side_outcome`].)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmptyLoses {
    pub inner: bool,
}

/// `while the mover holds seeds in hand, a move puts one of them into a pit of their inner row,
/// as the last seed of a lap`: the row the seeds go into (`None`: any pit of theirs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaceHand {
    pub row: Option<crate::lang::geometry::Side>,
}

/// The phases and special pits of a checked variant: none by default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Phases {
    /// Each player's store is this pit of their row, on the circuit.
    pub store_pit: Option<SeatPit>,
    /// The opening of moves given by rule: one rule for each player (0-based `who`), or one
    /// for all (`who` none); none if the variant has none.
    pub opening: Vec<OpeningRule<u8, SeatPit>>,
    /// An opening of moves given by rule, in an order of players (0-based).
    pub take_opening: Option<TakeOpening<u8, super::counts::CountSet>>,
    pub store_move: Option<StoreMove<super::counts::CountSet>>,
    /// A set-up from the hands before the first move: the seeds each placement puts into a
    /// pit of the mover's choice.
    pub setup: Option<u8>,
    /// Seeds held in hand and sown back (`crate::lang::phases::HandSowing`).
    pub hand_sowing: Option<HandSowing<SeatPit>>,
    pub only_if_captures: Option<OnlyIf<super::counts::CountSet>>,
    /// A player whose inner row is empty after a move or a relay loses (4 rows).
    pub inner_loses: bool,
    /// Seeds put into play from the hand, one a move, each the last seed of a lap.
    pub place_hand: Option<PlaceHand>,
    /// A direction chosen once, for the game.
    pub keep_way: Option<KeepWay>,
    /// A distribution by the player to move before play (and, with rounds, before each
    /// round), and the other player's choice after it.
    pub distribute: Option<Distribute>,
    pub swap: Option<SwapChoice>,
    /// Feeding by a transfer: the seeds moved, and the opponent's pit they go to.
    pub feed_one: Option<(u8, SeatPit)>,
    /// `each player's centre pit cannot be played`: pits of each player's row never played.
    pub never_played: Vec<SeatPit>,
}

impl Phases {
    /// Does the variant have any of them?
    pub fn any(&self) -> bool {
        self.store_pit.is_some()
            || !self.opening.is_empty()
            || self.take_opening.is_some()
            || self.store_move.is_some()
            || self.setup.is_some()
            || self.hand_sowing.is_some()
            || self.only_if_captures.is_some()
            || self.inner_loses
            || self.place_hand.is_some()
            || self.distribute.is_some()
            || self.feed_one.is_some()
            || !self.never_played.is_empty()
    }
}

/// The 0-based pits of `player`'s row, from their left: their pits in number order (the
/// numbers go counter-clockwise, so each row runs from its owner's left).
pub fn seat_row(owners: &[u8], player: u8) -> Vec<usize> {
    (0..owners.len()).filter(|&p| owners[p] == player).collect()
}

/// `their 4th pit`, `their 6th or 7th pit`: pits as lines write them.
pub fn seat_words(pits: &[SeatPit]) -> String {
    if pits.is_empty() {
        return "a pit of theirs".into();
    }
    let words: Vec<String> = pits.iter().map(|p| p.word()).collect();
    format!("their {} pit", crate::lang::words::or_list(&words))
}

impl Target {
    pub fn words(self) -> String {
        match self {
            Target::Store => "their store".into(),
            Target::Hand => "their hand, with the seeds they have captured".into(),
            Target::Pit(p) => seat_words(&[p]),
            Target::Next => "the next pit".into(),
            Target::Spread => {
                "the pits from the next pit on, one or more into each, as the mover chooses".into()
            }
            Target::Sow { .. } => "the pits from the next pit on, as the variant sows".into(),
        }
    }
}
