//! `sow merge` of results files changed by hand or damaged: every number and every list of a
//! real shard's JSON is changed in turn (a huge number, zero, a list one item short or long),
//! and the merge must either succeed or refuse with exit 2 and a message: never panic (the
//! tests run with overflow checks on), hang or run out of memory.

use serde_json::Value;

#[path = "common/cli.rs"]
mod cli;

use cli::{Dir, run};

/// Every changed copy of `v`: each number made huge and made zero, each list cut by its last
/// item and grown by a copy of its first.
fn damaged(v: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    match v {
        Value::Number(n) => {
            out.push(Value::from(u64::MAX - 1));
            if n.as_u64() != Some(0) {
                out.push(Value::from(0));
            }
        }
        Value::Array(items) => {
            if let Some(first) = items.first() {
                let mut short = items.clone();
                short.pop();
                out.push(Value::Array(short));
                let mut long = items.clone();
                long.push(first.clone());
                out.push(Value::Array(long));
            }
            for (i, item) in items.iter().enumerate() {
                for d in damaged(item) {
                    let mut copy = items.clone();
                    copy[i] = d;
                    out.push(Value::Array(copy));
                }
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                for d in damaged(item) {
                    let mut copy = map.clone();
                    copy.insert(k.clone(), d);
                    out.push(Value::Object(copy));
                }
            }
        }
        _ => {}
    }
    out
}

/// Merges every damaged copy of `first` (only the counts: figures are computed again) with
/// `second`.
fn merge_every_damage(dir: &Dir, first: &str, second: &str, counts: &dyn Fn(&Value) -> Vec<(String, Value)>) {
    let whole: Value = serde_json::from_str(&std::fs::read_to_string(first).unwrap()).unwrap();
    let mut tried = 0;
    let mut failed = Vec::new();
    for (pointer, part) in counts(&whole) {
        for d in damaged(&part) {
            let mut copy = whole.clone();
            *copy.pointer_mut(&pointer).unwrap() = d;
            let path = dir.path("damaged.json");
            std::fs::write(&path, serde_json::to_string(&copy).unwrap()).unwrap();
            let (code, _, err) = run(&["merge", &path, second, "--format", "json"]);
            if !(code == 0 || (code == 2 && err.starts_with("error: "))) || err.contains("panicked") {
                failed.push(format!(
                    "{pointer}: {code} {}",
                    err.lines().find(|l| l.contains("panicked")).unwrap_or(&err)
                ));
            }
            tried += 1;
        }
    }
    assert!(failed.is_empty(), "{} of {tried} damaged files:\n{}", failed.len(), failed.join("\n"));
    assert!(tried > 50, "{tried}");
}

#[test]
fn damaged_simulation_shards_never_crash_merge() {
    let dir = Dir::new("merge-damaged", "simulate");
    let (s1, s2) = (dir.path("s1.json"), dir.path("s2.json"));
    for (shard, out) in [("1/2", &s1), ("2/2", &s2)] {
        let (code, _, err) =
            run(&["simulate", "bakuk", "--games", "200", "--shard", shard, "--out", out, "--jobs", "1"]);
        assert_eq!((code, err.as_str()), (0, ""));
    }
    merge_every_damage(&dir, &s1, &s2, &|v| {
        let mut out = vec![("/Bakuk/run".to_string(), v["Bakuk"]["run"].clone())];
        out.push(("/Bakuk/tally".to_string(), v["Bakuk"]["tally"].clone()));
        out
    });
}

#[test]
fn damaged_tournament_shards_never_crash_merge() {
    let dir = Dir::new("merge-damaged", "tournament");
    let file = dir.path("t.yaml");
    std::fs::write(
        &file,
        "variants: [bakuk]\nparticipants: [random, greedy, {name: r, agent: random}]\ngames: 4\nopenings: {every: 1}\nskill_trace: {from: 1, to: 2, games: 2}\n",
    )
    .unwrap();
    let (s1, s2) = (dir.path("s1.json"), dir.path("s2.json"));
    for (shard, out) in [("1/2", &s1), ("2/2", &s2)] {
        let (code, _, err) = run(&["tournament", &file, "--shard", shard, "--out", out, "--jobs", "1"]);
        assert_eq!((code, err.as_str()), (0, ""));
    }
    merge_every_damage(&dir, &s1, &s2, &|v| {
        let mut out = Vec::new();
        for (k, _) in v["tournament"].as_object().unwrap() {
            out.push((format!("/tournament/{k}"), v["tournament"][k].clone()));
        }
        for key in ["tally", "opening_moves", "opening_values"] {
            out.push((format!("/variants/0/{key}"), v["variants"][0][key].clone()));
        }
        out
    });
}
