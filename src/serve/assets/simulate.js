// The page's simulations: a form that starts a run on the server, its progress, its table and
// its plot, and a button that cancels it. Shares `$`, `post`, `game` and `AGENTS` with app.js.
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
      o.dataset.players = v.players;
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
  $("run-start").disabled = false;
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
    $("run-start").disabled = false;
    $("run-cancel").disabled = true;
  }
}

async function startRun(event) {
  event.preventDefault();
  clearTimeout(run.timer);
  $("run-error").textContent = "";
  $("run-table").textContent = "";
  $("run-plot").replaceChildren();
  $("run-state").textContent = "";
  delete $("run-state").dataset.state;
  const variants = [...$("run-variants").selectedOptions].map((o) => JSON.parse(o.value));
  const players = [...$("run-seats").querySelectorAll("select")].map((s) => s.value);
  try {
    const started = await post("/api/runs", {
      variants, players, games: Number($("run-games").value), seed: Number($("run-seed").value),
    });
    run.id = started.id;
    $("run-start").disabled = true;
    $("run-cancel").disabled = false;
    poll();
  } catch (e) {
    const d = e.data && e.data.diagnostics;
    $("run-error").textContent = d ? d.map((x) => x.rendered).join("\n") : e.message;
  }
}

async function cancelRun() {
  if (run.id === null) return;
  await fetch(`/api/runs/${run.id}`, { method: "DELETE" });
}

async function startRuns() {
  await loadRunVariants();
  $("run-form").addEventListener("submit", startRun);
  $("run-cancel").addEventListener("click", cancelRun);
  $("run-variants").addEventListener("change", runSeats);
  // app.js says when the game's variant is chosen (from the address, the lists, the editor).
  document.addEventListener("sow-variant", followGame);
  if (game.variant !== null || game.source !== null) followGame();
}

startRuns();
