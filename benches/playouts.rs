//! Random playouts per second: the interpreter running the bundled variants, against Bakuk
//! written by hand for speed (no interpreter, no tables), with the same random stream and the
//! same choice of move. The target: the interpreter at least 0.85x the speed of the hand-written
//! loop (README.md, "Measured figures", reports the last measurement).
//!
//! Then MCTS simulations per second: one move of `mcts:1000` from the starting position (the
//! player made once, so that its tree's memory is warm), with random and greedy playouts.
//!
//! `cargo bench --bench playouts` (`-- mcts` for the MCTS figures only)

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::RngExt as _;
use sow::cancel::Cancel;
use sow::play::mcts::{MctsConfig, MctsPlayer, Policy};
use sow::play::player::{GameRng, Player as _, game_rng};
use sow::play::random::RandomPlayer;

/// One random game of Bakuk, hand-specialised: 2 x 3, sow counter-clockwise from the next
/// pit, capture 2 or 4 anywhere and forward while 2 or 4, game over when the player to move
/// has no seeds. Returns the plies played.
#[inline(never)]
fn bakuk_by_hand(rng: &mut GameRng) -> u32 {
    let mut pits = [6u8; 6];
    let mut captured = [0u16; 2];
    let mut player = 0usize;
    let mut plies = 0u32;
    let capturing = |n: u8| n == 2 || n == 4;
    loop {
        let base = player * 3;
        let mut moves = 0u8;
        for i in 0..3 {
            if pits[base + i] > 0 {
                moves |= 1 << i;
            }
        }
        if moves == 0 || plies >= 1000 {
            return plies;
        }
        let mut k = rng.random_range(0..moves.count_ones());
        let mut m = moves;
        while k > 0 {
            m &= m - 1;
            k -= 1;
        }
        let pit = base + m.trailing_zeros() as usize;
        let mut hand = pits[pit];
        pits[pit] = 0;
        let mut at = pit;
        while hand > 0 {
            at = if at == 5 { 0 } else { at + 1 };
            pits[at] += 1;
            hand -= 1;
        }
        if capturing(pits[at]) {
            captured[player] += pits[at] as u16;
            pits[at] = 0;
            let mut q = if at == 5 { 0 } else { at + 1 };
            while q != at && capturing(pits[q]) {
                captured[player] += pits[q] as u16;
                pits[q] = 0;
                q = if q == 5 { 0 } else { q + 1 };
            }
        }
        plies += 1;
        player ^= 1;
        black_box(&captured);
    }
}

fn interpreted(rules: &sow::engine::Rules, rng: &mut GameRng) -> u32 {
    let mut s = rules.initial_state();
    while let Some(mv) = RandomPlayer::pick(rules, &s, rng) {
        rules.apply(&mut s, mv);
    }
    s.plies()
}

fn playouts(c: &mut Criterion) {
    const GAMES: u64 = 1000;
    let mut group = c.benchmark_group("random playouts");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("bakuk by hand", |b| {
        b.iter(|| (0..GAMES).map(|g| bakuk_by_hand(&mut game_rng(0, g))).sum::<u32>())
    });
    for variant in ["bakuk", "koumma", "kalah", "oware"] {
        let rules = sow::load_rules(variant, None).unwrap();
        group.bench_function(format!("{variant} interpreted"), |b| {
            b.iter(|| (0..GAMES).map(|g| interpreted(&rules, &mut game_rng(0, g))).sum::<u32>())
        });
    }
    group.finish();
}

fn mcts(c: &mut Criterion) {
    const SIMULATIONS: u32 = 1000;
    let mut group = c.benchmark_group("mcts simulations");
    group.throughput(Throughput::Elements(SIMULATIONS as u64));
    for variant in ["bakuk", "kalah", "oware"] {
        let rules = sow::load_rules(variant, None).unwrap();
        let start = rules.initial_state();
        for policy in [Policy::Random, Policy::Greedy] {
            let config = MctsConfig { simulations: SIMULATIONS, policy, ..MctsConfig::default() };
            let mut player = MctsPlayer::new(config, Cancel::new());
            group.bench_function(format!("{variant} {}", config.name()), |b| {
                b.iter(|| player.choose(&rules, &start, &mut game_rng(0, 0)).unwrap())
            });
        }
    }
    group.finish();
}

/// The two loops play the same games: same moves, same lengths.
fn same_games() {
    let rules = sow::load_rules("bakuk", None).unwrap();
    for g in 0..1000 {
        assert_eq!(bakuk_by_hand(&mut game_rng(0, g)), interpreted(&rules, &mut game_rng(0, g)), "game {g}");
    }
}

fn benches(c: &mut Criterion) {
    same_games();
    playouts(c);
    mcts(c);
}

criterion_group!(all, benches);
criterion_main!(all);
