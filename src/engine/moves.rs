//! Moves: what a player chooses, the set of legal ones, what a move did, and why one cannot be
//! played. Their written form is [`super::notation`]'s.

use std::fmt;

use crate::error::{Failure, Status};
use crate::lang::spec::{MAX_HAND, MAX_PITS};

use super::state::EndReason;

/// Which way a move sows: the one way its pit sows, or the way the mover chose for a pit that
/// sows either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum MoveDirection {
    /// The pit's own direction (the only one it has).
    Given = 0,
    Clockwise = 1,
    CounterClockwise = 2,
}

/// A move: the pit whose seeds are lifted and sown, and for a pit that sows either way, the
/// direction chosen. Every move names a pit of some board (fewer than [`MAX_PITS`]); whether
/// it is legal is the rules' question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The pit, below [`MAX_PITS`]; or, for a move that sows `k` seeds from the mover's hand
    /// (`h3`), `MAX_PITS + k - 1` (a move stays two bytes).
    pit: u8,
    direction: MoveDirection,
}

impl Move {
    /// The move that sows nothing: a paused move's mover declining to go on (`pass`). It names
    /// no pit and no seeds from the hand ([`MoveSet`] holds it apart).
    pub const PASS: Move = Move { pit: u8::MAX, direction: MoveDirection::Given };

    /// Is this [`Move::PASS`]?
    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }

    /// The move that sows `pit` (0-based) its own way, if a board can have that pit.
    pub const fn from_pit(pit: usize) -> Option<Move> {
        Move::new(pit, MoveDirection::Given)
    }

    /// The move that sows `pit` (0-based) in `direction`, if a board can have that pit.
    pub const fn new(pit: usize, direction: MoveDirection) -> Option<Move> {
        if pit < MAX_PITS { Some(Move { pit: pit as u8, direction }) } else { None }
    }

    /// The move that sows `seeds` (1 to [`MAX_HAND`]) from the mover's hand, in `direction`;
    /// the pit it enters the board at is the rules' (`Rules::hand_entry`).
    pub const fn from_hand(seeds: usize, direction: MoveDirection) -> Option<Move> {
        if seeds >= 1 && seeds <= MAX_HAND {
            Some(Move { pit: (MAX_PITS + seeds - 1) as u8, direction })
        } else {
            None
        }
    }

    /// Seeds sown from the hand (0: a move that lifts a pit).
    #[inline(always)]
    pub fn hand(self) -> usize {
        (self.pit as usize + 1).saturating_sub(MAX_PITS)
    }

    /// The pit sown (0-based); a move from the hand names none (ask [`Move::hand`] first).
    #[inline(always)]
    pub fn pit(self) -> usize {
        self.pit as usize
    }

    #[inline(always)]
    pub fn direction(self) -> MoveDirection {
        self.direction
    }
}

/// The written form of a move: its pit number, 1-based (`3`), with the direction chosen for
/// a pit that sows either way (`2cw`, `2ccw`); a move from the hand is `h` and its seeds
/// (`h3`, `h3cw`); [`Move::PASS`] is `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            return f.write_str("pass");
        }
        let way = match self.direction {
            MoveDirection::Given => "",
            MoveDirection::Clockwise => "cw",
            MoveDirection::CounterClockwise => "ccw",
        };
        if self.hand() > 0 {
            return write!(f, "h{}{way}", self.hand());
        }
        write!(f, "{}{way}", self.pit + 1)
    }
}

/// Moves are written in records and reports as they are typed: `"3"`.
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The legal moves of a position: a mask of pits for each [`MoveDirection`] (only the first
/// is used where every pit sows one way); then the moves from the hand (`h3cw`), a mask of
/// seed counts (bit `k - 1`: `k` seeds) for each way, clockwise and counter-clockwise.
///
/// A set with a move from the hand also sets [`HAND_MARK`] in the word of counter-clockwise
/// pits (no pit's bit: sowing from the hand needs fewer than 64 pits). The fast paths of `len`
/// and `nth` test the words of chosen directions, as they did before moves from the hand
/// existed, and the mark sends such a set past them: a set of pits alone costs what it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveSet(pub(crate) [u64; 5]);

/// The bit of word 2 that says a set holds moves from the hand (see [`MoveSet`]).
const HAND_MARK: u64 = 1 << 63;

/// The bit of words 0 and 1 that, set in both, is [`Move::PASS`]: pit 64 sown its own way and
/// clockwise, which no pit is (a pit sows one way or either way). A variant with a pass has
/// fewer than 64 pits, so that no pit of its is read as a pass.
const PASS_BIT: u64 = 1 << 63;

/// The pits a player may play, by way (the first three words of a [`MoveSet`]): what the
/// engine's move generation builds on its hot path. Moves from the hand are added to the
/// `State`'s set apart, out of line, by the variants that have them: a set of five words
/// built and returned by value went through the stack and cost the general tier a tenth of
/// its speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Ways(pub(crate) [u64; 3]);

impl Ways {
    /// Pits sown their own way only.
    #[inline(always)]
    pub(crate) fn given(pits: u64) -> Ways {
        Ways([pits, 0, 0])
    }

    /// Pits sown their own way, and pits sown clockwise and counter-clockwise.
    #[inline(always)]
    pub(crate) fn chosen(given: u64, cw: u64, ccw: u64) -> Ways {
        Ways([given, cw, ccw])
    }

    #[inline(always)]
    pub(crate) fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    /// Adds `m`, a move of a pit.
    #[inline]
    pub(crate) fn insert(&mut self, m: Move) {
        debug_assert!(m.hand() == 0, "a set of pits holds no move from the hand");
        self.0[m.direction as usize] |= 1 << m.pit;
    }
}

impl From<Ways> for MoveSet {
    #[inline(always)]
    fn from(w: Ways) -> MoveSet {
        MoveSet([w.0[0], w.0[1], w.0[2], 0, 0])
    }
}

impl MoveSet {
    /// The set with the moves of one chosen direction only (`keep` clockwise, else
    /// counter-clockwise): the moves of pits sown their own way stay.
    pub(crate) fn keeping(self, clockwise: bool) -> MoveSet {
        let mut kept = MoveSet([self.0[0], 0, 0, 0, 0]);
        for mv in self.iter() {
            let way = mv.direction();
            if way == MoveDirection::Given || (way == MoveDirection::Clockwise) == clockwise {
                kept.insert(mv);
            }
        }
        kept
    }

    /// Does the set hold moves from the hand?
    #[inline(always)]
    fn has_hand(self) -> bool {
        self.0[3] | self.0[4] != 0
    }

    /// The pits of word `w` (the mark left out).
    #[inline(always)]
    fn pits_of(self, w: usize) -> u64 {
        if w == 2 && self.has_hand() { self.0[2] & !HAND_MARK } else { self.0[w] }
    }

    #[inline]
    pub fn len(self) -> usize {
        // Counting bits is a dozen instructions without a popcount instruction: count the
        // words of chosen directions only where there are some.
        let given = self.0[0].count_ones() as usize;
        if self.0[1] | self.0[2] == 0 { given } else { given + self.len_past_given() }
    }

    /// The moves of `len` past the pits sown their own way: out of line, so that `len` stays
    /// as small as it was before moves from the hand (and is inlined where moves are chosen).
    #[inline(never)]
    fn len_past_given(self) -> usize {
        let ways = (self.0[1].count_ones() + self.pits_of(2).count_ones()) as usize;
        // A pass is one move, of two bits.
        let pass = (self.0[0] & self.0[1] & PASS_BIT != 0) as usize;
        ways + (self.0[3].count_ones() + self.0[4].count_ones()) as usize - pass
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] == 0
    }

    #[inline]
    pub fn contains(self, m: Move) -> bool {
        if m.hand() > 0 {
            if m.is_pass() {
                return self.0[0] & self.0[1] & PASS_BIT != 0;
            }
            return match m.direction {
                MoveDirection::Given => false,
                d => self.0[2 + d as usize] >> (m.hand() - 1) & 1 != 0,
            };
        }
        self.pits_of(m.direction as usize) >> m.pit & 1 != 0
    }

    /// Adds `m` (a move from the hand names its way).
    #[inline]
    pub(crate) fn insert(&mut self, m: Move) {
        if m.is_pass() {
            self.0[0] |= PASS_BIT;
            self.0[1] |= PASS_BIT;
        } else if m.hand() > 0 {
            debug_assert!(m.direction != MoveDirection::Given, "a move from the hand names its way");
            self.0[2 + m.direction as usize] |= 1 << (m.hand() - 1);
            self.0[2] |= HAND_MARK;
        } else {
            self.0[m.direction as usize] |= 1 << m.pit;
        }
    }

    /// The `k`-th move of the set, in pit order (a pit's clockwise move before its
    /// counter-clockwise one), then the moves from the hand by seeds (clockwise first).
    #[inline]
    pub fn nth(self, k: usize) -> Option<Move> {
        if self.0[1] | self.0[2] != 0 {
            return self.nth_past_pits(k);
        }
        let mut m = self.0[0];
        for _ in 0..k {
            m &= m.wrapping_sub(1);
        }
        (m != 0).then(|| Move { pit: m.trailing_zeros() as u8, direction: MoveDirection::Given })
    }

    /// [`MoveSet::nth`] of a set with chosen directions or moves from the hand: out of line,
    /// so that the fast path stays small enough to be inlined where moves are chosen.
    #[inline(never)]
    fn nth_past_pits(self, k: usize) -> Option<Move> {
        self.iter().nth(k)
    }

    pub fn iter(self) -> impl Iterator<Item = Move> {
        const WAYS: [MoveDirection; 3] =
            [MoveDirection::Given, MoveDirection::Clockwise, MoveDirection::CounterClockwise];
        let words = [self.0[0], self.0[1], self.pits_of(2)];
        let mut pits = words[0] | words[1] | words[2];
        let mut way = 0;
        // Moves from the hand: each a bit past the 64 of the first way's word.
        let hands = [self.0[3], self.0[4]];
        let mut hand = 0u32;
        std::iter::from_fn(move || {
            while pits != 0 {
                let p = pits.trailing_zeros();
                if p == 63 && words[0] & words[1] & PASS_BIT != 0 {
                    pits = 0;
                    return Some(Move::PASS);
                }
                while way < 3 {
                    let w = way;
                    way += 1;
                    if words[w] >> p & 1 != 0 {
                        return Some(Move { pit: p as u8, direction: WAYS[w] });
                    }
                }
                pits &= pits - 1;
                way = 0;
            }
            if hands[0] | hands[1] != 0 { next_from_hand(hands, &mut hand) } else { None }
        })
    }
}

/// The move from the hand at or after `at` (seeds less one, twice, and the way), stepping
/// `at` past it: out of line, so that iterating over pits stays small.
#[inline(never)]
fn next_from_hand(hands: [u64; 2], at: &mut u32) -> Option<Move> {
    while *at < 128 {
        let (k, w) = ((*at >> 1) as usize, (*at & 1) as usize);
        *at += 1;
        if hands[w] >> k & 1 != 0 {
            let direction = [MoveDirection::Clockwise, MoveDirection::CounterClockwise][w];
            return Move::from_hand(k + 1, direction);
        }
    }
    None
}

/// What a move did, in brief.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveSummary {
    pub mv: Move,
    /// Seeds lifted from the pit to be sown (0 for a take that sows nothing: a pit chosen
    /// within a move, an opening's take).
    pub lifted: u8,
    /// The pit the last seed fell into (0-based).
    pub last: usize,
    /// Seeds captured by the move.
    pub captured: u16,
    /// Pits captured by the move (the landing pit and its chain).
    pub captured_pits: u8,
    /// Its captures would have left every pit of the opponent empty (a grand slam), and so
    /// were not made.
    pub grand_slam: bool,
    /// Its first lap, with that lap's captures, left the opponent without seeds, which `a move
    /// must leave the opponent seeds after its first lap` does not allow.
    pub starves: bool,
}

impl MoveSummary {
    /// A move of `mv` that lifted `lifted` seeds and whose last seed fell into `last`, having
    /// captured nothing (yet).
    #[inline(always)]
    pub(crate) fn new(mv: Move, lifted: u8, last: usize) -> MoveSummary {
        MoveSummary { mv, lifted, last, captured: 0, captured_pits: 0, grand_slam: false, starves: false }
    }
}

/// The player (0-based) a pit went to between rounds, and whether the rules drew them at
/// random.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawn {
    /// Given by the rules: the filler, the player who put in more, the tie's player.
    No(u8),
    /// Drawn from the game's stream of chance.
    Yes(u8),
}

impl Drawn {
    pub fn player(self) -> u8 {
        match self {
            Drawn::No(p) | Drawn::Yes(p) => p,
        }
    }
}

/// Where seeds moved without sowing go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Destination {
    /// A pit, 0-based.
    Pit(usize),
    /// The mover's store of captures.
    Store,
    /// The mover's hand, with the seeds they captured (a board without stores).
    Hand,
    /// The opponent's captures (an opening's take for the opponent).
    Opponent,
    /// Out of the game: nobody's (an opening's take out of play).
    OutOfPlay,
}

/// Sees the steps of a move as they happen: each seed sown, each pit captured, each player who
/// had to pass. The default methods do nothing, and `()` observes nothing at no cost.
pub trait Observer {
    /// Does [`Observer::sow`] want each seed? An observer that says no is never told of
    /// seeds, and the engine may sow a whole hand at once.
    const HEARS_SEEDS: bool = true;
    #[inline(always)]
    fn sow(&mut self, _pit: usize) {}
    /// The last seed of a lap fell into `pit`, which now holds `seeds`: they are lifted and
    /// sown on (relay sowing).
    #[inline(always)]
    fn relay(&mut self, _pit: usize, _seeds: u8) {}
    #[inline(always)]
    fn capture(&mut self, _pit: usize, _seeds: u8) {}
    #[inline(always)]
    fn pass(&mut self, _player: usize) {}
    /// `pit` became `player`'s claimed pit (`claim the last pit`).
    #[inline(always)]
    fn claim(&mut self, _pit: usize, _player: usize) {}
    /// The `seeds` of claimed `pit` went to its claimer, `player` (`seeds in a claimed pit go
    /// to its claimer ...`).
    #[inline(always)]
    fn to_claimer(&mut self, _pit: usize, _seeds: u8, _player: usize) {}
    /// A round of a game of rounds is over (`round` counts from 1), each player having taken
    /// the seeds of their own pits.
    #[inline(always)]
    fn round_over(&mut self, _round: u16) {}
    /// Between rounds, `pit` was filled with `seeds` from its owner's hand.
    #[inline(always)]
    fn fill(&mut self, _pit: usize, _seeds: u8) {}
    /// The placer's hand empty, `player` copied the arrangement into the opposite pits.
    #[inline(always)]
    fn copy(&mut self, _player: usize) {}
    /// Between rounds, after a fill, the filler put their last `seeds` into `pit` and the
    /// other player topped it up with `topped` from their hand: the pit is `owner`'s, or both
    /// players' (`None`).
    #[inline(always)]
    fn top_up(&mut self, _pit: usize, _seeds: u8, _topped: u8, _owner: Option<Drawn>) {}
    /// Between rounds, the filler put their last `seeds` into `pit` and the other player their
    /// last `theirs`: the pit is `owner`'s.
    #[inline(always)]
    fn pool(&mut self, _pit: usize, _seeds: u8, _theirs: u8, _owner: Drawn) {}
    /// The filling over, the big stones went back to the end places.
    #[inline(always)]
    fn stones_back(&mut self) {}
    /// After a distribution, `player` chose to swap sides (the board turned round), or not.
    #[inline(always)]
    fn choose(&mut self, _player: usize, _swap: bool) {}
    /// `seeds` went from `from` to `to` to feed an opponent whose pits were all empty.
    #[inline(always)]
    fn feed(&mut self, _from: usize, _to: usize, _seeds: u8) {}
    /// A move that sows nothing moved `seeds` from `from` into `to` (an opening's move, a
    /// seed of a rearrangement).
    #[inline(always)]
    fn transfer(&mut self, _from: usize, _to: Destination, _seeds: u8) {}
    /// A round scored in points is over: each player's points now.
    #[inline(always)]
    fn points(&mut self, _points: [u16; 2]) {}
}

impl Observer for () {
    const HEARS_SEEDS: bool = false;
}

/// Why a move cannot be played in a position. Pits and players are 1-based, as the user
/// counts them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    NoSuchPit {
        pit: usize,
        pits: usize,
    },
    Empty {
        pit: usize,
    },
    NotOwn {
        pit: usize,
        owner: usize,
        mover: usize,
    },
    /// A pit of the mover's own row, where each player plays from the opponent's.
    OwnRow {
        pit: usize,
        mover: usize,
    },
    TooFew {
        pit: usize,
        seeds: u8,
        needed: u8,
    },
    GameOver {
        plies: u32,
        reason: EndReason,
    },
    /// The opponent has no seeds, and the move leaves them none.
    DoesNotFeed {
        pit: usize,
    },
    /// The move would capture every seed of the opponent, which the rules forbid.
    GrandSlam {
        pit: usize,
    },
    /// The move's first lap leaves the opponent without seeds (`a move must leave the opponent
    /// seeds after its first lap`).
    FirstLapStarves {
        pit: usize,
    },
    /// The move leaves the opponent no pit they may play (`a move must leave the opponent a
    /// move`).
    LeavesNoMove {
        pit: usize,
    },
    /// The pit sows either way: the move must say which (`2cw`, `2ccw`).
    NeedsDirection {
        pit: usize,
    },
    /// The pit sows either way, but only one way is legal now: the move must say it.
    OneWayNow {
        pit: usize,
        clockwise: bool,
    },
    /// The pit sows one way only, and the move names the other.
    WrongDirection {
        pit: usize,
        its: &'static str,
    },
    /// The opening or the move once a game decides the moves, and this is not one of them;
    /// or the pit is a store on the circuit, which ordinary moves never play.
    NotNow {
        pit: usize,
        /// The pits that may be played (1-based).
        legal: Vec<usize>,
    },
    /// The pit is an end place: sown into, never played.
    EndPlace {
        pit: usize,
    },
    /// The pit is one the rules never let a player play (`each player's centre pit cannot be
    /// played`).
    NeverPlayed {
        pit: usize,
    },
    /// The pit is claimed, and a claimed pit cannot be played.
    Claimed {
        pit: usize,
        claimer: usize,
    },
    /// The player's first move must be from another pit (one of `from`; boxed, so that the
    /// error stays the size it was).
    FirstMove {
        pit: usize,
        from: Box<[usize]>,
    },
    /// The pit is out of play for this round (or for good).
    OutOfPlay {
        pit: usize,
    },
    /// Between rounds: the pit is not one the mover may fill now.
    NotFillable {
        pit: usize,
        why: &'static str,
    },
    /// A move from the hand (`h3`) that cannot be played: the move, and why.
    FromHand {
        mv: Move,
        why: Box<str>,
    },
    /// The mover keeps the direction of a first move (`... keep the direction of ... first
    /// move`), and this move goes the other way.
    WayKept {
        mv: Move,
        /// Clockwise (else counter-clockwise): the direction kept.
        clockwise: bool,
        /// Kept by both players (else by the mover's own first move).
        both: bool,
    },
    /// A move in the way the rules allow only to a capture, which captures nothing (or, with
    /// `test`, whose place fails the test made before the move, in the rule's words).
    NoCapture {
        mv: Move,
        clockwise: bool,
        test: Option<Box<str>>,
    },
    /// The move paused for its mover's choice ([`super::step`]), and this is not one of the
    /// options.
    NotAChoice {
        given: Move,
        asked: super::step::Step,
        options: Box<[Move]>,
    },
    /// `pass`, where nothing may be declined.
    NoPass,
    /// A pit of a single seed, which the rules let play only in some positions: why not in
    /// this one (`which may be played only when the next pit is empty: pit 4 holds 2`).
    OneSeed {
        pit: usize,
        why: Box<str>,
    },
    /// A pit named from its owner's seat, played only when it holds some counts or nothing
    /// else can be (`each player's leftmost pit may be played only when ...`): the rule's words.
    SeatOnly {
        pit: usize,
        /// The seeds it holds, and the rule: `holds 3, and player 1's leftmost pit ...`.
        why: Box<str>,
    },
    /// A move of those that must be played when one passes their test, which fails it while
    /// `one` passes: the rule in words (`a counter-clockwise move whose last pit is ...`).
    MustPlay {
        mv: Move,
        rule: Box<str>,
        one: Move,
    },
    /// A move the rule of moves that may not be played forbids.
    NeverPlay {
        mv: Move,
        rule: Box<str>,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoSuchPit { pit, pits } => {
                write!(f, "there is no pit {pit}: pits are numbered 1 to {pits}")
            }
            IllegalMove::Empty { pit } => write!(f, "pit {pit} is empty"),
            IllegalMove::NotOwn { pit, owner, mover } => {
                write!(f, "pit {pit} belongs to player {owner}, and it is player {mover}'s turn")
            }
            IllegalMove::OwnRow { pit, mover } => write!(
                f,
                "pit {pit} is in player {mover}'s own row, and each player plays from the opponent's row"
            ),
            IllegalMove::TooFew { pit, seeds, needed } => write!(
                f,
                "pit {pit} holds {seeds} seed{}, and a pit needs {needed} to be played",
                if *seeds == 1 { "" } else { "s" }
            ),
            IllegalMove::GameOver { plies, reason } => {
                write!(f, "the game is already over: it ended after ply {plies} ({})", reason.words())
            }
            IllegalMove::DoesNotFeed { pit } => write!(
                f,
                "pit {pit} leaves the opponent without seeds, and a player must feed an opponent who has none"
            ),
            IllegalMove::FirstLapStarves { pit } => write!(
                f,
                "pit {pit}'s first lap leaves the opponent without seeds, and a move must leave them seeds \
                 after its first lap"
            ),
            IllegalMove::LeavesNoMove { pit } => write!(
                f,
                "pit {pit} leaves the opponent no pit they may play, and a move must leave the opponent a move"
            ),
            IllegalMove::GrandSlam { pit } => write!(
                f,
                "pit {pit} would capture every seed of the opponent (a grand slam), which the rules do not allow"
            ),
            IllegalMove::NeedsDirection { pit } => write!(
                f,
                "pit {pit} sows either way: write the direction after the pit, `{pit}cw` or `{pit}ccw`"
            ),
            IllegalMove::OneWayNow { pit, clockwise } => {
                let (way, written) =
                    if *clockwise { ("clockwise", "cw") } else { ("counter-clockwise", "ccw") };
                write!(f, "pit {pit} sows either way, but only {way} now: write `{pit}{written}`")
            }
            IllegalMove::WrongDirection { pit, its } => {
                write!(f, "pit {pit} sows {its} only: write it `{pit}`")
            }
            IllegalMove::EndPlace { pit } => {
                write!(f, "pit {pit} is an end place: it is sown into, and never played")
            }
            IllegalMove::NeverPlayed { pit } => {
                write!(f, "pit {pit} cannot be played: it is sown into, and never played")
            }
            IllegalMove::WayKept { mv, clockwise, both } => {
                let way = if *clockwise { "clockwise" } else { "counter-clockwise" };
                let whose = if *both { "the game's first move" } else { "the mover's first move" };
                write!(f, "`{mv}` goes the other way: moves are sown {way} now, the direction of {whose}")
            }
            IllegalMove::NotNow { pit, legal } => {
                let mut legal: Vec<String> = legal.iter().map(|p| p.to_string()).collect();
                // A pit that sows either way is one pit, whichever way its moves go.
                legal.dedup();
                write!(f, "pit {pit} cannot be played now: the rules allow only pit {}", legal.join(" or "))
            }
            IllegalMove::Claimed { pit, claimer } => {
                write!(f, "pit {pit} is claimed by player {claimer}, and a claimed pit cannot be played")
            }
            IllegalMove::FirstMove { pit, from } => {
                let from: Vec<String> = from.iter().map(|p| p.to_string()).collect();
                write!(
                    f,
                    "pit {pit} cannot be played: this player's first move must be from pit {}",
                    from.join(" or ")
                )
            }
            IllegalMove::OutOfPlay { pit } => write!(f, "pit {pit} is out of play"),
            IllegalMove::NotFillable { pit, why } => {
                write!(f, "pit {pit} cannot be filled: {why}")
            }
            IllegalMove::FromHand { mv, why } => write!(f, "`{mv}` cannot be sown from the hand: {why}"),
            IllegalMove::NotAChoice { given, asked, options } => {
                let options: Vec<String> = options.iter().map(|o| format!("`{o}`")).collect();
                let what = match asked {
                    super::step::Step::Take => "to take one of the opponent's pits",
                    super::step::Step::Way => "to choose the way of a relay",
                    super::step::Step::Relay => "to relay or to pass",
                    super::step::Step::End => "to choose the end of their inner row to sow from",
                    super::step::Step::Target => "to choose the pit the seed goes to",
                    super::step::Step::Drop => {
                        "to choose the pit the next seed falls into (the pit the last one fell into, or the next)"
                    }
                };
                write!(
                    f,
                    "`{given}` is not a choice here: the move waits for the mover {what}: {}",
                    options.join(", ")
                )
            }
            IllegalMove::NoPass => {
                write!(
                    f,
                    "`pass` is played only where the rules let the mover decline a choice, and none is asked"
                )
            }
            IllegalMove::NoCapture { mv, clockwise, test: None } => write!(
                f,
                "`{mv}` sows {}, which the rules allow only to a move that captures, and it captures nothing",
                way(*clockwise)
            ),
            IllegalMove::OneSeed { pit, why } => write!(f, "pit {pit} holds a single seed, {why}"),
            IllegalMove::SeatOnly { pit, why } => write!(f, "pit {pit} {why}, and another pit can be played"),
            IllegalMove::MustPlay { mv, rule, one } => write!(
                f,
                "`{mv}` may not be played: {rule} before the move (named from the pit its last seed will \
                 reach) must be played when there is one, and `{one}` is one"
            ),
            IllegalMove::NeverPlay { mv, rule } => write!(
                f,
                "`{mv}` may not be played: {rule} before the move (named from the pit its last seed will reach) \
                 may not be played"
            ),
            IllegalMove::NoCapture { mv, clockwise, test: Some(test) } => write!(
                f,
                "`{mv}` sows {}, which the rules allow only when {test} (named from the pit its last seed \
                 will reach), and it does not",
                way(*clockwise)
            ),
        }
    }
}

/// A way, in words.
fn way(clockwise: bool) -> &'static str {
    if clockwise { "clockwise" } else { "counter-clockwise" }
}

impl std::error::Error for IllegalMove {}

/// A move that is well written but cannot be played where it is: found by playing.
impl Failure for IllegalMove {
    fn status(&self) -> Status {
        Status::Failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pass_is_one_move_of_a_set_after_its_pits_and_no_pit_s() {
        let mut set = MoveSet::default();
        assert!(!set.contains(Move::PASS));
        set.insert(Move::from_pit(7).unwrap());
        set.insert(Move::PASS);
        assert_eq!(set.len(), 2);
        assert_eq!(set.iter().collect::<Vec<_>>(), [Move::from_pit(7).unwrap(), Move::PASS]);
        assert_eq!((set.nth(1), set.nth(2)), (Some(Move::PASS), None));
        assert!(set.contains(Move::PASS) && set.contains(Move::from_pit(7).unwrap()));
        // Pit 64 of a board of 64 pits, sown its own way or clockwise, is not a pass.
        let mut set = MoveSet::default();
        set.insert(Move::from_pit(63).unwrap());
        assert!(!set.contains(Move::PASS) && set.contains(Move::from_pit(63).unwrap()));
        assert_eq!((Move::PASS.to_string(), Move::PASS.hand() > 0), ("pass".to_string(), true));
        // A set of a pass alone, and a pass among ways.
        let mut set = MoveSet::default();
        set.insert(Move::new(3, MoveDirection::Clockwise).unwrap());
        set.insert(Move::new(3, MoveDirection::CounterClockwise).unwrap());
        set.insert(Move::PASS);
        assert_eq!(set.len(), 3);
        assert_eq!(set.iter().last(), Some(Move::PASS));
    }

    #[test]
    fn moves_from_the_hand_join_a_set_after_its_pits_and_the_mark_is_no_move() {
        let cw = |k| Move::from_hand(k, MoveDirection::Clockwise).unwrap();
        let ccw = |k| Move::from_hand(k, MoveDirection::CounterClockwise).unwrap();
        // Pits 1 and 3 either way, 63 (the 64th pit's word bit is the mark's) and the hand.
        let mut set = MoveSet::from(Ways::chosen(0, 0b101, 0b101));
        for m in [ccw(1), cw(2), ccw(64), cw(64)] {
            set.insert(m);
        }
        let written: Vec<String> = set.iter().map(|m| m.to_string()).collect();
        assert_eq!(written, ["1cw", "1ccw", "3cw", "3ccw", "h1ccw", "h2cw", "h64cw", "h64ccw"]);
        assert_eq!(set.len(), 8);
        assert_eq!(
            (0..9).map(|k| set.nth(k)).collect::<Vec<_>>(),
            set.iter().map(Some).chain([None]).collect::<Vec<_>>()
        );
        assert!(
            set.contains(cw(64)) && set.contains(ccw(1)) && !set.contains(cw(1)) && !set.contains(ccw(2))
        );
        // The mark is not the counter-clockwise move of pit 64.
        assert!(!set.contains(Move::new(63, MoveDirection::CounterClockwise).unwrap()));
        assert_eq!(
            (cw(3).hand(), cw(3).to_string(), Move::from_pit(5).unwrap().hand()),
            (3, "h3cw".into(), 0)
        );
        assert_eq!(Move::from_hand(0, MoveDirection::Clockwise), None);
        assert_eq!(Move::from_hand(65, MoveDirection::Clockwise), None);
        // A set of pits alone: the words it always had, and a 64th pit its own.
        let pits = MoveSet::from(Ways::chosen(0, 1 << 63, 1 << 63));
        assert_eq!(pits.len(), 2);
        assert!(pits.contains(Move::new(63, MoveDirection::CounterClockwise).unwrap()));
        // Moves from the hand alone.
        let mut hand = MoveSet::default();
        hand.insert(ccw(5));
        assert!(!hand.is_empty());
        assert_eq!((hand.len(), hand.nth(0), hand.nth(1)), (1, Some(ccw(5)), None));
    }
}
