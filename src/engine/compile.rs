//! A checked [`Spec`] -> [`Rules`]: the tables the engine reads on every move, laid out so that
//! a move touches only small fixed arrays and bit masks.

use super::hand::HandTable;
use super::lap::{Extras, LapTable};
use super::state::EndReason;
use crate::lang::counts::CountSet;
use crate::lang::geometry::Side;
use crate::lang::spec::{
    ChainDirection, Direction, EndOutcome, GrandSlam, LapFeeds, Laps, Leftovers, MAX_PITS, MAX_PLAYERS,
    NoMove, Opening, Relay, Spec, StoreSowing, Way, Where,
};

/// Places on a sowing's path: the pits, then each player's store (store of player p at
/// `pits + p`).
pub(crate) const PLACES: usize = MAX_PITS + MAX_PLAYERS;

/// A set of seed counts (0 to 255) as a 256-bit mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts([u64; 4]);

impl Counts {
    pub fn from_list(counts: &[u8]) -> Counts {
        let mut c = Counts::default();
        for &n in counts {
            c.0[(n >> 6) as usize] |= 1 << (n & 63);
        }
        c
    }

    /// The set's four words, for the fingerprint.
    pub(crate) fn words(&self) -> [u64; 4] {
        self.0
    }

    /// Every count but 0: a pit that holds seeds.
    pub fn occupied() -> Counts {
        Counts([!1, u64::MAX, u64::MAX, u64::MAX])
    }

    /// The engine's mask of a rule's counts.
    pub fn from_set(set: &CountSet) -> Counts {
        Counts(set.bits())
    }

    /// The same counts and `n`.
    pub fn with(mut self, n: u8) -> Counts {
        self.0[(n >> 6) as usize] |= 1 << (n & 63);
        self
    }

    #[inline(always)]
    pub fn contains(&self, n: u8) -> bool {
        (self.0[(n >> 6) as usize] >> (n & 63)) & 1 != 0
    }
}

/// Everything that decides how a position plays: the tables of every rule. Two rules with
/// equal tables play every position alike, so a solution table made for one serves the
/// other ([`Rules::fingerprint`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tables {
    pub pits: u8,
    pub players: u8,
    /// Pits of each player, as bit masks.
    pub own: [u64; MAX_PLAYERS],
    /// The pits of each player whose being all empty ends the game (`game over when a
    /// player's pits are all empty`, `a player whose ... loses`): their own, or their inner row.
    pub alive: [u64; MAX_PLAYERS],
    /// Owner of each pit.
    pub owner: [u8; MAX_PITS],
    /// The next pit in each direction, and the one before: direction 0 is the board's (that
    /// of pit 1, or counter-clockwise if pit 1 sows either way), 1 the other. Where every pit
    /// sows one way, every move goes in direction 0.
    pub next: [[u8; MAX_PITS]; 2],
    pub prev: [[u8; MAX_PITS]; 2],
    /// The direction (0 or 1) each pit sows when it has only one.
    pub pit_dir: [u8; MAX_PITS],
    /// Which direction (0 or 1) is clockwise.
    pub cw: u8,
    /// Pits that sow either way, as the mover chooses: two moves each.
    pub choice: u64,
    pub opening_in_origin: bool,
    /// With `opening_in_origin`, a pit of one seed sows it into the next pit.
    pub single_seed: bool,
    pub skip_origin: bool,
    pub min_seeds: u8,
    /// Seeds are sown into stores: the sowing follows `path` instead of `next`.
    pub store_sowing: bool,
    /// For each mover, the place after each place on the sowing's path, stores included.
    pub path: [[u8; PLACES]; MAX_PLAYERS],
    /// The same in direction 1, where some pit sows that way and seeds are sown into stores
    /// (each store where it lies in direction 0, passed the other way): read only by the
    /// rich and general tiers.
    pub path_back: Option<Box<[[u8; PLACES]; MAX_PLAYERS]>>,
    pub extra_turn: bool,
    pub must_feed: bool,
    /// `a move must leave the opponent seeds after its first lap` (only in the [`GENERAL`]
    /// tier, whose loop of laps looks after the first).
    pub first_lap_feeds: bool,
    /// `... after each lap: a relay that would not is not sown and ends the game`: the relay
    /// laps are looked at too (the [`GENERAL`] tier).
    pub relay_feeds: bool,
    /// Legal moves are filtered by playing them out: must feed, grand slams not allowed, a
    /// first lap that must leave the opponent seeds, or a move that must leave the opponent a
    /// move.
    pub filter_moves: bool,
    /// Pits where the last seed may capture, for each mover (empty: no captures).
    pub landing_pits: [u64; MAX_PLAYERS],
    pub landing_counts: Counts,
    /// Pits a chain may take, for each mover (empty: no chain).
    pub chain_pits: [u64; MAX_PLAYERS],
    pub chain_counts: Counts,
    pub chain_forward: bool,
    /// Empty pits where the last seed takes the opposite pit, for each mover (empty: no such
    /// capture), the pit opposite each pit, and what is taken.
    pub opposite_pits: [u64; MAX_PLAYERS],
    pub opposite: [u8; MAX_PITS],
    /// The other pit of each pit's owner in its column ([`NO_PIT`] where none: boards of 2
    /// rows), for the places of the rules after each lap.
    pub behind: [u8; MAX_PITS],
    pub opposite_take_last: bool,
    pub opposite_even_if_empty: bool,
    pub grand_slam: GrandSlam,
    /// Relay sowing: for each mover, the pits where a lap's last seed relays, and the counts
    /// it must make there.
    pub relay: bool,
    pub relay_pits: [u64; MAX_PLAYERS],
    pub relay_counts: Counts,
    /// The first this many plies capture nothing.
    pub capture_start: u32,
    pub pass_when_stuck: bool,
    /// `player to move cannot move: they lose`: the game's outcome is that loss.
    pub stuck_loses: bool,
    pub leftovers: Leftovers,
    pub side_empty: bool,
    pub majority: bool,
    pub repetition: bool,
    /// `game over when the board holds ...`: the counts of seeds left that end the game.
    pub board_end: Option<Counts>,
    /// The endings written as conditions ([`super::lap::GameEndTable`]), in order.
    pub game_ends: Vec<super::lap::GameEndTable>,
    /// One of them is looked at after each lap too.
    pub end_after_lap: bool,
    /// `game over when a player's pits are all empty, after each lap`: with
    /// [`Tables::end_after_lap`], the loop of laps looks at it too.
    pub side_after_lap: bool,
    /// `board_end` or `game_ends`: the endings on counts, looked at out of line.
    pub counted_ends: bool,
    /// Any of the endings above: one test on every move instead of four.
    pub endings: bool,
    /// Whole hands sown at once in each direction some pit sows, on boards small enough (made
    /// from the tables above).
    pub hand: [Option<Box<HandTable>>; 2],
    /// The rules after each lap, in order (only in the [`GENERAL`] tier).
    pub lap_rules: Vec<LapTable>,
    /// Stores on the circuit, the opening, the move once a game (only in the [`GENERAL`] tier).
    pub phase: Option<Box<super::phase::PhaseTable>>,
    /// Claimed pits and first moves (only in the [`GENERAL`] tier).
    pub extras: Extras,
    /// The rules of rounds (only in the [`GENERAL`] tier: see [`super::rounds`]).
    pub rounds: Option<crate::lang::rounds::Rounds>,
    /// End places and big stones (only in the [`GENERAL`] tier: see [`super::stones`]).
    pub stones: Option<Box<super::stones::StoneTable>>,
    /// Pits of a single seed played only in some positions (only in the [`GENERAL`] tier: see
    /// [`super::legal`]).
    pub legal: Option<Box<super::legal::LegalTable>>,
    /// A rearrangement before play and per-player stages (only in the [`GENERAL`] tier: see
    /// [`super::staged`]).
    pub staged: Option<Box<super::staged::StageTable>>,
    /// A game of rounds cut to its first round ([`Rules::first_round`]): the round's end is
    /// the game's.
    pub one_round: bool,
    /// Moves from the hand, or a way allowed only to a capture ([`super::held`]): made from
    /// `phase`.
    pub hand_rules: bool,
    /// Why a game ends when a player's pits ([`Tables::alive`]) are all empty: the game is
    /// over, or, by a phase's rule, that player loses (made from `phase`).
    pub side_end: EndReason,
    /// The outcome of a game ended by a player's pits all empty, a win or a draw whatever the
    /// scores (`game over when a player's pits are all empty: they win`); a loss is
    /// [`EndReason::EmptyLoses`]. Read only once a game is over ([`Rules::by_rule`]).
    pub side_outcome: Option<EndOutcome>,
    /// The outcome of a game that ended with nobody able to move, whatever the scores (`game
    /// over when nobody can move: the game is a draw`). Read only once a game is over.
    pub nobody_outcome: Option<EndOutcome>,
    /// A rule after each lap asks the mover to choose ([`super::step`]): moves may pause.
    pub chooses: bool,
    /// Which copy of the move plays these rules ([`PLAIN`], [`CLASSIC`], [`RICH`] or
    /// [`GENERAL`]), each leaving out the rules its tier does not have.
    pub tier: u8,
}

/// Rules with none of the rules only some games have: no store sown into, no other turn, no
/// opposite capture, no grand slam rule, no feeding, no `game over when` ending, and those
/// of [`RICH`].
pub(crate) const PLAIN: u8 = 0;
/// Rules with some of those, but none of [`RICH`]'s: every pit sows the board's way.
pub(crate) const CLASSIC: u8 = 1;
/// Rules with relay sowing, a direction by pit, or moves without capture at the start.
pub(crate) const RICH: u8 = 2;
/// Rules with rules after each lap ([`super::lap`]), played by a loop of its own.
pub(crate) const GENERAL: u8 = 3;

/// The compiled rules of one variant (with its ruleset applied). Built once, then shared by
/// every game; `spec()` keeps the meaning for display.
#[derive(Debug, Clone)]
pub struct Rules {
    spec: Spec,
    /// The start of a game, which the tables do not decide.
    pub(crate) initial: [u8; MAX_PITS],
    pub(crate) first_player: u8,
    /// `u32::MAX`: no limit.
    pub(crate) ply_limit: u32,
    pub(crate) t: Tables,
}

pub(crate) fn pit_mask(spec: &Spec, mover: u8, pits: Where) -> u64 {
    // End places are nobody's while the game goes on: neither the mover's nor an opponent's.
    let ends = if spec.stones.end_place.is_some() {
        super::stones::StoneTable::new(spec).map_or(0, |t| t.ends)
    } else {
        0
    };
    (0..spec.pits())
        .filter(|&p| match pits {
            Where::Any => true,
            Where::Opponents => spec.owners[p] != mover && ends >> p & 1 == 0,
            Where::Own => spec.owners[p] == mover && ends >> p & 1 == 0,
        })
        .fold(0, |m, p| m | 1 << p)
}

/// No pit: what `Tables::opposite` holds for a pit that faces none (an outer pit of a board
/// of 4 rows).
pub(crate) const NO_PIT: u8 = u8::MAX;

/// Compiles checked rules. The spec's ranges were checked (pits, players, seeds), so this
/// cannot fail.
pub fn compile(spec: &Spec) -> Rules {
    let n = spec.pits();
    assert!(n <= MAX_PITS && spec.players as usize <= MAX_PLAYERS && spec.total_seeds() <= 255);
    let mut t = Tables {
        pits: n as u8,
        players: spec.players,
        own: [0; MAX_PLAYERS],
        alive: [0; MAX_PLAYERS],
        owner: [0; MAX_PITS],
        next: [[0; MAX_PITS]; 2],
        prev: [[0; MAX_PITS]; 2],
        pit_dir: [0; MAX_PITS],
        cw: 0,
        choice: 0,
        opening_in_origin: spec.opening == Opening::EmptiedPit,
        single_seed: spec.single_seed && spec.opening == Opening::EmptiedPit,
        skip_origin: spec.laps == Laps::SkipOrigin,
        min_seeds: spec.min_seeds,
        store_sowing: spec.store_sowing != StoreSowing::Neither,
        path: [[0; PLACES]; MAX_PLAYERS],
        path_back: None,
        extra_turn: spec.extra_turn,
        must_feed: spec.must_feed,
        first_lap_feeds: spec.lap_feeds.is_some(),
        relay_feeds: spec.lap_feeds == Some(LapFeeds::EachLap),
        filter_moves: spec.must_feed
            || spec.grand_slam == GrandSlam::NotAllowed
            || spec.lap_feeds.is_some()
            || spec.leaves_move,
        landing_pits: [0; MAX_PLAYERS],
        landing_counts: Counts::default(),
        chain_pits: [0; MAX_PLAYERS],
        chain_counts: Counts::default(),
        chain_forward: true,
        opposite_pits: [0; MAX_PLAYERS],
        opposite: [0; MAX_PITS],
        behind: [NO_PIT; MAX_PITS],
        opposite_take_last: spec.opposite.is_some_and(|o| o.take_last),
        opposite_even_if_empty: spec.opposite.is_some_and(|o| o.even_if_empty),
        grand_slam: spec.grand_slam,
        relay: spec.relay.is_some(),
        relay_pits: [0; MAX_PLAYERS],
        relay_counts: Counts::default(),
        capture_start: spec.capture_start,
        pass_when_stuck: spec.no_move == NoMove::Pass,
        stuck_loses: matches!(spec.no_move, NoMove::Lose | NoMove::PassThenLose),
        leftovers: spec.leftovers,
        side_empty: spec.endings.side_empty || spec.phases.inner_loses,
        majority: spec.endings.majority,
        repetition: spec.endings.repetition,
        board_end: spec.board_end.as_ref().map(Counts::from_set),
        game_ends: spec.game_ends.iter().map(|e| super::lap::GameEndTable::new(spec, e)).collect(),
        end_after_lap: spec.game_ends.iter().any(|e| e.after_lap) || spec.endings.side_after_lap,
        side_after_lap: spec.endings.side_after_lap,
        counted_ends: spec.board_end.is_some() || !spec.game_ends.is_empty(),
        endings: spec.endings.any()
            || spec.board_end.is_some()
            || spec.phases.inner_loses
            || !spec.game_ends.is_empty(),
        hand: [None, None],
        lap_rules: spec
            .lap_rules
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let table = LapTable::new(spec, r);
                LapTable { instead_at: table.instead.as_ref().map(|_| i as u8), ..table }
            })
            .collect(),
        phase: super::phase::PhaseTable::new(spec).map(Box::new),
        extras: Extras::new(spec),
        rounds: spec.rounds,
        stones: super::stones::StoneTable::new(spec).map(Box::new),
        legal: super::legal::LegalTable::new(spec).map(Box::new),
        staged: super::staged::StageTable::new(spec).map(Box::new),
        one_round: false,
        hand_rules: spec.phases.hand_sowing.is_some() || spec.phases.only_if_captures.is_some(),
        side_end: if spec.phases.inner_loses {
            EndReason::InnerEmpty
        } else if spec.endings.empty_loses() {
            EndReason::EmptyLoses
        } else {
            EndReason::SideEmpty
        },
        // A loss has its reason, `side_end`; a win or a draw is read from here.
        side_outcome: spec.endings.side_outcome.filter(|&o| o != EndOutcome::Lose),
        nobody_outcome: spec.endings.nobody_outcome,
        // A rule after a lap that asks the mover, or a relay that may.
        chooses: spec.lap_rules.iter().any(crate::lang::lap_rule::LapRule::chooses)
            || spec.legality.relays.is_some()
            || spec.phases.opening.iter().any(|o| o.to == crate::lang::phases::Target::Spread),
        tier: RICH,
    };
    let mut initial = [0; MAX_PITS];
    initial[..n].copy_from_slice(&spec.seeds);
    for p in 0..n {
        t.owner[p] = spec.owners[p];
        t.own[spec.owners[p] as usize] |= 1 << p;
    }
    let inner = if spec.phases.inner_loses { spec.geometry().side_mask(Side::Inner) } else { u64::MAX };
    for p in 0..MAX_PLAYERS {
        t.alive[p] = t.own[p] & inner;
    }
    let clockwise = |w: Way| w == Way::Only(Direction::Clockwise);
    t.cw = u8::from(!clockwise(spec.direction.of(0)));
    // The circuit a pit's seeds go round: the whole board on 2 rows; on 4 rows its owner's two
    // rows (pits 1 to 2C, or 2C + 1 to 4C), so that seeds never cross to the other side.
    let circuit = if spec.rows == 4 { n / 2 } else { n };
    for p in 0..n {
        // Pits are numbered counter-clockwise, so counter-clockwise sowing goes up the numbers.
        let base = p / circuit * circuit;
        let (up, down) =
            ((base + (p - base + 1) % circuit) as u8, (base + (p - base + circuit - 1) % circuit) as u8);
        let (ccw, cw) = (1 - t.cw as usize, t.cw as usize);
        (t.next[ccw][p], t.prev[ccw][p]) = (up, down);
        (t.next[cw][p], t.prev[cw][p]) = (down, up);
        match spec.direction.of(p) {
            Way::Only(Direction::CounterClockwise) => t.pit_dir[p] = ccw as u8,
            Way::Only(Direction::Clockwise) => t.pit_dir[p] = cw as u8,
            Way::Either => t.choice |= 1 << p,
        }
    }
    // Stores are sown into only where the whole board sows one way (checked).
    let along = t.pit_dir[0] as usize;
    let geometry = spec.geometry();
    for p in 0..n {
        t.opposite[p] = geometry.facing(p).map_or(NO_PIT, |q| q as u8);
        t.behind[p] = geometry.behind(p).map_or(NO_PIT, |q| q as u8);
    }
    for mover in 0..spec.players {
        let m = mover as usize;
        // The path of a sowing: pit to pit, and into a store where the rules say, a
        // player's store coming right after the last of their pits in the sowing direction.
        for p in 0..n {
            t.path[m][p] = t.next[along][p];
        }
        if t.store_sowing {
            for owner in 0..spec.players {
                let sown = spec.store_sowing == StoreSowing::Both || owner == mover;
                let last = (0..n)
                    .find(|&p| spec.owners[p] == owner && spec.owners[t.next[along][p] as usize] != owner);
                if let (true, Some(last)) = (sown, last) {
                    let store = n + owner as usize;
                    t.path[m][store] = t.next[along][last];
                    t.path[m][last] = store as u8;
                }
            }
        }
        // Sowing the other way: the stores where they lie, passed the other way (a store
        // before the pit it follows in direction 0).
        if t.store_sowing && (t.choice != 0 || t.pit_dir[..n].iter().any(|&d| d != 0)) {
            let mut back = t.path_back.take().unwrap_or_else(|| Box::new([[0; PLACES]; MAX_PLAYERS]));
            for p in 0..n {
                back[m][p] = t.next[1][p];
            }
            for store in n..n + spec.players as usize {
                if let Some(last) = (0..n).find(|&p| t.path[m][p] as usize == store) {
                    let first = t.path[m][store] as usize;
                    back[m][first] = store as u8;
                    back[m][store] = last as u8;
                }
            }
            t.path_back = Some(back);
        }
        if let Some(o) = &spec.opposite {
            // Only pits that face one (on 4 rows, the inner rows').
            let faces = (0..n).filter(|&p| t.opposite[p] != NO_PIT).fold(0u64, |a, p| a | 1 << p);
            t.opposite_pits[m] = pit_mask(spec, mover, o.pits) & faces;
        }
        if let Some(l) = &spec.landing {
            t.landing_pits[mover as usize] = pit_mask(spec, mover, l.pits);
        }
        if let Some(c) = &spec.chain {
            t.chain_pits[mover as usize] = pit_mask(spec, mover, c.rule.pits);
        }
    }
    if let Some(l) = &spec.landing {
        t.landing_counts = Counts::from_set(&l.counts);
    }
    if let Some(c) = &spec.chain {
        t.chain_counts = Counts::from_set(&c.rule.counts);
        t.chain_forward = c.direction == ChainDirection::Forward;
    }
    match &spec.relay {
        None => {}
        Some(Relay::Occupied) => {
            let all: Vec<u8> = (2..=u8::MAX).collect();
            t.relay_counts = Counts::from_list(&all);
            for p in 0..spec.players {
                t.relay_pits[p as usize] = pit_mask(spec, p, Where::Any);
            }
        }
        Some(Relay::Makes(rule)) => {
            t.relay_counts = Counts::from_set(&rule.counts);
            for p in 0..spec.players {
                t.relay_pits[p as usize] = pit_mask(spec, p, rule.pits);
            }
        }
    }
    for d in 0..2 {
        let used = t.choice != 0 || (0..n).any(|p| t.pit_dir[p] as usize == d);
        if used {
            t.hand[d] = HandTable::new(&t, d).map(Box::new);
        }
    }
    let rich = t.relay || t.capture_start > 0 || t.choice != 0 || t.pit_dir != [0; MAX_PITS];
    let classic = t.store_sowing
        || t.extra_turn
        || t.filter_moves
        || t.endings
        || t.opposite_pits != [0; MAX_PLAYERS]
        || t.grand_slam != GrandSlam::Take;
    // End places are nobody's while the game goes on: out of the players' pits.
    if let Some(st) = &t.stones {
        for own in &mut t.own {
            *own &= !st.ends;
        }
    }
    // A store on the circuit is never played: a row whose other pits are empty is empty.
    if let Some(ph) = &t.phase {
        for alive in &mut t.alive {
            *alive &= !ph.stores;
        }
    }
    // An ending looked at after each lap, and a first lap that must leave the opponent seeds,
    // are looked at by the general tier's loop of laps.
    t.tier = if !t.lap_rules.is_empty()
        || t.end_after_lap
        || t.first_lap_feeds
        || t.phase.is_some()
        || t.extras.any()
        || t.rounds.is_some()
        || t.stones.is_some()
        || t.legal.is_some()
        || t.staged.is_some()
    {
        GENERAL
    } else if rich {
        RICH
    } else if classic {
        CLASSIC
    } else {
        PLAIN
    };
    Rules { spec: spec.clone(), initial, first_player: spec.first_player, ply_limit: spec.ply_limit, t }
}

impl Rules {
    /// The checked rules this was compiled from.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    pub fn pits(&self) -> usize {
        self.t.pits as usize
    }

    pub fn players(&self) -> usize {
        self.t.players as usize
    }

    /// The owner (0-based) of a pit (0-based).
    pub fn owner(&self, pit: usize) -> usize {
        self.t.owner[pit] as usize
    }

    pub fn total_seeds(&self) -> u32 {
        self.spec.total_seeds() as u32
    }

    /// The ply limit, `None` when games end only by themselves.
    pub fn ply_limit(&self) -> Option<u32> {
        (self.ply_limit != u32::MAX).then_some(self.ply_limit)
    }

    /// The same rules with another ply limit (`None`: games end only by themselves, as the
    /// solver reads them).
    pub fn with_ply_limit(&self, limit: Option<u32>) -> Rules {
        let mut r = self.clone();
        r.ply_limit = limit.unwrap_or(u32::MAX);
        if let Some(l) = limit {
            r.spec.ply_limit = l;
        }
        r
    }

    /// May a move pause for its mover's choice ([`super::Step`]): a take or an end of a row
    /// chosen, a relay's way or its refusal, a sowing's drops, a rearrangement before play?
    pub fn may_pause(&self) -> bool {
        self.t.chooses || self.spec.staging.rearrange.is_some()
    }

    /// Does a position hold more than its seeds, captures and player to move: claimed pits, or
    /// the players who have moved (under a rule on first moves)?
    pub(crate) fn has_state_extras(&self) -> bool {
        self.spec.claims_pits()
            || self.t.extras.first_move.is_some()
            || self.t.extras.keep_way.is_some()
            || self.t.rounds.is_some()
            || self.t.stones.as_ref().is_some_and(|st| st.start != 0)
            || self.t.chooses
            || self.t.staged.is_some()
            || self.t.extras.marks_played
    }

    /// The first this many plies of a game capture nothing.
    pub fn capture_start(&self) -> u32 {
        self.t.capture_start
    }

    /// A game of rounds cut to its first round: the game is over when the round is, each
    /// player holding the seeds they captured and took (what `sow solve` values); `None` for
    /// a game without rounds.
    pub fn first_round(&self) -> Option<Rules> {
        self.t.rounds?;
        let mut r = self.clone();
        r.t.one_round = true;
        Some(r)
    }

    /// Is this a game of rounds cut to its first round?
    pub fn is_first_round(&self) -> bool {
        self.t.one_round
    }

    /// The same rules for positions past the start of the game, where every move may capture:
    /// as the solver reads a position, which it knows by its seeds alone.
    pub fn past_start(&self) -> Rules {
        let mut r = self.clone();
        r.t.capture_start = 0;
        r.spec.capture_start = 0;
        r
    }

    /// A fingerprint of what decides the play of a position: every table, and nothing of the
    /// names, sources, starting seeds, first player or ply limit. A solution table made for
    /// these rules is valid for any rules with the same fingerprint. The tables are taken
    /// apart field by field, so a new table that is left out here does not compile.
    pub fn fingerprint(&self) -> u64 {
        let Tables {
            pits,
            players,
            own,
            owner,
            next,
            prev,
            pit_dir,
            // Which of the tables above is clockwise: they say it already.
            cw: _,
            choice,
            opening_in_origin,
            single_seed,
            skip_origin,
            min_seeds,
            store_sowing,
            path,
            path_back,
            extra_turn,
            must_feed,
            first_lap_feeds,
            relay_feeds,
            filter_moves,
            landing_pits,
            landing_counts,
            chain_pits,
            chain_counts,
            chain_forward,
            opposite_pits,
            opposite,
            // Follows from the board, which the circuits of `next` say.
            behind: _,
            opposite_take_last,
            opposite_even_if_empty,
            grand_slam,
            relay,
            relay_pits,
            relay_counts,
            // The solver values positions past the first plies, and values those by search
            // over the table: a table serves rules that differ only in this.
            capture_start: _,
            pass_when_stuck,
            stuck_loses,
            leftovers,
            side_empty,
            majority,
            repetition,
            board_end,
            game_ends,
            // Made from `game_ends`, in their bytes.
            end_after_lap: _,
            side_after_lap,
            // Made from `board_end` and `game_ends`.
            counted_ends: _,
            endings,
            // Made from the tables above: the same for equal tables.
            hand: _,
            lap_rules,
            phase,
            extras,
            rounds,
            one_round,
            stones,
            legal,
            staged,
            // Made from `phase`, in its bytes.
            hand_rules: _,
            side_end: _,
            side_outcome,
            nobody_outcome,
            alive: _,
            // Made from `lap_rules`, in their bytes.
            chooses: _,
            tier: _,
        } = &self.t;
        let mut bytes: Vec<u8> = vec![*pits, *players];
        for masks in [own, landing_pits, chain_pits, opposite_pits] {
            bytes.extend(masks.iter().flat_map(|m| m.to_le_bytes()));
        }
        // Each pit's own direction, as one table of next pits and one of pits before (so that
        // rules of one direction keep the fingerprint they had before directions by pit).
        let along = |table: &[[u8; MAX_PITS]; 2]| -> [u8; MAX_PITS] {
            std::array::from_fn(|p| table[pit_dir[p] as usize][p])
        };
        for table in [owner, &along(next), &along(prev), opposite] {
            bytes.extend_from_slice(table);
        }
        for table in path {
            bytes.extend_from_slice(table);
        }
        bytes.extend([*opening_in_origin as u8, *skip_origin as u8, *min_seeds]);
        bytes.extend(
            [*store_sowing, *extra_turn, *must_feed, *opposite_take_last, *opposite_even_if_empty]
                .map(u8::from),
        );
        bytes.extend([*side_empty, *majority, *repetition, *endings, *filter_moves].map(u8::from));
        // Only where it is, so that other fingerprints stay as they were.
        if *side_after_lap {
            bytes.extend(b"side empty after each lap");
        }
        bytes.push(match grand_slam {
            GrandSlam::Take => 0,
            GrandSlam::NoCapture => 1,
            GrandSlam::NotAllowed => 2,
        });
        for counts in [landing_counts, chain_counts] {
            bytes.extend(counts.0.iter().flat_map(|w| w.to_le_bytes()));
        }
        let leftovers = match leftovers {
            Leftovers::Nobody => 0,
            Leftovers::Owner => 1,
            Leftovers::LastMover => 2,
            Leftovers::NotRunOut => 3,
        };
        bytes.extend([*chain_forward as u8, *pass_when_stuck as u8, leftovers]);
        // Only where there is a relay, so that the fingerprints of rules without one (and the
        // solution tables made for them) stay as they were.
        if *choice != 0 {
            bytes.extend(choice.to_le_bytes());
        }
        if *relay {
            bytes.extend(relay_pits.iter().flat_map(|m| m.to_le_bytes()));
            bytes.extend(relay_counts.0.iter().flat_map(|w| w.to_le_bytes()));
        }
        // Only where it is, so that other fingerprints stay as they were.
        if *first_lap_feeds {
            bytes.extend(b"first lap feeds");
        }
        if *relay_feeds {
            bytes.extend(b"relays feed");
        }
        if *stuck_loses {
            bytes.extend(b"stuck loses");
        }
        // Only where a line gives one, as above (a loss is in the phases' bytes).
        let code = |o: &EndOutcome| match o {
            EndOutcome::Win => b'w',
            EndOutcome::Lose => b'l',
            EndOutcome::Draw => b'd',
        };
        if let Some(o) = side_outcome {
            bytes.extend(b"side outcome");
            bytes.push(code(o));
        }
        if let Some(o) = nobody_outcome {
            bytes.extend(b"nobody outcome");
            bytes.push(code(o));
        }
        if let Some(c) = board_end {
            bytes.extend(b"board end");
            bytes.extend(c.0.iter().flat_map(|w| w.to_le_bytes()));
        }
        // Only where there are some, as above.
        if !game_ends.is_empty() {
            bytes.extend(b"game ends");
            for end in game_ends {
                end.bytes(&mut bytes);
            }
        }
        if !lap_rules.is_empty() {
            bytes.extend(b"lap rules");
            for rule in lap_rules {
                rule.bytes(&mut bytes);
            }
            // A lap ending in a store names the pit after it (issue 37): a mark where that can
            // happen, so that the fingerprints of rules made before it stay as they were.
            if *store_sowing && lap_rules.iter().any(LapTable::names_after_last) {
                bytes.extend(b"named from a store");
            }
        }
        if let Some(p) = phase {
            p.bytes(&mut bytes);
        }
        // Only where they are, as above.
        if *single_seed {
            bytes.extend(b"single seed");
        }
        if extras.any() {
            bytes.extend(b"extras");
            extras.bytes(&mut bytes);
        }
        if let Some(r) = rounds {
            bytes.extend(b"rounds");
            for line in r.lines() {
                bytes.extend(line.as_bytes());
            }
        }
        if *one_round {
            bytes.extend(b"one round");
        }
        if let Some(st) = stones {
            st.bytes(&mut bytes);
        }
        if let Some(l) = legal {
            l.bytes(&mut bytes);
        }
        if let Some(st) = staged {
            st.bytes(&mut bytes);
        }
        // Only where a pit sows the other way into stores, as above.
        if let Some(back) = path_back {
            bytes.extend(b"path back");
            for table in back.iter() {
                bytes.extend_from_slice(table);
            }
        }
        fnv1a(&bytes)
    }

    /// A fingerprint of everything that decides the games played from the start: the
    /// [`Rules::fingerprint`], and what it leaves out that a game depends on (the starting
    /// seeds, the first player, when captures start, the ply limit). Runs and tournaments of
    /// rules with different game fingerprints are not shards of one another.
    pub fn game_fingerprint(&self) -> u64 {
        let spec = self.spec();
        let mut bytes = self.fingerprint().to_le_bytes().to_vec();
        bytes.extend_from_slice(&spec.seeds);
        bytes.push(spec.first_player);
        bytes.extend(spec.capture_start.to_le_bytes());
        bytes.extend(self.ply_limit().unwrap_or(0).to_le_bytes());
        // Only where the hands hold seeds at the start, so that other games keep theirs.
        if spec.hand_seeds > 0 {
            bytes.extend(b"hands");
            bytes.push(spec.hand_seeds);
            if let Some(p) = spec.hand_of {
                bytes.extend([b'@', p]);
            }
        }
        fnv1a(&bytes)
    }
}

/// FNV-1a, 64 bits: a stable checksum (the standard library's hashers may change).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_hold_any_byte() {
        let c = Counts::from_list(&[1, 2, 64, 200, 255]);
        for n in 0..=255u8 {
            assert_eq!(c.contains(n), [1, 2, 64, 200, 255].contains(&n), "{n}");
        }
    }

    #[test]
    fn the_fingerprint_follows_every_table_and_nothing_else() {
        let bakuk = crate::load_rules("bakuk", None).unwrap();
        let f = bakuk.fingerprint();
        // What does not decide play leaves it alone.
        let mut same = bakuk.with_ply_limit(Some(7));
        same.initial[0] = 1;
        same.first_player = 1;
        assert_eq!(same.fingerprint(), f);
        // Every table changes it.
        let changes: [fn(&mut Tables); 11] = [
            |t| t.next[0][0] = 2,
            |t| t.prev[0][0] = 2,
            |t| t.owner[0] = 1,
            |t| t.min_seeds = 2,
            |t| t.chain_forward = false,
            |t| t.pass_when_stuck = true,
            |t| t.leftovers = Leftovers::LastMover,
            |t| t.landing_counts = Counts::from_list(&[3]),
            |t| t.side_outcome = Some(EndOutcome::Win),
            |t| t.side_outcome = Some(EndOutcome::Draw),
            |t| t.nobody_outcome = Some(EndOutcome::Draw),
        ];
        for (i, change) in changes.iter().enumerate() {
            let mut other = bakuk.clone();
            change(&mut other.t);
            assert_ne!(other.fingerprint(), f, "change {i}");
        }
        assert_ne!(crate::load_rules("koumma", None).unwrap().fingerprint(), f);
        assert_ne!(crate::load_rules("bakuk", Some("valdez")).unwrap().fingerprint(), f);
    }
}
