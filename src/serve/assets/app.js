// The page of `sow serve`: plain JavaScript, no library. The server keeps no game: the page
// holds the variant and the moves, and asks the server for the position after them.
"use strict";

const AGENTS = ["human", "random", "greedy", "alphabeta:4", "alphabeta:8", "mcts:200", "mcts:2000", "perfect"];
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

const game = {
  variant: null,      // a key of /api/variants, or null when playing the editor's text
  source: null,       // the editor's text, when playing it
  ruleset: null,
  moves: [],
  undone: [],
  players: ["human", "human"],
  animate: true,
  last: null,         // the last reply of /api/game
  generation: 0,      // bumped on every change: a late reply of an older game is dropped
};

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error || `${response.status}`);
    error.data = data;
    throw error;
  }
  return data;
}

function variantBody() {
  return game.source !== null ? { source: game.source, ruleset: game.ruleset } : { variant: game.variant, ruleset: game.ruleset };
}

function showError(text) { $("error").textContent = text || ""; }

// ---------------------------------------------------------------------------------------
// The board, drawn as SVG from the server's layout: rows top to bottom as player 1 sees them.

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function drawBoard(reply) {
  const { layout, position } = reply;
  const svg = $("board");
  svg.replaceChildren();
  const cols = layout.rows[0].length;
  const rows = layout.rows.length;
  const cell = 80, pad = 20;
  const storeW = layout.stores ? 70 : 0;
  // Four rows are two players' halves: a gap between them, as between two boards.
  const gap = rows === 4 ? 28 : 0;
  // Without stores, what each player holds off the board is written above (player 2) and
  // below (player 1) it.
  const band = layout.stores ? 0 : 34;
  const width = pad * 2 + cols * cell + 2 * storeW;
  const height = pad * 2 + rows * cell + gap + 2 * band;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  // At most a little larger than drawn: a board of few pits does not fill a wide screen.
  svg.style.maxWidth = `${Math.round(width * 1.25)}px`;
  el("rect", { class: "frame", x: 2, y: band + 2, width: width - 4, height: height - 2 * band - 4, rx: 30 }, svg);
  const legal = legalByPit(position.legal_moves || []);
  const human = !position.finished && position.to_move && game.players[position.to_move - 1] === "human";
  const lastPit = lastPitOf(reply);
  layout.rows.forEach((row, r) => {
    row.forEach((pit, c) => {
      const cx = pad + storeW + c * cell + cell / 2;
      const cy = band + pad + r * cell + (r >= 2 ? gap : 0) + cell / 2;
      const g = el("g", { class: `pit owner-${layout.owners[pit - 1]}`, "data-pit": pit }, svg);
      el("circle", { cx, cy, r: cell / 2 - 8 }, g);
      const t = el("text", { x: cx, y: cy, class: "counted" }, g);
      t.textContent = String(position.pits[pit - 1]);
      if (human && legal.has(pit)) {
        g.classList.add("playable");
        g.addEventListener("click", () => choose(pit, legal.get(pit)));
      }
      if (pit === lastPit) g.classList.add("last");
      const n = el("text", { x: cx, y: cy + cell / 2 - 3, class: "number" }, svg);
      n.textContent = String(pit);
    });
  });
  if (layout.stores && position.stores) {
    // Player 1 sows counter-clockwise into the store at their right; player 2's is at the left.
    const places = [width - pad - storeW + 5, pad - 5];
    position.stores.slice(0, 2).forEach((seeds, p) => {
      const g = el("g", { class: "store", "data-store": p + 1 }, svg);
      el("rect", { x: places[p], y: pad + 5, width: storeW, height: rows * cell - 10, rx: 30 }, g);
      const t = el("text", { x: places[p] + storeW / 2, y: pad + rows * cell / 2, class: "counted" }, g);
      t.textContent = String(seeds);
    });
  }
  if (!layout.stores) {
    const word = layout.hands ? "in hand" : "captured";
    // Player 1 sits below the board, player 2 above (with a third player, if any, sharing
    // the space above): the words at the left, the count at the right.
    const above = Math.max(1, position.captured.length - 1);
    const span = (width - 2 * pad) / above;
    position.captured.forEach((seeds, p) => {
      const y = p === 0 ? height - band / 2 : band / 2;
      const x = pad + (p === 0 ? 0 : (p - 1) * span);
      const label = el("text", { x: x + 10, y, class: "hand-label" }, svg);
      label.textContent = span >= 220 ? `Player ${p + 1} ${word}` : `P${p + 1}`;
      const g = el("g", { class: "hand", "data-hand": p + 1 }, svg);
      const t = el("text", { x: x + span - 10, y, class: "counted" }, g);
      t.textContent = String(seeds);
    });
  }
}

// The counts shown, set without redrawing: the animation's frames.
function showCounts(counts, lit) {
  const set = (css, value) => { const e = document.querySelector(`${css} .counted`); if (e) e.textContent = String(value); };
  counts.pits.forEach((n, i) => set(`[data-pit="${i + 1}"]`, n));
  (counts.stores || []).forEach((n, p) => set(`[data-store="${p + 1}"]`, n));
  (counts.hands || []).forEach((n, p) => set(`[data-hand="${p + 1}"]`, n));
  for (const e of document.querySelectorAll("#board .sowing")) e.classList.remove("sowing");
  const hi = lit && document.querySelector(lit);
  if (hi) hi.classList.add("sowing");
}

// Legal moves by pit: `3`, `3cw`, `3ccw` belong to pit 3; others (a pass) to no pit.
function legalByPit(moves) {
  const byPit = new Map();
  for (const m of moves) {
    const found = /^(\d+)/.exec(m);
    if (!found) continue;
    const pit = Number(found[1]);
    if (!byPit.has(pit)) byPit.set(pit, []);
    byPit.get(pit).push(m);
  }
  return byPit;
}

function lastPitOf(reply) {
  const found = reply.last && /^(\d+)/.exec(reply.last.move || "");
  return found ? Number(found[1]) : null;
}

// ---------------------------------------------------------------------------------------
// The last move sown seed by seed, from the position before it: the seeds lifted, one seed a
// frame, relays and captures when the engine made them; then the position the server gave,
// whatever the frames showed.

const animation = { timer: null, done: null };

// Ends a running animation on the position it was going to (a new click, a new reply).
function stopAnimation() {
  if (animation.done) animation.done();
}

// The frames of a move: each a change of the counts and the place to light.
function framesOf(last, layout) {
  const { path, before, player } = last;
  const counts = { pits: before.pits.slice(), stores: before.stores ? before.stores.slice() : null, hands: before.captured.slice() };
  const frames = [];
  const frame = (lit) => frames.push({ pits: counts.pits.slice(), stores: counts.stores && counts.stores.slice(), hands: counts.hands.slice(), lit });
  const at = (place) => (typeof place === "number" ? `[data-pit="${place}"]` : `[data-store="${place.slice(1)}"]`);
  const add = (place, n) => {
    if (typeof place === "number") counts.pits[place - 1] = Math.max(0, counts.pits[place - 1] + n);
    else if (counts.stores) counts.stores[Number(place.slice(1)) - 1] += n;
  };
  // Captured seeds go to the mover's store, or their hand on a board without stores.
  const credit = (n) => {
    if (layout.stores && counts.stores) counts.stores[player - 1] += n;
    else counts.hands[player - 1] += n;
  };
  if (path.from === "hand") {
    counts.hands[player - 1] = Math.max(0, counts.hands[player - 1] - path.lifted);
    frame(null);
  } else if (path.from !== null && path.lifted > 0) {
    add(path.from, -path.lifted);
    frame(at(path.from));
  }
  const events = (i) => {
    for (const r of path.relays.filter((r) => r.at === i)) { add(r.pit, -r.seeds); frame(at(r.pit)); }
    for (const c of path.captures.filter((c) => c.at === i)) { add(c.pit, -c.seeds); credit(c.seeds); frame(at(c.pit)); }
  };
  path.sown.forEach((place, i) => {
    events(i);
    add(place, 1);
    frame(at(place));
  });
  events(path.sown.length);
  return frames;
}

// Plays the frames of the last move; resolves once the board shows `reply.position`.
function animateLast(reply) {
  stopAnimation();
  const frames = framesOf(reply.last, reply.layout);
  const end = { pits: reply.position.pits, stores: reply.position.stores, hands: reply.position.captured };
  if (!frames.length) return Promise.resolve();
  // One seed every 120 ms, faster for a long move: at most 2.5 s a move.
  const tick = Math.min(120, 2500 / frames.length);
  return new Promise((resolve) => {
    let i = 0;
    animation.done = () => {
      clearTimeout(animation.timer);
      animation.done = null;
      showCounts(end, null);
      resolve();
    };
    const next = () => {
      if (i === frames.length) return animation.done();
      showCounts(frames[i], frames[i].lit);
      i += 1;
      animation.timer = setTimeout(next, tick);
    };
    // The position before the move, shown for a frame before its seeds are lifted.
    showCounts({ pits: reply.last.before.pits, stores: reply.last.before.stores, hands: reply.last.before.captured }, null);
    animation.timer = setTimeout(next, tick);
  });
}

// ---------------------------------------------------------------------------------------
// Playing

function choose(pit, moves) {
  if (moves.length === 1) return play(moves[0]);
  const box = $("choices");
  box.replaceChildren(document.createTextNode(`Pit ${pit}: `));
  for (const m of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.endsWith("ccw") ? `${m} (counter-clockwise)` : m.endsWith("cw") ? `${m} (clockwise)` : m;
    b.dataset.move = m;
    b.addEventListener("click", () => play(m));
    box.appendChild(b);
  }
}

function play(move) {
  game.moves.push(move);
  game.undone = [];
  refresh();
}

// Draws a reply; the promise resolves once the board shows its position (at once unless
// the last move is animated: only a move added to the game shown is, not an undo or a replay).
function render(reply) {
  stopAnimation();
  // The editor's variant may seat another number of players.
  if (reply.layout.players !== game.players.length) {
    game.players = Array.from({ length: reply.layout.players }, (_, i) => game.players[i] || "human");
    fillSeats(reply.layout.players);
  }
  const shown = game.last;
  game.last = reply;
  const p = reply.position;
  drawBoard(reply);
  const added = shown && shown.name === reply.name && shown.ruleset === reply.ruleset &&
    reply.moves.length === shown.moves.length + 1 && shown.moves.every((m, i) => m === reply.moves[i]);
  const drawn = game.animate && added && reply.last && reply.last.path ? animateLast(reply) : Promise.resolve();
  $("choices").replaceChildren();
  const others = (p.legal_moves || []).filter((m) => !/^\d/.test(m));
  if (!p.finished && game.players[p.to_move - 1] === "human") {
    for (const m of others) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = m;
      b.dataset.move = m;
      b.addEventListener("click", () => play(m));
      $("choices").appendChild(b);
    }
  }
  $("to-move").textContent = p.finished ? "" : `Player ${p.to_move} to move`;
  $("score").textContent = p.finished ? "" : `· score ${p.score.join(" to ")}`;
  $("result").textContent = p.finished ? (p.winner ? `Player ${p.winner} wins` : "A draw") + ` (${p.score.join(" to ")})` : "";
  $("last").textContent = reply.last ? reply.last.text : "";
  const list = $("moves");
  list.replaceChildren();
  for (const m of reply.moves) {
    const li = document.createElement("li");
    li.textContent = m;
    list.appendChild(li);
  }
  $("undo").disabled = game.moves.length === 0;
  $("redo").disabled = game.undone.length === 0;
  $("hint").disabled = p.finished;
  $("hint-text").textContent = "";
  return drawn;
}

// The moves of the player to move with their values: perfect play where the server can
// solve the variant, else a search; the best ringed on the board.
async function showHint() {
  const generation = game.generation;
  $("hint-text").textContent = "thinking...";
  let hint;
  try {
    hint = await post("/api/hint", { ...variantBody(), moves: game.moves });
  } catch (e) {
    if (generation === game.generation) $("hint-text").textContent = e.message;
    return;
  }
  if (generation !== game.generation) return;
  const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `\u2212${-v}` : "0");
  const values = hint.moves.map((m) => `${m.move} ${signed(m.value)}${m.best ? " (best)" : ""}`).join(", ");
  const by = hint.exact
    ? `Perfect play, for player ${hint.player} (the seeds still to be won, ahead or behind)`
    : `A search (${hint.by}), for player ${hint.player} (seeds ahead as far as it sees)`;
  const refused = hint.perfect_refused ? ` \u2014 no perfect play here: ${hint.perfect_refused}` : "";
  $("hint-text").textContent = `${by}: ${values}${refused}`;
  for (const m of hint.moves.filter((m) => m.best)) {
    const found = /^(\d+)/.exec(m.move);
    const pit = found && document.querySelector(`#board [data-pit="${found[1]}"]`);
    if (pit) pit.classList.add("hinted");
  }
}

async function refresh() {
  const generation = ++game.generation;
  stopAnimation();
  showError("");
  let reply;
  try {
    reply = await post("/api/game", { ...variantBody(), moves: game.moves });
  } catch (e) {
    if (generation !== game.generation) return;
    showError(e.data && e.data.diagnostics ? e.data.diagnostics.map((d) => d.rendered).join("\n") : e.message);
    // A move the server refused is taken back.
    if (game.moves.length && !(e.data && e.data.diagnostics)) game.moves.pop();
    return;
  }
  if (generation !== game.generation) return;
  const drawn = render(reply);
  const p = reply.position;
  const seat = p.to_move ? game.players[p.to_move - 1] : "human";
  if (!p.finished && seat && seat !== "human") {
    try {
      // The agent thinks while the move is shown; its answer waits for the animation, and
      // half a second more, so that a person can follow.
      const asked = post("/api/agent", { ...variantBody(), moves: game.moves, player: seat, seed: game.moves.length });
      asked.catch(() => {}); // answered below, once awaited
      if (game.animate) await drawn.then(() => new Promise((r) => setTimeout(r, 500)));
      const answer = await asked;
      if (generation !== game.generation) return;
      game.moves.push(answer.move);
      // Redone moves stay redoable only while the agents replay them.
      if (game.undone.length && game.undone[game.undone.length - 1] === answer.move) game.undone.pop();
      else game.undone = [];
      refresh();
    } catch (e) {
      if (generation === game.generation) showError(e.message);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Choosing a variant and the players

async function loadVariants() {
  const { variants } = await fetch("/api/variants").then((r) => r.json());
  const select = $("variant");
  for (const v of variants) {
    const o = document.createElement("option");
    o.value = v.key;
    o.textContent = v.file ? `${v.name} (${v.file})` : v.name;
    o.dataset.rulesets = JSON.stringify(v.rulesets);
    o.dataset.players = v.players;
    o.dataset.rulesetPlayers = JSON.stringify(v.ruleset_players);
    select.appendChild(o);
    // Every variant and ruleset may be compared with the one played.
    for (const r of [null].concat(v.rulesets)) {
      const c = document.createElement("option");
      c.value = JSON.stringify({ variant: v.key, ruleset: r });
      c.textContent = r ? `${v.name}: ${r}` : v.name;
      $("compare").appendChild(c);
    }
  }
}

function fillRulesets(selected) {
  const option = $("variant").selectedOptions[0];
  const rulesets = option ? JSON.parse(option.dataset.rulesets) : [];
  const select = $("ruleset");
  select.replaceChildren();
  for (const r of [""].concat(rulesets)) {
    const o = document.createElement("option");
    o.value = r;
    o.textContent = r || "(none)";
    select.appendChild(o);
  }
  select.value = rulesets.includes(selected) ? selected : "";
}

function fillSeats(count) {
  const box = $("seats");
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    const label = document.createElement("label");
    label.textContent = `Player ${i + 1} `;
    const select = document.createElement("select");
    select.id = `seat-${i + 1}`;
    const names = AGENTS.includes(game.players[i]) || !game.players[i] ? AGENTS : AGENTS.concat([game.players[i]]);
    for (const a of names) {
      const o = document.createElement("option");
      o.value = a;
      o.textContent = a;
      select.appendChild(o);
    }
    select.value = game.players[i] || "human";
    select.addEventListener("change", () => { game.players[i] = select.value; refresh(); });
    label.appendChild(select);
    box.appendChild(label);
  }
}

async function describeVariant() {
  // The variant is chosen: the simulation form follows it (simulate.js).
  document.dispatchEvent(new Event("sow-variant"));
  try {
    const { text } = await post("/api/describe", variantBody());
    $("describe").textContent = text;
  } catch (e) {
    $("describe").textContent = e.message;
  }
}

// The rules that differ from the variant chosen in "Compare with", as `sow diff` gives them.
async function compare() {
  const box = $("diff-box");
  if (!$("compare").value) return box.replaceChildren();
  const asked = $("compare").value;
  let reply;
  try {
    reply = await post("/api/diff", { ...variantBody(), against: JSON.parse(asked) });
  } catch (e) {
    box.textContent = e.message;
    return;
  }
  if ($("compare").value !== asked) return;
  const table = document.createElement("table");
  table.dataset.testid = "diff";
  const row = (cells, tag) => {
    const tr = document.createElement("tr");
    for (const text of cells) {
      const td = document.createElement(tag);
      td.textContent = text;
      tr.appendChild(td);
    }
    return tr;
  };
  const head = document.createElement("thead");
  head.appendChild(row(["rule", reply.a.title, reply.b.title], "th"));
  const body = document.createElement("tbody");
  for (const d of reply.differences) body.appendChild(row([d.rule, d.a, d.b], "td"));
  if (!reply.differences.length) {
    const tr = row(["no differences"], "td");
    tr.firstChild.colSpan = 3;
    body.appendChild(tr);
  }
  table.append(head, body);
  box.replaceChildren(table);
}

function newGame() {
  game.moves = [];
  game.undone = [];
  describeVariant();
  compare();
  refresh();
}

function pickVariant() {
  game.variant = $("variant").value;
  game.source = null;
  game.ruleset = $("ruleset").value || null;
  seatsFor(game.ruleset);
}

// A seat for each player of the variant with its ruleset (a ruleset may add one).
function seatsFor(ruleset) {
  const option = $("variant").selectedOptions[0];
  const byRuleset = JSON.parse(option.dataset.rulesetPlayers || "{}");
  const players = Number((ruleset && byRuleset[ruleset]) || option.dataset.players || 2);
  game.players = Array.from({ length: players }, (_, i) => game.players[i] || "human");
  fillSeats(players);
}

// ---------------------------------------------------------------------------------------
// The editor: checked as you type

let checkTimer = null;
async function checkSource() {
  const source = $("source").value;
  const { ok, diagnostics } = await post("/api/check", { source });
  $("check-state").textContent = ok ? (diagnostics.length ? "no errors (warnings below)" : "no mistakes") : "mistakes below";
  $("diagnostics").textContent = diagnostics.map((d) => d.rendered).join("\n");
  $("play-this").disabled = !ok;
}

function wire() {
  $("variant").addEventListener("change", () => { fillRulesets(null); pickVariant(); newGame(); });
  $("ruleset").addEventListener("change", () => { game.ruleset = $("ruleset").value || null; seatsFor(game.ruleset); newGame(); });
  $("new-game").addEventListener("click", newGame);
  $("compare").addEventListener("change", compare);
  $("animate").addEventListener("change", () => { game.animate = $("animate").checked; });
  $("hint").addEventListener("click", showHint);
  $("undo").addEventListener("click", () => {
    // Back to the last position where a person was to move: an agent's replies are taken
    // back with the person's move before them (else the agent would play them again).
    const movers = (game.last && game.last.movers) || [];
    while (game.moves.length) {
      const mover = movers[game.moves.length - 1];
      game.undone.push(game.moves.pop());
      if (!mover || game.players[mover - 1] === "human") break;
    }
    refresh();
  });
  $("redo").addEventListener("click", () => {
    if (!game.undone.length) return;
    game.moves.push(game.undone.pop());
    refresh();
  });
  $("copy").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText(game.moves.join(",")));
  $("paste-form").addEventListener("submit", (e) => {
    e.preventDefault();
    game.moves = $("paste").value.split(/[\s,]+/).filter(Boolean);
    game.undone = [];
    refresh();
  });
  $("source").addEventListener("input", () => { clearTimeout(checkTimer); checkTimer = setTimeout(checkSource, 250); });
  $("play-this").addEventListener("click", () => {
    game.source = $("source").value;
    game.variant = null;
    game.ruleset = null;
    newGame();
  });
}

async function start() {
  wire();
  await loadVariants();
  const params = new URLSearchParams(location.search);
  const asked = params.get("variant");
  if (asked && [...$("variant").options].some((o) => o.value === asked)) $("variant").value = asked;
  else if ([...$("variant").options].some((o) => o.value === "bakuk")) $("variant").value = "bakuk";
  fillRulesets(params.get("ruleset"));
  if (params.get("players")) game.players = params.get("players").split(",");
  if (params.get("animate") === "0") { game.animate = false; $("animate").checked = false; }
  if (params.get("moves")) game.moves = params.get("moves").split(",").filter(Boolean);
  pickVariant();
  $("source").value = `variant "My Bakuk" extends "Bakuk" {\n  source "my notes"\n  seeds 4 in each pit\n}\n`;
  checkSource();
  describeVariant();
  refresh();
}

start();
