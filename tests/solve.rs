//! The solver against independent checks: exhaustive minimax on every position with few
//! seeds (for the bundled rules and for every end, leftover, direction and capture rule the
//! language has), the consistency of every position's value with its moves, reachable counts
//! against a search of the game graph, margins beyond a byte, damaged solution files, and the
//! perfect player against alpha-beta.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, OnceLock};

use sow::cancel::Cancel;
use sow::engine::{Rules, State, compile};
use sow::play::player::{Player, game_rng};
use sow::play::search::AlphaBetaPlayer;
use sow::play::solve::{Counts, PerfectPlayer, Solution, for_each_distribution, solve};

/// Solutions made so far in this test binary, by variant: each is made once.
type Solved = std::sync::Mutex<Vec<(String, Rules, Arc<Solution>)>>;

fn solved(variant: &str, ruleset: Option<&str>) -> (Rules, Arc<Solution>) {
    static CACHE: OnceLock<Solved> = OnceLock::new();
    let key = format!("{variant}:{ruleset:?}");
    let cache = CACHE.get_or_init(Default::default);
    if let Some((_, r, s)) = cache.lock().unwrap().iter().find(|(k, _, _)| *k == key) {
        return (r.clone(), s.clone());
    }
    let rules = sow::load_rules(variant, ruleset).unwrap();
    let solution = Arc::new(solve(&rules, rules.total_seeds() as usize, &|_, _| {}, &Cancel::new()).unwrap());
    cache.lock().unwrap().push((key, rules.clone(), solution.clone()));
    (rules, solution)
}

/// A variant written as a file: `variant "Test" extends "Bakuk" { ... }` and the lines given.
fn variant(text: &str) -> Rules {
    let file = sow::lang::library::load_text("test.sow", text).unwrap_or_else(|e| panic!("{e}"));
    let (spec, _) = sow::lang::check::check(&file, None).unwrap_or_else(|e| panic!("{e}"));
    compile(&spec)
}

fn bakuk_with(rules: &str) -> Rules {
    variant(&format!("variant \"Test\" extends \"Bakuk\" {{ source \"test\" {rules} }}"))
}

/// The margin of the seeds still to be won, for `player`, once the game is over: what the
/// end rules award, as the scores count them.
fn leftover_margin(rules: &Rules, s: &State, player: usize) -> i32 {
    let scores = rules.scores(s);
    let left = |p: usize| scores[p] as i32 - s.captured()[p] as i32;
    left(player) - left(1 - player)
}

/// Plain minimax over the game tree, with a repeated position on the current line worth 0
/// (endless play): independent of the retrograde analysis, and exponential, so only for
/// positions with few seeds.
fn minimax(rules: &Rules, state: &State, line: &mut Vec<(Vec<u8>, usize)>) -> i32 {
    let Some(mover) = state.to_move() else { return leftover_margin(rules, state, state.turn()) };
    let key = (state.pits().to_vec(), mover);
    if line.contains(&key) {
        return 0;
    }
    line.push(key);
    let before = rules.scores(state);
    let mut best = i32::MIN;
    for mv in rules.legal_moves(state).iter() {
        let mut child = *state;
        rules.apply(&mut child, mv);
        let after = rules.scores(&child);
        let gain = (after[mover] as i32 - before[mover] as i32)
            - (after[1 - mover] as i32 - before[1 - mover] as i32);
        let rest = match child.to_move() {
            None => 0,
            Some(p) if p == mover => minimax(rules, &child, line),
            Some(_) => -minimax(rules, &child, line),
        };
        best = best.max(gain + rest);
    }
    line.pop();
    best
}

/// Every position of up to `seeds` seeds, valued by the solution and by minimax.
fn check_small_positions(what: &str, rules: &Rules, solution: &Solution, seeds: usize) {
    let unlimited = rules.with_ply_limit(None);
    let mut checked = 0;
    for t in 0..=seeds {
        for_each_distribution(rules.pits(), t, |pits| {
            for player in 0..2 {
                let s = unlimited.state_from(pits, player).unwrap();
                let expected = minimax(&unlimited, &s, &mut Vec::new());
                // A player who cannot move has passed in `s`, or the game is over.
                assert_eq!(
                    solution.value(&unlimited, &s),
                    Some(expected),
                    "{what} {pits:?} player {}",
                    player + 1
                );
                checked += 1;
            }
        });
    }
    assert!(checked > 100);
}

#[test]
fn small_positions_match_exhaustive_minimax() {
    for (variant, ruleset) in [("bakuk", None), ("bakuk", Some("valdez")), ("koumma", None)] {
        let (rules, solution) = solved(variant, ruleset);
        check_small_positions(&format!("{variant} {ruleset:?}"), &rules, &solution, 5);
    }
}

/// The value of every position of up to `seeds` seeds by value iteration: `V_0 = 0`, and
/// `V_n+1` the best of each move's gain plus the value of where it leads under `V_n` (the
/// value of the game cut off after n plies, endless play worth 0). The values stop changing
/// once n passes the longest forced sequence to a capture; from then on they are the values
/// of the game itself. Independent of the retrograde analysis, and polynomial, so it checks
/// rules under which lines without repeats are too long for exhaustive minimax.
fn value_iteration(rules: &Rules, seeds: usize) -> std::collections::HashMap<(Vec<u8>, usize), i32> {
    let rules = rules.with_ply_limit(None);
    let mut positions = Vec::new();
    for t in 0..=seeds {
        for_each_distribution(rules.pits(), t, |pits| {
            for player in 0..2 {
                positions.push(rules.state_from(pits, player).unwrap());
            }
        });
    }
    let key = |s: &State| (s.pits().to_vec(), s.turn());
    let mut values: std::collections::HashMap<_, i32> = positions.iter().map(|s| (key(s), 0)).collect();
    for sweep in 0.. {
        assert!(sweep < 100_000, "value iteration does not settle");
        let mut next = values.clone();
        for s in &positions {
            let value = match s.to_move() {
                None => leftover_margin(&rules, s, s.turn()),
                Some(mover) => rules
                    .legal_moves(s)
                    .iter()
                    .map(|mv| {
                        let mut child = *s;
                        rules.apply(&mut child, mv);
                        let gain = rules.gain(s, &child, mover);
                        match child.to_move() {
                            None => gain,
                            Some(p) if p == mover => gain + values[&key(&child)],
                            Some(_) => gain - values[&key(&child)],
                        }
                    })
                    .max()
                    .unwrap(),
            };
            next.insert(key(s), value);
        }
        if next == values {
            break;
        }
        values = next;
    }
    values
}

#[test]
fn every_end_leftover_direction_and_capture_rule_matches_value_iteration() {
    for rules in [
        "end { player to move cannot move: they pass }",
        "end { leftover seeds: each pit's owner }",
        "end { leftover seeds: the last mover }",
        "end { player to move cannot move: they pass  leftover seeds: each pit's owner }",
        "end { player to move cannot move: they pass  leftover seeds: the last mover }",
        "sowing { clockwise }",
        "sowing { laps skip the emptied pit }",
        "capture { last seed makes 2 or 4 in an opponent's pit: take them }",
        "capture { last seed makes 1 or 3 in the mover's own pit: take them  chain backward while 1 in the opponent's pits }",
        "capture { none }  end { leftover seeds: each pit's owner }",
    ] {
        let r = bakuk_with(rules);
        let unlimited = r.with_ply_limit(None);
        let solution = solve(&r, 8, &|_, _| {}, &Cancel::new()).unwrap();
        let expected = value_iteration(&r, 7);
        for ((pits, player), value) in &expected {
            let s = unlimited.state_from(pits, *player).unwrap();
            assert_eq!(
                solution.value(&unlimited, &s),
                Some(*value),
                "{rules}: {pits:?} player {}",
                player + 1
            );
        }
        let distributions: HashSet<&Vec<u8>> = expected.keys().map(|(pits, _)| pits).collect();
        assert_eq!(distributions.len(), 1716, "{rules}: every distribution of up to 7 seeds");
        // Exhaustive minimax agrees where it is quick.
        check_small_positions(rules, &r, &solution, 3);
    }
    // Koumma's opening rule on a board of another size, every position of it.
    let r = variant(
        "variant \"Test\" extends \"Koumma\" { source \"test\" board 2 rows of 2 pits, no stores seeds 3 in each pit }",
    );
    let solution = solve(&r, 12, &|_, _| {}, &Cancel::new()).unwrap();
    let unlimited = r.with_ply_limit(None);
    for ((pits, player), value) in value_iteration(&r, 12) {
        let s = unlimited.state_from(&pits, player).unwrap();
        assert_eq!(
            solution.value(&unlimited, &s),
            Some(value),
            "koumma 2 x 2: {pits:?} player {}",
            player + 1
        );
    }
}

#[test]
fn every_value_is_the_best_of_its_moves() {
    for (variant, ruleset) in [("bakuk", None), ("koumma", None)] {
        let (rules, solution) = solved(variant, ruleset);
        let unlimited = rules.with_ply_limit(None);
        for t in 0..=rules.total_seeds() as usize {
            for_each_distribution(rules.pits(), t, |pits| {
                for player in 0..2 {
                    let s = unlimited.state_from(pits, player).unwrap();
                    let value = solution.value(&unlimited, &s).unwrap();
                    let best = solution.move_values(&unlimited, &s).iter().map(|m| m.value).max();
                    match best {
                        Some(best) => assert_eq!(value, best, "{variant} {pits:?} player {}", player + 1),
                        None => {
                            assert_eq!(value, leftover_margin(&unlimited, &s, s.turn()), "a finished game")
                        }
                    }
                }
            });
        }
    }
}

#[test]
fn a_finished_position_is_worth_the_leftovers_it_awards() {
    // Player 1 to move on [0,0,0 | 3,0,0] has no move: the game is over, and under "each
    // pit's owner" player 2 takes the 3 seeds: -3 for player 1. Under "nobody" it is 0.
    let owner = bakuk_with("end { leftover seeds: each pit's owner }");
    let solution = solve(&owner, 3, &|_, _| {}, &Cancel::new()).unwrap();
    let s = owner.state_from(&[0, 0, 0, 3, 0, 0], 0).unwrap();
    assert!(s.is_over());
    assert_eq!(solution.value(&owner, &s), Some(-3));
    let nobody = bakuk_with("");
    let solution = solve(&nobody, 3, &|_, _| {}, &Cancel::new()).unwrap();
    assert_eq!(solution.value(&nobody, &nobody.state_from(&[0, 0, 0, 3, 0, 0], 0).unwrap()), Some(0));
}

#[test]
fn margins_beyond_127_keep_their_sign_and_size() {
    // Two pits, 1 and 150 seeds, and the last seed takes its pit whatever it holds: player 1
    // sows its seed into pit 2, which makes 151 and is taken. A byte would have held -105.
    let counts: Vec<String> = (1..=255).map(|n| n.to_string()).collect();
    let r = variant(&format!(
        "variant \"Wide\" {{ source \"test\" board 2 rows of 1 pits, no stores seeds pit by pit 1 150 \
         players 2 {{ player 1 owns the south row  player 2 owns the north row }} \
         sowing {{ counter-clockwise  first seed into the next pit  laps sow into the emptied pit }} \
         capture {{ last seed makes {} or 255 in any pit: take them }} \
         end {{ player to move cannot move: game over  leftover seeds: nobody }} }}",
        counts[..254].join(", ")
    ));
    let solution = solve(&r, 151, &|_, _| {}, &Cancel::new()).unwrap();
    let start = r.initial_state();
    assert_eq!(solution.value(&r, &start), Some(151));
    let moves = solution.move_values(&r, &start);
    assert_eq!((moves.len(), moves[0].value), (1, 151));
    let (pv, end, endless) = solution.principal_variation(&r, &start, 100);
    assert_eq!((pv.len(), endless), (1, false));
    assert_eq!(&r.scores(&end)[..2], &[151, 0]);
    // Every position, against value iteration: among them margins beyond a byte, and losses
    // (a capture here takes at most half the seeds a loser leaves, so they stay above -128).
    let expected = value_iteration(&r, 151);
    assert!(expected.values().filter(|&&v| v > 127).count() > 100);
    assert!(expected.values().any(|&v| v < -64));
    // Saved and loaded, the table keeps them.
    let mut bytes = Vec::new();
    solution.save(&mut bytes).unwrap();
    let dir = scratch("wide");
    let path = dir.join("wide.sol");
    std::fs::write(&path, &bytes).unwrap();
    let loaded = Solution::load(&path, &r, 151).unwrap();
    let unlimited = r.with_ply_limit(None);
    for ((pits, player), value) in expected {
        let s = unlimited.state_from(&pits, player).unwrap();
        assert_eq!(solution.value(&unlimited, &s), Some(value), "{pits:?} player {}", player + 1);
        assert_eq!(loaded.value(&unlimited, &s), Some(value), "loaded: {pits:?} player {}", player + 1);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Counts of the positions a game from `start` can reach, by a search of the game graph that
/// shares nothing with the solver but the engine.
fn reachable_by_search(rules: &Rules, solution: &Solution, start: &State) -> Counts {
    let rules = rules.with_ply_limit(None);
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([*start]);
    let mut counts = Counts::default();
    while let Some(s) = queue.pop_front() {
        if s.is_over() || !seen.insert((s.pits().to_vec(), s.turn())) {
            continue;
        }
        counts.positions += 1;
        match solution.value(&rules, &s).unwrap() {
            v if v > 0 => counts.wins += 1,
            0 => counts.draws += 1,
            _ => counts.losses += 1,
        }
        for mv in rules.legal_moves(&s).iter() {
            let mut child = s;
            rules.apply(&mut child, mv);
            queue.push_back(child);
        }
    }
    counts
}

#[test]
fn reachable_counts_match_a_search_of_the_game_graph() {
    for variant in ["bakuk", "koumma"] {
        let (rules, solution) = solved(variant, None);
        let start = rules.initial_state();
        let ours = solution.reachable(&rules, &start).unwrap();
        assert_eq!(ours, reachable_by_search(&rules, &solution, &start), "{variant}");
        assert!(ours.positions > 1000 && ours.positions < solution.positions(), "{variant}: {ours:?}");
        let mid = rules.state_from(&[0, 2, 1, 0, 3, 1], 1).unwrap();
        assert_eq!(solution.reachable(&rules, &mid), Some(reachable_by_search(&rules, &solution, &mid)));
    }
}

/// A fresh, empty directory for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sow-solve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn damaged_solution_files_are_refused_with_the_reason() {
    let r = bakuk_with("board 2 rows of 2 pits, no stores  seeds 2 in each pit");
    let solution = solve(&r, 8, &|_, _| {}, &Cancel::new()).unwrap();
    let mut good = Vec::new();
    solution.save(&mut good).unwrap();
    let dir = scratch("damaged");
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let path = write("good.sol", &good);
    assert_eq!(Solution::load(&path, &r, 8).unwrap().positions(), solution.positions());
    let header_len = u32::from_le_bytes(good[8..12].try_into().unwrap()) as usize;
    let mut flipped = good.clone();
    flipped[12 + header_len + 5] ^= 1;
    let mut newer = good.clone();
    let at = newer.windows(14).position(|w| w == b"sow solution 4").unwrap();
    newer[at + 13] = b'5';
    let mut header = good.clone();
    header[12] = b'x';
    let cases: [(&str, Vec<u8>, &str); 5] = [
        ("short.sol", good[..good.len() - 9].to_vec(), "its size does not match its header"),
        ("flipped.sol", flipped, "its checksum does not match (the file is damaged)"),
        (
            "newer.sol",
            newer,
            "it is in the format `sow solution 5`, and this sow reads `sow solution 4`: solve again",
        ),
        ("header.sol", header, "its header is damaged"),
        ("other.sol", b"PNG\x89 not a table".to_vec(), "it does not start as one"),
    ];
    for (name, bytes, why) in cases {
        let p = write(name, &bytes);
        let e = Solution::load(&p, &r, 8).unwrap_err().to_string();
        assert_eq!(e, format!("`{}` is not a solution file of sow: {why}", p.display()), "{name}");
    }
    let e = Solution::load(&path, &r, 9).unwrap_err().to_string();
    assert_eq!(e, format!("`{}` holds positions of up to 8 seeds, not 9", path.display()));
    let koumma = sow::load_rules("koumma", None).unwrap();
    let e = Solution::load(&path, &koumma, 8).unwrap_err().to_string();
    assert_eq!(e, format!("`{}` was made for other rules (Test), not those of Koumma", path.display()));
    let e = Solution::load(&dir.join("none.sol"), &r, 8).unwrap_err().to_string();
    assert!(e.ends_with("none.sol`: no such file"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file of an older format (here 2: two bytes of value a position whatever the seeds) is
/// refused with the advice to solve again, not read as damaged or misread.
#[test]
fn a_solution_file_of_an_older_format_is_refused_with_solve_again() {
    let r = bakuk_with("board 2 rows of 2 pits, no stores  seeds 2 in each pit");
    let solution = solve(&r, 8, &|_, _| {}, &Cancel::new()).unwrap();
    let n = solution.positions();
    let header = format!(
        "{{\"format\":\"sow solution 2\",\"variant\":\"Test\",\"ruleset\":null,\"fingerprint\":\"{:016x}\",\"pits\":4,\"seeds\":8,\"positions\":{n}}}",
        r.fingerprint()
    );
    let mut bytes = b"SOWSOLVE".to_vec();
    bytes.extend((header.len() as u32).to_le_bytes());
    bytes.extend(header.as_bytes());
    // Values and depths, two bytes each, and a checksum: a whole file of format 2.
    bytes.extend(std::iter::repeat_n(0u8, 4 * n as usize + 8));
    let dir = scratch("older");
    let path = dir.join("x.sol");
    std::fs::write(&path, &bytes).unwrap();
    let e = Solution::load(&path, &r, 8).unwrap_err().to_string();
    assert_eq!(e, format!("`{}` was made by an older sow (format 2): solve again", path.display()));
    // Through the command too.
    let out = sow(&["solve", "koumma", "--solution", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("was made by an older sow (format 2): solve again"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays perfect against alpha-beta:8 from both seats: for each game, the margin perfect got
/// and the solved value of its seat.
fn perfect_against_alphabeta(variant: &str, games: u64) -> Vec<(i32, i32)> {
    let (rules, solution) = solved(variant, None);
    perfect_against(&rules, &solution, 8, games)
}

/// Plays perfect against alpha-beta:`depth` from both seats, `games` games a seat.
fn perfect_against(rules: &Rules, solution: &Arc<Solution>, depth: u32, games: u64) -> Vec<(i32, i32)> {
    let start = solution.value(rules, &rules.initial_state()).unwrap();
    let mut results = Vec::new();
    for seat in 0..2 {
        let value = if seat == 0 { start } else { -start };
        for g in 0..games {
            let mut perfect = PerfectPlayer { solution: solution.clone() };
            let mut alphabeta = AlphaBetaPlayer::new(depth, Cancel::new());
            let mut rngs = [game_rng(g, seat as u64), game_rng(g, 2 + seat as u64)];
            let mut s = rules.initial_state();
            while let Some(p) = s.to_move() {
                let mv = if p == seat {
                    perfect.choose(rules, &s, &mut rngs[0]).unwrap()
                } else {
                    alphabeta.choose(rules, &s, &mut rngs[1]).unwrap()
                };
                rules.apply(&mut s, mv);
            }
            let scores = rules.scores(&s);
            results.push((scores[seat] as i32 - scores[1 - seat] as i32, value));
        }
    }
    results
}

#[test]
fn perfect_never_does_worse_than_the_solved_value_against_alphabeta() {
    for variant in ["bakuk", "koumma"] {
        let results = perfect_against_alphabeta(variant, 500);
        assert_eq!(results.len(), 1000);
        for (game, (margin, value)) in results.iter().enumerate() {
            assert!(margin >= value, "{variant} game {game}: perfect got {margin}, below its value {value}");
        }
    }
}

#[test]
fn perfect_against_perfect_ends_with_the_solved_value() {
    for variant in ["bakuk", "koumma"] {
        let (rules, solution) = solved(variant, None);
        let start = solution.value(&rules, &rules.initial_state()).unwrap();
        for g in 0..50 {
            let mut players =
                [PerfectPlayer { solution: solution.clone() }, PerfectPlayer { solution: solution.clone() }];
            let mut rng = game_rng(g, 9);
            let mut s = rules.initial_state();
            while let Some(p) = s.to_move() {
                let mv = players[p].choose(&rules, &s, &mut rng).unwrap();
                rules.apply(&mut s, mv);
            }
            let scores = rules.scores(&s);
            assert_eq!(scores[0] as i32 - scores[1] as i32, start, "{variant} game {g}");
        }
    }
}

/// Every position a game from `start` reaches, by a search of the game graph (past its first
/// plies, as a table holds them: those of the start are played by its own rules).
fn reached(rules: &Rules, start: &State) -> Vec<State> {
    let rules = rules.with_ply_limit(None);
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([*start]);
    let mut out = Vec::new();
    while let Some(s) = queue.pop_front() {
        if s.is_over() || !seen.insert((s.pits().to_vec(), s.turn(), s.plies() < rules.capture_start())) {
            continue;
        }
        out.push(s);
        for mv in rules.legal_moves(&s).iter() {
            let mut child = s;
            rules.apply(&mut child, mv);
            queue.push_back(child);
        }
    }
    out
}

/// A position of the start's seeds, not over, that no game from the start reaches.
fn unreached(rules: &Rules) -> State {
    let start = rules.initial_state();
    let seen: HashSet<(Vec<u8>, usize)> =
        reached(rules, &start).iter().map(|s| (s.pits().to_vec(), s.turn())).collect();
    let mut found = None;
    for_each_distribution(rules.pits(), rules.total_seeds() as usize, |pits| {
        let s = rules.state_from(pits, 0).unwrap();
        if found.is_none() && !s.is_over() && !seen.contains(&(pits.to_vec(), s.turn())) {
            found = Some(s);
        }
    });
    found.expect("a position no game reaches")
}

/// A table of the positions reachable from a start holds exactly those (as many as the count
/// of every position's table says), each with the value, the moves' values and the depths of
/// the table of every position; the same table on one thread as on several; and positions it
/// does not reach are not in it.
#[test]
fn a_table_of_the_reachable_positions_values_them_as_the_table_of_every_one() {
    use sow::play::solve::{solve_from, solve_with};
    let kalah = |capture: &str| {
        variant(&format!(
            "variant \"Test\" extends \"Kalah\" {{ source \"test\" board 2 rows of 3 pits, one store per player seeds 3 in each pit {capture} }}"
        ))
    };
    let modiar = variant(
        "variant \"Test\" extends \"Modiar\" { source \"test\" board 2 rows of 3 pits, no stores seeds 2 in each pit }",
    );
    let cases = [
        ("bakuk 2x3", bakuk_with("board 2 rows of 3 pits, no stores seeds 4 in each pit")),
        (
            "koumma 2x3",
            variant(
                "variant \"Test\" extends \"Koumma\" { source \"test\" board 2 rows of 3 pits, no stores seeds 4 in each pit }",
            ),
        ),
        ("kalah 2x3", kalah("")),
        (
            "kalah 2x3 empty-capture",
            kalah(
                "capture { last seed in an empty pit of the mover's own: take it and the opposite pit, even if that is empty }",
            ),
        ),
        ("modiar 2x3", modiar),
    ];
    for (what, rules) in cases {
        let seeds = rules.total_seeds() as usize;
        let every = solve_with(&rules, seeds, 1, &|_, _| {}, &Cancel::new()).unwrap();
        let mut starts = vec![rules.initial_state()];
        // A position given by hand, past the first plies.
        let mid = reached(&rules, &starts[0]).into_iter().find(|s| s.plies() >= 3).unwrap();
        starts.push(rules.state_from(mid.pits(), mid.turn()).unwrap());
        for start in starts {
            let table = solve_from(&rules, &start, 1, &|_, _| {}, &Cancel::new()).unwrap();
            assert!(table.reachable_only());
            let counts = every.reachable(&rules, &start).unwrap();
            assert_eq!(table.counts(), counts, "{what}");
            assert_eq!(table.reachable(&rules, &start), Some(counts), "{what}");
            assert!(table.positions() < every.positions() / 2, "{what}: {}", table.positions());
            for s in reached(&rules, &start) {
                assert_eq!(table.value(&rules, &s), every.value(&rules, &s), "{what} {:?}", s.pits());
                assert_eq!(
                    table.move_values(&rules, &s),
                    every.move_values(&rules, &s),
                    "{what} {:?}",
                    s.pits()
                );
            }
            // Each thread count makes the same file.
            let bytes = |threads: usize| {
                let mut out = Vec::new();
                let t = solve_from(&rules, &start, threads, &|_, _| {}, &Cancel::new()).unwrap();
                t.save(&mut out).unwrap();
                out
            };
            let one = bytes(1);
            assert_eq!(bytes(2), one, "{what}: 2 threads");
            assert_eq!(bytes(5), one, "{what}: 5 threads");
        }
        // A position no game from the start reaches: not in its table.
        let table = solve_from(&rules, &rules.initial_state(), 1, &|_, _| {}, &Cancel::new()).unwrap();
        let lone = unreached(&rules);
        assert_eq!(table.value(&rules, &lone), None, "{what}");
        assert_eq!(table.reachable(&rules, &lone), None, "{what}");
    }
}

/// A table of the reachable positions saved and loaded is the same table; a damaged bit of
/// which positions it holds is caught.
#[test]
fn a_table_of_the_reachable_positions_saves_and_loads() {
    use sow::play::solve::solve_from;
    let rules = sow::load_rules("koumma", None).unwrap();
    let start = rules.initial_state();
    let table = solve_from(&rules, &start, 2, &|_, _| {}, &Cancel::new()).unwrap();
    let mut bytes = Vec::new();
    table.save(&mut bytes).unwrap();
    let dir = scratch("reach-file");
    let path = dir.join("k.sol");
    std::fs::write(&path, &bytes).unwrap();
    let loaded = Solution::load(&path, &rules, 36).unwrap();
    assert!(loaded.reachable_only());
    assert_eq!(loaded.counts(), table.counts());
    for s in reached(&rules, &start).iter().step_by(97) {
        assert_eq!(loaded.move_values(&rules, s), table.move_values(&rules, s));
    }
    let header_len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    // The first bytes after the header are the bits of the positions held.
    let mut flipped = bytes.clone();
    flipped[12 + header_len + 3] ^= 4;
    std::fs::write(&path, &flipped).unwrap();
    let e = Solution::load(&path, &rules, 36).unwrap_err().to_string();
    assert!(e.ends_with("its checksum does not match (the file is damaged)"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cancelled_solve_stops() {
    let rules = sow::load_rules("bakuk", None).unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    let e = solve(&rules, 36, &|_, _| {}, &cancel).unwrap_err();
    assert_eq!(e.to_string(), "stopped before the solution was complete");
}

// ------------------------------------------------------------------------------------------
// The command line

fn sow(args: &[&str]) -> std::process::Output {
    // The tests' own cache folder (where a search keeps its endgame databases), never the
    // user's.
    std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(args)
        .env("XDG_CACHE_HOME", concat!(env!("CARGO_TARGET_TMPDIR"), "/cache"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = sow(args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn solve_prints_the_value_openings_and_a_perfect_game_and_saves_a_table_that_loads() {
    let dir = scratch("cli");
    let table = dir.join("koumma.sol");
    let table = table.to_str().unwrap();
    let report = json(&["solve", "koumma", "--out", table, "--format", "json"]);
    let (rules, solution) = solved("koumma", None);
    let value = solution.value(&rules, &rules.initial_state()).unwrap();
    assert_eq!(report["value"], value);
    let openings = report["openings"].as_array().unwrap();
    assert_eq!(openings.len(), 3);
    assert_eq!(openings[0]["value"], value, "the best opening is listed first");
    for o in openings {
        let mv = o["move"].as_str().unwrap();
        let m = solution
            .move_values(&rules, &rules.initial_state())
            .into_iter()
            .find(|m| m.mv.to_string() == mv)
            .unwrap();
        assert_eq!(o["value"], m.value);
    }
    // The perfect game replays to the solved margin.
    let pv: Vec<&str> =
        report["principal_variation"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    let end = json(&["play", "koumma", "--moves", &pv.join(","), "--format", "json"]);
    let score = end["score"].as_array().unwrap();
    assert_eq!(score[0].as_i64().unwrap() - score[1].as_i64().unwrap(), value as i64);

    let loaded = json(&["solve", "koumma", "--solution", table, "--format", "json"]);
    assert_eq!(loaded, report);
    let other = sow(&["solve", "bakuk", "--solution", table]);
    assert_eq!(other.status.code(), Some(2));
    let err = String::from_utf8(other.stderr).unwrap();
    assert_eq!(err, format!("error: `{table}` was made for other rules (Koumma), not those of Bakuk\n"));
    // The table holds the positions reachable from the start: not a position it does not
    // reach, nor for the hints, which may value any.
    let lone = unreached(&rules);
    let lone: Vec<String> = lone.pits().iter().map(|p| p.to_string()).collect();
    let elsewhere = sow(&["solve", "koumma", "--solution", table, "--position", &lone.join(",")]);
    assert_eq!(elsewhere.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(elsewhere.stderr).unwrap(),
        format!(
            "error: the position is not in `{table}`, which holds the positions reachable from another start: solve it again from this one, or with --strong\n"
        )
    );
    let refused = sow(&["play", "koumma", "--hint", "--solution", table]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(refused.stderr).unwrap(),
        format!(
            "error: `{table}` holds the positions reachable from one start only, and this values any position: make a table of every one with `sow solve --strong --out FILE`\n"
        )
    );
    let every = dir.join("every.sol");
    let every = every.to_str().unwrap();
    let strong = json(&["solve", "koumma", "--strong", "--out", every, "--format", "json"]);
    assert_eq!(strong["value"], report["value"]);
    assert_eq!(strong["reachable"], report["reachable"]);
    assert_eq!(report["positions"], report["reachable"]);
    assert!(strong["positions"]["positions"].as_u64() > report["positions"]["positions"].as_u64());
    let hint = json(&["play", "koumma", "--hint", "--solution", every, "--format", "json"]);
    assert_eq!(hint["move_values"].as_array().unwrap().len(), 3);
    // A perfect player from the file of the reachable positions plays in a simulation from
    // the start, and never loses its value.
    let player = format!("perfect:{table},random");
    let out = json(&["simulate", "koumma", "--players", &player, "--games", "300", "--format", "json"]);
    assert_eq!(out["Koumma"]["run"]["players"], serde_json::json!([format!("perfect:{table}"), "random"]));
    if value > 0 {
        assert_eq!(out["Koumma"]["seats"][1]["wins"], 0);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_reports_a_finished_position_by_the_leftovers_it_awards() {
    let dir = scratch("finished");
    let file = dir.join("owner.sow");
    // One seed a pit keeps the table small: the position holds 3.
    let owner = "variant \"Owner\" extends \"Bakuk\" { source \"test\" seeds 1 in each pit \
                 end { leftover seeds: each pit's owner } }";
    std::fs::write(&file, owner).unwrap();
    let file = file.to_str().unwrap();
    let out = sow(&["solve", file, "--position", "0,0,0,3,0,0"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "The game is already over at the position [0, 0, 0, 3, 0, 0] with player 1 to move: player 1 has no legal move. \
             The seeds left go to their pits' owners: player 1 takes 0 and player 2 3, so player 2 wins by 3 seeds (value -3 for player 1).\n"
        ),
        "{text}"
    );
    let play = json(&["play", file, "--position", "0,0,0,3,0,0", "--format", "json"]);
    assert_eq!(play["winner"], 2);
    let report = json(&["solve", file, "--position", "0,0,0,3,0,0", "--format", "json"]);
    assert_eq!((report["value"].as_i64(), report["winner"].as_u64()), (Some(-3), Some(2)));
    assert_eq!(report["finished"], true);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_refuses_what_it_cannot_solve() {
    let out = sow(&["solve", "bakuk:three-player"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: Bakuk:three-player: only two-player variants can be solved; this one has 3 players
  --> bakuk (bundled):66:5
   |
66 |     players 3 {
   |     ^^^^^^^ 3 players
"
    );
    let dir = scratch("big");
    for (board, seeds, message) in [
        ("2 rows of 6 pits", "4", "2798717689950 positions (48 seeds in 12 pits"),
        // 2 * C(319, 64): far beyond what 128 bits hold, and still said right.
        (
            "2 rows of 32 pits",
            "pit by pit 255 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
            "about 3.1e68 positions (255 seeds in 64 pits",
        ),
    ] {
        let big = dir.join("big.sow");
        let seeds = if seeds.starts_with("pit") {
            format!("seeds {seeds}")
        } else {
            format!("seeds {seeds} in each pit")
        };
        std::fs::write(
            &big,
            format!(
                "variant \"Big\" extends \"Bakuk\" {{ source \"test\" board {board}, no stores {seeds} }}"
            ),
        )
        .unwrap();
        // A table is refused; `--method auto` would search instead.
        let out = sow(&["solve", big.to_str().unwrap(), "--method", "table"]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(&format!("the state space is too large for a table: {message}")), "{err}");
        assert!(err.contains("a table picks the positions a game reaches out of at most 34359738368, and `--method search` values the position without one"), "{err}");
        // A table of every position is refused sooner.
        let out = sow(&["solve", big.to_str().unwrap(), "--strong"]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("a table of every one holds at most 800000000, and `--method search`"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn solve_refuses_a_set_up_from_the_hands_naming_its_line() {
    // The hands and the placements are not in a table of seeds in pits.
    let out = sow(&["solve", "variants/baqura.sow"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("its rule `in turns, each player puts ...` depends on more than the seeds"),
        "{err}"
    );
}

#[test]
fn solve_refuses_a_loss_by_rule_naming_its_line() {
    // A table holds margins of seeds; a game lost by a rule, whatever the seeds, is not one.
    let dir = scratch("loss-by-rule");
    for (rule, line, by) in [
        ("player to move cannot move: they lose", "`player to move cannot move: they lose`", "a loss"),
        ("a player whose pits are all empty loses", "`a player whose pits are all empty loses`", "a loss"),
        // The same line written as an ending with its outcome, and the other outcomes.
        (
            "game over when a player's pits are all empty: they lose",
            "`a player whose pits are all empty loses`",
            "a loss",
        ),
        (
            "game over when a player's pits are all empty: they win",
            "`game over when a player's pits are all empty: they win`",
            "a win",
        ),
        (
            "game over when a player's pits are all empty: the game is a draw",
            "`game over when a player's pits are all empty: the game is a draw`",
            "a draw",
        ),
        (
            "player to move cannot move: they pass game over when nobody can move: the game is a draw",
            "`game over when nobody can move: the game is a draw`",
            "a draw",
        ),
    ] {
        let file = dir.join("lose.sow");
        std::fs::write(
            &file,
            format!(
                "variant \"Lose\" extends \"Bakuk\" {{ source \"test\" board 2 rows of 3 pits, no stores \
                 seeds 2 in each pit end {{ {rule} }} }}"
            ),
        )
        .unwrap();
        let out = sow(&["solve", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(&format!("its rule {line} decides the game by {by}, not by the seeds")),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn perfect_and_alphabeta_play_in_simulations() {
    let dir = scratch("perfect");
    let record = dir.join("games.jsonl");
    let out = json(&[
        "simulate",
        "bakuk",
        "--players",
        "perfect,alphabeta:3",
        "--games",
        "200",
        "--record",
        record.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(out["Bakuk"]["run"]["players"], serde_json::json!(["perfect", "alphabeta:3"]));
    let (rules, solution) = solved("bakuk", None);
    let value = solution.value(&rules, &rules.initial_state()).unwrap() as i64;
    let text = std::fs::read_to_string(&record).unwrap();
    assert_eq!(text.lines().count(), 200);
    for line in text.lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        let s = game["scores"].as_array().unwrap();
        assert!(s[0].as_i64().unwrap() - s[1].as_i64().unwrap() >= value, "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game of rounds on a board of 2 x 2, sown as Bakuk is, capturing nothing: a round is
/// over when a row is empty.
const ROUNDS_2X2: &str = "variant \"Rounds\" extends \"Bakuk\" {
  source \"test\"
  board 2 rows of 2 pits, no stores
  seeds 1 in each pit
  capture { none }
  rounds {
    round over when a row is empty
    each player takes the seeds of their own pits
    in turns, each player fills their leftmost empty pit with 1 seeds
    pits not filled are out of play for the round
    a player who cannot fill a pit loses the match
  }
}";

#[test]
fn the_first_round_of_a_game_of_rounds_is_valued_to_the_seeds_each_player_holds_at_its_end() {
    let match_rules = variant(ROUNDS_2X2);
    // The match is more than a table holds.
    let refused = solve(&match_rules, 4, &|_, _| {}, &Cancel::new()).unwrap_err().to_string();
    assert!(refused.contains("`round over when ...`"), "{refused}");
    let rules = match_rules.first_round().expect("a game of rounds");
    assert!(rules.is_first_round() && !match_rules.is_first_round());
    let solution = solve(&rules, 4, &|_, _| {}, &Cancel::new()).unwrap();
    let unlimited = rules.with_ply_limit(None);
    // Worked by hand. Pits 1-2 are player 1's, 3-4 player 2's, sown 1 -> 2 -> 3 -> 4 -> 1.
    // [0,1,1,1], player 1: their one move sows pit 2 into pit 3 and empties their row; the
    // round is over, player 2 taking the 3 seeds of their pits: -3.
    let s = unlimited.state_from(&[0, 1, 1, 1], 0).unwrap();
    assert_eq!(solution.value(&unlimited, &s), Some(-3));
    let mut after = s;
    unlimited.apply(&mut after, sow::engine::Move::from_pit(1).unwrap());
    assert_eq!(after.end(), Some(sow::engine::EndReason::RoundOver));
    assert_eq!((after.captured()[0], after.captured()[1], after.pits()), (0, 3, &[0u8, 0, 0, 0][..]));
    // [1,2,0,1], player 1: pit 1 makes [0,3,0,1]; player 2's only move, pit 4, sows into pit
    // 1 and empties their row: player 1 takes all 4 seeds. Nothing is worth more: +4.
    let s = unlimited.state_from(&[1, 2, 0, 1], 0).unwrap();
    assert_eq!(solution.value(&unlimited, &s), Some(4));
    let best: Vec<String> = solution
        .move_values(&unlimited, &s)
        .iter()
        .filter(|m| m.value == 4)
        .map(|m| m.mv.to_string())
        .collect();
    assert!(best.contains(&"1".to_string()), "{best:?}");
    // Every position agrees with value iteration over the same one-round rules.
    for ((pits, player), value) in value_iteration(&rules, 4) {
        let s = unlimited.state_from(&pits, player).unwrap();
        assert_eq!(solution.value(&unlimited, &s), Some(value), "{pits:?} player {}", player + 1);
    }
}

#[test]
fn the_first_rounds_of_the_bundled_games_of_rounds_match_value_iteration() {
    for (variant, seeds) in [("bosh", 6), ("pallankuli", 4), ("sungka", 4)] {
        let rules = sow::load_rules(variant, None).unwrap().first_round().unwrap();
        let unlimited = rules.with_ply_limit(None);
        let solution = solve(&rules, seeds, &|_, _| {}, &Cancel::new()).unwrap();
        let expected = value_iteration(&rules, seeds);
        assert!(expected.values().any(|&v| v != 0), "{variant}");
        for ((pits, player), value) in expected {
            let s = unlimited.state_from(&pits, player).unwrap();
            assert_eq!(
                solution.value(&unlimited, &s),
                Some(value),
                "{variant} {pits:?} player {}",
                player + 1
            );
        }
    }
    // A match won in the middle of a round by the seeds captured so far is more than a table
    // of the round holds.
    let galatjang = sow::load_rules("galatjang", None).unwrap().first_round().unwrap();
    let refused = solve(&galatjang, 4, &|_, _| {}, &Cancel::new()).unwrap_err().to_string();
    assert!(refused.contains("`a mover who has captured all but ... wins the match`"), "{refused}");
}

#[test]
fn solve_says_it_values_the_first_round_of_a_game_of_rounds() {
    let dir = scratch("rounds");
    let file = dir.join("rounds.sow");
    std::fs::write(&file, ROUNDS_2X2).unwrap();
    let out = sow(&["solve", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(
            "Rounds is played in rounds; this is its first round (`round over when a row is empty`), valued by the seeds each player holds when it is over"
        ),
        "{text}"
    );
    assert!(text.contains("; the round is over, player 1 holding "), "{text}");
    let report = json(&["solve", file.to_str().unwrap(), "--format", "json"]);
    assert_eq!(report["first_round"], true);
    let scores = report["final_scores"].as_array().unwrap();
    let margin = scores[0].as_i64().unwrap() - scores[1].as_i64().unwrap();
    assert_eq!(report["value"].as_i64().unwrap(), margin, "{report}");
    // Games without rounds do not carry the field.
    assert!(json(&["solve", "koumma", "--format", "json"]).get("first_round").is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A board of four rows small enough for a table: 4 rows of 2 pits, 1 seed in each, each player
/// sowing round their own two rows and taking both of the opponent's pits of a column from
/// an empty pit of their inner row.
const SMALL_FOUR_ROWS: &str = r#"variant "Small four rows" {
  source "test"
  board 4 rows of 2 pits, no stores
  seeds 1 in each pit
  players 2 {
    player 1 owns the two south rows
    player 2 owns the two north rows
    player 1 starts
  }
  sowing {
    counter-clockwise
    first seed into the next pit
    laps sow into the emptied pit
  }
  capture {
    when the last pit holds 1 and is in the mover's inner row: take the opposite pit and the pit behind it
  }
  end {
    player to move cannot move: game over
    leftover seeds: each pit's owner
  }
}"#;

#[test]
fn a_board_of_four_rows_is_solved_as_minimax_and_perfect_play_value_it() {
    let rules = variant(SMALL_FOUR_ROWS);
    let solution = Arc::new(solve(&rules, rules.total_seeds() as usize, &|_, _| {}, &Cancel::new()).unwrap());
    // 2 x C(16, 8) = 25,740 positions: every distribution of 8 seeds over 8 pits, either player.
    assert_eq!(solution.positions(), 25_740);
    check_small_positions("four rows", &rules, &solution, 4);
    // Perfect play from the start gets at least the solved value against alpha-beta.
    for (game, (margin, value)) in perfect_against(&rules, &solution, 6, 20).iter().enumerate() {
        assert!(margin >= value, "game {game}: perfect got {margin}, below its value {value}");
    }
    // A move that pauses for its mover's choice is a position no table indexes: refused.
    let choosing = variant(&SMALL_FOUR_ROWS.replace(
        "take the opposite pit and the pit behind it",
        "take the opposite pit, then take an occupied pit of the opponent's, chosen by the mover",
    ));
    let e = solve(&choosing, choosing.total_seeds() as usize, &|_, _| {}, &Cancel::new()).unwrap_err();
    assert!(e.to_string().contains("chosen by the mover"), "{e}");
}

/// The same table, value and depth of every position, whether one thread or several played
/// each layer's moves (saved byte for byte): Bakuk to 16 seeds, Kalah on 2 x 3 to 12, and
/// more threads than a small layer has distributions.
#[test]
fn a_solution_is_the_same_on_one_thread_as_on_several() {
    use sow::play::solve::solve_with;
    let kalah = variant(
        "variant \"Test\" extends \"Kalah\" { source \"test\" board 2 rows of 3 pits, one store per player seeds 2 in each pit }",
    );
    for (rules, seeds) in [(sow::load_rules("bakuk", None).unwrap(), 16), (kalah, 12)] {
        let bytes = |threads: usize| {
            let solution = solve_with(&rules, seeds, threads, &|_, _| {}, &Cancel::new()).unwrap();
            let mut out = Vec::new();
            solution.save(&mut out).unwrap();
            out
        };
        let one = bytes(1);
        assert_eq!(bytes(2), one, "{}: 2 threads", rules.spec().label());
        assert_eq!(bytes(7), one, "{}: 7 threads", rules.spec().label());
    }
}

// ------------------------------------------------------------------------------------------
// Rules a solution cannot value, refused at their line; what stops, and what it may use

/// Runs `sow` with `args` and returns its output, failing the test (and ending the process) if
/// it has not ended within `seconds`: a stop that does not come is a failure, not a hang.
fn sow_within(seconds: u64, args: &[&str]) -> std::process::Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sow"))
        .args(args)
        .env("XDG_CACHE_HOME", concat!(env!("CARGO_TARGET_TMPDIR"), "/cache"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed().as_secs() >= seconds {
            let _ = child.kill();
            panic!("`sow {}` did not end within {seconds} s", args.join(" "));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Bakuk on 2 x 3 pits of 2 seeds, a move starting from a pit of 1 or 2 seeds until the
/// opponent has captured 2, then from a pit holding the most, then from any; a player who
/// cannot move passes (or, `lose`, loses in their last stage).
fn staged(lose: bool) -> String {
    staged_from("2 in each pit", lose)
}

fn staged_from(seeds: &str, lose: bool) -> String {
    let no_move = if lose { "they pass before the last stage, and lose in it" } else { "they pass" };
    format!(
        "variant \"Staged\" extends \"Bakuk\" {{
  source \"test\"
  seeds {seeds}
  turns {{
    until the opponent has captured 2 or more seeds, a move starts from a pit holding 1 or 2, then one move from a pit holding the most seeds, then from any pit
  }}
  end {{
    player to move cannot move: {no_move}
  }}
}}
"
    )
}

/// The four rows of 2 pits of [`SMALL_FOUR_ROWS`], 2 seeds a pit, relaying from an occupied
/// pit, with `sowing` (a direction and a line on relays) and a player without a move passing.
fn relaying(sowing: &str) -> String {
    SMALL_FOUR_ROWS
        .replace("seeds 1 in each pit", "seeds 2 in each pit")
        .replace(
            "    counter-clockwise\n",
            &format!("{sowing}\n    relay when the last seed falls into an occupied pit\n"),
        )
        .replace("player to move cannot move: game over", "player to move cannot move: they pass")
        .replace("leftover seeds: each pit's owner", "leftover seeds: nobody")
}

const RELAY_WAY: &str = "    either way, as the mover chooses\n    a relay sows as a move from its pit would";
const RELAY_DECLINED: &str =
    "    counter-clockwise\n    the mover may decline a relay from the rightmost pit of their outer row";

/// Up to `limit` positions of a game from the start, by the engine alone: told apart by their
/// seeds, captures, player to move, legal moves and the choice a move waits for (not the plies).
fn game_graph(rules: &Rules, limit: usize) -> Vec<State> {
    let rules = rules.with_ply_limit(None);
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([rules.initial_state()]);
    let mut out = Vec::new();
    while let Some(s) = queue.pop_front() {
        let moves: Vec<_> = rules.legal_moves(&s).iter().collect();
        let key = format!("{:?} {:?} {:?} {moves:?} {:?}", s.pits(), s.captured(), s.to_move(), s.pending());
        if out.len() >= limit || !seen.insert(key) {
            continue;
        }
        out.push(s);
        for mv in rules.legal_moves(&s).iter() {
            let mut child = s;
            rules.apply(&mut child, mv);
            queue.push_back(child);
        }
    }
    out
}

#[test]
fn a_game_of_stages_has_positions_of_the_same_seeds_with_different_moves() {
    // Why stages are refused: a player's stage follows the seeds their opponent has captured,
    // so two positions of the same seeds and player to move offer different moves.
    let rules = variant(&staged_from("pit by pit 1 2 2 2 2 1", false));
    let mut moves_of: std::collections::HashMap<(Vec<u8>, Option<usize>), String> = Default::default();
    let mut differ = 0;
    for s in game_graph(&rules, 200_000) {
        let moves = format!("{:?}", rules.legal_moves(&s).iter().collect::<Vec<_>>());
        let known = moves_of.entry((s.pits().to_vec(), s.to_move())).or_insert_with(|| moves.clone());
        differ += usize::from(*known != moves);
    }
    assert!(differ > 0);
}

#[test]
fn a_relay_the_mover_chooses_pauses_the_move() {
    // Why choices within a move are refused: the move stops between two laps, in a position
    // that is not between moves, for the mover's choice.
    for sowing in [RELAY_WAY, RELAY_DECLINED] {
        let rules = variant(&relaying(sowing));
        assert!(game_graph(&rules, 200_000).iter().any(|s| s.pending().is_some()), "{sowing}");
    }
}

#[test]
fn rules_a_solution_cannot_value_are_refused_at_their_line() {
    let dir = scratch("refused");
    let stages_line = "    until the opponent has captured 2 or more seeds, a move starts from a pit holding 1 or 2, then one move from a pit holding the most seeds, then from any pit";
    let cases = [
        (
            "stages",
            staged(false),
            "its rule `until the opponent has captured ..., a move starts from ...` depends on more than the seeds in the pits and the player to move, which is all a solution table holds, so it cannot be solved exactly",
            (5, stages_line, "each player's stage, which the seeds captured so far decide"),
        ),
        (
            "last-stage",
            staged(true),
            "its rule `player to move cannot move: they pass before the last stage, and lose in it` decides the game by a loss, not by the seeds each player ends with, which is what a solution table values, so it cannot be solved exactly",
            (
                8,
                "    player to move cannot move: they pass before the last stage, and lose in it",
                "a loss, whatever the seeds",
            ),
        ),
        (
            "relay-way",
            relaying(RELAY_WAY),
            "its rule `a relay sows as a move from its pit would` asks the mover to choose in the middle of a move, while a solution table holds the positions between moves, so it cannot be solved exactly",
            (12, "    a relay sows as a move from its pit would", "a relay from a pit that sows either way"),
        ),
        (
            "relay-declined",
            relaying(RELAY_DECLINED),
            "its rule `the mover may decline a relay from ...` asks the mover to choose in the middle of a move, while a solution table holds the positions between moves, so it cannot be solved exactly",
            (
                12,
                "    the mover may decline a relay from the rightmost pit of their outer row",
                "the move pauses for the mover's choice",
            ),
        ),
    ];
    for (name, text, message, (line, excerpt, label)) in cases {
        let file = dir.join(format!("{name}.sow"));
        std::fs::write(&file, &text).unwrap();
        let path = file.to_str().unwrap();
        let name_of = text.split('"').nth(1).unwrap();
        let rules = variant(&text);
        // As `sow check` shows a mistake: the line, its place and what it lacks underlined.
        let col = excerpt.len() - excerpt.trim_start().len() + 1;
        let pad = " ".repeat(line.to_string().len());
        let expected = format!(
            "error: {name_of}: {message}\n{pad}--> {path}:{line}:{col}\n{pad} |\n{line} | {excerpt}\n{pad} | {}{} {label}\n",
            " ".repeat(col - 1),
            "^".repeat(excerpt.trim_start().len()),
        );
        for method in ["auto", "table", "search"] {
            let out = sow(&["solve", path, "--method", method]);
            assert_eq!(out.status.code(), Some(2), "{name} {method}");
            assert_eq!(String::from_utf8(out.stderr).unwrap(), expected, "{name} {method}");
            assert!(out.stdout.is_empty());
        }
        // The library's own entry points, as the page and the Python package call them, say
        // the same in one line, the rule's place after its name.
        let place = format!("(test.sow:{line}:{col})");
        let start = rules.initial_state();
        let seeds = rules.total_seeds() as usize;
        let cancel = Cancel::new();
        let errors = [
            sow::play::solve::check_reachable(&rules, seeds).unwrap_err(),
            sow::play::solve::solve_from(&rules, &start, 1, &|_, _| {}, &cancel).unwrap_err(),
            sow::play::solve::solve_with(&rules, seeds, 1, &|_, _| {}, &cancel).unwrap_err(),
            sow::play::solve::search(&rules, &start, &search_options(), Box::new(|_| {}), &cancel)
                .unwrap_err(),
        ];
        for e in errors {
            let e = e.to_string();
            assert!(e.contains(&place) && e.ends_with("so it cannot be solved exactly"), "{name}: {e}");
        }
    }
    // The bundled games that have them: Quela's loss in the last stage, Ô Ăn Quan's big stones
    // (named as such), Oware's repetition.
    for (name, message, line, excerpt, label) in [
        (
            "quela",
            "Quela: its rule `player to move cannot move: they pass before the last stage, and lose in it` decides the game by a loss, not by the seeds each player ends with, which is what a solution table values, so it cannot be solved exactly",
            63,
            "    player to move cannot move: they pass before the last stage, and lose in it",
            "a loss, whatever the seeds",
        ),
        (
            "o-an-quan",
            "Ô Ăn Quan: its rule `each player's ... pit is an end place` with a big stone depends on more than the seeds in the pits and the player to move, which is all a solution table holds, so it cannot be solved exactly",
            40,
            "    each player's leftmost pit is an end place with a big stone",
            "where the big stones are, and who took them",
        ),
        (
            "oware",
            "Oware: its rule `game over when a position repeats since the last capture` depends on more than the seeds in the pits and the player to move, which is all a solution table holds, so it cannot be solved exactly",
            57,
            "    game over when a position repeats since the last capture",
            "the positions since the last capture",
        ),
        (
            "gabata-shoa-i",
            "Gabata (Shoa I): its rule `a pit both players filled belongs to ...` draws at random, while a solution values play without chance, so it cannot be solved exactly",
            91,
            "    a pit both players filled belongs to the player who put in more, drawn at random on a tie",
            "a draw at random",
        ),
    ] {
        let out = sow(&["solve", name]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let trimmed = excerpt.trim_start();
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            format!(
                "error: {message}\n  --> {name} (bundled):{line}:5\n   |\n{line} | {excerpt}\n   |     {} {label}\n",
                "^".repeat(trimmed.chars().count())
            ),
            "{name}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn search_options() -> sow::play::solve::SearchOptions {
    sow::play::solve::SearchOptions { memory: 1 << 24, endgame: None, threads: 1, store: None }
}

#[test]
fn a_time_limit_stops_every_phase_of_a_solve() {
    // Each move of this Koumma relays from the next pit for as long as it is occupied: its
    // positions take minutes to find, and its endgame table as long to build. Either stops
    // at the limit.
    let relay = "when the next pit is occupied: relay from the next pit";
    let out = sow_within(60, &["solve", "koumma", "--set", relay, "--time-limit", "1s"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "error: the time limit ran out before the table of Koumma, {relay} was complete (no layer of positions was solved); a table has no value before it is complete: allow more time, or solve by search (--method search), which reports the bounds it proved\n"
        )
    );
    let out =
        sow_within(60, &["solve", "koumma", "--set", relay, "--method", "search", "--time-limit", "1s"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "error: the time limit ran out while the endgame table of Koumma, {relay} was being built (the seeds finished are saved, where endgame databases are kept): allow more time, or a smaller table (--endgame SEEDS)\n"
        )
    );
    // A search whose value does not settle (Bakuk's play goes round in circles) reports the
    // bounds it proved.
    let out = sow_within(
        60,
        &[
            "solve",
            "bakuk",
            "--set",
            "seeds 8 in each pit",
            "--method",
            "search",
            "--endgame",
            "8",
            "--time-limit",
            "1s",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Bakuk, seeds 8 in each pit: stopped by the time limit after "), "{text}");
    assert!(text.contains(": partial.\n\nThe value of the start for player 1 is at least "), "{text}");
    // A table of layers, solved or not when the limit comes, stops as soon.
    let out = sow_within(
        60,
        &["solve", "bakuk", "--set", "seeds 9 in each pit", "--method", "table", "--time-limit", "1s"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with(
            "error: the time limit ran out before the table of Bakuk, seeds 9 in each pit was complete ("
        ),
        "{err}"
    );
}

#[test]
fn memory_beyond_the_machine_and_an_endgame_beyond_a_table_are_refused() {
    if std::fs::read_to_string("/proc/meminfo").is_ok() {
        for size in ["200G", "1T", "100T"] {
            let out = sow(&["solve", "kalah", "--memory", size]);
            assert_eq!(out.status.code(), Some(2), "{size}");
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(
                err.starts_with("error: --memory ") && err.ends_with(" of memory: give at most that\n"),
                "{err}"
            );
            assert!(err.contains(": this machine has "), "{err}");
        }
        let err = String::from_utf8(sow(&["solve", "kalah", "--memory", "100T"]).stderr).unwrap();
        assert!(err.starts_with("error: --memory 100.0 TiB: this machine has "), "{err}");
    }
    // A table of every position of 24 seeds on 12 pits: 2 x C(36, 12) = 2,503,355,400.
    let out = sow(&["solve", "kalah", "--method", "search", "--endgame", "24"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: Kalah: --endgame 24: an endgame table of every position of up to 24 seeds on 12 pits would hold 2503355400 positions, and a table holds at most 800000000: ask for 21 seeds or fewer\n"
    );
}

#[test]
fn auto_takes_a_table_when_the_positions_reached_fit_the_memory() {
    // Bakuk with 4 seeds a pit, no stores: its 349,472 positions reached fit 4 MiB as a table
    // (10 bytes each, beside a bit for each of its 1,187,550 distributions), not 2 MiB, where
    // the walk that finds them gives up and the start is searched. The value is the same.
    let seeds = "seeds 4 in each pit";
    let table = sow(&["solve", "bakuk", "--set", seeds, "--memory", "4M"]);
    assert_eq!(table.status.code(), Some(0));
    let table = String::from_utf8(table.stdout).unwrap();
    assert!(
        table.starts_with(
            "Bakuk, seeds 4 in each pit: 349472 positions (those a game from the start reaches), solved in "
        ),
        "{table}"
    );
    let searched = sow(&["solve", "bakuk", "--set", seeds, "--memory", "2M"]);
    assert_eq!(searched.status.code(), Some(0));
    let searched = String::from_utf8(searched.stdout).unwrap();
    // (2 MiB - 1,187,550 / 8 bytes) / 10 bytes a position.
    assert!(
        searched.starts_with(
            "Bakuk, seeds 4 in each pit: solved by search (more than 194870 positions can be reached, more than a table holds in 2 MiB of memory) in "
        ),
        "{searched}"
    );
    let verdict = "With perfect play from the start, player 1 wins by 2 seeds (value +2 for player 1).\n";
    assert!(table.contains(verdict) && searched.contains(verdict), "{table}{searched}");
    // With stores sown into, a board of more than 25 million positions is searched at once.
    let kalah = json(&[
        "solve",
        "kalah:empty-capture",
        "--set",
        "board 2 rows of 3 pits, one store per player",
        "--set",
        "seeds 8 in each pit",
        "--memory",
        "16M",
        "--format",
        "json",
    ]);
    assert!(kalah["search"].is_object(), "{kalah}");
}

#[test]
fn a_condition_on_the_seeds_captured_is_refused_at_its_line() {
    // Ako Okwe's captures depend on the seeds the mover has captured so far, which a table's
    // positions do not hold (its values are the seeds won from a position on).
    let line = "    when the mover has captured 0 seeds and the last pit holds 3: take the last pit";
    let out = sow(&["solve", "ako-okwe"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    // After `sow check`'s warning of a pit of one seed, the refusal at the line.
    let expected = format!(
        "error: Ako Okwe: its rule `when ... the mover has captured ... seeds` (in the `when` lines) depends on more than the seeds in the pits and the player to move, which is all a solution table holds, so it cannot be solved exactly\n  --> ako-okwe (bundled):48:5\n   |\n48 | {line}\n   |     {} the seeds captured so far\n",
        "^".repeat(line.trim_start().len())
    );
    assert!(stderr.ends_with(&expected), "{stderr}");
    let rules = sow::load_rules("ako-okwe", Some("murray")).unwrap();
    let e = sow::play::solve::check_rules(&rules).unwrap_err().to_string();
    assert!(e.contains("the mover has captured") && e.ends_with("so it cannot be solved exactly"), "{e}");
}
