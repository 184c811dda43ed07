//! Golden playthroughs: whole games replayed by the command line, every board and every
//! capture, compared byte for byte with `tests/golden/*.txt`. Each file starts with the
//! command (`$ sow play bakuk --moves 3,6,...`), then its exact output. The move lists are
//! random games. Every board of every file is also checked against the hand-written Bakuk
//! and Koumma of tests/common/handwritten.rs, so the files are an oracle of the rules, not
//! only a record of what `sow` once printed.
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

/// The boards a playthrough shows, in order: the seeds of pits 1..6 (read off the two rows of
/// each drawing: the north row shows pits 6 5 4, the south row 1 2 3) and the captures under
/// it.
fn boards(text: &str) -> Vec<([u8; 6], Vec<u32>)> {
    let cells = |line: &str| -> Vec<u8> {
        line.split('|').skip(1).filter(|c| !c.trim().is_empty()).map(|c| c.trim().parse().unwrap()).collect()
    };
    let rows: Vec<&str> = text.lines().filter(|l| l.trim_end().ends_with('|')).collect();
    let captured: Vec<Vec<u32>> = text
        .lines()
        .filter_map(|l| l.strip_prefix("captured: "))
        .map(|l| l.split(", ").map(|p| p.rsplit(' ').next().unwrap().parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 2 * captured.len(), "two rows a board");
    rows.chunks(2)
        .zip(captured)
        .map(|(pair, captured)| {
            let (north, south) = (cells(pair[0]), cells(pair[1]));
            let pits = [south[0], south[1], south[2], north[2], north[1], north[0]];
            (pits, captured)
        })
        .collect()
}

/// Each golden game is played again by the hand-written engine, which shares no code with
/// `sow`: every board of the snapshot, its captures and its result must be the ones that
/// engine reaches. The snapshots are then an oracle, not only a record of what `sow` printed.
#[test]
fn golden_games_agree_with_the_hand_written_engine() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut checked = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let (command, output) = text.split_once('\n').unwrap();
        let args: Vec<&str> = command.strip_prefix("$ sow ").unwrap().split_whitespace().collect();
        let named = match args.iter().position(|&a| a == "--ruleset") {
            Some(i) => format!("{}:{}", args[1], args[i + 1]),
            None => args[1].to_string(),
        };
        let game = match named.as_str() {
            "bakuk" => Game::Bakuk,
            "bakuk:valdez" => Game::Valdez,
            "bakuk:three-player" => Game::ThreePlayer,
            "koumma" => Game::Koumma,
            other => panic!("{}: no hand-written engine for {other}", path.display()),
        };
        let moves = args.iter().position(|&a| a == "--moves").map(|i| args[i + 1]).unwrap();
        let moves: Vec<usize> = moves.split(',').map(|m| m.parse::<usize>().unwrap() - 1).collect();
        let mut p = game.start();
        let mut positions: Vec<Position> = vec![p];
        for &pit in &moves {
            assert!(
                !p.over && game.legal(&p).contains(&pit),
                "{}: pit {} is illegal",
                path.display(),
                pit + 1
            );
            game.play(&mut p, pit);
            positions.push(p);
        }
        assert!(p.over, "{}: the game is not over", path.display());
        let scores = &p.captured[..game.players()];
        let result = match game.winner(&p) {
            Some(w) => format!("player {} wins", w + 1),
            None => "a draw".into(),
        };
        if args.contains(&"json") {
            let v: serde_json::Value = serde_json::from_str(output).unwrap();
            assert_eq!(v["pits"], serde_json::json!(p.pits), "{}", path.display());
            assert_eq!(v["score"], serde_json::json!(scores), "{}", path.display());
            assert_eq!(v["winner"], serde_json::json!(game.winner(&p).map(|w| w + 1)), "{}", path.display());
        } else {
            let shown = boards(output);
            assert_eq!(shown.len(), positions.len(), "{}: the start and each move", path.display());
            for (i, (pits, captured)) in shown.iter().enumerate() {
                let here = format!("{} board {i}", path.display());
                assert_eq!(pits, &positions[i].pits, "{here}");
                assert_eq!(captured.as_slice(), &positions[i].captured[..game.players()], "{here}");
            }
            assert!(output.trim_end().ends_with(&format!("Result: {result}.")), "{}", path.display());
        }
        checked.push(named);
    }
    for variant in ["bakuk", "bakuk:valdez", "bakuk:three-player", "koumma"] {
        assert!(checked.iter().any(|c| c == variant), "no golden game of {variant}");
    }
}
