//! Golden playthroughs: whole games replayed by the command line, every board and every
//! capture, compared byte for byte with `tests/golden/*.txt`. Each file starts with the
//! command (`$ sow play bakuk --moves 3,6,...`), then its exact output. The move lists are
//! random games. Every board of every file is also checked against an engine that shares no
//! code with `sow`, so the files are an oracle of the rules, not only a record of what `sow`
//! once printed: the hand-written Bakuk and Koumma of tests/common/handwritten.rs for those
//! games, and for Kalah and Oware the games OpenSpiel recorded (tests/oracles/), from which
//! their move lists are taken.
//!
//! `SOW_BLESS=1 cargo test --test golden` rewrites the files from the current output, to be
//! reviewed as a diff.

use std::path::Path;
use std::process::Command;

#[test]
fn golden_playthroughs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var_os("SOW_BLESS").is_some();
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
