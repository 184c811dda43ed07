// The page's simulations and tournaments: a form (or a tournament file's text) that starts a
// run on the server, its progress, its table and its plot, and a button that cancels it. Shares `$`, `post`, `game` and `AGENTS` with app.js.
"use strict";

const run = { id: null, timer: null, seats: 2 };

// Every variant and ruleset offered, as options of the run's variant list.
async function loadRunVariants() {
  const { variants } = await fetch("/api/variants").then((r) => r.json());
  const select = $("run-variants");
  for (const v of variants) {
    for (const ruleset of [null].concat(v.rulesets)) {
      const o = document.createElement("option");
      o.value = JSON.stringify({ variant: v.key, ruleset });
      o.textContent = ruleset ? `${v.name}: ${ruleset}` : v.name;
      o.dataset.players = ruleset ? v.ruleset_players[ruleset] : v.players;
      select.appendChild(o);
    }
  }
}

// The variant on the board is the one simulated unless others are chosen.
function followGame() {
  const select = $("run-variants");
  const editor = select.querySelector("option[data-editor]");
  if (editor) editor.remove();
  let current;
  if (game.source !== null) {
    current = document.createElement("option");
    current.value = JSON.stringify({ source: game.source, ruleset: null });
    current.textContent = "the editor's variant";
    current.dataset.editor = "1";
    current.dataset.players = String(game.players.length);
    select.prepend(current);
  } else {
    const value = JSON.stringify({ variant: game.variant, ruleset: game.ruleset });
    current = [...select.options].find((o) => o.value === value);
  }
  for (const o of select.options) o.selected = o === current;
  runSeats();
  sampleTournament();
}

// A player for each seat of the first variant chosen.
function runSeats() {
  const first = $("run-variants").selectedOptions[0];
  const count = Number((first && first.dataset.players) || 2);
  const box = $("run-seats");
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    const label = document.createElement("label");
    label.textContent = `Player ${i + 1} `;
    const select = document.createElement("select");
    select.id = `run-seat-${i + 1}`;
    for (const a of AGENTS.filter((a) => a !== "human")) {
      const o = document.createElement("option");
      o.value = a;
      o.textContent = a;
      select.appendChild(o);
    }
    select.value = kept[i] || "random";
    label.appendChild(select);
    box.appendChild(label);
  }
}

function showRun(s) {
  $("run-progress").max = Math.max(1, s.games);
  $("run-progress").value = s.done;
  const games = `${s.done.toLocaleString("en")} of ${s.games.toLocaleString("en")} games`;
  const words = { running: "running", done: "done", stopped: "stopped", failed: "failed" };
  $("run-state").textContent = `${words[s.state]}: ${games}, ${s.seconds} s`;
  $("run-state").dataset.state = s.state;
  if (s.state === "running") return;
  $("run-cancel").disabled = true;
  $("run-start").disabled = $("tournament-start").disabled = false;
  if (s.error) { $("run-error").textContent = s.error; return; }
  $("run-table").textContent = s.table;
  const img = document.createElement("img");
  img.alt = "the results as a plot: who wins, and how long games last";
  img.src = URL.createObjectURL(new Blob([s.svg], { type: "image/svg+xml" }));
  $("run-plot").replaceChildren(img);
}

async function poll() {
  if (run.id === null) return;
  const id = run.id;
  try {
    const s = await fetch(`/api/runs/${id}`).then(async (r) => {
      const data = await r.json();
      if (!r.ok) throw new Error(data.error);
      return data;
    });
    if (id !== run.id) return;
    showRun(s);
    if (s.state === "running") run.timer = setTimeout(poll, 300);
  } catch (e) {
    $("run-error").textContent = e.message;
    $("run-start").disabled = $("tournament-start").disabled = false;
    $("run-cancel").disabled = true;
  }
}

// Starts a run (a simulation or a tournament) and follows it.
async function begin(path, body) {
  clearTimeout(run.timer);
  $("run-error").textContent = "";
  $("run-table").textContent = "";
  $("run-plot").replaceChildren();
  $("run-state").textContent = "";
  delete $("run-state").dataset.state;
  try {
    const started = await post(path, body);
    run.id = started.id;
    $("run-start").disabled = $("tournament-start").disabled = true;
    $("run-cancel").disabled = false;
    poll();
  } catch (e) {
    const d = e.data && e.data.diagnostics;
    $("run-error").textContent = d ? d.map((x) => x.rendered).join("\n") : e.message;
  }
}

function startRun(event) {
  event.preventDefault();
  const variants = [...$("run-variants").selectedOptions].map((o) => JSON.parse(o.value));
  const players = [...$("run-seats").querySelectorAll("select")].map((s) => s.value);
  begin("/api/runs", { variants, players, games: Number($("run-games").value), seed: Number($("run-seed").value) });
}

// A small round robin of the game's variant, until the text is edited by hand.
let tournamentEdited = false;
function sampleTournament() {
  if (tournamentEdited) return;
  const named = game.variant === null ? "bakuk" : game.ruleset ? `${game.variant}:${game.ruleset}` : game.variant;
  $("tournament").value = [
    'name: "A small round robin"',
    `variants: [${named}]`,
    "participants:",
    "  - random",
    "  - greedy",
    '  - "alphabeta:4"',
    '  - "mcts:200"',
    "format: round-robin",
    "games: 10",
    "seed: 1",
    "",
  ].join("\n");
}

async function cancelRun() {
  if (run.id === null) return;
  await fetch(`/api/runs/${run.id}`, { method: "DELETE" });
}

async function startRuns() {
  await loadRunVariants();
  $("run-form").addEventListener("submit", startRun);
  $("tournament").addEventListener("input", () => { tournamentEdited = true; });
  $("tournament-start").addEventListener("click", () => begin("/api/tournaments", { text: $("tournament").value }));
  $("run-cancel").addEventListener("click", cancelRun);
  $("run-variants").addEventListener("change", runSeats);
  // app.js says when the game's variant is chosen (from the address, the lists, the editor).
  document.addEventListener("sow-variant", followGame);
  if (game.variant !== null || game.source !== null) followGame();
}

startRuns();
