//! Every output option of every command, as a process: when a run fails (bad input, another
//! output that cannot be written, an output that is one of its inputs), the files already at
//! the output paths are left byte for byte as they were, and no file is added or removed.
//!
//! The runs are tiny (a few games, a variant solved in moments), so the file runs in seconds.

use std::collections::BTreeMap;

#[path = "common/cli.rs"]
mod cli;

use cli::Dir;

/// What the tests here do in a folder of their own, where `sow` runs.
impl Dir {
    /// Runs `sow` in the folder: (status, stdout, stderr).
    fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = cli::sow().current_dir(&self.0).args(args).output().unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    }

    /// Runs `sow`, which must succeed.
    fn ok(&self, args: &[&str]) -> String {
        let (code, out, err) = self.run(args);
        assert_eq!((code, err.as_str()), (0, ""), "sow {args:?}");
        out
    }

    /// Every file of the folder (hidden ones too: a temporary file left behind would show)
    /// and its bytes.
    fn snapshot(&self) -> BTreeMap<String, Vec<u8>> {
        std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap())
            .filter(|e| e.file_type().unwrap().is_file())
            .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
            .collect()
    }

    /// Runs `sow`, which must fail with exit status 2 and exactly `message`, and leave every
    /// file of the folder as it was.
    fn refused(&self, args: &[&str], message: &str) {
        let before = self.snapshot();
        let (code, out, err) = self.run(args);
        assert_eq!((code, out.as_str(), err.as_str()), (2, "", message), "sow {args:?}");
        assert!(self.snapshot() == before, "sow {args:?} changed the files of {}", self.0.display());
    }

    /// Runs `sow`, which must fail with exit status 2 (the message is another test's) and
    /// leave every file of the folder as it was.
    fn fails(&self, args: &[&str]) {
        let before = self.snapshot();
        let (code, out, _) = self.run(args);
        assert_eq!((code, out.as_str()), (2, ""), "sow {args:?}");
        assert!(self.snapshot() == before, "sow {args:?} changed the files of {}", self.0.display());
    }

    /// Puts a file with known bytes at each of `names`, so that a change shows.
    fn existing(&self, names: &[&str]) {
        for n in names {
            self.write(n, &format!("the old {n}, to be kept\n"));
        }
    }
}

/// A variant file of its own, small and quick.
const VARIANT: &str = "variant \"Mine\" extends \"Bakuk\" {\n  source \"a test\" at \"https://example.org\"\n  seeds 2 in each pit\n}\n";

const TOURNAMENT: &str = "name: t\nvariants: [v.sow]\nparticipants: [random, greedy]\ngames: 4\n";

fn no_folder(option: &str) -> String {
    format!("error: {option} `missing/x`: there is no folder `missing`\n")
}

#[test]
fn simulate_leaves_its_outputs_alone_when_it_fails() {
    let d = Dir::new("outputs", "simulate");
    d.write("v.sow", VARIANT);
    d.existing(&["o.json", "p.svg", "r.jsonl"]);
    let all = ["--out", "o.json", "--plot", "p.svg", "--record", "r.jsonl"];
    let run = |extra: &[&'static str]| [&["simulate", "v.sow", "--games", "10"][..], extra].concat();
    // Bad input.
    d.fails(&[&["simulate", "nosuch", "--games", "10"][..], &all].concat());
    d.refused(
        &[&["simulate", "v.sow", "--games", "0"][..], &all].concat(),
        "error: --games 0: a run needs at least one game\n",
    );
    // Each output in turn cannot be written: the others are kept.
    for option in ["--out", "--record"] {
        let mut args = all.to_vec();
        let at = args.iter().position(|a| *a == option).unwrap();
        args[at + 1] = "missing/x";
        d.refused(&run(&args), &no_folder(option));
    }
    let mut args = all.to_vec();
    args[3] = "missing/x.svg";
    d.refused(&run(&args), "error: --plot `missing/x.svg`: there is no folder `missing`\n");
    // An output that is an input: the variant file, however it is named, or a player's script.
    d.refused(
        &run(&["--out", "o.json", "--record", "v.sow"]),
        "error: --record `v.sow` would overwrite the variant file, which this run reads: write the output to another file\n",
    );
    d.refused(
        &run(&["--out", "./v.sow", "--record", "r.jsonl"]),
        "error: --out `./v.sow` would overwrite the variant file (`v.sow`), which this run reads: write the output to another file\n",
    );
    d.write("moves.txt", "1 2 3\n");
    d.refused(
        &run(&["--players", "script:moves.txt,random", "--fallback", "random", "--record", "moves.txt"]),
        "error: --record `moves.txt` would overwrite the script of a player, which this run reads: write the output to another file\n",
    );
}

#[cfg(unix)]
#[test]
fn an_input_is_known_by_its_identity_not_its_name() {
    let d = Dir::new("outputs", "identity");
    d.write("v.sow", VARIANT);
    // A hard link is the same file under another name, in another folder's spelling.
    std::fs::hard_link(d.0.join("v.sow"), d.0.join("pic.svg")).unwrap();
    d.refused(
        &["simulate", "v.sow", "--games", "10", "--plot", "pic.svg"],
        "error: --plot `pic.svg` would overwrite the variant file (`v.sow`), which this run reads: write the output to another file\n",
    );
    // A file that a variant extends is read too.
    d.write("w.sow", &VARIANT.replace("\"Mine\" extends \"Bakuk\"", "\"W\" extends \"v.sow\""));
    let base = d.0.join("v.sow").canonicalize().unwrap();
    d.refused(
        &["simulate", "w.sow", "--games", "10", "--record", "v.sow"],
        &format!(
            "error: --record `v.sow` would overwrite a variant file that the variant extends (`{}`), which this run reads: write the output to another file\n",
            base.display()
        ),
    );
    // An output that does not exist yet is no input: the run goes ahead.
    d.ok(&["simulate", "v.sow", "--games", "10", "--plot", "new.svg"]);
    assert!(d.snapshot().contains_key("new.svg"));
}

#[test]
fn tournament_leaves_its_outputs_and_records_alone_when_it_fails() {
    let d = Dir::new("outputs", "tournament");
    d.write("v.sow", VARIANT);
    d.write("t.yaml", TOURNAMENT);
    d.existing(&["o.json", "p.svg", "r.jsonl"]);
    let all = ["--out", "o.json", "--plot", "p.svg", "--record", "r.jsonl"];
    let run = |extra: &[&'static str]| [&["tournament", "t.yaml"][..], extra].concat();
    // Bad input.
    d.write("bad.yaml", &TOURNAMENT.replace("games: 4", "games: many"));
    d.fails(&[&["tournament", "bad.yaml"][..], &all].concat());
    d.fails(&[&["tournament", "nosuch.yaml"][..], &all].concat());
    // An existing record file is not emptied when another output cannot be written.
    for option in ["--out", "--record"] {
        let mut args = all.to_vec();
        let at = args.iter().position(|a| *a == option).unwrap();
        args[at + 1] = "missing/x";
        d.refused(&run(&args), &no_folder(option));
    }
    let mut args = all.to_vec();
    args[3] = "missing/x.svg";
    d.refused(&run(&args), "error: --plot `missing/x.svg`: there is no folder `missing`\n");
    // Nor are records to resume, not even a last line cut short.
    d.ok(&run(&["--record", "games.jsonl"]));
    let records = std::fs::read_to_string(d.0.join("games.jsonl")).unwrap();
    d.write("games.jsonl", &records[..records.len() - 10]);
    d.refused(&run(&["--resume", "games.jsonl", "--out", "missing/x"]), &no_folder("--out"));
    d.refused(
        &run(&["--resume", "games.jsonl", "--plot", "missing/x.svg"]),
        "error: --plot `missing/x.svg`: there is no folder `missing`\n",
    );
    // An output that is an input: the tournament file, however it is named, or a variant's.
    d.refused(
        &run(&["--record", "t.yaml"]),
        "error: --record `t.yaml` would overwrite the tournament file, which this run reads: write the output to another file\n",
    );
    d.refused(
        &run(&["--record", "./t.yaml"]),
        "error: --record `./t.yaml` would overwrite the tournament file (`t.yaml`), which this run reads: write the output to another file\n",
    );
    d.refused(
        &run(&["--resume", "t.yaml"]),
        "error: --resume `t.yaml` would overwrite the tournament file, which this run reads: write the output to another file\n",
    );
    d.refused(
        &run(&["--out", "v.sow"]),
        "error: --out `v.sow` would overwrite the variant file, which this run reads: write the output to another file\n",
    );
}

#[test]
fn solve_leaves_its_outputs_alone_when_it_fails() {
    let d = Dir::new("outputs", "solve");
    d.write("v.sow", VARIANT);
    d.existing(&["s.bin", "p.svg"]);
    d.fails(&["solve", "nosuch", "--out", "s.bin"]);
    d.fails(&["solve", "nosuch", "--vary", "seeds {1..2} in each pit", "--plot", "p.svg"]);
    d.fails(&["solve", "v.sow", "--out", "s.bin", "--solution", "s.bin"]);
    d.refused(&["solve", "v.sow", "--out", "missing/x"], &no_folder("--out"));
    d.refused(
        &["solve", "v.sow", "--out", "./v.sow"],
        "error: --out `./v.sow` would overwrite the variant file (`v.sow`), which this run reads: write the output to another file\n",
    );
    d.write("v.svg", VARIANT);
    d.refused(
        &["solve", "./v.svg", "--vary", "seeds {1..2} in each pit", "--plot", "v.svg"],
        "error: --plot `v.svg` would overwrite the variant file (`./v.svg`), which this run reads: write the output to another file\n",
    );
    assert_eq!(d.snapshot()["s.bin"], b"the old s.bin, to be kept\n");
}

#[test]
fn merge_leaves_its_outputs_alone_when_it_fails() {
    let d = Dir::new("outputs", "merge");
    for k in 1..=2 {
        d.ok(&[
            "simulate",
            "bakuk",
            "--games",
            "10",
            "--shard",
            &format!("{k}/2"),
            "--out",
            &format!("a{k}.json"),
        ]);
    }
    d.write("t.yaml", &TOURNAMENT.replace("v.sow", "bakuk"));
    for k in 1..=2 {
        d.ok(&["tournament", "t.yaml", "--shard", &format!("{k}/2"), "--out", &format!("t{k}.json")]);
    }
    d.existing(&["o.json", "p.svg"]);
    d.write("e.json", "{}");
    for shards in [["a1.json", "a2.json"], ["t1.json", "t2.json"]] {
        let run = |extra: &[&'static str]| [&["merge"][..], &shards[..], extra].concat();
        let all = ["--out", "o.json", "--plot", "p.svg"];
        d.refused(
            &[&["merge", shards[0], "e.json"][..], &all].concat(),
            if shards[0] == "a1.json" {
                "error: `e.json` holds no results: merge the files that `--shard K/N --out FILE.json` wrote\n"
            } else {
                "error: `e.json` holds no tournament results: merge the shards of one tournament\n"
            },
        );
        d.refused(&run(&["--out", "missing/x", "--plot", "p.svg"]), &no_folder("--out"));
        d.refused(
            &run(&["--out", "o.json", "--plot", "missing/x.svg"]),
            "error: --plot `missing/x.svg`: there is no folder `missing`\n",
        );
        d.refused(
            &run(&["--out", shards[1]]),
            &format!("error: --out `{}` would overwrite one of the results merged, which this run reads: write the output to another file\n", shards[1]),
        );
        d.refused(
            &run(&["--plot", "o.json"]),
            "error: --plot `o.json`: the picture is an SVG file: name it FILE.svg\n",
        );
    }
}
