//! `sow play VARIANT` at a terminal: a person against the players of `--opponent`, with the
//! commands `help`, `hint`, `undo` and `q` beside the moves.

use std::io::BufRead as _;
use std::sync::Arc;

use sow::cancel::Cancel;
use sow::engine::notation::{NotationError, parse_move};
use sow::engine::replay::{Record, Step, describe_status, describe_step, draw_state, move_list};
use sow::engine::{Move, Rules, State};
use sow::lang::spec::Way;
use sow::play::player::{Player as _, game_start, seat_rng};
use sow::play::registry::{Agent, AnyPlayer};
use sow::play::solve::{self, Solution};

use super::{CliError, emit, usage};

/// An interactive game: a person in one seat, a player of `--opponent` in the others.
pub struct Game<'a> {
    pub rules: &'a Rules,
    /// 1-based.
    pub seat: usize,
    pub seed: Option<u64>,
    /// With `--hint`: the values of the moves are shown before each of the person's moves.
    pub hints: Option<&'a Solution>,
}

/// The commands a person may type instead of a move, as `help` lists them.
const COMMANDS: &str = "help, hint, undo, q";

/// The most positions a table made at the prompt for `hint` may hold: a few seconds' work.
/// Larger boards get a search's choice (`--hint` solves them before the game).
const HINT_POSITIONS: u64 = 50_000_000;

/// The depth of the search that answers `hint` where the variant is not solved.
const HINT_DEPTH: u32 = 8;

/// What a line typed at the prompt asks for.
#[derive(Debug, PartialEq, Eq)]
enum Typed<'t> {
    Help,
    Hint,
    Undo,
    Quit,
    Move(&'t str),
}

fn typed(line: &str) -> Typed<'_> {
    match line.to_ascii_lowercase().as_str() {
        "help" | "h" | "?" => Typed::Help,
        "hint" => Typed::Hint,
        "undo" | "u" => Typed::Undo,
        "q" | "quit" | "exit" => Typed::Quit,
        _ => Typed::Move(line),
    }
}

/// Does the variant sow seeds from the players' hands as moves (`h3`)?
fn hand_moves(rules: &Rules) -> bool {
    rules.spec().phases.hand_sowing.is_some()
}

/// `help`: the commands, and how a move is written in this variant, with the moves of `state`.
pub fn help_text(rules: &Rules, state: &State) -> String {
    let spec = rules.spec();
    let mut out = String::from(
        "Type a move, or one of these commands:\n  \
         help    this list\n  \
         hint    the value of each of your moves with perfect play (a search's choice where the\n          \
         variant cannot be solved here)\n  \
         undo    take back your last move and the other players' replies to it\n  \
         q       leave the game\n",
    );
    out.push_str(&format!(
        "A move is the number of the pit you sow from, as the board shows them: `{}`.\n",
        example_pit(rules, state)
    ));
    if let Some(p) = (0..rules.pits()).find(|&p| spec.direction.of(p) == Way::Either) {
        let p = p + 1;
        out.push_str(&format!(
            "A pit that sows either way is written with the way after its number: `{p}cw` clockwise, `{p}ccw` counter-clockwise.\n"
        ));
    }
    if hand_moves(rules) {
        out.push_str("Seeds sown from your hand are written `h` and their number: `h3` sows 3 of them.\n");
    }
    if rules.may_pause() {
        out.push_str(
            "A move may stop to ask you a choice (a pit to take, a way to go on, ...): the prompt says which, and you answer with one of the moves it lists (`pass` where you may decline).\n",
        );
    }
    if let Some(mover) = state.to_move() {
        out.push_str(&format!(
            "Player {} may play now: {}.\n",
            mover + 1,
            move_list(rules.legal_moves(state))
        ));
    }
    out
}

/// A pit the mover may play now, for the example of `help` (pit 1 when none).
fn example_pit(rules: &Rules, state: &State) -> String {
    rules
        .legal_moves(state)
        .iter()
        .find(|m| m.hand() == 0 && !m.is_pass())
        .map_or("1".into(), |m| (m.pit() + 1).to_string())
}

/// The answer to a line that is no move: the notation's own message where the line looks like
/// a move (a number, or a move from the hand in a variant that has them), and otherwise the
/// commands.
fn not_a_move(rules: &Rules, state: &State, line: &str, error: NotationError) -> String {
    let looks_like_move = match error {
        NotationError::NotAHandMove { .. } => hand_moves(rules),
        _ => line.chars().any(|c| c.is_ascii_digit()),
    };
    if looks_like_move {
        return format!("{error}\n");
    }
    format!(
        "`{line}` is not a move: type one of {}, or a command: {COMMANDS} (help says more)\n",
        move_list(rules.legal_moves(state))
    )
}

/// A table made for `hint` at the prompt, or why there is none.
enum HintTable {
    Solved(Arc<Solution>),
    Unsolved(String),
}

impl Game<'_> {
    /// The positions of a game of these rules from `start`: the seeds a table must hold.
    fn seeds(&self, start: &State) -> usize {
        (self.rules.total_seeds() as usize).max(start.seeds_on_board() as usize)
    }

    /// The table for `hint` without `--hint`: one made now where the variant is small enough,
    /// or why there is none.
    fn hint_table(&self, start: &State) -> HintTable {
        let (rules, seeds) = (self.rules, self.seeds(start));
        let label = rules.spec().label();
        match solve::check_solvable(rules, seeds) {
            Ok(n) if n <= HINT_POSITIONS => match super::solve::solution_for(rules, seeds, None) {
                Ok(s) => HintTable::Solved(Arc::new(s)),
                Err(e) => {
                    HintTable::Unsolved(format!("{label} could not be solved: {}", e.message().trim_end()))
                }
            },
            Ok(n) => HintTable::Unsolved(format!("{label} is too large to solve here: {n} positions")),
            Err(solve::SolveError::TooLarge { approx, .. }) => HintTable::Unsolved(format!(
                "{label} is too large to solve here: about {approx:.1e} positions"
            )),
            Err(e) => HintTable::Unsolved(format!("{label} cannot be solved: {e}")),
        }
    }

    /// `hint`: the values of the moves, or a search's choice, saying why.
    fn hint(&self, table: &HintTable, state: &State, seed: u64) -> Result<String, CliError> {
        let rules = self.rules;
        if let Some(h) = self.hints {
            return Ok(super::hint_text(h, rules, state));
        }
        match table {
            HintTable::Solved(s) => Ok(super::hint_text(s, rules, state)),
            HintTable::Unsolved(why) => {
                let Some(mover) = state.to_move() else { return Ok(String::new()) };
                let agent = Agent::AlphaBeta { depth: HINT_DEPTH };
                let mut player = agent.new_player(&Cancel::new());
                let mut rng = seat_rng(seed, 1, mover);
                let mv = player.choose(rules, state, &mut rng)?;
                Ok(format!(
                    "hint: a search {HINT_DEPTH} plies deep ({}) would play {} ({why})\n",
                    agent.name(),
                    written(mv)
                ))
            }
        }
    }

    pub fn play(&self, start: State, opponent: &Agent) -> Result<String, CliError> {
        let (rules, seat) = (self.rules, self.seat);
        let spec = rules.spec();
        if seat == 0 || seat > rules.players() {
            return Err(usage(format!("--seat: players are numbered 1 to {}", rules.players())).into());
        }
        let human = seat - 1;
        let seed = self.seed.unwrap_or_else(rand::random);
        let mut rngs: Vec<_> = (0..rules.players()).map(|p| seat_rng(seed, 0, p)).collect();
        // The draws of the rules, if any, follow from the seed too.
        let mut start = start;
        rules.seed_chance(&mut start, game_start(rules, seed, 0).chance());
        let mut game = sow::engine::Game::new(rules, start);
        // The game before each of the person's moves, for `undo`.
        let mut before: Vec<sow::engine::Game<'_>> = Vec::new();
        let mut hint_table: Option<HintTable> = None;
        // A person waits at the prompt: Ctrl-C ends the game at once, as it ends other
        // programs, so nothing here is cancelled.
        let cancel = Cancel::new();
        let mut others: Vec<AnyPlayer> = (0..rules.players()).map(|_| opponent.new_player(&cancel)).collect();
        emit(&format!(
            "{}: you are player {seat}; the other seats are played by {} (seed {seed}).\n\
         Type a pit number to play it, help for the commands, or q to quit.\n\n{}",
            spec.label(),
            opponent.name(),
            draw_state(spec, &start)
        ));
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        while let Some(player) = game.state().to_move() {
            let state = *game.state();
            let mv = if player == human {
                if let Some(h) = self.hints {
                    emit(&super::hint_text(h, rules, &state));
                }
                let moves = move_list(rules.legal_moves(&state));
                if let Some(asked) = state.pending() {
                    emit(&format!(
                        "player {seat}, your move goes on: {asked} ({moves}): ",
                        asked = asked.question()
                    ));
                } else if state.choosing() {
                    emit(&format!("player {seat}, 1 to move first or 2 to swap sides: "));
                } else if state.distributing() {
                    emit(&format!("player {seat}, the pit you put a seed into from your hand ({moves}): "));
                } else if state.filling() && state.rounds_over() == 0 {
                    emit(&format!("player {seat}, the pit you put seeds into from your hand ({moves}): "));
                } else if state.filling() {
                    emit(&format!("player {seat}, the pit you fill for the next round ({moves}): "));
                } else {
                    emit(&format!("player {seat}, your move ({moves}): "));
                }
                let Some(Ok(line)) = lines.next() else {
                    return Ok("\ninput ended: game abandoned\n".into());
                };
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                let text = match typed(line) {
                    Typed::Quit => {
                        return Ok(format!("game abandoned; {}\n", describe_status(rules, &state)));
                    }
                    Typed::Help => {
                        emit(&help_text(rules, &state));
                        continue;
                    }
                    Typed::Hint => {
                        let table = match self.hints {
                            Some(_) => &HintTable::Unsolved(String::new()),
                            None => &*hint_table.get_or_insert_with(|| self.hint_table(&start)),
                        };
                        emit(&self.hint(table, &state, seed)?);
                        continue;
                    }
                    Typed::Undo => {
                        let Some(back) = before.pop() else {
                            emit("nothing to undo: you have not moved yet\n");
                            continue;
                        };
                        let taken = state.plies() - back.state().plies();
                        game = back;
                        emit(&format!(
                            "took back {}: {}\n\n{}",
                            if taken == 1 {
                                "your move".to_string()
                            } else {
                                format!("your move and the {} after it", moves_word(taken - 1))
                            },
                            describe_status(rules, game.state()),
                            draw_state(spec, game.state())
                        ));
                        continue;
                    }
                    Typed::Move(text) => text,
                };
                let checked = match parse_move(rules, text) {
                    Ok(mv) => rules.check_move(&state, mv).map(|()| mv).map_err(|e| format!("{e}\n")),
                    Err(e) => Err(not_a_move(rules, &state, text, e)),
                };
                match checked {
                    Ok(mv) => {
                        before.push(game.clone());
                        mv
                    }
                    Err(e) => {
                        emit(&e);
                        continue;
                    }
                }
            } else {
                others[player].choose(rules, &state, &mut rngs[player])?
            };
            let ply = state.plies() + 1;
            let mut record = Record::default();
            let summary = game.apply_observed(mv, &mut record);
            let state = *game.state();
            let step = Step { ply, player, summary, record, after: state };
            emit(&format!("\n{}\n{}", describe_step(&step), draw_state(spec, &state)));
        }
        Ok(format!("\n{}\n", describe_status(rules, game.state())))
    }
}

/// `move`, `2 moves`.
fn moves_word(n: u32) -> String {
    if n == 1 { "move".into() } else { format!("{n} moves") }
}

/// A move as the person types it, with `pit` before a pit's number: `pit 3`, `pit 2cw`, `h3`.
fn written(mv: Move) -> String {
    if mv.hand() > 0 || mv.is_pass() { format!("`{mv}`") } else { format!("pit {mv}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_in_any_case_and_other_words_are_moves() {
        assert_eq!(typed("HELP"), Typed::Help);
        assert_eq!(typed("?"), Typed::Help);
        assert_eq!(typed("hint"), Typed::Hint);
        assert_eq!(typed("Undo"), Typed::Undo);
        assert_eq!(typed("quit"), Typed::Quit);
        assert_eq!(typed("h3"), Typed::Move("h3"));
        assert_eq!(typed("frob"), Typed::Move("frob"));
    }
}
