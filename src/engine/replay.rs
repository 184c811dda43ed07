//! Replaying a list of moves: each move checked and recorded with what it sowed and captured,
//! and the position reported for people (text) or programs (JSON).

use serde::Serialize;

use crate::error::{Failure, Status};
use crate::lang::words::{and_list, pit_list};

use super::{
    Destination, Drawn, EndReason, Game, IllegalMove, Move, MoveDirection, MoveSummary, Observer, Outcome,
    Rules, State,
};

/// Everything one move did, for display.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record {
    /// Pits sown, in order (0-based), one entry per seed.
    pub sown: Vec<usize>,
    /// Pits captured (0-based) and their seeds, in order.
    pub captures: Vec<(usize, u8)>,
    /// For each capture, how many seeds had been sown when it was made (so that a move of
    /// several laps tells each lap's captures after it).
    pub capture_at: Vec<usize>,
    /// Players (0-based) who had to pass after the move.
    pub passes: Vec<usize>,
    /// Relays: how many seeds had been sown when each began, its pit (0-based) and the
    /// seeds lifted from it.
    pub relays: Vec<(usize, usize, u8)>,
    /// Pits (0-based) claimed, and by whom (0-based), in order.
    pub claims: Vec<(usize, usize)>,
    /// Seeds of claimed pits (0-based) that went to their claimer (0-based), in order.
    pub to_claimers: Vec<(usize, u8, usize)>,
    /// Between rounds: the pit filled (0-based) and the seeds put into it.
    pub fill: Option<(usize, u8)>,
    /// The round that ended with the move (games of rounds), counted from 1.
    pub round_over: Option<u16>,
    /// The player who copied the placer's arrangement after the move, if one did.
    pub copied: Option<usize>,
    /// After the fill, the pit (0-based) the filler put their last seeds into, those seeds,
    /// and the seeds the other player topped it up with (`... tops it up`).
    pub top_up: Option<(usize, u8, u8, Option<Drawn>)>,
    /// After the fill, the pit (0-based) both players put their last seeds into, the filler's
    /// seeds, the other player's, and the player (0-based) it belongs to.
    pub pool: Option<(usize, u8, u8, Drawn)>,
    /// The pits filled, the big stones went back to the end places.
    pub stones_back: bool,
    /// The move put a seed from the mover's hand into its pit (`while the mover holds seeds in
    /// hand, ...`): set by [`replay`], which sees the position before it.
    pub placed: bool,
    /// After a distribution: whether the chooser swapped sides.
    pub choice: Option<bool>,
    /// Feeding by a transfer: from which pit, into which, how many seeds.
    pub feed: Option<(usize, usize, u8)>,
    /// Seeds moved without sowing (an opening's move, a seed of a rearrangement): from which
    /// pit, where to, how many.
    pub transfer: Option<(usize, Destination, u8)>,
    /// A round scored in points over: each player's points.
    pub points: Option<[u16; 2]>,
    /// The captures made before any seed was sown: the takes of a move paused for the end of
    /// a row to sow them from, made once the end is chosen.
    pub taken_first: usize,
}

impl Observer for Record {
    fn sow(&mut self, pit: usize) {
        self.sown.push(pit);
    }
    fn relay(&mut self, pit: usize, seeds: u8) {
        self.relays.push((self.sown.len(), pit, seeds));
    }
    fn capture(&mut self, pit: usize, seeds: u8) {
        if self.sown.is_empty() && self.relays.is_empty() {
            self.taken_first += 1;
        }
        self.captures.push((pit, seeds));
        self.capture_at.push(self.sown.len());
    }
    fn pass(&mut self, player: usize) {
        self.passes.push(player);
    }
    fn claim(&mut self, pit: usize, player: usize) {
        self.claims.push((pit, player));
    }
    fn to_claimer(&mut self, pit: usize, seeds: u8, player: usize) {
        self.to_claimers.push((pit, seeds, player));
    }
    fn round_over(&mut self, round: u16) {
        self.round_over = Some(round);
    }
    fn fill(&mut self, pit: usize, seeds: u8) {
        self.fill = Some((pit, seeds));
    }
    fn copy(&mut self, player: usize) {
        self.copied = Some(player);
    }
    fn top_up(&mut self, pit: usize, seeds: u8, topped: u8, owner: Option<Drawn>) {
        self.top_up = Some((pit, seeds, topped, owner));
    }
    fn pool(&mut self, pit: usize, seeds: u8, theirs: u8, owner: Drawn) {
        self.pool = Some((pit, seeds, theirs, owner));
    }
    fn stones_back(&mut self) {
        self.stones_back = true;
    }
    fn choose(&mut self, _player: usize, swap: bool) {
        self.choice = Some(swap);
    }
    fn feed(&mut self, from: usize, to: usize, seeds: u8) {
        self.feed = Some((from, to, seeds));
    }
    fn transfer(&mut self, from: usize, to: Destination, seeds: u8) {
        self.transfer = Some((from, to, seeds));
    }
    fn points(&mut self, points: [u16; 2]) {
        self.points = Some(points);
    }
}

/// One move of a replay and the position after it.
#[derive(Debug, Clone)]
pub struct Step {
    pub ply: u32,
    pub player: usize,
    pub summary: MoveSummary,
    pub record: Record,
    pub after: State,
}

/// A move that could not be played: which ply, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    pub ply: u32,
    pub error: IllegalMove,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ply {}: {}", self.ply, self.error)
    }
}

impl std::error::Error for ReplayError {}

impl Failure for ReplayError {
    fn status(&self) -> Status {
        self.error.status()
    }
}

/// Plays `moves` from `start`; stops at the first illegal one.
pub fn replay(rules: &Rules, start: State, moves: &[Move]) -> Result<Vec<Step>, ReplayError> {
    let mut game = Game::new(rules, start);
    let mut steps = Vec::with_capacity(moves.len());
    for &mv in moves {
        let ply = game.state().plies() + 1;
        let player = game.state().turn();
        let placed = mv.hand() == 0 && game.state().pending().is_none() && rules.places(game.state());
        let mut record = Record { placed, ..Record::default() };
        let summary = game.play(mv, &mut record).map_err(|error| ReplayError { ply, error })?;
        steps.push(Step { ply, player, summary, record, after: *game.state() });
    }
    Ok(steps)
}

/// Moves in words: `pits 1-3` where every pit sows one way, `1, 2cw, 2ccw and 3` where some
/// pit sows either way.
pub fn move_list(moves: super::MoveSet) -> String {
    if moves.iter().all(|m| m.direction() == super::MoveDirection::Given && !m.is_pass()) {
        let pits: Vec<usize> = moves.iter().map(|m| m.pit() + 1).collect();
        return pit_list(&pits);
    }
    let written: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    format!("{} {}", if written.len() == 1 { "move" } else { "moves" }, and_list(&written))
}

/// A place a seed was sown into, in words: a pit's number, or `S1` for player 1's store.
/// Whose a pit is that went to a player between rounds: `it is player 2's`, `drawn at random,
/// it is player 2's`.
fn whose(owner: Drawn) -> String {
    match owner {
        Drawn::No(p) => format!("it is player {}'s", p + 1),
        Drawn::Yes(p) => format!("drawn at random, it is player {}'s", p + 1),
    }
}

fn place(pos: usize, pits: usize) -> String {
    if pos < pits { (pos + 1).to_string() } else { format!("S{}", pos - pits + 1) }
}

/// A move in words: `ply 2: player 2 plays pit 5 (7 seeds): sows 6 1 2 3 4 5 6; last seed in
/// pit 6 (now 2): captures 2 from pit 6 and 4 from pit 1, 6 in all`. A seed sown into a store
/// is written `S1` (player 1's store).
pub fn describe_step(step: &Step) -> String {
    let s = &step.summary;
    if let Some(swap) = step.record.choice {
        let what = if swap {
            "swaps sides: the board is turned round, and the other player moves first"
        } else {
            "chooses to move first"
        };
        return format!("ply {}: player {} {what}{}", step.ply, step.player + 1, round_start(step));
    }
    if let Some((from, to, seeds)) = step.record.feed {
        return format!(
            "ply {}: player {} moves {} from pit {} into pit {}: the opponent's pits were all empty",
            step.ply,
            step.player + 1,
            crate::lang::words::plural(seeds as usize, "seed", "seeds"),
            from + 1,
            to + 1
        );
    }
    if let Some((pit, seeds)) = step.record.fill {
        // A pit filled for a round, or a seed placed (a set-up, a player placing their seeds
        // one at a time, into a pit that may hold some).
        let held = step.after.pits()[pit].saturating_sub(seeds);
        let placed = if held > 0 || seeds == 1 {
            format!(
                "puts {} from their hand into pit {}",
                crate::lang::words::plural(seeds as usize, "seed", "seeds"),
                pit + 1
            )
        } else {
            format!("fills pit {} with {seeds} seeds from their hand", pit + 1)
        };
        return format!(
            "ply {}: player {} {placed}{}{}{}{}{}",
            step.ply,
            step.player + 1,
            step.record.copied.map_or(String::new(), |p| format!(
                "; player {} copies the arrangement into the opposite pits",
                p + 1
            )),
            step.record.top_up.map_or(String::new(), |(q, mine, topped, owner)| format!(
                "; puts their last {} into pit {}, which player {} tops up with {}: {}",
                crate::lang::words::plural(mine as usize, "seed", "seeds"),
                q + 1,
                (step.player + 1) % 2 + 1,
                topped,
                owner.map_or("both own it".to_string(), whose)
            )),
            step.record.pool.map_or(String::new(), |(q, mine, theirs, owner)| format!(
                "; both players put their last seeds into pit {}, player {} {} and player {} {}: {}",
                q + 1,
                step.player + 1,
                mine,
                (step.player + 1) % 2 + 1,
                theirs,
                whose(owner)
            )),
            if step.record.stones_back { "; the big stones go back to the end places" } else { "" },
            round_start(step)
        );
    }
    // A relay the mover replaced by the line's other effects ([`super::step`]): its takes.
    if s.mv.is_pass() && !step.record.captures.is_empty() {
        let taken: Vec<String> = step
            .record
            .captures
            .iter()
            .map(|&(pit, seeds)| {
                format!("pit {} ({})", pit + 1, crate::lang::words::plural(seeds as usize, "seed", "seeds"))
            })
            .collect();
        return format!(
            "ply {}: player {} does not relay from pit {}, and instead takes {}",
            step.ply,
            step.player + 1,
            s.last + 1,
            crate::lang::words::and_list(&taken)
        );
    }
    // The choice a paused move waited for ([`super::step`]): a pit taken, nothing sown.
    if s.lifted == 0
        && step.record.sown.is_empty()
        && let [(pit, seeds)] = step.record.captures[..]
    {
        return format!(
            "ply {}: player {} chooses pit {} and takes it ({})",
            step.ply,
            step.player + 1,
            pit + 1,
            crate::lang::words::plural(seeds as usize, "seed", "seeds"),
        );
    }
    // Seeds moved without sowing: an opening's move, a seed of a rearrangement.
    if let Some((from, to, seeds)) = step.record.transfer {
        let to = match to {
            Destination::Pit(q) => format!("into pit {}", q + 1),
            Destination::Store => "into their store".into(),
            Destination::Hand => "into their hand".into(),
            Destination::Opponent => "for the opponent".into(),
            Destination::OutOfPlay => "out of play".into(),
        };
        let what = crate::lang::words::plural(seeds as usize, "seed", "seeds");
        let mut text =
            format!("ply {}: player {} moves {what} from pit {} {to}", step.ply, step.player + 1, from + 1);
        tail(step, &mut text);
        return text;
    }
    // The first step of a rearrangement's move: a seed lifted, its pit still to choose.
    if step.after.pending() == Some(super::step::Step::Target) {
        let mut text =
            format!("ply {}: player {} lifts a seed from pit {}", step.ply, step.player + 1, s.last + 1);
        tail(step, &mut text);
        return text;
    }
    if s.mv.is_pass() {
        // A pass the rules allow (a rearrangement's), told by the engine as the mover's.
        if step.record.passes.first() == Some(&step.player) {
            let mut text = format!("ply {}: player {} passes", step.ply, step.player + 1);
            if !step.after.rearranging() {
                text.push_str(": both players have passed in turn, and play begins");
            }
            let mut rest = step.clone();
            rest.record.passes.remove(0);
            tail(&rest, &mut text);
            return text;
        }
        // A move paused at a relay or a choice, declined ([`super::step`]).
        return format!(
            "ply {}: player {} declines: the move ends at pit {}",
            step.ply,
            step.player + 1,
            s.last + 1
        );
    }
    let n = step.after.pits().len();
    // A seed of a sowing whose drops the mover chooses ([`super::step`]): one seed sown,
    // nothing lifted, no relay, no capture.
    if s.lifted == 0
        && !s.mv.is_pass()
        && s.mv.hand() == 0
        && step.record.relays.is_empty()
        && step.record.captures.is_empty()
        && let [q] = step.record.sown[..]
        && q < n
    {
        let mut text = format!(
            "ply {}: player {} drops a seed into pit {} (now {})",
            step.ply,
            step.player + 1,
            q + 1,
            step.after.pits()[q]
        );
        tail(step, &mut text);
        return text;
    }
    // A move paused at a relay, resumed: the relay is its first lap.
    let resumed = s.mv.hand() == 0 && step.record.relays.first().is_some_and(|r| r.0 == 0);
    let sown = |from: usize, to: usize| -> String {
        let places: Vec<String> = step.record.sown[from..to].iter().map(|&p| place(p, n)).collect();
        places.join(" ")
    };
    // The end of a row the mover chose: the seeds taken then, sown from it.
    let first = if resumed { step.record.taken_first.min(step.record.captures.len()) } else { 0 };
    // Each relay is a lap of its own: "sows 4 5 6, lifts 7 from pit 6 and sows 1 2 ...", the
    // captures of a lap that a relay follows told after it: "sows 4 5 6, captures 2 from pit
    // 9, lifts ...".
    let mut told = first;
    // A seed put into play: the pit is named once, as where it went.
    let mut laps = if step.record.placed {
        String::new()
    } else {
        sown(0, step.record.relays.first().map_or(step.record.sown.len(), |r| r.0))
    };
    for (i, &(at, pit, seeds)) in step.record.relays.iter().enumerate() {
        let before = step.record.capture_at[told..].iter().take_while(|&&c| c <= at).count();
        if before > 0 && !(i == 0 && resumed) {
            let parts: Vec<String> = step.record.captures[told..told + before]
                .iter()
                .map(|(p, n)| format!("{n} from pit {}", p + 1))
                .collect();
            laps.push_str(&format!(", captures {}", and_list(&parts)));
            told += before;
        }
        let end = step.record.relays.get(i + 1).map_or(step.record.sown.len(), |r| r.0);
        if i == 0 && resumed {
            laps.push_str(&sown(at, end));
        } else {
            laps.push_str(&format!(", lifts {seeds} from pit {} and sows {}", pit + 1, sown(at, end)));
        }
    }
    let way = match s.mv.direction() {
        super::MoveDirection::Given => "",
        super::MoveDirection::Clockwise => " clockwise",
        super::MoveDirection::CounterClockwise => " counter-clockwise",
    };
    // A move from the hand names no pit.
    let what = if s.mv.hand() > 0 {
        "sows from their hand".to_string()
    } else if first > 0 {
        let parts: Vec<String> =
            step.record.captures[..first].iter().map(|(p, n)| format!("{n} from pit {}", p + 1)).collect();
        format!(
            "chooses pit {0} to sow from: takes {1} and sows them from pit {0}",
            s.mv.pit() + 1,
            and_list(&parts)
        )
    } else if resumed {
        format!("relays from pit {}", s.mv.pit() + 1)
    } else {
        format!("plays pit {}", s.mv.pit() + 1)
    };
    // A resumed relay lifted nothing itself: its seeds are the relay's.
    let lifted = if resumed { step.record.relays[0].2 } else { s.lifted };
    let mut text = if step.record.placed {
        format!(
            "ply {}: player {} puts a seed from their hand into pit {}{laps}; ",
            step.ply,
            step.player + 1,
            s.mv.pit() + 1
        )
    } else {
        format!(
            "ply {}: player {} {what}{way} ({} seed{}): sows {laps}; ",
            step.ply,
            step.player + 1,
            lifted,
            if lifted == 1 { "" } else { "s" },
        )
    };
    if s.last >= n {
        text.push_str(&format!("last seed in player {}'s store", s.last - n + 1));
    } else {
        text.push_str(&format!("last seed in pit {}", s.last + 1));
    }
    match &step.record.captures[told..] {
        [] if s.grand_slam => text
            .push_str(&format!(" (now {}): a grand slam, which captures nothing", step.after.pits()[s.last])),
        [] if s.last >= n => {}
        [] => text.push_str(&format!(" (now {})", step.after.pits()[s.last])),
        caps => {
            let parts: Vec<String> = caps.iter().map(|(p, n)| format!("{n} from pit {}", p + 1)).collect();
            // The last pit's count before it was taken, or as it is when it was not.
            match caps.iter().find(|&&(p, _)| p == s.last) {
                Some((_, made)) => text.push_str(&format!(" (made {made}): captures {}", and_list(&parts))),
                None => text.push_str(&format!(
                    " (now {}): captures {}",
                    step.after.pits()[s.last],
                    and_list(&parts)
                )),
            }
            if caps.len() > 1 {
                text.push_str(&format!(", {} in all", s.captured));
            }
        }
    }
    tail(step, &mut text);
    text
}

/// What a move's words end with: claims, a choice waited for, another turn, the round's end,
/// and the players who passed after it.
fn tail(step: &Step, text: &mut String) {
    for &(pit, player) in &step.record.claims {
        text.push_str(&format!("; pit {} becomes player {}'s", pit + 1, player + 1));
    }
    for &(pit, seeds, player) in &step.record.to_claimers {
        text.push_str(&format!(
            "; {} from pit {} {} to player {}, its claimer",
            crate::lang::words::plural(seeds as usize, "seed", "seeds"),
            pit + 1,
            if seeds == 1 { "goes" } else { "go" },
            player + 1
        ));
    }
    if step.after.in_hand() > 0 {
        text.push_str(&format!(
            "; {} in hand",
            crate::lang::words::plural(step.after.in_hand() as usize, "seed", "seeds")
        ));
    }
    if let Some(asked) = step.after.pending() {
        text.push_str(&format!(
            "; the move waits for a choice: {} ({})",
            asked.question(),
            move_list(step.after.moves)
        ));
    } else if step.after.to_move() == Some(step.player) && step.record.passes.is_empty() {
        text.push_str(&format!("; player {} moves again", step.player + 1));
    }
    if let Some(round) = step.record.round_over {
        let hands: Vec<String> =
            step.after.captured().iter().enumerate().map(|(p, h)| format!("player {} {h}", p + 1)).collect();
        if step.after.distributing() {
            text.push_str(&format!(
                "; round {round} is over: every seed goes to player {}, who distributes them (hands: {})",
                step.after.turn() + 1,
                hands.join(", ")
            ));
        } else {
            text.push_str(&format!(
                "; round {round} is over: each player takes the seeds of their pits (hands: {})",
                hands.join(", ")
            ));
        }
        if let Some([a, b]) = step.record.points {
            text.push_str(&format!("; points: player 1 {a}, player 2 {b}"));
        }
        if step.after.filling() && !step.after.distributing() {
            text.push_str(&format!("; player {} fills first", step.after.turn() + 1));
        }
    }
    for p in &step.record.passes {
        text.push_str(&format!("; player {} cannot move and passes", p + 1));
    }
}

/// After a fill: whether the next round starts, and the pits out of play in it.
fn round_start(step: &Step) -> String {
    let after = &step.after;
    if after.filling() || after.is_over() {
        return String::new();
    }
    let n = after.pits().len();
    let out: Vec<usize> = (0..n).filter(|&p| after.out_of_play() >> p & 1 != 0).map(|p| p + 1).collect();
    let out = if out.is_empty() { String::new() } else { format!(", {} out of play", pit_list(&out)) };
    // Nothing over yet: the set-up from the hands is over.
    if after.rounds_over() == 0 {
        return "; play starts".to_string();
    }
    format!("; round {} starts{out}", after.rounds_over() + 1)
}

/// Why a game is over, in words: `player 2 has no legal move`.
pub fn why_over(state: &State, reason: EndReason) -> String {
    match reason {
        EndReason::NoLegalMove => format!("player {} has no legal move", state.turn() + 1),
        EndReason::NobodyCanMove => "no player can move".to_string(),
        EndReason::PlyLimit => "the ply limit is reached".to_string(),
        EndReason::SideEmpty => "a player's pits are all empty".to_string(),
        EndReason::EmptyLoses => "a player's pits are all empty, and they lose".to_string(),
        EndReason::InnerEmpty => "a player's inner row is empty, and they lose".to_string(),
        EndReason::HeldTooFew => "a player holds too few seeds at the end of the round".to_string(),
        EndReason::FewPits => "a player owns too few pits for the next round".to_string(),
        EndReason::Majority => "a player has captured more than half the seeds".to_string(),
        EndReason::Repetition => "the position repeats one seen since the last capture".to_string(),
        EndReason::FewSeeds => format!(
            "{} left on the board",
            crate::lang::words::plural(state.seeds_on_board() as usize, "seed is", "seeds are")
        ),
        EndReason::CannotFill => "a player cannot fill a pit for the next round".to_string(),
        EndReason::NoPitInPlay => "a player has no pit in play".to_string(),
        EndReason::AllBut => "the mover has captured all the seeds but a few".to_string(),
        EndReason::RoundOver => "the first round is over".to_string(),
        EndReason::NoSeeds => "a player has no seeds left".to_string(),
        EndReason::NoBigStone => "no big stone is left on the board".to_string(),
        EndReason::Points => "a player has reached the points that win the match".to_string(),
        EndReason::Condition => "a `game over when` condition is met".to_string(),
    }
}

/// Draws a position as `show` and `play` do: the seeds, what each player has, and the pits
/// claimed or out of play where the rules have them.
pub fn draw_state(spec: &crate::lang::spec::Spec, state: &State) -> String {
    let board = crate::lang::draw::board_owned(
        spec,
        state.pits(),
        state.captured(),
        &[state.claimed(0), state.claimed(1)],
        state.out_of_play(),
        state.annexed(),
        state.shared(),
    );
    // Where the big stones are, once a game has them (`crate::lang::stones`).
    if spec.stones.big_stones {
        board + &crate::lang::draw::stones_line(spec, state.stones_in_place(), state.stones_won())
    } else {
        board
    }
}

/// Where the game stands, in a sentence: the result, or who is to move.
pub fn describe_status(rules: &Rules, state: &State) -> String {
    let scores = rules.scores(state);
    let scores: Vec<String> =
        scores[..rules.players()].iter().enumerate().map(|(p, s)| format!("player {} {s}", p + 1)).collect();
    match (state.end(), rules.outcome(state)) {
        (Some(reason), Some(outcome)) => {
            let why = why_over(state, reason);
            let result = match outcome {
                Outcome::Win(p) => format!("player {} wins", p + 1),
                Outcome::Draw => "a draw".to_string(),
            };
            format!(
                "game over after {}: {why}. Score: {}.{} Result: {result}.",
                plies(state.plies()),
                scores.join(", "),
                points_words(rules, state)
            )
        }
        _ => {
            format!(
                "after {}, player {} to move ({}). Score so far: {}.{}",
                plies(state.plies()),
                state.to_move().map_or(0, |p| p + 1),
                move_list(rules.legal_moves(state)),
                scores.join(", "),
                points_words(rules, state)
            )
        }
    }
}

/// ` Points: player 1 12, player 2 0.` in a match scored in points; nothing in other games.
fn points_words(rules: &Rules, state: &State) -> String {
    rules.points(state).map_or(String::new(), |[a, b]| format!(" Points: player 1 {a}, player 2 {b}."))
}

fn plies(n: u32) -> String {
    if n == 1 { "1 ply".into() } else { format!("{n} plies") }
}

/// A position for programs: the keys of `sow play --format json`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PositionReport {
    pub variant: String,
    pub ruleset: Option<String>,
    /// Seeds in pits 1..N.
    pub pits: Vec<u8>,
    /// Seeds captured by each player (with stores, the seeds in each store).
    pub captured: Vec<u16>,
    /// On a board with stores: the seeds in each player's store, captured or sown there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stores: Option<Vec<u16>>,
    /// Captured seeds plus, once the game is over, the leftovers the rules award.
    pub score: Vec<u32>,
    /// 1-based; `null` once the game is over.
    pub to_move: Option<usize>,
    /// The moves the player to move may play, as written (`"3"`).
    pub legal_moves: Vec<Move>,
    /// A move paused for its mover's choice: what is asked (`"take"`: a pit of the
    /// opponent's); the legal moves are the options.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending: Option<&'static str>,
    /// A sowing paused for where its next seed falls (`"drop"`): the seeds still in the
    /// mover's hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_hand: Option<u32>,
    pub plies: u32,
    pub finished: bool,
    /// 1-based; `null` for a draw or an unfinished game.
    pub winner: Option<usize>,
    /// `win`, `draw`, or `null` while the game goes on.
    pub result: Option<&'static str>,
    /// Why the game ended: `no-legal-move`, `nobody-can-move`, `ply-limit`.
    pub end: Option<&'static str>,
    /// Where a rule claims pits: the pits (1-based) each player has claimed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<Vec<Vec<usize>>>,
    /// Games of rounds: the rounds over so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rounds_over: Option<u32>,
    /// Matches scored in points: each player's points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<Vec<u16>>,
    /// Games of rounds: the pits (1-based) out of play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_play: Option<Vec<usize>>,
    /// Games of rounds: whether the players are filling pits for the next round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filling: Option<bool>,
    /// Games of rounds whose pits change owner: the pits (1-based) each player owns in the
    /// other player's row, for the round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owned_across: Option<Vec<Vec<usize>>>,
    /// Games where a direction is kept for the game: each player's, `"cw"` or `"ccw"`, or
    /// `null` before a move has chosen it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub directions_kept: Option<Vec<Option<&'static str>>>,
    /// Games of rounds whose pits may be filled by both players: the pits both own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owned_by_both: Option<Vec<usize>>,
    /// With `--hint`: the value of each legal move with perfect play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_values: Option<Vec<MoveValue>>,
}

/// A move and its value with perfect play, for the player to move.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct MoveValue {
    /// As written (`"3"`).
    #[serde(rename = "move")]
    pub mv: Move,
    pub value: i32,
}

impl PositionReport {
    pub fn new(rules: &Rules, state: &State) -> PositionReport {
        let spec = rules.spec();
        let outcome = rules.outcome(state);
        PositionReport {
            variant: spec.name.clone(),
            ruleset: spec.ruleset.clone(),
            pits: state.pits().to_vec(),
            captured: state.captured().to_vec(),
            stores: spec.stores.then(|| state.captured().to_vec()),
            score: rules.scores(state)[..rules.players()].to_vec(),
            to_move: state.to_move().map(|p| p + 1),
            legal_moves: rules.legal_moves(state).iter().collect(),
            pending: state.pending().map(super::step::Step::name),
            in_hand: (state.in_hand() > 0).then(|| state.in_hand()),
            plies: state.plies(),
            finished: state.is_over(),
            winner: match outcome {
                Some(Outcome::Win(p)) => Some(p + 1),
                _ => None,
            },
            result: outcome.map(|o| match o {
                Outcome::Win(_) => "win",
                Outcome::Draw => "draw",
            }),
            end: state.end().map(EndReason::name),
            claimed: spec
                .claims_pits()
                .then(|| (0..2).map(|p| crate::lang::spec::pit_numbers(state.claimed(p))).collect()),
            rounds_over: spec.rounds.map(|_| state.rounds_over()),
            points: rules.points(state).map(|p| p.to_vec()),
            out_of_play: spec.rounds.map(|_| {
                (0..state.pits().len())
                    .filter(|&p| state.out_of_play() >> p & 1 != 0)
                    .map(|p| p + 1)
                    .collect()
            }),
            filling: spec.rounds.map(|_| state.filling()),
            owned_across: spec.rounds.filter(|r| r.owners.to_filler).map(|_| {
                (0..2)
                    .map(|p| {
                        (0..rules.pits())
                            .filter(|&q| state.annexed() >> q & 1 != 0 && rules.owner_of(state, q) == p)
                            .map(|q| q + 1)
                            .collect()
                    })
                    .collect()
            }),
            directions_kept: spec.phases.keep_way.map(|_| {
                (0..rules.players())
                    .map(|p| {
                        state.direction_kept(p).map(|d| match d {
                            MoveDirection::Clockwise => "cw",
                            _ => "ccw",
                        })
                    })
                    .collect()
            }),
            owned_by_both: spec
                .rounds
                .filter(|r| r.top_up > 0)
                .map(|_| crate::lang::spec::pit_numbers(state.shared())),
            move_values: None,
        }
    }
}
