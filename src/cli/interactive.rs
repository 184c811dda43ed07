//! `sow play VARIANT` at a terminal: a person against the players of `--opponent`.

use std::io::BufRead as _;

use sow::cancel::Cancel;
use sow::engine::notation::parse_move;
use sow::engine::replay::{Record, Step, describe_status, describe_step, draw_state};
use sow::engine::{Rules, State};
use sow::play::player::{Player as _, seat_rng};
use sow::play::registry::{Agent, AnyPlayer};
use sow::play::solve::Solution;

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

impl Game<'_> {
    pub fn play(&self, start: State, opponent: &Agent) -> Result<String, CliError> {
        let (rules, seat) = (self.rules, self.seat);
        let spec = rules.spec();
        if seat == 0 || seat > rules.players() {
            return Err(usage(format!("--seat: players are numbered 1 to {}", rules.players())).into());
        }
        let human = seat - 1;
        let seed = self.seed.unwrap_or_else(rand::random);
        let mut rngs: Vec<_> = (0..rules.players()).map(|p| seat_rng(seed, 0, p)).collect();
        let mut game = sow::engine::Game::new(rules, start);
        // A person waits at the prompt: Ctrl-C ends the game at once, as it ends other
        // programs, so nothing here is cancelled.
        let cancel = Cancel::new();
        let mut others: Vec<AnyPlayer> = (0..rules.players()).map(|_| opponent.new_player(&cancel)).collect();
        emit(&format!(
            "{}: you are player {seat}; the other seats are played by {} (seed {seed}).\n\
         Type a pit number to play it, or q to quit.\n\n{}",
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
                let moves = sow::engine::replay::move_list(rules.legal_moves(&state));
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
                if line.eq_ignore_ascii_case("q") || line.eq_ignore_ascii_case("quit") {
                    return Ok(format!("game abandoned; {}\n", describe_status(rules, &state)));
                }
                let checked = match parse_move(rules, line) {
                    Ok(mv) => rules.check_move(&state, mv).map(|()| mv).map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                };
                match checked {
                    Ok(mv) => mv,
                    Err(e) => {
                        emit(&format!("{e}\n"));
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
