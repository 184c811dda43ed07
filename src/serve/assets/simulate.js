// The page's simulations and tournaments: a form (or a tournament file's text) that starts a
// run on the server, its progress, its table and its plot, and a button that cancels it. An
// ES module, as app.js is: what the two share is imported, nothing is global.
import { $, AGENTS, game, post } from "/app.js";

const run = { id: null, timer: null, seats: 2, entries: [], chosen: [] };

// The most variants a run compares (the server's limit).
const MAX_RUN_VARIANTS = 8;

// Every variant and ruleset offered, as the picker's entries: a box to tick each, found by a
// search of their names.
async function loadRunVariants() {
  const { variants } = await fetch("/api/variants").then((r) => r.json());
  for (const v of variants) {
    for (const ruleset of [null].concat(v.rulesets)) {
      run.entries.push({
        value: JSON.stringify({ variant: v.key, ruleset }),
        name: ruleset ? `${v.name}: ${ruleset}` : v.name,
        key: ruleset ? `${v.key}:${ruleset}` : v.key,
        players: ruleset ? v.ruleset_players[ruleset] : v.players,
      });
    }
  }
  drawPicker();
}

// The list of entries whose name (or key) holds every word searched, each with its box.
function drawPicker() {
  const words = $("run-search").value.toLowerCase().split(/\s+/).filter((w) => w);
  const list = $("run-list");
  list.replaceChildren();
  const full = run.chosen.length >= MAX_RUN_VARIANTS;
  let shown = 0;
  for (const e of run.entries) {
    const text = `${e.name} ${e.key}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = e.value;
    box.checked = run.chosen.includes(e);
    box.disabled = full && !box.checked;
    box.addEventListener("change", () => pickEntry(e, box.checked));
    label.append(box, ` ${e.name}`);
    list.appendChild(label);
    shown++;
  }
  $("run-found").textContent = words.length
    ? `${shown} of ${run.entries.length} found`
    : `${run.entries.length} variants and rulesets`;
  if (full) $("run-found").textContent += `; ${MAX_RUN_VARIANTS} chosen, the most a run compares`;
}

// The chosen, as chips: each names its variant and takes it off the run when clicked.
function drawChips() {
  const box = $("run-chosen");
  box.replaceChildren();
  for (const e of run.chosen) {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = "chip";
    chip.dataset.value = e.value;
    chip.title = `take ${e.name} off the run`;
    chip.setAttribute("aria-label", `${e.name}: take it off the run`);
    const name = document.createElement("span");
    name.className = "chip-name";
    name.textContent = e.name;
    chip.append(name, " \u00d7");
    chip.addEventListener("click", () => pickEntry(e, false));
    box.appendChild(chip);
  }
  if (!run.chosen.length) box.textContent = "none chosen: tick one below";
  $("run-start").disabled = !run.chosen.length || run.id !== null && $("run-cancel").disabled === false;
}

function pickEntry(entry, on) {
  const i = run.chosen.indexOf(entry);
  if (on && i < 0 && run.chosen.length < MAX_RUN_VARIANTS) run.chosen.push(entry);
  if (!on && i >= 0) run.chosen.splice(i, 1);
  drawChips();
  drawPicker();
  runSeats();
}

// The variant on the board is the one simulated unless others are chosen.
function followGame() {
  run.entries = run.entries.filter((e) => !e.editor);
  let current;
  if (game.source !== null) {
    current = {
      value: JSON.stringify({ source: game.source, ruleset: null }),
      name: "the editor's variant",
      key: "editor",
      players: game.players.length,
      editor: true,
    };
    run.entries.unshift(current);
  } else {
    const value = JSON.stringify({ variant: game.variant, ruleset: game.ruleset });
    current = run.entries.find((e) => e.value === value);
  }
  run.chosen = current ? [current] : [];
  drawChips();
  drawPicker();
  runSeats();
  sampleTournament();
}

// A player for each seat of the first variant chosen.
function runSeats() {
  const first = run.chosen[0];
  const count = Number((first && first.players) || 2);
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
  $("run-sheets").replaceChildren(...(s.sheets || []).map(sheetTable));
  for (const [link, file] of [["run-csv", "results.csv"], ["run-json", "results.json"], ["run-svg", "plot.svg"]]) {
    $(link).href = `/api/runs/${s.id}/${file}`;
  }
  $("run-files").hidden = false;
  const img = document.createElement("img");
  img.alt = "the results as a plot: who wins, and how long games last";
  img.src = URL.createObjectURL(new Blob([s.svg], { type: "image/svg+xml" }));
  $("run-plot").replaceChildren(img);
}

// A figure's number for sorting: the first number a cell writes (`+35 ± 20`, `47.7% (45.1-50.3)`,
// `10-2-3`), none for `-`.
function figure(cell) {
  const m = cell.replace(/,/g, "").match(/[-+]?(\d+\.?\d*|\.\d+)|[-+]?inf/);
  if (!m) return null;
  return m[0].endsWith("inf") ? (m[0].startsWith("-") ? -Infinity : Infinity) : Number(m[0]);
}

// One of a run's tables as an HTML table: its figures aligned right, sorted by a click on a
// column's head (again: the other way).
function sheetTable(sheet) {
  const box = document.createElement("div");
  box.className = "sheet";
  const table = document.createElement("table");
  table.dataset.testid = "sheet";
  const caption = document.createElement("caption");
  caption.textContent = sheet.title;
  table.appendChild(caption);
  const head = table.createTHead().insertRow();
  const body = table.createTBody();
  for (const row of sheet.rows) {
    const tr = body.insertRow();
    row.forEach((cell, c) => {
      const td = tr.insertCell();
      td.textContent = cell;
      if (sheet.figures[c]) td.className = "figure";
    });
  }
  sheet.header.forEach((name, c) => {
    const th = document.createElement("th");
    th.scope = "col";
    if (sheet.figures[c]) th.className = "figure";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = name;
    button.title = `sort by ${name || "the first column"}`;
    button.addEventListener("click", () => sortSheet(table, c, !!sheet.figures[c]));
    th.appendChild(button);
    head.appendChild(th);
  });
  box.appendChild(table);
  return box;
}

function sortSheet(table, column, figures) {
  const th = table.tHead.rows[0].cells[column];
  // Figures largest first, words from A; a second click turns it round.
  const down = th.getAttribute("aria-sort") !== (figures ? "descending" : "ascending");
  const order = figures ? (down ? "descending" : "ascending") : (down ? "ascending" : "descending");
  for (const cell of table.tHead.rows[0].cells) cell.removeAttribute("aria-sort");
  th.setAttribute("aria-sort", order);
  const sign = order === "ascending" ? 1 : -1;
  const rows = [...table.tBodies[0].rows];
  const key = (tr) => tr.cells[column] ? tr.cells[column].textContent : "";
  rows.sort((a, b) => {
    if (figures) {
      const x = figure(key(a)), y = figure(key(b));
      // Cells without a figure last, either way.
      if (x === null || y === null) return (x === null) - (y === null);
      if (x !== y) return sign * (x - y);
    }
    return sign * key(a).localeCompare(key(b), "en", { numeric: true });
  });
  table.tBodies[0].append(...rows);
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
  $("run-sheets").replaceChildren();
  $("run-files").hidden = true;
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
  const variants = run.chosen.map((e) => JSON.parse(e.value));
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
  $("run-search").addEventListener("input", drawPicker);
  // app.js says when the game's variant is chosen (from the address, the lists, the editor).
  document.addEventListener("sow-variant", followGame);
  if (game.variant !== null || game.source !== null) followGame();
}

startRuns();
