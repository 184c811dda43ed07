//! Random playouts on one core, as fast as the engine goes: no statistics, no recording. The
//! games are those of `sow simulate --seed 0` with random players.

use std::time::{Duration, Instant};

use crate::cancel::Cancel;
use crate::engine::{Game, Rules};
use crate::play::player::seat_rng;
use crate::play::random::RandomPlayer;

/// What a benchmark measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bench {
    pub games: u64,
    pub moves: u64,
    pub seconds: f64,
}

impl Bench {
    pub fn playouts_per_second(&self) -> f64 {
        self.games as f64 / self.seconds
    }

    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.seconds
    }
}

/// Plays random games for `budget` (or until cancelled), one after another. The clock is
/// read between batches of games, each batch twice the last while batches take under a
/// millisecond: reading it costs nothing measurable, and a run of long games still ends soon
/// after its budget.
pub fn bench(rules: &Rules, budget: Duration, cancel: &Cancel) -> Bench {
    let start = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    let mut rngs: Vec<_> = (0..rules.players()).map(|seat| seat_rng(0, 0, seat)).collect();
    let mut batch = 1u64;
    let mut game = Game::new(rules, rules.initial_state());
    while start.elapsed() < budget && !cancel.is_cancelled() {
        let batch_start = Instant::now();
        for _ in 0..batch {
            for (seat, rng) in rngs.iter_mut().enumerate() {
                *rng = seat_rng(0, games, seat);
            }
            game.restart(rules.initial_state());
            while let Some(seat) = game.state().to_move() {
                let mv = RandomPlayer::pick(rules, game.state(), &mut rngs[seat])
                    .expect("a player to move has a move");
                game.apply(mv);
            }
            moves += game.state().plies() as u64;
            games += 1;
        }
        if batch_start.elapsed() < Duration::from_millis(1) {
            batch *= 2;
        }
    }
    Bench { games, moves, seconds: start.elapsed().as_secs_f64() }
}
