//! The page of `sow serve` in a real browser: headless Chromium driven over WebDriver
//! (`chromedriver`, Debian's `chromium-driver`). A whole game of Bakuk played by clicks ends on
//! the board `sow play` gives for its moves; a pit that sows either way asks which; the editor
//! shows a located mistake. Screenshots of the page, on a laptop's screen and a phone's, are
//! written to `target/screenshots/` to be looked at.
//!
//! Without Chromium and its driver the tests say so and pass, except in CI (`CI=true`), where
//! a missing browser fails them (`src/lib.rs`).

use fantoccini::Locator;
use serde_json::json;

use sow_browser::{fetched, played, press, screenshot, start, texts, until};

#[tokio::test(flavor = "current_thread")]
async fn a_whole_game_played_by_clicks_ends_on_the_board_sow_play_gives() {
    let Some(setup) = start() else { return };
    let address = &setup.address;
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{address}?variant=bakuk&players=human,human&animate=0")).await.unwrap();
    let mut clicks = 0;
    loop {
        let result = c.find(Locator::Css("[data-testid=result]")).await.unwrap().text().await.unwrap();
        if !result.is_empty() {
            break;
        }
        // The first pit the player to move may play, or else the first choice offered.
        let pits = c.find_all(Locator::Css("[data-pit].playable")).await.unwrap();
        let target = match pits.into_iter().next() {
            Some(p) => p,
            None => c.find(Locator::Css("#choices button")).await.unwrap(),
        };
        target.click().await.unwrap();
        clicks += 1;
        until("the move to be listed", || async {
            (texts(&c, "[data-testid=moves] li .move").await.len() >= clicks).then_some(())
        })
        .await;
        assert!(clicks < 500, "the game does not end");
    }
    let moves = texts(&c, "[data-testid=moves] li .move").await;
    let expected = played("bakuk", &moves);
    // Pit by pit, in the order of their numbers, as one read.
    let found = c
        .execute(
            "return [...document.querySelectorAll('[data-pit]')].sort((a, b) => a.dataset.pit - b.dataset.pit).map(e => Number(e.textContent))",
            vec![],
        )
        .await
        .unwrap();
    let pits: Vec<u64> = serde_json::from_value(found).unwrap();
    assert_eq!(json!(pits), expected["pits"], "{moves:?}");
    let result = c.find(Locator::Css("[data-testid=result]")).await.unwrap().text().await.unwrap();
    let score = expected["score"].as_array().unwrap();
    assert!(result.ends_with(&format!("({} to {})", score[0], score[1])), "{result}");
    screenshot(&c, "bakuk-finished.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_pit_that_sows_either_way_asks_which() {
    let Some(setup) = start() else { return };
    let address = &setup.address;
    let c = setup.browser(412, 915).await;
    c.goto(&format!("{address}?variant=o-an-quan&players=human,human&animate=0")).await.unwrap();
    let pit =
        until("the board", || async { c.find(Locator::Css("[data-pit='3'].playable")).await.ok() }).await;
    screenshot(&c, "o-an-quan-phone.png").await;
    pit.click().await.unwrap();
    let ways = texts(&c, "#choices button").await;
    assert_eq!(ways, ["3cw (clockwise)", "3ccw (counter-clockwise)"]);
    c.find(Locator::Css("#choices button[data-move='3ccw']")).await.unwrap().click().await.unwrap();
    let listed = until("the move", || async {
        let m = texts(&c, "[data-testid=moves] li .move").await;
        (!m.is_empty()).then_some(m)
    })
    .await;
    assert_eq!(listed, ["3ccw"]);
    let expected = played("o-an-quan", &listed);
    let to_move = c.find(Locator::Css("[data-testid=to-move]")).await.unwrap().text().await.unwrap();
    assert_eq!(to_move, format!("Player {} to move", expected["to_move"]));
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn the_editor_shows_a_located_mistake() {
    let Some(setup) = start() else { return };
    let address = &setup.address;
    let c = setup.browser(1280, 900).await;
    c.goto(address).await.unwrap();
    let editor = until("the editor", || async { c.find(Locator::Id("source")).await.ok() }).await;
    editor.clear().await.unwrap();
    editor
        .send_keys("variant \"X\" extends \"Bakuk\" {\n  source \"test\"\n  seeds x in each pit\n}\n")
        .await
        .unwrap();
    let shown = until("the message", || async {
        let t = c.find(Locator::Id("diagnostics")).await.ok()?.text().await.ok()?;
        t.contains("unexpected word").then_some(t)
    })
    .await;
    assert!(shown.contains("--> the editor:3:9"), "{shown}");
    assert!(shown.contains("seeds x in each pit"), "{shown}");
    assert!(!c.find(Locator::Id("play-this")).await.unwrap().is_enabled().await.unwrap());
    screenshot(&c, "editor-mistake.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn undo_takes_back_an_agents_reply_with_the_move_before_it() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=kalah&players=human,greedy&animate=0", setup.address)).await.unwrap();
    // Pit 1 sows into pits 2 to 5: the turn passes, and greedy replies.
    let pit =
        until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    pit.click().await.unwrap();
    let moves = until("greedy's reply", || async {
        let m = texts(&c, "[data-testid=moves] li .move").await;
        (m.len() >= 2 && texts(&c, "[data-testid=to-move]").await == ["Player 1 to move"]).then_some(m)
    })
    .await;
    assert_eq!(moves[0], "1");
    c.find(Locator::Id("undo")).await.unwrap().click().await.unwrap();
    until("the start again", || async {
        texts(&c, "[data-testid=moves] li .move").await.is_empty().then_some(())
    })
    .await;
    let pits = texts(&c, "[data-pit]").await;
    assert!(pits.iter().all(|p| p == "4"), "{pits:?}");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn an_animated_move_ends_on_the_position_sow_play_gives() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    // Bakuk's pit 6, after 3,6,2: a long sowing that captures two pits.
    c.goto(&format!("{}?variant=bakuk&players=human,human&moves=3,6,2", setup.address)).await.unwrap();
    let pit =
        until("the board", || async { c.find(Locator::Css("[data-pit='6'].playable")).await.ok() }).await;
    pit.click().await.unwrap();
    let moves = until("the move", || async {
        let m = texts(&c, "[data-testid=moves] li .move").await;
        (m.len() == 4).then_some(m)
    })
    .await;
    // Sown seed by seed: the pit played was emptied, and is not yet what the move leaves.
    let expected = played("bakuk", &moves);
    let board = || async {
        let found = c
            .execute(
                "return [...document.querySelectorAll('[data-pit]')].sort((a, b) => a.dataset.pit - b.dataset.pit).map(e => Number(e.textContent))",
                vec![],
            )
            .await
            .unwrap();
        serde_json::from_value::<Vec<u64>>(found).unwrap()
    };
    let during = board().await;
    assert_ne!(json!(during), expected["pits"], "the move was not animated");
    // Some frames in: a pit being sown is lit.
    tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    screenshot(&c, "bakuk-sowing.png").await;
    let end = until("the end of the animation", || async {
        let pits = board().await;
        (json!(pits) == expected["pits"]).then_some(pits)
    })
    .await;
    // And it stays there.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(board().await, end);
    assert!(texts(&c, "#board .sowing").await.is_empty());
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn the_rules_are_compared_with_another_variant() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=bakuk", setup.address)).await.unwrap();
    let option = until("the variants to compare with", || async {
        c.find(Locator::Css(r#"#compare option[value='{"variant":"koumma","ruleset":null}']"#)).await.ok()
    })
    .await;
    option.click().await.unwrap();
    let rows = until("the differences", || async {
        let rows = texts(&c, "[data-testid=diff] tbody td:first-child").await;
        (!rows.is_empty()).then_some(rows)
    })
    .await;
    let a = sow::lang::check::check(&sow::lang::library::load("bakuk").unwrap(), None).unwrap().0;
    let b = sow::lang::check::check(&sow::lang::library::load("koumma").unwrap(), None).unwrap().0;
    let rules: Vec<&str> = sow::lang::diff::differences(&a, &b).iter().map(|d| d.rule).collect();
    assert_eq!(rows, rules);
    screenshot(&c, "bakuk-diff-koumma.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_simulation_returns_its_table_and_a_long_one_is_cancelled() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=kalah&animate=0", setup.address)).await.unwrap();
    // The form follows the game's variant.
    until("the form to follow the game", || async {
        let chosen = c
            .execute(
                "return [...document.querySelectorAll('#run-chosen .chip-name')].map(e => e.textContent)",
                vec![],
            )
            .await
            .unwrap();
        (chosen == json!(["Kalah"])).then_some(())
    })
    .await;
    let set = "document.getElementById(arguments[0]).value = arguments[1]";
    for (id, value) in
        [("run-games", "400"), ("run-seed", "3"), ("run-seat-1", "random"), ("run-seat-2", "greedy")]
    {
        c.execute(set, vec![json!(id), json!(value)]).await.unwrap();
    }
    c.find(Locator::Id("run-start")).await.unwrap().click().await.unwrap();
    let state = |c: &fantoccini::Client| {
        let c = c.clone();
        async move {
            let s = c
                .execute("return document.getElementById('run-state').dataset.state || ''", vec![])
                .await
                .unwrap();
            s.as_str().unwrap().to_string()
        }
    };
    until("the run to end", || async { (state(&c).await == "done").then_some(()) }).await;
    let table = texts(&c, "[data-testid=run-table]").await.remove(0);
    // The table as `sow simulate kalah --players random,greedy --games 400 --seed 3` prints it.
    for row in ["Kalah", "│ games", "400", "random, greedy", "seat 1 wins", "length, mean ± sd (plies)"] {
        assert!(table.contains(row), "{row}: {table}");
    }
    let plot = c.find(Locator::Css("#run-plot img")).await.unwrap();
    assert!(plot.attr("src").await.unwrap().unwrap().starts_with("blob:"));
    c.execute("document.getElementById('simulate').scrollIntoView()", vec![]).await.unwrap();
    screenshot(&c, "simulation.png").await;

    // A long run, cancelled: its table is of the games it finished.
    c.execute(set, vec![json!("run-games"), json!("1000000")]).await.unwrap();
    c.execute(set, vec![json!("run-seat-1"), json!("alphabeta:8")]).await.unwrap();
    c.find(Locator::Id("run-start")).await.unwrap().click().await.unwrap();
    until("the run to start", || async { (state(&c).await == "running").then_some(()) }).await;
    c.find(Locator::Id("run-cancel")).await.unwrap().click().await.unwrap();
    until("the run to stop", || async { (state(&c).await == "stopped").then_some(()) }).await;
    let said = texts(&c, "[data-testid=run-state]").await.remove(0);
    assert!(said.starts_with("stopped: ") && said.contains(" of 1,000,000 games"), "{said}");
    assert!(texts(&c, "[data-testid=run-table]").await.remove(0).contains("Kalah"));
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_hint_rings_the_best_move_of_perfect_play() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    // Bakuk after 3,6: pit 2 wins by 2, pit 1 draws, pit 3 loses by 4 (`sow play --hint`).
    c.goto(&format!("{}?variant=bakuk&players=human,human&moves=3,6&animate=0", setup.address))
        .await
        .unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='2'].playable")).await.ok() }).await;
    c.find(Locator::Id("hint")).await.unwrap().click().await.unwrap();
    let said = until("the hint", || async {
        let t = texts(&c, "[data-testid=hint]").await.remove(0);
        t.starts_with("hint: ").then_some(t)
    })
    .await;
    // As `sow play bakuk --moves 3,6 --hint` writes it.
    assert_eq!(said, "hint: perfect play values for player 1: pit 2 +2 (best), pit 1 0, pit 3 -4");
    let hinted = c
        .execute("return [...document.querySelectorAll('[data-pit].hinted')].map(e => e.dataset.pit)", vec![])
        .await
        .unwrap();
    assert_eq!(hinted, json!(["2"]));
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_tournament_written_on_the_page_returns_its_standings() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=koumma&animate=0", setup.address)).await.unwrap();
    // The sample follows the game's variant.
    let text = until("the sample tournament", || async {
        let t = c.execute("return document.getElementById('tournament').value", vec![]).await.unwrap();
        let t = t.as_str().unwrap().to_string();
        t.contains("variants: [koumma]").then_some(t)
    })
    .await;
    assert!(text.contains("format: round-robin"), "{text}");
    c.execute("document.getElementById('tournament-box').open = true", vec![]).await.unwrap();
    c.find(Locator::Id("tournament-start")).await.unwrap().click().await.unwrap();
    until("the tournament to end", || async {
        let s = c
            .execute("return document.getElementById('run-state').dataset.state || ''", vec![])
            .await
            .unwrap();
        (s == "done").then_some(())
    })
    .await;
    let table = texts(&c, "[data-testid=run-table]").await.remove(0);
    // Four participants, ten games a pairing: 60 games of Koumma.
    for row in ["A small round robin", "== Koumma (60 games) ==", "alphabeta:4", "mcts:200", "random = 0"] {
        assert!(table.contains(row), "{row}: {table}");
    }
    c.execute("document.getElementById('simulate').scrollIntoView()", vec![]).await.unwrap();
    screenshot(&c, "tournament.png").await;
    c.close().await.unwrap();
}

/// The position's numbers of the board, pit by pit.
async fn pits_shown(c: &fantoccini::Client) -> Vec<u64> {
    let found = c
        .execute(
            "return [...document.querySelectorAll('[data-pit]')].sort((a, b) => a.dataset.pit - b.dataset.pit).map(e => Number(e.textContent))",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(found).unwrap()
}

/// The pits (from 1) whose element has the class `class`, in order.
async fn pits_with(c: &fantoccini::Client, class: &str) -> Vec<usize> {
    let found = c
        .execute(
            "return [...document.querySelectorAll('[data-pit].' + arguments[0])].map(e => Number(e.dataset.pit)).sort((a, b) => a - b)",
            vec![json!(class)],
        )
        .await
        .unwrap();
    serde_json::from_value(found).unwrap()
}

#[tokio::test(flavor = "current_thread")]
async fn claimed_pits_end_places_big_stones_pits_out_of_play_and_the_round_are_drawn() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    let open = |variant: &str, moves: &str| {
        format!("{}?variant={variant}&players=human,human&animate=0&moves={moves}", setup.address)
    };
    // Toguz Kumalak: player 1's tuzdik, drawn as `sow play` draws it (`*1`) and said under the board.
    let moves = "3,12,6,11,9,17,8,16,4,11,8,10,7,16,1,18,5,13,2,15,1,10,1,18,1,16,5,16,1,13,9,17,8,13,6,13,4,18,8,14,1,16,9";
    let list: Vec<String> = moves.split(',').map(String::from).collect();
    let expected = played("toguz-kumalak", &list);
    assert_eq!(expected["claimed"], json!([[13], []]));
    c.goto(&open("toguz-kumalak", moves)).await.unwrap();
    until("the moves", || async {
        (texts(&c, "[data-testid=moves] li .move").await.len() == list.len()).then_some(())
    })
    .await;
    assert_eq!(pits_with(&c, "claimed-by-1").await, [13]);
    assert!(pits_with(&c, "claimed-by-2").await.is_empty());
    assert_eq!(texts(&c, "#board .claim-mark").await, ["*1"]);
    assert_eq!(texts(&c, "[data-testid=marks] li").await, ["Claimed (*): player 1 pit 13"]);
    let label = c.find(Locator::Css("[data-pit='13']")).await.unwrap().attr("aria-label").await.unwrap();
    assert!(label.unwrap().ends_with("claimed by player 1"));
    screenshot(&c, "toguz-kumalak-tuzdik.png").await;

    // Ô Ăn Quan at the start: an end place at each end, each with its big stone.
    c.goto(&open("o-an-quan", "")).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='3'].playable")).await.ok() }).await;
    assert_eq!(pits_with(&c, "end-place").await, [1, 7]);
    assert_eq!(pits_with(&c, "has-big-stone").await, [1, 7]);
    assert_eq!(texts(&c, "#board .big-stone").await.len(), 2);
    assert_eq!(
        texts(&c, "[data-testid=marks] li").await,
        ["End places: player 1 pit 1, player 2 pit 7", "Big stones: pits 1, 7"]
    );
    assert_eq!(texts(&c, "[data-testid=round]").await, ["Round 1"]);

    // Bosh in its second round: two pits out of play.
    let moves = "2,6,4,6,4,7,5,10,4,6,1,8,1,9,3,7,5,9,1,6,2,7,3,8,4,9,5,9,1,7,5,8,4,2,3";
    let list: Vec<String> = moves.split(',').map(String::from).collect();
    let expected = played("bosh", &list);
    assert_eq!((&expected["out_of_play"], &expected["rounds_over"]), (&json!([6, 10]), &json!(1)));
    c.goto(&open("bosh", moves)).await.unwrap();
    until("the second round", || async {
        (texts(&c, "[data-testid=round]").await == ["Round 2"]).then_some(())
    })
    .await;
    assert_eq!(pits_with(&c, "out-of-play").await, [6, 10]);
    assert_eq!(texts(&c, "[data-testid=marks] li").await, ["Out of play: pits 6, 10"]);
    screenshot(&c, "bosh-round-2.png").await;

    // Kalah's stores, each labelled with its owner.
    c.goto(&open("kalah", "")).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    assert_eq!(texts(&c, "#board [data-store-owner]").await, ["P1", "P2"]);
    let store = c.find(Locator::Css("[data-store='2']")).await.unwrap().attr("aria-label").await.unwrap();
    assert_eq!(store.as_deref(), Some("player 2's store, 0 seeds"));
    c.close().await.unwrap();
}

/// Records, at every change of the play panel (after each task that changes it), what
/// `expression` gives, in `window.seen`.
async fn record(c: &fantoccini::Client, expression: &str) {
    let script = format!(
        "window.seen = []; const f = () => {expression}; new MutationObserver(() => window.seen.push(f())).observe(document.getElementById('play'), {{ subtree: true, childList: true, characterData: true, attributes: true }});"
    );
    c.execute(&script, vec![]).await.unwrap();
}

async fn recorded(c: &fantoccini::Client) -> Vec<serde_json::Value> {
    serde_json::from_value(c.execute("return window.seen", vec![]).await.unwrap()).unwrap()
}

/// The seeds the page shows: in the pits, the stores, the players' hands, and in the hand of
/// a sowing under way.
const SEEDS_SHOWN: &str = "[...document.querySelectorAll('#board [data-pit] .counted, #board [data-store] .counted, #board [data-hand] .counted')].reduce((n, e) => n + Number(e.textContent), 0) + Number((document.getElementById('sowing-hand') || { dataset: {} }).dataset.seeds || 0)";

#[tokio::test(flavor = "current_thread")]
async fn a_bao_capture_is_animated_with_its_64_seeds_at_every_frame() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    // Bao after 13: a seed from the hand into pit 13 captures, and the move waits for the end
    // of the row to sow the 6 seeds taken from (pit 9 or 16); from 9 they capture again.
    c.goto(&format!("{}?variant=bao&players=human,human&moves=13", setup.address)).await.unwrap();
    let pit =
        until("the choice", || async { c.find(Locator::Css("[data-pit='9'].playable")).await.ok() }).await;
    record(&c, SEEDS_SHOWN).await;
    pit.click().await.unwrap();
    let moves = ["13".to_string(), "9".to_string()];
    let expected = played("bao", &moves);
    until("the end of the animation", || async {
        let done =
            texts(&c, "#board .sowing").await.is_empty() && json!(pits_shown(&c).await) == expected["pits"];
        (done && texts(&c, "[data-testid=moves] li .move").await == moves).then_some(())
    })
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let seen = recorded(&c).await;
    // Every seed sown and captured, one frame each, and the sowing's hand shown.
    assert!(seen.len() > 10, "{seen:?}");
    assert!(seen.iter().all(|n| n == 64), "{seen:?}");
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn the_status_is_updated_when_the_animation_ends() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=bakuk&players=human,human&moves=3,6,2", setup.address)).await.unwrap();
    let pit =
        until("the board", || async { c.find(Locator::Css("[data-pit='6'].playable")).await.ok() }).await;
    let before = (texts(&c, "[data-testid=to-move]").await, texts(&c, "[data-testid=score]").await);
    let start: Vec<String> = "3,6,2".split(',').map(String::from).collect();
    assert_eq!(before.0, [format!("Player {} to move", played("bakuk", &start)["to_move"])]);
    record(
        &c,
        "[[...document.querySelectorAll('[data-pit]')].sort((a, b) => a.dataset.pit - b.dataset.pit).map(e => Number(e.textContent)), document.getElementById('to-move').textContent, document.getElementById('score').textContent]",
    )
    .await;
    pit.click().await.unwrap();
    let moves: Vec<String> = "3,6,2,6".split(',').map(String::from).collect();
    let expected = played("bakuk", &moves);
    until("the status of the move", || async {
        (texts(&c, "[data-testid=to-move]").await == [format!("Player {} to move", expected["to_move"])])
            .then_some(())
    })
    .await;
    let seen = recorded(&c).await;
    // The board moved seed by seed while the status stayed that of the position before.
    let animated = seen.iter().filter(|s| s[0] != expected["pits"]).count();
    assert!(animated >= 3, "{seen:?}");
    for s in &seen {
        if s[1] != json!(before.0[0]) || s[2] != json!(before.1[0]) {
            assert_eq!(s[0], expected["pits"], "the status ran ahead of the board: {s:?}");
        }
    }
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_bad_move_in_a_replayed_list_leaves_the_moves_before_it_to_play_on() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=bakuk&players=human,human&animate=0", setup.address)).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    for (list, kept, error) in
        [("3,4,1,9", "3,4,1", "move 4 (`9`) is not a pit"), ("3,4,4,1", "3,4", "ply 3: ")]
    {
        let paste = c.find(Locator::Id("paste")).await.unwrap();
        paste.clear().await.unwrap();
        paste.send_keys(list).await.unwrap();
        c.find(Locator::Css("#paste-form button")).await.unwrap().click().await.unwrap();
        let kept: Vec<String> = kept.split(',').map(String::from).collect();
        until("the moves before the bad one", || async {
            (texts(&c, "[data-testid=moves] li .move").await == kept).then_some(())
        })
        .await;
        let said = until("the error", || async {
            let t = texts(&c, "#error").await.remove(0);
            (!t.is_empty()).then_some(t)
        })
        .await;
        assert!(said.contains(error), "{said}");
        let expected = played("bakuk", &kept);
        assert_eq!(json!(pits_shown(&c).await), expected["pits"]);
        assert_eq!(
            texts(&c, "[data-testid=to-move]").await,
            [format!("Player {} to move", expected["to_move"])]
        );
        // And the game goes on from there.
        let legal = expected["legal_moves"][0].as_str().unwrap().to_string();
        c.find(Locator::Css(&format!("[data-pit='{legal}'].playable"))).await.unwrap().click().await.unwrap();
        until("the move played on", || async {
            (texts(&c, "[data-testid=moves] li .move").await.len() == kept.len() + 1).then_some(())
        })
        .await;
        assert_eq!(texts(&c, "#error").await, [""]);
    }
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn perfect_is_offered_only_where_the_server_solves_the_variant() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    let perfect = |seat: u8| {
        let c = c.clone();
        async move {
            let e = c.find(Locator::Css(&format!("#seat-{seat} option[value=perfect]"))).await.unwrap();
            e.prop("disabled").await.unwrap().as_deref() == Some("true")
        }
    };
    // Kalah is too large: refused up front, the seat played by a person, saying why.
    c.goto(&format!("{}?variant=kalah&players=human,perfect&animate=0", setup.address)).await.unwrap();
    let said = until("the refusal", || async {
        let t = texts(&c, "[data-testid=notice] p").await;
        (!t.is_empty()).then_some(t)
    })
    .await;
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with(
            "No perfect play here, so player 2 is played by a person: Kalah is too large to solve here"
        ),
        "{said:?}"
    );
    assert!(perfect(1).await && perfect(2).await);
    let seat = c.execute("return document.getElementById('seat-2').value", vec![]).await.unwrap();
    assert_eq!(seat, json!("human"));
    // The game goes on, nobody waiting for an answer that will not come.
    c.find(Locator::Css("[data-pit='1'].playable")).await.unwrap().click().await.unwrap();
    until("player 2 to play", || async {
        (texts(&c, "[data-testid=to-move]").await == ["Player 2 to move"]).then_some(())
    })
    .await;
    c.find(Locator::Css("[data-pit='8'].playable")).await.unwrap();
    // Bakuk is solved here: offered.
    c.goto(&format!("{}?variant=bakuk&players=human,perfect&animate=0", setup.address)).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    assert!(!perfect(1).await && !perfect(2).await);
    assert!(texts(&c, "[data-testid=notice] p").await.is_empty());
    let seat = c.execute("return document.getElementById('seat-2').value", vec![]).await.unwrap();
    assert_eq!(seat, json!("perfect"));
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_misspelt_address_is_named() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=kalha&players=human,grredy&animate=0", setup.address)).await.unwrap();
    let said = until("the notice", || async {
        let t = texts(&c, "[data-testid=notice] p").await;
        (t.len() == 2).then_some(t)
    })
    .await;
    assert_eq!(said[0], "There is no variant `kalha` (did you mean `kalah`?): Bakuk is shown instead.");
    assert!(
        said[1].starts_with(
            "There is no player `grredy` (did you mean `greedy`?): player 2 is played by a person."
        ),
        "{said:?}"
    );
    let seats = c
        .execute("return [...document.querySelectorAll('#seat-2 option')].map(o => o.value)", vec![])
        .await
        .unwrap();
    assert!(!seats.as_array().unwrap().contains(&json!("grredy")), "{seats}");
    let seat = c.execute("return document.getElementById('seat-2').value", vec![]).await.unwrap();
    assert_eq!(seat, json!("human"));
    // A ruleset misspelt too; choosing a game clears the notice.
    c.goto(&format!("{}?variant=bakuk&ruleset=valdes&animate=0", setup.address)).await.unwrap();
    let said = until("the notice", || async {
        let t = texts(&c, "[data-testid=notice] p").await;
        (!t.is_empty()).then_some(t)
    })
    .await;
    assert_eq!(
        said,
        [
            "There is no ruleset `valdes` of Bakuk (did you mean `valdez`?): its rulesets are valdez, three-player."
        ]
    );
    c.find(Locator::Id("new-game")).await.unwrap().click().await.unwrap();
    until("the notice cleared", || async {
        texts(&c, "[data-testid=notice] p").await.is_empty().then_some(())
    })
    .await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn every_panel_fits_a_phone_412_px_wide() {
    let Some(setup) = start() else { return };
    let c = setup.browser(412, 915).await;
    c.goto(&format!("{}?variant=koumma&animate=0", setup.address)).await.unwrap();
    let state = || async {
        let s = c
            .execute("return document.getElementById('run-state').dataset.state || ''", vec![])
            .await
            .unwrap();
        s.as_str().unwrap().to_string()
    };
    // The widest things the page shows: a tournament's standings, a simulation's table and
    // plot, the rules and their differences, the editor's messages.
    let text = until("the sample tournament", || async {
        let t = c.execute("return document.getElementById('tournament').value", vec![]).await.unwrap();
        let t = t.as_str().unwrap().to_string();
        t.contains("variants: [koumma]").then_some(t)
    })
    .await;
    c.execute(
        "document.getElementById('tournament').value = arguments[0]; document.getElementById('tournament-box').open = true",
        vec![json!(text.replace("games: 10", "games: 2"))],
    )
    .await
    .unwrap();
    c.find(Locator::Id("tournament-start")).await.unwrap().click().await.unwrap();
    until("the tournament to end", || async { (state().await == "done").then_some(()) }).await;
    let fits = || async {
        let found = c
            .execute(
                "const w = document.documentElement.clientWidth; return [document.documentElement.scrollWidth, w, ...[...document.querySelectorAll('main > section, header')].map(s => [s.id || s.tagName, Math.ceil(s.getBoundingClientRect().right), s.scrollWidth, s.clientWidth])]",
                vec![],
            )
            .await
            .unwrap();
        let found = found.as_array().unwrap().clone();
        let (page, width) = (found[0].as_u64().unwrap(), found[1].as_u64().unwrap());
        assert!(width <= 412, "{found:?}");
        assert!(page <= width, "the page is {page} px wide in a window of {width}: {found:?}");
        for s in &found[2..] {
            let right = s[1].as_u64().unwrap();
            assert!(right <= width && s[2].as_u64() <= s[3].as_u64(), "{s}: {found:?}");
        }
    };
    fits().await;
    c.execute("document.getElementById('simulate').scrollIntoView()", vec![]).await.unwrap();
    screenshot(&c, "tournament-phone.png").await;
    c.execute("document.getElementById('run-games').value = '20'", vec![]).await.unwrap();
    c.find(Locator::Id("run-start")).await.unwrap().click().await.unwrap();
    // The run's own end (20 games may be played before a look sees it running).
    until("the run to end", || async {
        let said = texts(&c, "#run-state").await.remove(0);
        (state().await == "done" && said.contains(" of 20 games")).then_some(())
    })
    .await;
    c.find(Locator::Css("#run-plot img")).await.unwrap();
    c.execute(
        r#"const s = document.getElementById('compare'); s.value = '{"variant":"toguz-kumalak","ruleset":null}'; s.dispatchEvent(new Event('change'))"#,
        vec![],
    )
    .await
    .unwrap();
    until("the differences", || async { c.find(Locator::Css("[data-testid=diff] tbody td")).await.ok() })
        .await;
    let editor = c.find(Locator::Id("source")).await.unwrap();
    editor.clear().await.unwrap();
    editor
        .send_keys("variant \"X\" extends \"Bakuk\" {\n  source \"test\"\n  seeds xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx in each pit\n}\n")
        .await
        .unwrap();
    until("the message", || async {
        let t = c.find(Locator::Id("diagnostics")).await.ok()?.text().await.ok()?;
        t.contains("unexpected word").then_some(())
    })
    .await;
    fits().await;
    c.execute("document.getElementById('simulate').scrollIntoView()", vec![]).await.unwrap();
    screenshot(&c, "simulation-phone.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn the_rules_are_a_document_without_the_command_line_s_flags() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=bakuk&animate=0", setup.address)).await.unwrap();
    let headings = until("the rules", || async {
        let h = texts(&c, "[data-testid=describe] h4").await;
        (!h.is_empty()).then_some(h)
    })
    .await;
    assert_eq!(texts(&c, "[data-testid=describe] h3").await, ["Bakuk"]);
    assert_eq!(headings, ["Board", "Players", "Sowing", "Capture", "End", "Winner"]);
    let fields = texts(&c, "[data-testid=describe] dt").await;
    assert_eq!(fields, ["Region", "People", "Documented by", "Sources", "Notes", "Rulesets"]);
    let text = texts(&c, "[data-testid=describe]").await.remove(0);
    assert!(!text.contains("--ruleset"), "{text}");
    assert!(text.contains("valdez, three-player (chosen in the Ruleset list above)"), "{text}");
    // A paragraph is one, not the terminal's lines; the board's drawing is kept as drawn.
    let paragraphs = texts(&c, "[data-testid=describe] p").await;
    assert!(
        paragraphs.iter().any(|p| p.starts_with("Two rows of three pits (6 pits), no stores: captured seeds are set aside. Six seeds in each pit, 36 in all.")),
        "{paragraphs:?}"
    );
    let drawn = texts(&c, "[data-testid=describe] pre").await;
    assert_eq!(drawn.len(), 1, "{drawn:?}");
    assert!(drawn[0].contains("player 2 |  6  |  6  |  6  |"), "{drawn:?}");
    assert_eq!(texts(&c, "[data-testid=describe] dd li").await.len(), 2);
    c.close().await.unwrap();
}

/// The moves the page lists, read at one moment.
async fn listed(c: &fantoccini::Client) -> Vec<String> {
    texts(c, "[data-testid=moves] li .move").await
}

fn list(moves: &str) -> Vec<String> {
    moves.split(',').filter(|m| !m.is_empty()).map(String::from).collect()
}

#[tokio::test(flavor = "current_thread")]
async fn a_game_is_downloaded_as_sow_reads_it_and_opened_again() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    // Bao after 13 and the end of the row chosen, 9: one turn, written `13/9`.
    c.goto(&format!("{}?variant=bao&players=human,greedy&moves=13,9&animate=0", setup.address))
        .await
        .unwrap();
    until("the moves", || async { (listed(&c).await == list("13,9")).then_some(()) }).await;
    assert_eq!(fetched(&c, "[data-testid=download-moves]").await, "13/9\n");
    let record: serde_json::Value =
        serde_json::from_str(&fetched(&c, "[data-testid=download-json]").await).unwrap();
    let expected = played("bao", &list("13,9"));
    assert_eq!(
        record,
        json!({ "variant": "bao", "ruleset": null, "players": ["human", "greedy"], "moves": ["13/9"],
                "scores": expected["score"], "winner": null, "plies": expected["plies"], "end": null })
    );
    // `sow play` reads the move list so.
    let rules = sow::load_rules("bao", None).unwrap();
    assert_eq!(sow::engine::notation::parse_moves(&rules, "13/9").unwrap().len(), 2);

    // A game of Bakuk downloaded, then opened from the file on another variant's page.
    c.goto(&format!("{}?variant=bakuk&players=human,human&moves=3,4,1,6&animate=0", setup.address))
        .await
        .unwrap();
    until("the moves", || async { (listed(&c).await == list("3,4,1,6")).then_some(()) }).await;
    let text = fetched(&c, "[data-testid=download-json]").await;
    let moves = fetched(&c, "[data-testid=download-moves]").await;
    assert_eq!(moves, "3,4,1,6\n");
    let dir = std::env::temp_dir().join(format!("sow-page-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bakuk.jsonl");
    std::fs::write(&file, &text).unwrap();
    c.goto(&format!("{}?variant=kalah&players=human,human&animate=0", setup.address)).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='12']")).await.ok() }).await;
    c.find(Locator::Id("open-file")).await.unwrap().send_keys(file.to_str().unwrap()).await.unwrap();
    until("the record opened", || async { (listed(&c).await == list("3,4,1,6")).then_some(()) }).await;
    let chosen = c.execute("return document.getElementById('variant').value", vec![]).await.unwrap();
    assert_eq!(chosen, json!("bakuk"));
    assert_eq!(json!(pits_shown(&c).await), played("bakuk", &list("3,4,1,6"))["pits"]);

    // A record with a move that cannot be played: named with its ply and why, the moves
    // before it kept to play on.
    let bad = r#"{"variant":"bakuk","ruleset":null,"players":["human","human"],"moves":["3","4","1","1"]}"#;
    std::fs::write(&file, bad).unwrap();
    c.find(Locator::Id("open-file")).await.unwrap().send_keys(file.to_str().unwrap()).await.unwrap();
    let said = until("the error", || async {
        let t = texts(&c, "#error").await.remove(0);
        (!t.is_empty() && listed(&c).await == list("3,4,1")).then_some(t)
    })
    .await;
    assert_eq!(said, "ply 4: pit 1 belongs to player 1, and it is player 2's turn");
    c.find(Locator::Css("[data-pit='5'].playable")).await.unwrap().click().await.unwrap();
    until("the move played on", || async { (listed(&c).await == list("3,4,1,5")).then_some(()) }).await;
    // Pasted, a record that is not one is said to be so; the game shown stays.
    for (text, error) in [
        ("{\"variant\": \"bakuk\"", "the pasted record: the record is not JSON"),
        (r#"{"variant":"bakuk","moves":[3]}"#, "the pasted record: the record has no `moves`"),
        (
            r#"{"variant":"bakku","moves":["3"]}"#,
            "the pasted record: there is no variant `bakku` here (did you mean `bakuk`?)",
        ),
        (
            r#"{"variant":"bakuk","set":["seeds 4 in each pit"],"moves":["3"]}"#,
            "the pasted record: the record is of a variant changed by `set`",
        ),
    ] {
        let paste = c.find(Locator::Id("paste")).await.unwrap();
        paste.clear().await.unwrap();
        paste.send_keys(text).await.unwrap();
        c.find(Locator::Css("#paste-form button")).await.unwrap().click().await.unwrap();
        let said = until("the error", || async {
            let t = texts(&c, "#error").await.remove(0);
            (!t.is_empty()).then_some(t)
        })
        .await;
        assert!(said.starts_with(error), "{said}");
        assert_eq!(listed(&c).await, list("3,4,1,5"));
    }
    std::fs::remove_dir_all(&dir).unwrap();
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn the_address_follows_the_game_and_reloaded_opens_the_same_position() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=kalah&players=human,greedy&animate=0", setup.address)).await.unwrap();
    let pit =
        until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    pit.click().await.unwrap();
    let moves = until("greedy's reply", || async {
        let m = listed(&c).await;
        (m.len() >= 2 && texts(&c, "[data-testid=to-move]").await == ["Player 1 to move"]).then_some(m)
    })
    .await;
    c.find(Locator::Id("flip")).await.unwrap().click().await.unwrap();
    let address = c.current_url().await.unwrap().to_string();
    let query = address.split_once('?').unwrap().1.to_string();
    assert_eq!(
        query,
        format!("variant=kalah&players=human,greedy&moves={}&animate=0&flip=1", moves.join(","))
    );
    let pits = pits_shown(&c).await;
    c.refresh().await.unwrap();
    until("the same moves", || async { (listed(&c).await == moves).then_some(()) }).await;
    assert_eq!(pits_shown(&c).await, pits);
    assert_eq!(json!(pits), played("kalah", &moves)["pits"]);
    let seat = c
        .execute(
            "return [document.getElementById('seat-2').value, document.getElementById('flip').checked]",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(seat, json!(["greedy", true]));
    // The misspelt address is still named, and the address then says what is shown.
    c.goto(&format!("{}?variant=kalha&players=human,grredy&animate=0", setup.address)).await.unwrap();
    until("the notice", || async { (texts(&c, "[data-testid=notice] p").await.len() == 2).then_some(()) })
        .await;
    until("the address", || async {
        let a = c.current_url().await.unwrap().to_string();
        a.ends_with("?variant=bakuk&players=human,human&animate=0").then_some(())
    })
    .await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn the_move_list_says_who_moved_and_a_click_steps_back() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    // Bao: 13 waits for the end of the row, 9: a choice within player 1's move.
    c.goto(&format!("{}?variant=bao&players=human,human&moves=13,9&animate=0", setup.address)).await.unwrap();
    until("the moves", || async { (listed(&c).await == list("13,9")).then_some(()) }).await;
    assert_eq!(texts(&c, "[data-testid=moves] li .who").await, ["P1", "P1 ↳"]);
    assert_eq!(texts(&c, "[data-testid=moves] li.choice .move").await, ["9"]);

    c.goto(&format!("{}?variant=bakuk&players=human,human&moves=3,4,1,6&animate=0", setup.address))
        .await
        .unwrap();
    until("the moves", || async { (listed(&c).await == list("3,4,1,6")).then_some(()) }).await;
    assert_eq!(texts(&c, "[data-testid=moves] li .who").await, ["P1", "P2", "P1", "P2"]);
    c.find(Locator::Css("[data-testid=moves] li[data-ply='2'] button")).await.unwrap().click().await.unwrap();
    until("the position after ply 2", || async { (listed(&c).await == list("3,4")).then_some(()) }).await;
    let expected = played("bakuk", &list("3,4"));
    assert_eq!(json!(pits_shown(&c).await), expected["pits"]);
    assert_eq!(texts(&c, "[data-testid=to-move]").await, ["Player 1 to move"]);
    // Redo goes forward again; a move made goes on from where the list was clicked.
    c.find(Locator::Id("redo")).await.unwrap().click().await.unwrap();
    until("ply 3 again", || async { (listed(&c).await == list("3,4,1")).then_some(()) }).await;
    c.find(Locator::Css("[data-testid=moves] li[data-ply='2'] button")).await.unwrap().click().await.unwrap();
    until("the position after ply 2", || async { (listed(&c).await == list("3,4")).then_some(()) }).await;
    c.find(Locator::Css("[data-pit='2'].playable")).await.unwrap().click().await.unwrap();
    until("the game going on", || async { (listed(&c).await == list("3,4,2")).then_some(()) }).await;
    assert_eq!(json!(pits_shown(&c).await), played("bakuk", &list("3,4,2"))["pits"]);
    assert!(!c.find(Locator::Id("redo")).await.unwrap().is_enabled().await.unwrap());
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_whole_game_played_from_the_keyboard_on_a_flipped_board() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=bakuk&players=human,human&animate=0&flip=1&speed=4", setup.address))
        .await
        .unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    // Flipped: player 1's row above, pit 1 at the right of it.
    let at = c
        .execute(
            "return [1, 3, 4].map(p => { const b = document.querySelector(`[data-pit='${p}']`).getBoundingClientRect(); return [Math.round(b.x), Math.round(b.y)]; })",
            vec![],
        )
        .await
        .unwrap();
    let at: Vec<(i64, i64)> = serde_json::from_value(at).unwrap();
    assert!(at[0].1 < at[2].1 && at[0].0 > at[1].0, "{at:?}");
    // Pits are buttons, said with their count and owner.
    let pit = c.find(Locator::Css("[data-pit='2']")).await.unwrap();
    assert_eq!(pit.attr("role").await.unwrap().as_deref(), Some("button"));
    assert_eq!(pit.attr("aria-label").await.unwrap().as_deref(), Some("pit 2, 6 seeds, player 1's"));
    // The arrows go from pit to pit, Enter plays the one the focus is on.
    press(&c, "\u{E014}\u{E014}").await;
    let on = c.execute("return document.activeElement.dataset.pit", vec![]).await.unwrap();
    let on = on.as_str().unwrap().to_string();
    press(&c, "\u{E007}").await;
    until("the first move", || async { (listed(&c).await == [on.clone()]).then_some(()) }).await;
    // Then every move by its number typed.
    loop {
        let result = texts(&c, "[data-testid=result]").await.remove(0);
        if !result.is_empty() {
            break;
        }
        let before = listed(&c).await.len();
        let pits = texts(&c, "[data-pit].playable .counted").await;
        assert!(!pits.is_empty(), "no pit to play");
        let playable: Vec<String> = serde_json::from_value(
            c.execute(
                "return [...document.querySelectorAll('[data-pit].playable')].map(e => e.dataset.pit)",
                vec![],
            )
            .await
            .unwrap(),
        )
        .unwrap();
        press(&c, playable.last().unwrap()).await;
        until("the move typed", || async { (listed(&c).await.len() == before + 1).then_some(()) }).await;
        assert!(before < 500, "the game does not end");
    }
    let moves = listed(&c).await;
    let expected = played("bakuk", &moves);
    assert_eq!(json!(pits_shown(&c).await), expected["pits"]);
    let result = texts(&c, "[data-testid=result]").await.remove(0);
    let score = expected["score"].as_array().unwrap();
    assert!(result.ends_with(&format!("({} to {})", score[0], score[1])), "{result}");
    screenshot(&c, "bakuk-flipped-keyboard.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_position_set_up_is_checked_played_and_kept_in_the_address() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=bakuk&players=human,human&animate=0", setup.address)).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    c.execute("document.getElementById('setup-box').open = true", vec![]).await.unwrap();
    let value = |id: &'static str| {
        let c = c.clone();
        async move {
            let v = c
                .execute("return document.getElementById(arguments[0]).value", vec![json!(id)])
                .await
                .unwrap();
            v.as_str().unwrap().to_string()
        }
    };
    until("the position shown, to be changed", || async {
        (value("setup-pits").await == "6,6,6,6,6,6" && value("setup-held").await == "0,0").then_some(())
    })
    .await;
    let set = |pits: &'static str, held: &'static str| {
        let c = c.clone();
        async move {
            c.execute(
                "document.getElementById('setup-pits').value = arguments[0]; document.getElementById('setup-held').value = arguments[1]; document.getElementById('setup-play').click()",
                vec![json!(pits), json!(held)],
            )
            .await
            .unwrap();
        }
    };
    // Checked as `sow play --position` is: the game shown stays.
    for (pits, held, error) in [
        ("1,2,3", "0,0", "The position is not set up: pits: a position lists the seeds of all 6 pits, not 3"),
        (
            "100,100,100,0,0,0",
            "0,0",
            "The position is not set up: pits: a position holds at most 255 seeds, not 300",
        ),
        (
            "0,0,1,1,0,0",
            "1,2,3",
            "The position is not set up: held: what the players hold off the board is one count a player, 2 here",
        ),
        ("0,0,1,x,0,0", "", "The position is not set up: pits: "),
    ] {
        c.execute("document.getElementById('error').textContent = ''", vec![]).await.unwrap();
        set(pits, held).await;
        let said = until("the error", || async {
            let t = texts(&c, "#error").await.remove(0);
            (!t.is_empty()).then_some(t)
        })
        .await;
        assert!(said.starts_with(error), "{said}");
        assert_eq!(pits_shown(&c).await, [6; 6]);
    }
    set("0,0,1,1,0,0", "3,4").await;
    until("the position set up", || async { (pits_shown(&c).await == [0, 0, 1, 1, 0, 0]).then_some(()) })
        .await;
    assert_eq!(texts(&c, "[data-testid=score]").await, ["· score 3 to 4"]);
    c.find(Locator::Css("[data-pit='3'].playable")).await.unwrap().click().await.unwrap();
    let rules = sow::load_rules("bakuk", None).unwrap();
    let start = rules.state_in_round(&[0, 0, 1, 1, 0, 0], &[3, 4], 0, 0, false, 0).unwrap();
    let moves = sow::engine::notation::parse_moves(&rules, "3").unwrap();
    let end = sow::engine::replay::replay(&rules, start, &moves).unwrap().last().unwrap().after;
    let expected = serde_json::to_value(sow::engine::replay::PositionReport::new(&rules, &end)).unwrap();
    assert_eq!(expected["score"], json!([5, 4]));
    let result = until("the end", || async {
        let t = texts(&c, "[data-testid=result]").await.remove(0);
        (!t.is_empty()).then_some(t)
    })
    .await;
    assert_eq!(result, "Player 1 wins (5 to 4)");
    assert_eq!(json!(pits_shown(&c).await), expected["pits"]);
    // In the record and the address: reloaded, the same game.
    let record: serde_json::Value =
        serde_json::from_str(&fetched(&c, "[data-testid=download-json]").await).unwrap();
    assert_eq!(
        (&record["position"], &record["held"], &record["to_move"]),
        (&json!("0,0,1,1,0,0"), &json!("3,4"), &json!(1))
    );
    let address = c.current_url().await.unwrap().to_string();
    assert!(
        address.ends_with(
            "?variant=bakuk&players=human,human&position=0,0,1,1,0,0&held=3,4&to-move=1&moves=3&animate=0"
        ),
        "{address}"
    );
    c.refresh().await.unwrap();
    until("the same end", || async {
        (texts(&c, "[data-testid=result]").await == ["Player 1 wins (5 to 4)"]).then_some(())
    })
    .await;
    // Back to the variant's start.
    c.execute("document.getElementById('setup-box').open = true", vec![]).await.unwrap();
    c.find(Locator::Id("setup-start")).await.unwrap().click().await.unwrap();
    until("the start", || async { (pits_shown(&c).await == [6; 6]).then_some(()) }).await;
    c.close().await.unwrap();
}

/// Fills in the set-up form's fields (id, value; a checkbox by `true` or `false`) and plays
/// from the position, after clearing the error shown.
async fn set_up(c: &fantoccini::Client, fields: &[(&str, serde_json::Value)]) {
    c.execute(
        r#"document.getElementById('error').textContent = '';
           for (const [id, v] of arguments[0]) {
             const e = document.getElementById(id);
             if (typeof v === 'boolean') e.checked = v; else e.value = v;
           }
           document.getElementById('setup-play').click()"#,
        vec![json!(fields.iter().map(|(id, v)| json!([id, v])).collect::<Vec<_>>())],
    )
    .await
    .unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn claims_pits_out_of_play_the_round_and_big_stones_are_set_up() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    let open = |variant: &str| format!("{}?variant={variant}&players=human,human&animate=0", setup.address);
    let hidden = |id: &'static str| {
        let c = c.clone();
        async move {
            let v = c.execute("return document.getElementById(arguments[0]).hidden", vec![json!(id)]).await;
            v.unwrap() == json!(true)
        }
    };
    // Toguz Kumalak: a tuzdik claimed by player 1 in player 2's row.
    c.goto(&open("toguz-kumalak")).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    c.execute("document.getElementById('setup-box').open = true", vec![]).await.unwrap();
    until("the claims offered", || async { (!hidden("setup-claims").await).then_some(()) }).await;
    assert!(hidden("setup-rounds").await && hidden("setup-stones").await);
    let pits = "9,9,9,9,9,9,9,9,9,9,9,0,9,9,9,9,9,9";
    set_up(
        &c,
        &[("setup-pits", json!(pits)), ("setup-claimed-1", json!("12")), ("setup-claimed-2", json!(""))],
    )
    .await;
    until("the claim drawn", || async { (pits_with(&c, "claimed-by-1").await == [12]).then_some(()) }).await;
    let address = c.current_url().await.unwrap().to_string();
    assert!(
        address.contains(&format!("position={pits}&held=0,0&to-move=1&claimed-1=12&claimed-2=")),
        "{address}"
    );
    let record: serde_json::Value =
        serde_json::from_str(&fetched(&c, "[data-testid=download-json]").await).unwrap();
    assert_eq!(record["claimed"], json!([[12], []]));
    c.refresh().await.unwrap();
    until("the claim again", || async { (pits_with(&c, "claimed-by-1").await == [12]).then_some(()) }).await;
    // A claim the rules refuse is named; the position shown stays.
    c.execute("document.getElementById('setup-box').open = true", vec![]).await.unwrap();
    set_up(&c, &[("setup-claimed-2", json!("12"))]).await;
    let said = until("the error", || async {
        let t = texts(&c, "#error").await.remove(0);
        (!t.is_empty()).then_some(t)
    })
    .await;
    assert_eq!(said, "The position is not set up: claimed: pit 12 is claimed by both players");
    set_up(&c, &[("setup-claimed-2", json!("x"))]).await;
    let said = until("the error", || async {
        let t = texts(&c, "#error").await.remove(0);
        (!t.is_empty()).then_some(t)
    })
    .await;
    assert_eq!(said, "The position is not set up: claimed: `x` is not a number");
    assert_eq!(pits_with(&c, "claimed-by-1").await, [12]);

    // Bosh: the second round, pit 2 out of play.
    c.goto(&open("bosh")).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    c.execute("document.getElementById('setup-box').open = true", vec![]).await.unwrap();
    until("the rounds offered", || async { (!hidden("setup-rounds").await).then_some(()) }).await;
    set_up(
        &c,
        &[
            ("setup-pits", json!("4,0,4,4,4,4,4,4,4,4")),
            ("setup-held", json!("4,0")),
            ("setup-out", json!("2")),
            ("setup-rounds-over", json!("1")),
        ],
    )
    .await;
    until("pit 2 out of play", || async { (pits_with(&c, "out-of-play").await == [2]).then_some(()) }).await;
    assert_eq!(texts(&c, "[data-testid=round]").await, ["Round 2"]);

    // Ô Ăn Quan: player 2's big stone taken, player 1's on its end place.
    c.goto(&open("o-an-quan")).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit].playable")).await.ok() }).await;
    assert_eq!(pits_with(&c, "has-big-stone").await, [1, 7]);
    c.execute("document.getElementById('setup-box').open = true", vec![]).await.unwrap();
    until("the big stones offered", || async { (!hidden("setup-stones").await).then_some(()) }).await;
    set_up(&c, &[("setup-in-place-2", json!(false)), ("setup-taken", json!("0,1"))]).await;
    until("one big stone", || async { (pits_with(&c, "has-big-stone").await == [1]).then_some(()) }).await;
    c.close().await.unwrap();
}

/// The cells of column `column` of the `n`th table of the results, read at one moment.
async fn column_of(c: &fantoccini::Client, n: usize, column: usize) -> Vec<String> {
    let found = c
        .execute(
            "return [...document.querySelectorAll('#run-sheets table')[arguments[0]].tBodies[0].rows].map(r => r.cells[arguments[1]].textContent)",
            vec![json!(n), json!(column)],
        )
        .await
        .unwrap();
    serde_json::from_value(found).unwrap()
}

/// Clicks the head of column `column` of the `n`th table of the results.
async fn sort_by(c: &fantoccini::Client, n: usize, column: usize) {
    let css = format!("#run-sheets .sheet:nth-child({}) thead th:nth-child({}) button", n + 1, column + 1);
    c.find(Locator::Css(&css)).await.unwrap().click().await.unwrap();
}

async fn run_state(c: &fantoccini::Client) -> String {
    let s =
        c.execute("return document.getElementById('run-state').dataset.state || ''", vec![]).await.unwrap();
    s.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "current_thread")]
async fn results_are_tables_sorted_by_a_click_and_downloaded_as_the_command_writes_them() {
    use sow::play::registry::Agent;
    use sow::run::simulate::{Planned, RunOptions, Shard, run_all};
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=kalah&animate=0", setup.address)).await.unwrap();
    until("the form", || async { c.find(Locator::Id("run-seat-2")).await.ok() }).await;
    let set = "document.getElementById(arguments[0]).value = arguments[1]";
    for (id, value) in
        [("run-games", "300"), ("run-seed", "5"), ("run-seat-1", "random"), ("run-seat-2", "greedy")]
    {
        c.execute(set, vec![json!(id), json!(value)]).await.unwrap();
    }
    c.find(Locator::Id("run-start")).await.unwrap().click().await.unwrap();
    until("the run to end", || async { (run_state(&c).await == "done").then_some(()) }).await;
    // A table, not the terminal's drawing: a row a statistic, its figures aligned right.
    let names = column_of(&c, 0, 0).await;
    assert_eq!(names[0], "games");
    assert!(names.contains(&"seat 1 wins".to_string()), "{names:?}");
    assert_eq!(column_of(&c, 0, 1).await[0], "300");
    let aligned = c
        .execute(
            "return getComputedStyle(document.querySelector('#run-sheets tbody td.figure')).textAlign",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(aligned, json!("right"));
    // A click on a column's head sorts by it, a second the other way.
    sort_by(&c, 0, 0).await;
    let sorted = column_of(&c, 0, 0).await;
    assert_ne!(sorted, names);
    let mut same = names.clone();
    same.sort();
    let mut again = sorted.clone();
    again.sort();
    assert_eq!(again, same);
    sort_by(&c, 0, 0).await;
    let back = column_of(&c, 0, 0).await;
    assert_eq!(back, sorted.iter().rev().cloned().collect::<Vec<_>>());
    // The downloads: what `sow simulate kalah --players random,greedy --games 300 --seed 5`
    // writes with `--format csv`, `--format json` and `--plot`.
    let rules = sow::load_rules("kalah", None).unwrap();
    let planned = Planned::new("kalah".into(), rules, vec![Agent::Random, Agent::Greedy]);
    let opts = RunOptions { games: 300, seed: 5, jobs: 1, shard: Shard::WHOLE };
    let report = run_all(&[planned], &opts, &sow::cancel::Cancel::new(), &|_| {}).unwrap();
    assert_eq!(fetched(&c, "[data-testid=run-csv]").await, report.csv());
    let json: serde_json::Value = serde_json::from_str(&fetched(&c, "[data-testid=run-json]").await).unwrap();
    assert_eq!(json, serde_json::from_str::<serde_json::Value>(&report.json()).unwrap());
    assert_eq!(fetched(&c, "[data-testid=run-svg]").await, sow::run::plot::svg(&report));
    let names: Vec<String> = c
        .execute(
            "return ['run-csv', 'run-json', 'run-svg'].map(id => document.getElementById(id).download)",
            vec![],
        )
        .await
        .map(|v| serde_json::from_value(v).unwrap())
        .unwrap();
    assert_eq!(names, ["sow-results.csv", "sow-results.json", "sow-plot.svg"]);

    // A tournament's standings: by score, and the other way round at a second click.
    c.execute("document.getElementById('tournament-box').open = true", vec![]).await.unwrap();
    c.execute(
        "document.getElementById('tournament').value = document.getElementById('tournament').value.replace('games: 10', 'games: 4')",
        vec![],
    )
    .await
    .unwrap();
    c.find(Locator::Id("tournament-start")).await.unwrap().click().await.unwrap();
    until("the tournament to start", || async { (run_state(&c).await != "done").then_some(()) }).await;
    until("the tournament to end", || async { (run_state(&c).await == "done").then_some(()) }).await;
    let titles = texts(&c, "#run-sheets caption").await;
    assert!(titles[0].starts_with("Kalah (24 games): Standings"), "{titles:?}");
    assert!(titles.iter().any(|t| t.ends_with("Head to head")), "{titles:?}");
    let ranked = column_of(&c, 0, 1).await;
    assert_eq!(ranked.len(), 4);
    sort_by(&c, 0, 6).await;
    sort_by(&c, 0, 6).await;
    let score = column_of(&c, 0, 6).await;
    let figures: Vec<f64> = score.iter().map(|s| s.trim_end_matches('%').parse().unwrap()).collect();
    assert!(figures.windows(2).all(|w| w[0] <= w[1]), "{score:?}");
    let csv = fetched(&c, "[data-testid=run-csv]").await;
    assert!(csv.starts_with("variant,key,value\n"), "{csv}");
    c.execute("document.getElementById('simulate').scrollIntoView()", vec![]).await.unwrap();
    screenshot(&c, "tournament-tables.png").await;
    c.close().await.unwrap();
}

/// A side's words in a row of the differences, each with whether it is marked.
type Words = Vec<(String, bool)>;

/// The length of a longest common subsequence of two lists of words.
fn common_words(x: &[&str], y: &[&str]) -> usize {
    let mut row = vec![0usize; y.len() + 1];
    for a in x {
        let mut diagonal = 0;
        for (j, b) in y.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if a == b { diagonal + 1 } else { row[j + 1].max(row[j]) };
            diagonal = above;
        }
    }
    row[y.len()]
}

#[tokio::test(flavor = "current_thread")]
async fn compare_with_marks_exactly_the_words_that_differ() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=bakuk&animate=0", setup.address)).await.unwrap();
    until("the variants to compare with", || async {
        c.find(Locator::Css(r#"#compare option[value='{"variant":"koumma","ruleset":null}']"#)).await.ok()
    })
    .await;
    c.execute(
        r#"const s = document.getElementById('compare'); s.value = '{"variant":"koumma","ruleset":null}'; s.dispatchEvent(new Event('change'))"#,
        vec![],
    )
    .await
    .unwrap();
    until("the differences", || async { c.find(Locator::Css("[data-testid=diff] tbody td")).await.ok() })
        .await;
    // Per row: each side's words, and which of them are marked (<del> left, <ins> right).
    let found = c
        .execute(
            r#"const words = (td, tag) => [...td.childNodes].flatMap(n => n.textContent.split(/\s+/).filter(w => w).map(w => [w, n.nodeName === tag]));
               return [...document.querySelectorAll('[data-testid=diff] tbody tr')].map(tr => [tr.cells[0].textContent, words(tr.cells[1], 'DEL'), words(tr.cells[2], 'INS')])"#,
            vec![],
        )
        .await
        .unwrap();
    let rows: Vec<(String, Words, Words)> = serde_json::from_value(found).unwrap();
    let a = sow::lang::check::check(&sow::lang::library::load("bakuk").unwrap(), None).unwrap().0;
    let b = sow::lang::check::check(&sow::lang::library::load("koumma").unwrap(), None).unwrap().0;
    let expected = sow::lang::diff::differences(&a, &b);
    assert_eq!(rows.len(), expected.len());
    let mut marked = 0;
    for ((rule, left, right), d) in rows.iter().zip(&expected) {
        assert_eq!(rule, d.rule);
        // The words as `sow diff` writes them, none lost or added.
        let words = |side: &[(String, bool)]| side.iter().map(|(w, _)| w.clone()).collect::<Vec<_>>();
        assert_eq!(words(left), d.a.split_whitespace().collect::<Vec<_>>(), "{rule}");
        assert_eq!(words(right), d.b.split_whitespace().collect::<Vec<_>>(), "{rule}");
        // What is left unmarked is the same on both sides, and as long as the two texts'
        // longest run of shared words: every word marked differs.
        let kept = |side: &[(String, bool)]| {
            side.iter().filter(|(_, m)| !m).map(|(w, _)| w.clone()).collect::<Vec<_>>()
        };
        assert_eq!(kept(left), kept(right), "{rule}");
        let x: Vec<&str> = d.a.split_whitespace().collect();
        let y: Vec<&str> = d.b.split_whitespace().collect();
        assert_eq!(kept(left).len(), common_words(&x, &y), "{rule}");
        marked += left.iter().chain(right).filter(|(_, m)| *m).count();
    }
    assert!(marked > 0);
    c.execute("document.getElementById('read').scrollIntoView()", vec![]).await.unwrap();
    screenshot(&c, "bakuk-diff-words.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn play_this_chooses_the_edited_variant_and_shows_its_board() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=kalah&players=human,human&animate=0", setup.address)).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='1'].playable")).await.ok() }).await;
    let editor = c.find(Locator::Id("source")).await.unwrap();
    editor.clear().await.unwrap();
    editor
        .send_keys(
            "variant \"Small Bakuk\" extends \"Bakuk\" {\n  source \"test\"\n  seeds 2 in each pit\n}\n",
        )
        .await
        .unwrap();
    let play = c.find(Locator::Id("play-this")).await.unwrap();
    until("the variant checked", || async {
        let ok = play.is_enabled().await.ok()?;
        ok.then_some(())
    })
    .await;
    play.click().await.unwrap();
    // Bakuk's six pits, two seeds each, drawn at once and in view; the list names the variant.
    let pits = until("the edited board", || async {
        let p = texts(&c, "[data-pit]").await;
        (p.len() == 6 && p.iter().all(|n| n == "2")).then_some(p)
    })
    .await;
    assert_eq!(pits.len(), 6);
    let chosen = c
        .execute("const s = document.getElementById('variant'); return [s.selectedOptions[0].textContent, document.getElementById('ruleset').value]", vec![])
        .await
        .unwrap();
    assert_eq!(chosen, json!(["Small Bakuk (the editor's)", ""]));
    let seen = c
        .execute(
            "const r = document.getElementById('board').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(seen, json!(true), "the board is out of sight");
    // Played as any other: the moves of the edited variant, and the rules described.
    c.find(Locator::Css("[data-pit='3'].playable")).await.unwrap().click().await.unwrap();
    until("the move", || async { (texts(&c, "[data-testid=moves] li .move").await == ["3"]).then_some(()) })
        .await;
    let title = texts(&c, "[data-testid=describe] h3").await;
    assert_eq!(title, ["Small Bakuk"]);
    // Another variant chosen from the list, and the editor's again.
    c.execute("const s = document.getElementById('variant'); s.value = 'kalah'; s.dispatchEvent(new Event('change'))", vec![])
        .await
        .unwrap();
    until("Kalah", || async { (texts(&c, "[data-pit]").await.len() == 12).then_some(()) }).await;
    c.execute("const s = document.getElementById('variant'); s.value = '(the editor)'; s.dispatchEvent(new Event('change'))", vec![])
        .await
        .unwrap();
    until("the edited board again", || async {
        let p = texts(&c, "[data-pit]").await;
        (p.len() == 6 && p.iter().all(|n| n == "2")).then_some(())
    })
    .await;
    screenshot(&c, "play-this.png").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn the_variant_picker_searches_and_shows_the_choice_as_chips() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=kalah&animate=0", setup.address)).await.unwrap();
    let chips = || texts(&c, "#run-chosen .chip-name");
    until("the game's variant chosen", || async { (chips().await == ["Kalah"]).then_some(()) }).await;
    // simulate.js follows app.js's game as a module importing it: neither script's names are
    // global.
    let globals = c
        .execute(
            "return ['game', 'run', 'post', 'AGENTS', '$', 'drawBoard', 'startRuns', 'followGame'].filter(n => n in window)",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(globals, json!([]));
    let listed = texts(&c, "#run-list label").await;
    let variants = sow::lang::library::BUNDLED.len();
    assert!(listed.len() > variants, "{} entries for {variants} variants", listed.len());
    // A search keeps the entries whose name holds its words.
    let search = c.find(Locator::Id("run-search")).await.unwrap();
    search.send_keys("toguz").await.unwrap();
    let found = until("the search", || async {
        let l = texts(&c, "#run-list label").await;
        (l.len() < listed.len()).then_some(l)
    })
    .await;
    assert!(!found.is_empty() && found.iter().all(|l| l.to_lowercase().contains("toguz")), "{found:?}");
    let said = texts(&c, "#run-found").await.remove(0);
    assert_eq!(said, format!("{} of {} found", found.len(), listed.len()));
    // Ticked, it is a chip beside the game's variant, and the run compares the two.
    c.find(Locator::Css("#run-list input")).await.unwrap().click().await.unwrap();
    let first = found[0].trim().to_string();
    assert_eq!(chips().await, ["Kalah".to_string(), first.clone()]);
    search.clear().await.unwrap();
    search.send_keys("bao").await.unwrap();
    until("the second search", || async {
        let l = texts(&c, "#run-list label").await;
        l.iter().all(|l| l.to_lowercase().contains("bao")).then_some(())
    })
    .await;
    c.find(Locator::Css("#run-list input")).await.unwrap().click().await.unwrap();
    assert_eq!(chips().await.len(), 3);
    // A chip clicked takes its variant off, and unticks it.
    c.find(Locator::Css("#run-chosen .chip:nth-child(3)")).await.unwrap().click().await.unwrap();
    assert_eq!(chips().await, ["Kalah".to_string(), first.clone()]);
    let ticked = c
        .execute("return [...document.querySelectorAll('#run-list input:checked')].length", vec![])
        .await
        .unwrap();
    assert_eq!(ticked, json!(0));
    c.execute("document.getElementById('run-games').value = '20'", vec![]).await.unwrap();
    c.find(Locator::Id("run-start")).await.unwrap().click().await.unwrap();
    until("the run to end", || async { (run_state(&c).await == "done").then_some(()) }).await;
    // A row a variant: sorted by name, and the other way.
    let rows = column_of(&c, 0, 0).await;
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[0], "Kalah");
    screenshot(&c, "picker.png").await;
    sort_by(&c, 0, 0).await;
    sort_by(&c, 0, 0).await;
    assert_eq!(column_of(&c, 0, 0).await, rows.iter().rev().cloned().collect::<Vec<_>>());
    c.close().await.unwrap();
}

/// Each pit's width and height on the screen, and the size its count is written at, in CSS
/// pixels.
async fn pit_sizes(c: &fantoccini::Client) -> Vec<(f64, f64, f64)> {
    let found = c
        .execute(
            r#"return [...document.querySelectorAll('#board [data-pit]')].map(g => {
                 const r = g.querySelector('circle, rect').getBoundingClientRect();
                 const t = g.querySelector('.counted');
                 const m = t.getScreenCTM();
                 return [r.width, r.height, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)];
               })"#,
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(found).unwrap()
}

/// Each pit's number as drawn: the pit, its size in CSS pixels, and the pit whose centre is
/// nearest to it.
async fn pit_numbers(c: &fantoccini::Client) -> Vec<(usize, f64, usize)> {
    let found = c
        .execute(
            r#"const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
               const pits = [...document.querySelectorAll('#board [data-pit]')].map(g =>
                 [Number(g.dataset.pit), centre(g.querySelector('circle, rect').getBoundingClientRect())]);
               return [...document.querySelectorAll('#board .number')].map(t => {
                 const m = t.getScreenCTM();
                 const [x, y] = centre(t.getBoundingClientRect());
                 const near = pits.reduce((a, b) => Math.hypot(a[1][0] - x, a[1][1] - y) <= Math.hypot(b[1][0] - x, b[1][1] - y) ? a : b);
                 return [Number(t.textContent), parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), near[0]];
               })"#,
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(found).unwrap()
}

#[tokio::test(flavor = "current_thread")]
async fn boards_fill_a_laptop_s_column_and_a_phone_s_pits_are_big_enough_to_tap() {
    let Some(setup) = start() else { return };
    let c = setup.browser(1280, 900).await;
    c.goto(&format!("{}?variant=bakuk&animate=0", setup.address)).await.unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit='1']")).await.ok() }).await;
    let widths = c
        .execute(
            "return [document.querySelector('#board .frame').getBoundingClientRect().width, document.getElementById('board-box').clientWidth, document.getElementById('board').getBoundingClientRect().height / innerHeight]",
            vec![],
        )
        .await
        .unwrap();
    let [frame, column, high]: [f64; 3] = serde_json::from_value(widths).unwrap();
    assert!(frame >= 0.95 * column, "Bakuk's board is {frame} px wide in a column of {column}");
    assert!(high <= 1.0, "the board is higher than the window: {high}");
    screenshot(&c, "bakuk-laptop.png").await;
    c.close().await.unwrap();

    let c = setup.browser(412, 915).await;
    for variant in ["toguz-kumalak", "bao", "kalah"] {
        c.goto(&format!("{}?variant={variant}&players=human,human&animate=0", setup.address)).await.unwrap();
        until("the board", || async { c.find(Locator::Css("[data-pit].playable")).await.ok() }).await;
        let sizes = pit_sizes(&c).await;
        assert!(!sizes.is_empty());
        for (i, &(w, h, font)) in sizes.iter().enumerate() {
            assert!(w >= 44.0 && h >= 44.0, "{variant}: pit {} is {w:.0} x {h:.0} px", i + 1);
            assert!(font >= 14.0, "{variant}: pit {}'s count is written at {font:.1} px", i + 1);
        }
        // Each pit's number is written at 12 px at least, nearer its own pit than any other.
        for (pit, font, nearest) in pit_numbers(&c).await {
            assert!(font >= 12.0, "{variant}: pit {pit}'s number is written at {font:.3} px");
            assert_eq!(nearest, pit, "{variant}: pit {pit}'s number is nearest pit {nearest}");
        }
        let page = c
            .execute(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]",
                vec![],
            )
            .await
            .unwrap();
        let [page, window]: [u64; 2] = serde_json::from_value(page).unwrap();
        assert!(page <= window, "{variant}: the page is {page} px wide in {window}");
        // Tapped, a pit plays.
        until("a pit tapped", || async {
            c.find(Locator::Css("[data-pit].playable")).await.ok()?.click().await.ok()
        })
        .await;
        until("the move", || async {
            // A pit that sows either way, or a capture that asks where: the first way offered.
            if let Ok(way) = c.find(Locator::Css("#choices button")).await {
                let _ = way.click().await;
            }
            (!texts(&c, "[data-testid=moves] li .move").await.is_empty()).then_some(())
        })
        .await;
        screenshot(&c, &format!("{variant}-phone.png")).await;
    }
    c.close().await.unwrap();
}

/// Saves a screenshot for docs/serve.md: into `docs/images/NAME` with `SOW_SCREENSHOTS=docs`
/// (`SOW_SCREENSHOTS=docs cargo test --release -p sow-browser screenshots_for_the_docs`), else
/// with the others into `target/screenshots/`.
async fn doc_screenshot(c: &fantoccini::Client, name: &str) {
    if std::env::var("SOW_SCREENSHOTS").is_ok_and(|v| v == "docs") {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/images");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), c.screenshot().await.unwrap()).unwrap();
    } else {
        screenshot(c, name).await;
    }
}

#[tokio::test(flavor = "current_thread")]
async fn screenshots_for_the_docs() {
    let Some(setup) = start() else { return };
    // A laptop: a game of Kalah against greedy, and a simulation's table beside its plot.
    let c = setup.browser(1280, 800).await;
    c.goto(&format!("{}?variant=kalah&players=human,greedy&moves=3,1,6,2&animate=0", setup.address))
        .await
        .unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit].playable")).await.ok() }).await;
    doc_screenshot(&c, "laptop-game.png").await;
    for entry in ["awari", "oware"] {
        c.execute("const s = document.getElementById('run-search'); s.value = arguments[0]; s.dispatchEvent(new Event('input'))", vec![json!(entry)])
            .await
            .unwrap();
        let ticked = c.execute("const b = document.querySelector('#run-list input:not(:checked)'); if (b) b.click(); return !!b", vec![]).await.unwrap();
        assert_eq!(ticked, json!(true), "{entry}");
    }
    c.execute(
        "const s = document.getElementById('run-search'); s.value = ''; s.dispatchEvent(new Event('input'))",
        vec![],
    )
    .await
    .unwrap();
    c.execute("document.getElementById('run-games').value = '500'; document.getElementById('run-seat-2').value = 'greedy'", vec![])
        .await
        .unwrap();
    c.find(Locator::Id("run-start")).await.unwrap().click().await.unwrap();
    until("the run to start", || async { (run_state(&c).await != "done").then_some(()) }).await;
    until("the run to end", || async { (run_state(&c).await == "done").then_some(()) }).await;
    sort_by(&c, 0, 3).await;
    c.execute("document.getElementById('simulate').scrollIntoView()", vec![]).await.unwrap();
    doc_screenshot(&c, "laptop-simulation.png").await;
    c.close().await.unwrap();
    // A phone: Toguz Kumalak's board turned to fit, and "Compare with" marking the words.
    let c = setup.browser(412, 915).await;
    c.goto(&format!("{}?variant=toguz-kumalak&players=human,human&moves=1,2,3&animate=0", setup.address))
        .await
        .unwrap();
    until("the board", || async { c.find(Locator::Css("[data-pit].playable")).await.ok() }).await;
    doc_screenshot(&c, "phone-toguz-kumalak.png").await;
    c.execute(
        r#"const s = document.getElementById('compare'); s.value = '{"variant":"kalah","ruleset":null}'; s.dispatchEvent(new Event('change'))"#,
        vec![],
    )
    .await
    .unwrap();
    until("the differences", || async { c.find(Locator::Css("[data-testid=diff] tbody del")).await.ok() })
        .await;
    c.execute("document.getElementById('diff-box').scrollIntoView()", vec![]).await.unwrap();
    doc_screenshot(&c, "phone-compare.png").await;
    c.close().await.unwrap();
}
