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

use sow_browser::{played, screenshot, start, texts, until};

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
            (texts(&c, "[data-testid=moves] li").await.len() >= clicks).then_some(())
        })
        .await;
        assert!(clicks < 500, "the game does not end");
    }
    let moves = texts(&c, "[data-testid=moves] li").await;
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
        let m = texts(&c, "[data-testid=moves] li").await;
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
        let m = texts(&c, "[data-testid=moves] li").await;
        (m.len() >= 2 && texts(&c, "[data-testid=to-move]").await == ["Player 1 to move"]).then_some(m)
    })
    .await;
    assert_eq!(moves[0], "1");
    c.find(Locator::Id("undo")).await.unwrap().click().await.unwrap();
    until("the start again", || async { texts(&c, "[data-testid=moves] li").await.is_empty().then_some(()) })
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
        let m = texts(&c, "[data-testid=moves] li").await;
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
                "return [...document.getElementById('run-variants').selectedOptions].map(o => o.textContent)",
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
        t.starts_with("Perfect play").then_some(t)
    })
    .await;
    assert_eq!(
        said,
        "Perfect play, for player 1 (the seeds still to be won, ahead or behind): 2 +2 (best), 1 0, 3 \u{2212}4"
    );
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
