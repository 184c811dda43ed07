//! Alpha-beta search to a fixed depth, on the margin of seeds won from now on.
//!
//! The value of a line of play, for the player at the root, is the seeds the root player wins
//! along it (captures, and the leftovers awarded if the game ends) minus the seeds every other
//! player wins; nothing beyond the horizon counts. With two players this is the usual
//! minimax on the capture margin. With three or more it is the paranoid search (Sturtevant
//! and Korf, "On pruning techniques for multi-player games", AAAI 2000): every other player
//! is assumed to play against the root player, as one team, which makes the game two-sided
//! and lets alpha-beta prune as it does for two. It is a cautious player: it avoids lines
//! where the others could gang up on it, even when they would not.
//!
//! Whose turn it is, not whether it alternates, decides who maximises: a node where the root
//! player moves maximises, any other node minimises, so a player who moves again (or others
//! who pass) needs nothing special.

use rand::RngExt as _;

use crate::cancel::Cancel;
use crate::engine::{Move, MoveSet, Rules, State};

use super::player::{GameRng, Player, PlayerError};

/// The depth of `alphabeta` without a number.
pub const DEFAULT_DEPTH: u32 = 8;
/// The deepest search a player may be asked for.
pub const MAX_DEPTH: u32 = 30;

/// Nodes searched between two looks at the cancel flag.
const CANCEL_EVERY: u32 = 4096;

/// Looks `depth` plies ahead and takes a move of the best value, at random among equals.
/// Depth 0 looks at nothing: every move is worth 0, and the choice is random.
#[derive(Debug, Clone)]
pub struct AlphaBetaPlayer {
    depth: u32,
    cancel: Cancel,
}

struct Search<'a> {
    rules: &'a Rules,
    root: usize,
    nodes: u32,
    cancel: &'a Cancel,
}

/// Stopped by [`Cancel`].
struct Stopped;

/// The legal moves of `state` with what each gains the root player at once, best first for
/// the player who moves (the root player's best is its highest gain, the others' the lowest).
fn ordered(rules: &Rules, state: &State, root: usize, maximise: bool) -> ([(i32, Move); 64], usize) {
    let mut out = [(0, Move::from_pit(0).expect("pit 0")); 64];
    let moves: MoveSet = rules.legal_moves(state);
    let mut n = 0;
    for mv in moves.iter() {
        let mut child = *state;
        rules.apply(&mut child, mv);
        out[n] = (rules.gain(state, &child, root), mv);
        n += 1;
    }
    // Captures first: they settle the bounds sooner.
    if maximise {
        out[..n].sort_by_key(|&(g, _)| -g);
    } else {
        out[..n].sort_by_key(|&(g, _)| g);
    }
    (out, n)
}

impl Search<'_> {
    /// The root player's margin from `state` on, searched `depth` plies deep, within the
    /// bounds `alpha`, `beta`.
    fn value(&mut self, state: &State, depth: u32, mut alpha: i32, mut beta: i32) -> Result<i32, Stopped> {
        let Some(mover) = state.to_move() else { return Ok(0) };
        if depth == 0 {
            return Ok(0);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CANCEL_EVERY) && self.cancel.is_cancelled() {
            return Err(Stopped);
        }
        let maximise = mover == self.root;
        let (children, n) = ordered(self.rules, state, self.root, maximise);
        let mut best = if maximise { i32::MIN } else { i32::MAX };
        for &(gain, mv) in &children[..n] {
            let mut child = *state;
            self.rules.apply(&mut child, mv);
            let v = gain + self.value(&child, depth - 1, alpha - gain, beta - gain)?;
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }
}

impl AlphaBetaPlayer {
    /// A player searching `depth` plies (at most [`MAX_DEPTH`]); `cancel` stops it mid-search.
    pub fn new(depth: u32, cancel: Cancel) -> AlphaBetaPlayer {
        AlphaBetaPlayer { depth: depth.min(MAX_DEPTH), cancel }
    }

    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Every legal move with its searched value for the player to move, or `None` if the
    /// search was cancelled.
    pub fn move_values(&self, rules: &Rules, state: &State) -> Option<Vec<(Move, i32)>> {
        let root = state.to_move()?;
        let mut search = Search { rules, root, nodes: 0, cancel: &self.cancel };
        let bound = i32::MAX / 2;
        rules
            .legal_moves(state)
            .iter()
            .map(|mv| {
                if self.depth == 0 {
                    return Some((mv, 0));
                }
                let mut child = *state;
                rules.apply(&mut child, mv);
                let gain = rules.gain(state, &child, root);
                let rest = search.value(&child, self.depth - 1, -bound, bound).ok()?;
                Some((mv, gain + rest))
            })
            .collect()
    }
}

impl Player for AlphaBetaPlayer {
    fn name(&self) -> String {
        format!("alphabeta:{}", self.depth)
    }

    fn choose(&mut self, rules: &Rules, state: &State, rng: &mut GameRng) -> Result<Move, PlayerError> {
        let values = self.move_values(rules, state).ok_or(PlayerError::Cancelled)?;
        let best = values
            .iter()
            .map(|&(_, v)| v)
            .max()
            .ok_or_else(|| PlayerError::Failed("no legal move".into()))?;
        let top: Vec<Move> = values.iter().filter(|&&(_, v)| v == best).map(|&(m, _)| m).collect();
        Ok(top[rng.random_range(0..top.len() as u32) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::notation::parse_move;
    use crate::play::player::game_rng;
    use crate::play::random::RandomPlayer;

    fn values(rules: &Rules, s: &State, depth: u32) -> Vec<(String, i32)> {
        let p = AlphaBetaPlayer::new(depth, Cancel::new());
        p.move_values(rules, s).unwrap().into_iter().map(|(m, v)| (m.to_string(), v)).collect()
    }

    #[test]
    fn alphabeta_sees_a_capture_two_moves_ahead() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        // Player 1 to move in [1,0,0 | 0,0,6] (pits 1-3 | 4-6): pit 1 is the only move, and
        // sows its seed into pit 2 (now 1: no capture). Player 2 must play pit 6, sowing
        // pits 1-6: [1,2,1 | 1,1,1], last seed in pit 6 (now 1): no capture. Then player 1's
        // pit 2 sows pits 3 and 4, and pit 3 sows pit 4: either way pit 4 makes 2 and is
        // taken (the chain stops at pit 5, holding 1): +2. Pit 1 would make 3 in pit 2: 0.
        // So pit 1 is worth nothing at depth 1 and +2 at depth 3.
        let s = rules.state_from(&[1, 0, 0, 0, 0, 6], 0).unwrap();
        assert_eq!(values(&rules, &s, 1), vec![("1".to_string(), 0)]);
        assert_eq!(values(&rules, &s, 3), vec![("1".to_string(), 2)]);
        // At depth 4 player 2 answers. After pit 2 ([1,0,2 | 0,1,1]) pits 5 and 6 each
        // capture 2 back: 0 in all. After pit 3 ([1,2,0 | 0,1,1]) pit 6 makes 2 in pit 1
        // and the chain takes pit 2's 2: -4, so +2 - 4. After pit 1 ([0,3,1 | 1,1,1]) pit 4
        // or 5 captures 2: -2. Player 1's best is pit 2: 0.
        assert_eq!(values(&rules, &s, 4), vec![("1".to_string(), 0)]);
        let mut rng = game_rng(0, 0);
        let mut p = AlphaBetaPlayer::new(3, Cancel::new());
        assert_eq!(p.choose(&rules, &s, &mut rng), Ok(parse_move(&rules, "1").unwrap()));
    }

    #[test]
    fn with_three_players_the_others_play_against_the_mover() {
        let rules = crate::load_rules("bakuk", Some("three-player")).unwrap();
        // Player 1 (pits 1-2) to move in [0,1 | 0,0 | 1,1]: pit 2 sows into pit 3 (now 1);
        // player 2 must sow pit 3 into pit 4 (now 1); player 3 then sows pit 5 into pit 6,
        // making 2: taken. The line ends with player 1 two seeds behind: -2. (Scoring player
        // 3's capture for player 1, as a two-player search does, would make it +2.)
        let s = rules.state_from(&[0, 1, 0, 0, 1, 1], 0).unwrap();
        for depth in 3..=6 {
            assert_eq!(values(&rules, &s, depth), vec![("2".to_string(), -2)], "depth {depth}");
        }
        assert_eq!(values(&rules, &s, 2), vec![("2".to_string(), 0)]);
    }

    #[test]
    fn depth_zero_values_every_move_at_nothing() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let s = rules.state_from(&[1, 1, 1, 3, 2, 0], 0).unwrap();
        assert_eq!(values(&rules, &s, 0), vec![("1".into(), 0), ("2".into(), 0), ("3".into(), 0)]);
        let mut p = AlphaBetaPlayer::new(0, Cancel::new());
        assert!(p.choose(&rules, &s, &mut game_rng(0, 0)).is_ok());
    }

    #[test]
    fn a_cancelled_search_stops() {
        let rules = crate::load_rules("bakuk", None).unwrap();
        let cancel = Cancel::new();
        cancel.cancel();
        let mut p = AlphaBetaPlayer::new(MAX_DEPTH, cancel);
        let s = rules.initial_state();
        assert_eq!(p.choose(&rules, &s, &mut game_rng(0, 0)), Err(PlayerError::Cancelled));
    }

    /// The root player's margin by plain minimax over every line, without pruning: others
    /// minimise it (paranoid).
    fn exhaustive(rules: &Rules, s: &State, root: usize, depth: u32) -> i32 {
        let Some(mover) = s.to_move() else { return 0 };
        if depth == 0 {
            return 0;
        }
        let before = rules.scores(s);
        let values = rules.legal_moves(s).iter().map(|mv| {
            let mut c = *s;
            rules.apply(&mut c, mv);
            let after = rules.scores(&c);
            let gain: i32 = (0..rules.players())
                .map(|p| {
                    let d = after[p] as i32 - before[p] as i32;
                    if p == root { d } else { -d }
                })
                .sum();
            gain + exhaustive(rules, &c, root, depth - 1)
        });
        if mover == root { values.max().unwrap() } else { values.min().unwrap() }
    }

    #[test]
    fn pruning_does_not_change_values_for_two_and_three_players() {
        for (variant, ruleset, depth) in [("koumma", None, 5), ("bakuk", Some("three-player"), 5)] {
            let rules = crate::load_rules(variant, ruleset).unwrap();
            for g in 0..20 {
                let mut rng = game_rng(5, g);
                let mut s = rules.initial_state();
                while let Some(root) = s.to_move() {
                    let ours = AlphaBetaPlayer::new(depth, Cancel::new()).move_values(&rules, &s).unwrap();
                    for (mv, v) in ours {
                        let mut c = s;
                        rules.apply(&mut c, mv);
                        let expected = rules.gain(&s, &c, root) + exhaustive(&rules, &c, root, depth - 1);
                        assert_eq!(v, expected, "{variant} {ruleset:?} game {g} ply {} move {mv}", s.plies());
                    }
                    let mv = RandomPlayer::pick(&rules, &s, &mut rng).unwrap();
                    rules.apply(&mut s, mv);
                }
            }
        }
    }
}
