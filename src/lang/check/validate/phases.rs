//! The checks of special pits and phases (`crate::lang::phases`): a store on the circuit, an
//! opening, a move once a game.

use std::sync::Arc;

use crate::lang::diagnostic::{Diagnostic, SourceFile, Span};
use crate::lang::kinds::{Origin, Stated};
use crate::lang::phases::{
    HandSowing, OnlyIf, OpeningLines, OpeningRule, Phases, SeatPit, StoreMove, Target, seat_row,
};
use crate::lang::spec::{MAX_HAND, MAX_SEEDS};
use crate::lang::syntax::{BoardLine, DirectionLine, SeedsLine, Spanned, Way};

use super::Validator;
use crate::lang::lap_rule::Receiver;
use crate::lang::phases::{TakeOpening, TakeOpeningLine};

/// Most moves of each player an opening may script.
const MAX_OPENING_MOVES: u64 = 100;

/// `1 move`, `2 moves`.
fn plural_moves(n: u64) -> String {
    if n == 1 { "1 move".into() } else { format!("{n} moves") }
}

impl Validator<'_> {
    /// The phases of the variant, each line checked against the board and the players.
    pub(super) fn phases(
        &mut self,
        board: &Stated<BoardLine>,
        owners: &[u8],
        players: u8,
        first_player: u8,
        total: usize,
    ) -> Phases {
        let m = self.m;
        let k = board.value.pits_per_row.value as usize;
        // Pits named from a player's seat need two players with a row each.
        let rows = players == 2
            && (0..2u8).all(|p| {
                let row = seat_row(owners, p);
                row.len() == k && row.windows(2).all(|w| w[1] == w[0] + 1)
            });
        let mut out = Phases::default();
        if let Some(s) = &m.pit_store {
            if board.value.stores {
                self.diags.push(
                    s.error("a store on the circuit, but the board has stores of its own", "a second store")
                        .help("write the board with `no stores`"),
                );
            } else if self.seats(rows, &s.at, "a store on the circuit") {
                out.store_pit = self.in_row(&s.at, &s.value, k);
            }
            // That ending counts the seeds set aside, and these stores keep theirs in a pit.
            if let Some(e) = &m.majority {
                self.diags.push(
                    e.error(
                        "an end on captures of more than half the seeds, with stores on the circuit",
                        "this ending counts seeds set aside",
                    )
                    .note(format!("the captures lie in the stores on the circuit (line {})", s.at.line())),
                );
            }
        }
        if let Some(o) = &m.opening_moves {
            out.opening = self.opening(o, rows, k, players, board.value.stores);
        }
        if let Some(o) = &m.take_opening {
            out.take_opening = self.take_opening(o, players, first_player, total);
            if let Some(other) = &m.opening_moves {
                self.diags.push(
                    o.error("a second opening", "an opening of its own")
                        .note(format!("the opening is said already (line {})", other.at.line()))
                        .help("say the opening in one line"),
                );
                out.take_opening = None;
            }
        }
        if let Some(s) = &m.store_move {
            let StoreMove { holds, skip_stores, take } = &s.value;
            if m.pit_store.is_none() {
                self.diags.push(
                    s.error("the mover's store is sown, but it is not a pit on the circuit", "sow their store")
                        .help("make a pit the store, in the players block: `each player's rightmost pit is their store`"),
                );
            }
            let holds = self.counts("store", holds, s, total, 1);
            let take = match take {
                None => Some(None),
                Some(t) => self.counts("capture", t, s, total, 1).map(Some),
            };
            if let (Some(holds), Some(take)) = (holds, take)
                && m.pit_store.is_some()
            {
                out.store_move = Some(StoreMove { holds, skip_stores: *skip_stores, take });
            }
        }
        // Pits never played: named from the seat, each in a row, not all of a row, and not a pit
        // that is never played already.
        if let Some(n) = &m.never_played
            && self.seats(rows, &n.at, "a pit that cannot be played")
        {
            let named: Vec<SeatPit> = n.value.iter().filter_map(|p| self.in_row(&n.at, p, k)).collect();
            let special = [
                (out.store_pit, "their store"),
                (m.end_place.as_ref().map(|e| e.value.pit.value), "an end place"),
            ];
            let mut ok = named.len() == n.value.len();
            for (pit, what) in special {
                if let Some(p) = pit.filter(|p| named.iter().any(|q| q.index(k) == p.index(k))) {
                    self.diags.push(n.error(
                        format!("each player's {} pit is {what}, which is never played already", p.word()),
                        "this rule changes nothing for it",
                    ));
                    ok = false;
                }
            }
            let mut places: Vec<usize> = named.iter().filter_map(|p| p.index(k)).collect();
            places.sort_unstable();
            places.dedup();
            if ok && places.len() == k {
                self.diags.push(
                    n.error(
                        "no pit of a row could ever be played",
                        format!("every one of the {k} pits of a row"),
                    )
                    .note("nobody could make a move"),
                );
                ok = false;
            }
            if ok {
                out.never_played = named;
            }
        }
        out.setup = self.setup();
        self.hand_rules(board, rows, k, players, total, &mut out);
        self.distribution(rows, k, &mut out);
        self.placement(board, &mut out);
        out
    }

    /// Seeds put into play from the hand, one a move; and the loss of a player whose inner row
    /// is empty (both Bao's).
    fn placement(&mut self, board: &Stated<BoardLine>, out: &mut Phases) {
        let m = self.m;
        let rows = board.value.rows.value;
        if let Some(line) = &m.place_hand {
            let mut ok = true;
            let in_hand = m.seeds.as_ref().is_some_and(|s| {
                matches!(
                    s.value,
                    SeedsLine::Hand(_) | SeedsLine::PlayerHand(..) | SeedsLine::Listed(_, Some(_))
                )
            });
            if !in_hand {
                self.diags.push(
                    line.error(
                        "seeds put into play from the hand, but the hands start empty",
                        "nothing to put",
                    )
                    .help("give the hands their seeds: `seeds pit by pit ..., and 22 in each player's hand`"),
                );
                ok = false;
            }
            if board.value.stores {
                self.diags.push(
                    line.error("seeds put into play from the hand, on a board with stores", "the hand")
                        .note("a player's hand is where the seeds they hold are counted, which a store would be")
                        .help("write the board with `no stores`"),
                );
                ok = false;
            }
            if line.value.row.is_some() && rows != 4 {
                self.diags.push(
                    line.error(format!("an inner or outer row on a board of {rows} rows"), "a row of theirs")
                        .note("only a board of 4 rows gives each player an inner and an outer row")
                        .help("write `into one of their pits`"),
                );
                ok = false;
            }
            for (other, what) in [
                (m.setup.as_ref().map(|l| &l.at), "a set-up from the hands"),
                (m.distribute.as_ref().map(|l| &l.at), "a distribution from the hand"),
                (m.hand_sowing.as_ref().map(|l| &l.at), "sowing from the hand"),
            ] {
                if let Some(at) = other {
                    self.diags.push(
                        line.error(
                            format!("seeds put into play from the hand, and {what}"),
                            "one rule for the hands",
                        )
                        .note(format!("line {} puts them into play too", at.line())),
                    );
                    ok = false;
                }
            }
            if ok {
                out.place_hand = Some(line.value);
            }
        }
        if let Some(e) = m.empty_loses.as_ref().filter(|e| e.value.inner) {
            if rows != 4 {
                self.diags.push(
                    e.error(format!("an inner row on a board of {rows} rows"), "a player's inner row")
                        .note("only a board of 4 rows gives each player an inner row")
                        .help("write `a player whose pits are all empty loses`"),
                );
            } else if let Some(s) = &m.side_empty {
                self.diags.push(
                    e.error("a player whose inner row is empty loses, and the game is over when a player's pits are empty", "two endings of empty pits")
                        .note(format!("line {} ends the game too", s.at.line())),
                );
            } else {
                out.inner_loses = true;
            }
        }
    }

    /// A distribution by one player, the other's choice to swap sides, feeding by a transfer.
    fn distribution(&mut self, rows: bool, k: usize, out: &mut Phases) {
        let m = self.m;
        if let Some(d) = &m.distribute {
            let in_hand = m
                .seeds
                .as_ref()
                .is_some_and(|s| matches!(s.value, SeedsLine::Hand(_) | SeedsLine::PlayerHand(..)));
            if !in_hand {
                self.diags.push(
                    d.error("a distribution from the hand, but the hands start empty", "nothing to put")
                        .help("write the starting seeds as `seeds 72 in player 1's hand`"),
                );
            } else if let Some(s) = &m.setup {
                self.diags.push(
                    d.error("two set-ups from the hands", "a distribution by one player")
                        .note(format!("line {} sets up the pits in turns", s.at.line())),
                );
            } else if d.value.facing && !rows {
                self.diags.push(
                    d.error("facing pits need two players who own a row each", "facing pits")
                        .note("each pit of one row faces a pit of the other"),
                );
            } else {
                out.distribute = Some(d.value);
            }
        }
        if let Some(c) = &m.swap_choice {
            if m.distribute.is_none() {
                self.diags.push(
                    c.error("a choice after a distribution, but nobody distributes", "the other player")
                        .help("add `the player to move puts the seeds of their hand one at a time into any pits` to the opening block"),
                );
            } else if !rows {
                self.diags.push(
                    c.error("swapping sides needs two players who own a row each", "swap sides")
                        .note("the board is turned round: each row becomes the other player's"),
                );
            } else {
                out.swap = Some(c.value);
            }
        }
        if let Some(f) = &m.feed_one {
            let n = &f.value.seeds;
            if let Some(mf) = &m.must_feed {
                self.diags.push(
                    f.error("two rules of feeding", "a transfer into the opponent's pit")
                        .note(format!("line {} feeds by a sowing", mf.at.line())),
                );
            } else if n.value == 0 || n.value > MAX_SEEDS as u64 {
                self.diags.push(Diagnostic::error(format!("a transfer of {} seeds", n.value)).at(
                    &f.at.file,
                    n.span.clone(),
                    format!("expected 1 to {MAX_SEEDS}"),
                ));
            } else if !rows {
                self.diags.push(
                    f.error("the opponent's pit is named from their seat", "the opponent's pit")
                        .note("this needs two players who own a row each"),
                );
            } else if self.seat_pit_in_row(&f.at.file, &f.value.pit.span, f.value.pit.value, k) {
                out.feed_one = Some((n.value as u8, f.value.pit.value));
            }
        }
    }

    /// The opening of moves given by rule: each line checked, one for each player (a player
    /// without one makes ordinary moves) or one for all, of as many moves each.
    fn opening(
        &mut self,
        lines: &Stated<OpeningLines>,
        rows: bool,
        k: usize,
        players: u8,
        stores: bool,
    ) -> Vec<OpeningRule<u8, SeatPit>> {
        // The rules so far, with the line of each.
        let mut out: Vec<(OpeningRule<u8, SeatPit>, usize)> = Vec::new();
        for line in &lines.value {
            let o =
                &Origin { file: Arc::clone(&lines.at.file), span: line.span.clone(), layer: lines.at.layer };
            let OpeningRule { who, moves, from, opponent, to, seeds, relay } = &line.value;
            let mut ok = self.seats(rows, o, "an opening");
            if moves.value == 0 || moves.value > MAX_OPENING_MOVES {
                self.diags.push(
                    Diagnostic::error(format!("an opening of {} moves is out of range", moves.value)).at(
                        &o.file,
                        moves.span.clone(),
                        format!("expected 1 to {MAX_OPENING_MOVES}"),
                    ),
                );
                ok = false;
            }
            let mut pits = Vec::new();
            for p in from {
                if !rows {
                    break;
                }
                match self.in_row(o, p, k) {
                    Some(q) if pits.iter().any(|&x: &SeatPit| x.index(k) == q.index(k)) => {
                        self.diags.push(Diagnostic::error("a pit named twice").at(
                            &o.file,
                            p.span.clone(),
                            "named already",
                        ));
                        ok = false;
                    }
                    // Into itself: the pit named, or the store when the store is that pit.
                    Some(q)
                        if match to {
                            Target::Pit(t) => !opponent && t.index(k) == q.index(k),
                            Target::Hand | Target::Next | Target::Spread | Target::Sow { .. } => false,
                            Target::Store => {
                                !opponent
                                    && self
                                        .m
                                        .pit_store
                                        .as_ref()
                                        .is_some_and(|s| s.value.value.index(k) == q.index(k))
                            }
                        } =>
                    {
                        self.diags.push(Diagnostic::error("an opening move into the pit it empties").at(
                            &o.file,
                            p.span.clone(),
                            "the seeds would stay where they are",
                        ));
                        ok = false;
                    }
                    Some(q) => pits.push(q),
                    None => ok = false,
                }
            }
            if let Target::Pit(t) = to
                && rows
                && t.index(k).is_none()
            {
                self.diags.push(o.error(
                    format!("a row of {k} pits has no {} pit", t.word()),
                    format!("pits are counted 1 to {k} from each player's left"),
                ));
                ok = false;
            }
            // A move paused for its drops is resumed by the rules of a game of one round.
            if *to == Target::Spread
                && let Some(r) = &self.m.round_over
            {
                self.diags.push(
                    o.error(
                        "an opening whose drops the mover chooses, in a game of rounds",
                        "as the mover chooses",
                    )
                    .note(format!("the game is played in rounds (`round over ...`, line {})", r.at.line()))
                    .help(
                        "an opening that moves the seeds of a pit into a pit or a store may go with rounds",
                    ),
                );
                ok = false;
            }
            if *to == Target::Store && !stores && self.m.pit_store.is_none() {
                self.diags.push(
                    o.error("the seeds go into the mover's store, but the board has no stores", "into their store")
                        .note("on a board without stores, the seeds a player captures are held in their hand")
                        .help("write `into their hand` to put them with the seeds the mover has captured, or make a pit the store: `each player's rightmost pit is their store`"),
                );
                ok = false;
            }
            if *to == Target::Hand && (stores || self.m.pit_store.is_some()) {
                self.diags.push(
                    o.error(
                        "the seeds go into the mover's hand, but the board has stores",
                        "into their hand",
                    )
                    .note("on a board with stores, the seeds a player captures go into their store")
                    .help("write `into their store`"),
                );
                ok = false;
            }
            let who = match who {
                Some(n) if n.value == 0 || n.value > players as u64 => {
                    self.diags.push(Diagnostic::error(format!("there is no player {}", n.value)).at(
                        &o.file,
                        n.span.clone(),
                        format!("players are numbered 1 to {players}"),
                    ));
                    continue;
                }
                Some(n) => Some(n.value as u8 - 1),
                None => None,
            };
            let seeds = match seeds {
                Some(n) if n.value == 0 || n.value > MAX_SEEDS as u64 => {
                    self.diags.push(
                        Diagnostic::error(format!("a sowing of {} seeds is out of range", n.value)).at(
                            &o.file,
                            n.span.clone(),
                            format!("expected 1 to {MAX_SEEDS}"),
                        ),
                    );
                    ok = false;
                    None
                }
                Some(n) => Some(n.value as u8),
                None => None,
            };
            // One line for each player, or one for all; of as many moves each.
            if let Some((earlier, at)) = out.iter().find(|(r, _): &&(OpeningRule<u8, SeatPit>, usize)| {
                r.who.is_none() || who.is_none() || r.who == who
            }) {
                let whose = match who.or(earlier.who) {
                    Some(p) if who.is_some() && earlier.who.is_some() => format!("player {}'s", p + 1),
                    _ => "each player's".into(),
                };
                self.diags.push(
                    o.error(format!("{whose} first moves are given twice"), "a second opening line")
                        .note(format!("the opening says them already (line {at})"))
                        .help("write one line for each player (`player 1's first move: ...`), or one for all (`each player's first move: ...`)"),
                );
                ok = false;
            } else if let Some((earlier, at)) = out.first()
                && ok
                && earlier.moves as u64 != moves.value
            {
                self.diags.push(
                    Diagnostic::error("the players' openings are of different lengths")
                        .at(&o.file, moves.span.clone(), format!("{} here", plural_moves(moves.value)))
                        .note(format!(
                            "player {}'s opening, line {at}, has {}",
                            earlier.who.map_or(0, |p| p + 1),
                            plural_moves(earlier.moves as u64)
                        ))
                        .help("give each player as many opening moves"),
                );
                ok = false;
            }
            if ok && rows {
                out.push((
                    OpeningRule {
                        who,
                        moves: moves.value as u8,
                        from: pits,
                        opponent: *opponent,
                        to: *to,
                        seeds,
                        relay: *relay,
                    },
                    o.line(),
                ));
            }
        }
        out.into_iter().map(|(r, _)| r).collect()
    }
    /// Pits named from a player's seat need two players who own a row each (`rows`): says so
    /// at the line otherwise.
    fn seats(&mut self, rows: bool, at: &Origin, what: &str) -> bool {
        if !rows {
            self.diags.push(
                at.error(format!("{what} names pits from each player's seat"), "pits named from a seat")
                    .note("this needs two players who own a row each"),
            );
        }
        rows
    }

    /// A pit of a row of `k`, as written, if the row has it (else says so).
    fn in_row(&mut self, at: &Origin, pit: &Spanned<SeatPit>, k: usize) -> Option<SeatPit> {
        self.seat_pit_in_row(&at.file, &pit.span, pit.value, k).then_some(pit.value)
    }

    /// Does a row of `k` pits have `pit` (named from the seat, written at `span`)? If not, an
    /// error at it.
    pub(super) fn seat_pit_in_row(
        &mut self,
        file: &Arc<SourceFile>,
        span: &Span,
        pit: SeatPit,
        k: usize,
    ) -> bool {
        let has = pit.index(k).is_some();
        if !has {
            self.diags.push(Diagnostic::error(format!("a row of {k} pits has no {} pit", pit.word())).at(
                file,
                span.clone(),
                format!("pits are counted 1 to {k} from each player's left"),
            ));
        }
        has
    }

    /// Seeds held in hand, a direction allowed only to a capture, and the loss of a player
    /// whose pits are empty.
    #[allow(clippy::too_many_arguments)]
    fn hand_rules(
        &mut self,
        board: &Stated<BoardLine>,
        rows: bool,
        k: usize,
        players: u8,
        total: usize,
        out: &mut Phases,
    ) {
        let m = self.m;
        if let Some(h) = &m.hand_sowing {
            let mut ok = true;
            if !rows {
                self.diags.push(
                    h.error("sowing from the hand names a pit from each player's seat", "from their pit")
                        .note("this needs two players who own a row each"),
                );
                ok = false;
            } else if h.value.pit.value.index(k).is_none() {
                self.diags.push(
                    Diagnostic::error(format!("a row of {k} pits has no {} pit", h.value.pit.value.word()))
                        .at(
                            &h.at.file,
                            h.value.pit.span.clone(),
                            format!("pits are counted 1 to {k} from each player's left"),
                        ),
                );
                ok = false;
            }
            if board.value.stores || m.pit_store.is_some() {
                self.diags.push(
                    h.error(
                        "captured seeds are sown from the hand, but they are kept in stores",
                        "captured seeds",
                    )
                    .help("seeds held in hand need a board with `no stores` and no pit for a store"),
                );
                ok = false;
            }
            // A move set marks its moves from the hand with the bit of a 64th pit.
            if rows && 2 * k >= crate::lang::spec::MAX_PITS {
                self.diags.push(
                    h.error(
                        format!(
                            "sowing from the hand needs fewer than 64 pits, and this board has {}",
                            2 * k
                        ),
                        "sowing from the hand",
                    )
                    .note("a board of 63 pits or fewer can sow from the hand"),
                );
                ok = false;
            }
            if total > MAX_HAND {
                self.diags.push(
                    h.error(
                        format!("a hand sows at most {MAX_HAND} seeds, and this game has {total}"),
                        "any number",
                    )
                    .note("a move from the hand is written by its seeds, and a hand is counted to 64"),
                );
                ok = false;
            }
            if ok {
                out.hand_sowing = Some(HandSowing { pit: h.value.pit.value, into: h.value.into });
            }
        }
        // Does some pit sow either way (a direction to choose, for the two rules below)?
        let either = match m.direction.as_ref().map(|d| &d.value) {
            Some(DirectionLine::ByPit(lines)) => lines.iter().any(|l| matches!(l.value.way, Way::Either)),
            Some(DirectionLine::Either) => true,
            _ => false,
        };
        if let Some(o) = &m.only_if_captures {
            // Before the move, any place may be empty.
            let before = match &o.value.before {
                None => Some(None),
                Some(conditions) => self.counted_test(conditions, o, total).map(Some),
            };
            if let (true, Some(before)) = (either, before) {
                out.only_if_captures =
                    Some(OnlyIf { clockwise: o.value.clockwise, before, later: o.value.later });
            } else if !either {
                self.diags.push(
                    o.error("a direction is allowed only to a capture, but no pit sows either way", "only when the move captures")
                        .help("let the pits sow either way: `direction by pit { every pit: either way, as the mover chooses }`"),
                );
            }
        }
        if let Some(k) = &m.keep_way {
            if either {
                out.keep_way = Some(k.value);
            } else {
                self.diags.push(
                    k.error("a direction is kept for the game, but no pit sows either way", "the direction of the first move")
                        .note("only a pit that sows either way has a direction to choose")
                        .help("let the pits sow either way: `direction by pit { every pit: either way, as the mover chooses }`"),
                );
            }
        }
        if let Some(e) = &m.empty_loses
            && players != 2
        {
            self.diags.push(
                e.error(
                    "a player whose pits are empty loses, but the game has more than two players",
                    "a rule for two players",
                )
                .note("the other player wins: this needs two players"),
            );
        }
    }

    /// `in turns, each player puts 1 seed from their hand into a pit of their choice`: the
    /// hands must hold seeds at the start, and a placement at least one.
    fn setup(&mut self) -> Option<u8> {
        let m = self.m;
        let l = m.setup.as_ref()?;
        let n = &l.value.seeds;
        if !m
            .seeds
            .as_ref()
            .is_some_and(|s| matches!(s.value, SeedsLine::Hand(_) | SeedsLine::PlayerHand(..)))
        {
            self.diags.push(
                l.error("a set-up from the hands, but the hands start empty", "nothing to put")
                    .help("write the starting seeds as `seeds 36 in each player's hand`"),
            );
            return None;
        }
        if n.value == 0 || n.value > MAX_SEEDS as u64 {
            self.diags.push(Diagnostic::error(format!("a placement of {} seeds", n.value)).at(
                &l.at.file,
                n.span.clone(),
                format!("expected 1 to {MAX_SEEDS}"),
            ));
            return None;
        }
        Some(n.value as u8)
    }
}

impl Validator<'_> {
    /// `player 1, player 2, then player 1 again each take every seed of ...; then player 2
    /// moves first`: the players in range, the first the player who starts, the counts.
    fn take_opening(
        &mut self,
        o: &Stated<TakeOpeningLine>,
        players: u8,
        first_player: u8,
        total: usize,
    ) -> Option<TakeOpening<u8, crate::lang::counts::CountSet>> {
        let TakeOpening { order, holds, to, first } = &o.value;
        let mut ok = true;
        let mut player = |this: &mut Self, n: &Spanned<u64>| -> u8 {
            if n.value == 0 || n.value > players as u64 {
                this.diags.push(Diagnostic::error(format!("there is no player {}", n.value)).at(
                    &o.at.file,
                    n.span.clone(),
                    format!("the players are 1 to {players}"),
                ));
                ok = false;
                return 0;
            }
            n.value as u8 - 1
        };
        let seq: Vec<u8> = order.iter().map(|n| player(self, n)).collect();
        let begins = player(self, first);
        if order.len() as u64 > MAX_OPENING_MOVES {
            self.diags.push(o.error(
                format!("an opening of {} moves is out of range", order.len()),
                format!("expected 1 to {MAX_OPENING_MOVES}"),
            ));
            ok = false;
        }
        if ok && seq[0] != first_player {
            self.diags.push(
                Diagnostic::error(format!(
                    "the opening begins with player {}, but player {} starts",
                    seq[0] + 1,
                    first_player + 1
                ))
                .at(&o.at.file, order[0].span.clone(), "the first move of the game")
                .help(format!(
                    "name player {} first, or write `player {} starts` in the players block",
                    first_player + 1,
                    seq[0] + 1
                )),
            );
            ok = false;
        }
        if *to == Receiver::Opponent && players != 2 {
            self.diags.push(
                o.error("the seeds go to the opponent, but there are not two players", "for the opponent"),
            );
            ok = false;
        }
        let holds = match holds {
            None => None,
            Some(h) => match self.counts("opening", h, o, total, 1) {
                Some(c) => Some(c),
                None => {
                    ok = false;
                    None
                }
            },
        };
        ok.then_some(TakeOpening { order: seq, holds, to: *to, first: begins })
    }
}
