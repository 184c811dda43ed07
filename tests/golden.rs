//! Golden playthroughs: whole games replayed by the command line, every board and every
//! capture, compared byte for byte with `tests/golden/*.txt`. Each file starts with the
//! command (`$ sow play bakuk --moves 3,6,...`), then its exact output. The move lists are
//! random games. Every board of every file is also checked against an engine that shares no
//! code with `sow`, so the files are an oracle of the rules, not only a record of what `sow`
//! once printed: the hand-written Bakuk and Koumma of tests/common/handwritten.rs for those
//! games, and for Kalah and Oware the games OpenSpiel recorded (tests/oracles/), from which
//! their move lists are taken. The variants that engine does not know (Ayoayo, Modiar, Tihbat,
//! Um ed-Dyar, Um el Tuweisat, Um el-Bagara, Leb Bbut Ahbochen) have moves checked by hand,
//! listed in [`CHECKED_BY_HAND`], and every file's narration of each move is replayed on its
//! boards ([`narration_agrees_with_every_board`]).
//!
//! `SOW_BLESS=1 cargo test --test golden` rewrites the files from the current output, to be
//! reviewed as a diff.

use std::path::Path;
use std::process::Command;

#[path = "common/bless.rs"]
mod bless;

#[test]
fn golden_playthroughs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = bless::blessing();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut failures = Vec::new();
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "txt")) {
        let text = std::fs::read_to_string(path).unwrap();
        let (command, expected) = text.split_once('\n').unwrap();
        let args: Vec<&str> =
            command.strip_prefix("$ sow ").expect("a command line").split_whitespace().collect();
        let out = Command::new(env!("CARGO_BIN_EXE_sow")).args(&args).output().unwrap();
        assert!(out.status.success(), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
        let actual = String::from_utf8(out.stdout).unwrap();
        if bless {
            std::fs::write(path, format!("{command}\n{actual}")).unwrap();
        } else if actual != expected {
            failures.push(format!("{}:\n--- expected\n{expected}\n--- actual\n{actual}", path.display()));
        }
    }
    assert!(files.len() >= 6, "the golden games are missing");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[path = "common/handwritten.rs"]
mod handwritten;

use handwritten::{Game, Position};

/// The boards a playthrough shows, in order: the seeds of pits 1..N (read off the two rows of
/// each drawing: the north row shows pits N .. N/2 + 1 from left to right, the south row pits
/// 1 .. N/2) and the seeds under it (`captured: ...`, or `in store: ...` on a board with stores).
fn boards(text: &str) -> Vec<(Vec<u8>, Vec<u32>)> {
    let cells = |line: &str| -> Vec<u8> {
        line.split('|').skip(1).filter(|c| !c.trim().is_empty()).map(|c| c.trim().parse().unwrap()).collect()
    };
    let rows: Vec<&str> = text.lines().filter(|l| l.trim_end().ends_with('|')).collect();
    let captured: Vec<Vec<u32>> = text
        .lines()
        .filter_map(|l| l.strip_prefix("captured: ").or_else(|| l.strip_prefix("in store: ")))
        .map(|l| l.split(", ").map(|p| p.rsplit(' ').next().unwrap().parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 2 * captured.len(), "two rows a board");
    rows.chunks(2)
        .zip(captured)
        .map(|(pair, captured)| {
            let (north, south) = (cells(pair[0]), cells(pair[1]));
            assert_eq!(north.len(), south.len(), "rows of equal length");
            let pits = south.iter().chain(north.iter().rev()).copied().collect();
            (pits, captured)
        })
        .collect()
}

/// A golden file: its path, the variant it plays (`bakuk:valdez` with a ruleset), its
/// arguments and its output.
struct Golden {
    path: String,
    named: String,
    args: Vec<String>,
    output: String,
}

impl Golden {
    fn moves(&self) -> Vec<usize> {
        let i = self.args.iter().position(|a| a == "--moves").expect("a move list");
        self.args[i + 1].split(',').map(|m| m.parse().unwrap()).collect()
    }
}

fn goldens() -> Vec<Golden> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            let (command, output) = text.split_once('\n').unwrap();
            let args: Vec<String> =
                command.strip_prefix("$ sow ").unwrap().split_whitespace().map(str::to_string).collect();
            let named = match args.iter().position(|a| a == "--ruleset") {
                Some(i) => format!("{}:{}", args[1], args[i + 1]),
                None => args[1].to_string(),
            };
            Golden { path: path.display().to_string(), named, args, output: output.to_string() }
        })
        .collect()
}

/// Each golden game of Bakuk or Koumma is played again by the hand-written engine, which
/// shares no code with `sow`: every board of the snapshot, its captures and its result must be
/// the ones that engine reaches. The snapshots are then an oracle, not only a record of what
/// `sow` printed. (That engine knows only Bakuk and Koumma: the golden games of Kalah and Oware
/// are OpenSpiel's, checked by the next test.)
#[test]
fn golden_games_agree_with_the_hand_written_engine() {
    let mut checked = Vec::new();
    for golden in goldens() {
        let Golden { path, named, args, output } = &golden;
        let game = match named.as_str() {
            "bakuk" => Game::Bakuk,
            "bakuk:valdez" => Game::Valdez,
            "bakuk:three-player" => Game::ThreePlayer,
            "koumma" => Game::Koumma,
            "kalah" | "oware" => continue,
            _ if CHECKED_BY_HAND.iter().any(|(file, _)| path.ends_with(file)) => continue,
            other => panic!("{path}: no hand-written engine for {other}, and no recorded game"),
        };
        let moves: Vec<usize> = golden.moves().iter().map(|m| m - 1).collect();
        let mut p = game.start();
        let mut positions: Vec<Position> = vec![p];
        for &pit in &moves {
            assert!(!p.over && game.legal(&p).contains(&pit), "{path}: pit {} is illegal", pit + 1);
            game.play(&mut p, pit);
            positions.push(p);
        }
        assert!(p.over, "{path}: the game is not over");
        let scores = &p.captured[..game.players()];
        let result = match game.winner(&p) {
            Some(w) => format!("player {} wins", w + 1),
            None => "a draw".into(),
        };
        if args.iter().any(|a| a == "json") {
            let v: serde_json::Value = serde_json::from_str(output).unwrap();
            assert_eq!(v["pits"], serde_json::json!(p.pits), "{path}");
            assert_eq!(v["score"], serde_json::json!(scores), "{path}");
            assert_eq!(v["winner"], serde_json::json!(game.winner(&p).map(|w| w + 1)), "{path}");
        } else {
            let shown = boards(output);
            assert_eq!(shown.len(), positions.len(), "{path}: the start and each move");
            for (i, (pits, captured)) in shown.iter().enumerate() {
                let here = format!("{path} board {i}");
                assert_eq!(pits.as_slice(), &positions[i].pits[..], "{here}");
                assert_eq!(captured.as_slice(), &positions[i].captured[..game.players()], "{here}");
            }
            assert!(output.trim_end().ends_with(&format!("Result: {result}.")), "{path}");
        }
        checked.push(named.clone());
    }
    for variant in ["bakuk", "bakuk:valdez", "bakuk:three-player", "koumma"] {
        assert!(checked.iter().any(|c| c == variant), "no golden game of {variant}");
    }
}

/// The positions OpenSpiel recorded for a game, in this project's terms: the seeds of pits
/// 1..12 and the seeds of each player's store after each move (the start first); and its final
/// scores and result.
struct Recorded {
    positions: Vec<(Vec<u8>, Vec<u32>)>,
    final_scores: Vec<u32>,
    returns: Vec<i64>,
}

/// The game of `tests/oracles/` with these moves (pit numbers, 1-based), if OpenSpiel recorded
/// it. The formats are those of tests/oracles/README.md.
fn recorded(variant: &str, moves: &[usize]) -> Option<Recorded> {
    let file = match variant {
        "kalah" => "openspiel-kalah-100.jsonl",
        "oware" => "openspiel-oware-100.jsonl",
        _ => return None,
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracles").join(file);
    let numbers = |v: &serde_json::Value| -> Vec<i64> {
        v.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect()
    };
    let byte = |x: &i64| u8::try_from(*x).unwrap();
    let count = |x: &i64| u32::try_from(*x).unwrap();
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let g: serde_json::Value = serde_json::from_str(line).unwrap();
        let players = numbers(&g["players"]);
        // Kalah: action = slot, pit s for player 0 and s - 1 for player 1. Oware: action a of
        // player p is pit 6p + a + 1.
        let pits: Vec<usize> = numbers(&g["moves"])
            .iter()
            .zip(&players)
            .map(|(&a, &p)| if variant == "kalah" { (a - p) as usize } else { (6 * p + a + 1) as usize })
            .collect();
        if pits != moves {
            continue;
        }
        // Kalah: slot 0 is player 2's store, 1..6 player 1's pits, 7 player 1's store, 8..13
        // player 2's pits. Oware: houses 0..11, then the two scores.
        let position = |b: Vec<i64>| -> (Vec<u8>, Vec<u32>) {
            if variant == "kalah" {
                (b[1..7].iter().chain(&b[8..14]).map(byte).collect(), vec![count(&b[7]), count(&b[0])])
            } else {
                (b[..12].iter().map(byte).collect(), b[12..].iter().map(count).collect())
            }
        };
        let mut positions = vec![position(numbers(&g["initial"]))];
        positions.extend(g["boards"].as_array().unwrap().iter().map(|b| position(numbers(b))));
        return Some(Recorded {
            positions,
            final_scores: numbers(&g["final_scores"]).iter().map(count).collect(),
            returns: numbers(&g["returns"]),
        });
    }
    None
}

/// The golden games of Kalah and Oware are games OpenSpiel recorded (tests/oracles/): every
/// board they show, and every store, is OpenSpiel's after the same move, and so are the final
/// scores and the result. (OpenSpiel's Oware empties the board into the stores at the end of a
/// game, where `sow` shows the board as the last move left it and adds each side's seeds to its
/// owner's score: the last board is compared that way.)
#[test]
fn golden_games_of_kalah_and_oware_are_openspiels() {
    let mut checked = Vec::new();
    for golden in goldens().iter().filter(|g| g.named == "kalah" || g.named == "oware") {
        let path = &golden.path;
        let game = recorded(&golden.named, &golden.moves())
            .unwrap_or_else(|| panic!("{path}: not a game of tests/oracles/"));
        let shown = boards(&golden.output);
        assert_eq!(shown.len(), game.positions.len(), "{path}: the start and each move");
        let last = shown.len() - 1;
        for (i, (shown, theirs)) in shown.iter().zip(&game.positions).enumerate() {
            let here = format!("{path} board {i}");
            if golden.named == "oware" && i == last {
                assert!(theirs.0.iter().all(|&s| s == 0), "{here}: OpenSpiel empties the board at the end");
                let side = |p: usize| shown.0[6 * p..6 * p + 6].iter().map(|&s| s as u32).sum::<u32>();
                let ours: Vec<u32> = (0..2).map(|p| shown.1[p] + side(p)).collect();
                assert_eq!(ours, theirs.1, "{here}: stores and each side's seeds");
            } else {
                assert_eq!(shown, theirs, "{here}");
            }
        }
        let s = &game.final_scores;
        let result = match game.returns.as_slice() {
            [1, -1] => "player 1 wins",
            [-1, 1] => "player 2 wins",
            _ => "a draw",
        };
        let end = format!("Score: player 1 {}, player 2 {}. Result: {result}.", s[0], s[1]);
        assert!(golden.output.trim_end().ends_with(&end), "{path}: expected it to end with {end}");
        checked.push(golden.named.clone());
    }
    for variant in ["kalah", "oware"] {
        assert!(checked.iter().any(|c| c == variant), "no golden game of {variant}");
    }
}

/// The golden games of the variants the hand-written engine does not know, and the plies of
/// each worked out by hand from the rules' wording (the board before, the move, the board and
/// captures after). The rest of each game is held to its own narration by
/// [`narration_agrees_with_every_board`].
const CHECKED_BY_HAND: [(&str, &[u32]); 7] = [
    // Ply 1: four relays, five laps (5, 5, 6 and 6 seeds lifted from pits 8, 1, 6 and 12), the
    // last ending in pit 6, empty: it and pit 7 (6) are taken. Ply 5: a relay of 6 from pit 9,
    // ending in pit 3, empty, facing pit 10 (3). Ply 9: pit 4, empty, takes player 2's last
    // seed (pit 9); player 2 cannot move, player 1 scores the 7 on their side: 24 to 24.
    ("ayoayo.txt", &[1, 5, 9]),
    // Ply 1: pit 1 ends with 2, not taken on the first move. Ply 2: pit 1 makes 4, the chain
    // backward takes pit 6 (2) and stops at pit 5 (9). Ply 10: pit 5 makes 4, backward pits 4
    // and 3 (2 each), stopping at pit 2 (1); player 1 keeps two single seeds and cannot move.
    ("modiar.txt", &[1, 2, 10]),
    // Ply 8: pit 3 of player 2's own makes 2. Ply 11: pit 1 makes 8, player 1's own. Ply 14:
    // player 1's pits hold 1 and 0: no move; each side's seeds are its owner's, 15 to 13.
    ("tihbat.txt", &[8, 11, 14]),
    // Ply 4: pit 3 makes 2, the chain backward takes pit 2 (2) and stops at pit 1 (6). Ply 7:
    // a lap of 7 from pit 4, ending in pit 2 (2). Leftovers are nobody's.
    ("um-ed-dyar.txt", &[4, 7]),
    // Ply 1: pit 1 sows clockwise (6 5 4). Ply 4: 5cw sows 4 3 2 1 6. Ply 9: pit 3 makes 2 in
    // pit 6, the chain backward (clockwise) takes 5 and 4; player 2 passes. Ply 10: 2cw.
    ("um-el-tuweisat.txt", &[1, 4, 9, 10]),
    // Ply 1: pit 2 sows clockwise 1 10 9 8 7. Ply 2: 8ccw sows 9 10 1 2 3 4. Ply 11: pit 1
    // clockwise ends in pit 6 (2), the chain backward (counter-clockwise) takes pit 7 (4).
    ("um-el-bagara.txt", &[1, 2, 11]),
    // Ply 5: pit 7 held 6, made 7: relayed, its lap ending in pit 6 (2), taken; the chain
    // backward stops at pit 5 (7). Ply 14: pit 3 makes 4, backward pits 2 and 1 (2 each).
    // Ply 18: player 1 cannot feed; the 2 seeds left, on player 1's side, go to player 2.
    ("leb-bbut-ahbochen-2x4.txt", &[5, 14, 18]),
];

#[test]
fn every_golden_game_has_a_check_independent_of_sow() {
    for golden in goldens() {
        let file = Path::new(&golden.path).file_name().unwrap().to_str().unwrap().to_string();
        let oracle = matches!(
            golden.named.as_str(),
            "bakuk" | "bakuk:valdez" | "bakuk:three-player" | "koumma" | "kalah" | "oware"
        );
        let by_hand = CHECKED_BY_HAND.iter().find(|(f, _)| *f == file);
        assert!(
            oracle || by_hand.is_some(),
            "{file}: neither an engine of its own nor moves checked by hand"
        );
        if let Some((_, plies)) = by_hand {
            assert!(plies.len() >= 2, "{file}: at least two moves checked by hand");
            assert!(golden.output.contains("\ngame over after "), "{file}: the game reaches its end");
        }
    }
    for (file, _) in CHECKED_BY_HAND {
        assert!(goldens().iter().any(|g| g.path.ends_with(file)), "{file}: no such golden game");
    }
}

/// A board of a playthrough, as [`boards`] reads it.
type Board = (Vec<u8>, Vec<u32>);

/// Plays the narration of one move (`ply 3: player 1 plays pit 2 (5 seeds): sows 3 4, lifts 2
/// from pit 4 and sows 5 6; last seed in pit 6 (made 1): captures 1 from pit 6 and 3 from pit
/// 7, 4 in all; ...`) on the board before it: the seeds lifted from each pit must be the seeds
/// it held, each seed goes where the narration says (`S1` is player 1's store), each capture
/// takes what the pit held into the mover's store.
fn narrate(line: &str, before: &Board) -> Result<Board, String> {
    let (mut pits, mut captured) = before.clone();
    let n = pits.len();
    let (head, rest) = line.split_once("): sows ").ok_or("no `sows`")?;
    let words: Vec<&str> = head.split_whitespace().collect();
    let mover: usize = words[3].parse::<usize>().map_err(|e| e.to_string())? - 1;
    let pit: usize = words[6].parse::<usize>().map_err(|e| e.to_string())? - 1;
    let lifted: u8 =
        head.rsplit_once('(').ok_or("no seeds lifted")?.1.split(' ').next().unwrap().parse().unwrap();
    let (laps, after) = rest.split_once("; ").ok_or("no `;`")?;
    let lift = |pit: usize, seeds: u8, pits: &mut Vec<u8>| -> Result<(), String> {
        if pits[pit] != seeds {
            return Err(format!("pit {} holds {}, not the {seeds} lifted", pit + 1, pits[pit]));
        }
        pits[pit] = 0;
        Ok(())
    };
    lift(pit, lifted, &mut pits)?;
    for (i, lap) in laps.split(", lifts ").enumerate() {
        let places = if i == 0 {
            lap
        } else {
            let (relay, places) = lap.split_once(" and sows ").ok_or("a relay without `and sows`")?;
            let (seeds, from) = relay.split_once(" from pit ").ok_or("a relay without `from pit`")?;
            lift(from.parse::<usize>().unwrap() - 1, seeds.parse().unwrap(), &mut pits)?;
            places
        };
        for place in places.split(' ') {
            match place.strip_prefix('S') {
                Some(store) => captured[store.parse::<usize>().unwrap() - 1] += 1,
                None => pits[place.parse::<usize>().unwrap() - 1] += 1,
            }
        }
    }
    if let Some((_, caps)) = after.split_once("captures ") {
        let caps = caps.split(';').next().unwrap().replace(" and ", ", ");
        for cap in caps.split(", ").filter(|c| c.contains(" from pit ")) {
            let (seeds, from) = cap.split_once(" from pit ").unwrap();
            let (seeds, from): (u8, usize) = (seeds.parse().unwrap(), from.parse::<usize>().unwrap() - 1);
            if pits[from] != seeds {
                return Err(format!("pit {} holds {}, not the {seeds} captured", from + 1, pits[from]));
            }
            pits[from] = 0;
            captured[mover] += seeds as u32;
        }
    }
    assert!(pits.len() == n);
    Ok((pits, captured))
}

/// Every move of every text playthrough, played from its narration on the board before it,
/// gives the board drawn after it, stores and captures included, and keeps every seed. This
/// holds the files to their own words, whatever engine made them.
#[test]
fn narration_agrees_with_every_board() {
    let mut moves = 0;
    for golden in goldens().iter().filter(|g| !g.args.iter().any(|a| a == "json")) {
        let path = &golden.path;
        let shown = boards(&golden.output);
        let plies: Vec<&str> = golden.output.lines().filter(|l| l.starts_with("ply ")).collect();
        assert_eq!(plies.len() + 1, shown.len(), "{path}: a board for the start and each move");
        let total = |b: &Board| b.0.iter().map(|&s| s as u32).sum::<u32>() + b.1.iter().sum::<u32>();
        for (i, line) in plies.iter().enumerate() {
            let after = narrate(line, &shown[i]).unwrap_or_else(|e| panic!("{path}: {line}: {e}"));
            assert_eq!(after, shown[i + 1], "{path}: {line}");
            assert_eq!(total(&shown[i + 1]), total(&shown[0]), "{path}: {line}: seeds kept");
            moves += 1;
        }
    }
    assert!(moves > 200, "{moves} moves");
}
