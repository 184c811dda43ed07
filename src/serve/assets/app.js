// The page of `sow serve`: plain JavaScript, no library. The server keeps no game: the page
// holds the variant and the moves, and asks the server for the position after them. An ES
// module (strict, its names its own): simulate.js imports what it shares from here.

export const AGENTS = ["human", "random", "greedy", "alphabeta:4", "alphabeta:8", "mcts:200", "mcts:2000", "perfect"];
export const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

export const game = {
  variant: null,      // a key of /api/variants, or null when playing the editor's text
  source: null,       // the editor's text, when playing it
  ruleset: null,
  position: null,     // a position set up: { pits: "0,0,1,1,0,0", held: "0,3" or null, to_move: 1 or null }
  moves: [],
  undone: [],
  players: ["human", "human"],
  animate: true,
  flip: false,        // player 2's row below: the board turned round
  speed: 1,           // of the animation and of the agents' pace: 0.5 to 4
  keyboard: false,    // the last move was played from the keyboard: the focus stays on the board
  last: null,         // the last reply of /api/game
  generation: 0,      // bumped on every change: a late reply of an older game is dropped
};

export async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error || `${response.status}`);
    error.data = data;
    error.status = response.status;
    throw error;
  }
  return data;
}

function variantBody() {
  return game.source !== null ? { source: game.source, ruleset: game.ruleset } : { variant: game.variant, ruleset: game.ruleset };
}

// A game's request: the variant, and the position set up where there is one.
function gameBody() {
  return game.position ? { ...variantBody(), position: game.position } : variantBody();
}

function showError(text) { $("error").textContent = text || ""; }

// A notice that stays until the next game is chosen: a misspelt address, a seat refused.
function say(text) {
  const p = document.createElement("p");
  p.textContent = text;
  $("notice").appendChild(p);
}

// ---------------------------------------------------------------------------------------
// The board, drawn as SVG from the server's layout: rows top to bottom as player 1 sees them.

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// The marks of the board in words, under it, as `sow play` writes them under its board.
function marksOf(reply) {
  const { position, stones } = reply;
  const lines = [];
  const list = (pits) => (pits.length === 1 ? `pit ${pits[0]}` : `pits ${pits.join(", ")}`);
  const claims = (position.claimed || []).map((pits, p) => (pits.length ? `player ${p + 1} ${list(pits)}` : null)).filter(Boolean);
  if (claims.length) lines.push(`Claimed (*): ${claims.join("; ")}`);
  if (position.out_of_play && position.out_of_play.length) lines.push(`Out of play: ${list(position.out_of_play)}`);
  if (stones && stones.end_places && stones.end_places.length) {
    lines.push(`End places: ${stones.end_places.map((q, p) => `player ${p + 1} pit ${q}`).join(", ")}`);
  }
  if (stones && stones.big_stones) {
    const at = stones.end_places.filter((_, p) => stones.in_place[p]);
    const taken = stones.taken.map((n, p) => (n ? `player ${p + 1} ${n}` : null)).filter(Boolean);
    lines.push(`Big stones: ${at.length ? list(at) : "none on the board"}${taken.length ? `; taken: ${taken.join(", ")}` : ""}`);
  }
  return lines;
}

// The round being played, in games of rounds.
function roundOf(position) {
  if (position.rounds_over === undefined || position.rounds_over === null) return "";
  const round = position.rounds_over + 1;
  return position.filling ? `Filling the pits for round ${round}` : `Round ${round}`;
}

// The least size of a pit to tap, in CSS pixels.
const TOUCH = 44;
// The least size at which a pit's number is drawn, in CSS pixels, and its size under the pit
// in the board's units (style.css).
const NUMBER_PX = 12;
const NUMBER_UNITS = 11;

function drawBoard(reply) {
  const { layout, position } = reply;
  const svg = $("board");
  // The pit the keyboard is on, if any: kept across the redraw.
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.pit : undefined;
  let focusedAgain = null;
  svg.replaceChildren();
  const inHand = position.in_hand || 0;
  $("sowing-hand").dataset.seeds = String(inHand);
  $("sowing-hand").textContent = inHand ? `Being sown: ${inHand} ${inHand === 1 ? "seed" : "seeds"} in hand` : "";
  $("marks").replaceChildren(...marksOf(reply).map((line) => {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }));
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
  // As wide as the column (as high as the window lets it be): on a narrow screen where a
  // row's pits would be smaller than a finger (44 px), the board is turned a quarter, its
  // rows standing up (see the end).
  const room = $("board-box").clientWidth;
  game.drawnRoom = room;
  const turned = room > 0 && room / width < TOUCH / (cell - 16);
  svg.classList.toggle("turned", turned);
  // The scale it will be drawn at (CSS pixels a unit; see style.css for the heights allowed):
  // small when the pits' numbers would be written smaller than NUMBER_PX under the pits.
  const [wide, high] = turned ? [height, width] : [width, height];
  const scale = Math.min(room / wide, (window.innerHeight - (turned ? 80 : 16)) / high);
  const small = room > 0 && NUMBER_PX / scale > NUMBER_UNITS;
  el("rect", { class: "frame", x: 2, y: band + 2, width: width - 4, height: height - 2 * band - 4, rx: 30 }, svg);
  const legal = legalByPit(position.legal_moves || []);
  const human = !position.finished && position.to_move && game.players[position.to_move - 1] === "human";
  const lastPit = lastPitOf(reply);
  // What else the position says of a pit: claimed (and by whom), out of play, an end place
  // and its big stone, owned across the board or by both players for the round.
  const claimer = new Map();
  (position.claimed || []).forEach((pits, p) => pits.forEach((q) => claimer.set(q, p + 1)));
  const out = new Set(position.out_of_play || []);
  const stones = reply.stones;
  const ends = new Map(((stones && stones.end_places) || []).map((q, p) => [q, p + 1]));
  const across = new Map();
  (position.owned_across || []).forEach((pits, p) => pits.forEach((q) => across.set(q, p + 1)));
  const both = new Set(position.owned_by_both || []);
  // Flipped, the board is turned round: player 2's row below, player 1's above.
  layout.rows.forEach((row, r0) => {
    row.forEach((pit, c0) => {
      const r = game.flip ? rows - 1 - r0 : r0;
      const c = game.flip ? cols - 1 - c0 : c0;
      const cx = pad + storeW + c * cell + cell / 2;
      const cy = band + pad + r * cell + (r >= 2 ? gap : 0) + cell / 2;
      const owner = across.get(pit) || layout.owners[pit - 1];
      // A button: played by a click, or from the keyboard (Enter or Space on it, the arrows
      // between the pits that may be played, or its number typed).
      const g = el("g", { class: `pit owner-${owner}`, "data-pit": pit, role: "button", "aria-disabled": "true" }, svg);
      const said = [`pit ${pit}`, `${position.pits[pit - 1]} seeds`, both.has(pit) ? "both players'" : `player ${owner}'s`];
      const radius = cell / 2 - 8;
      if (ends.has(pit)) {
        // An end place: drawn as a rounded square, its big stone (while it is there) a dark
        // disc beside its count.
        g.classList.add("end-place");
        el("rect", { x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius, rx: 14 }, g);
        said.push(`player ${ends.get(pit)}'s end place`);
        if (stones.big_stones && stones.in_place && stones.in_place[ends.get(pit) - 1]) {
          g.classList.add("has-big-stone");
          el("circle", { class: "big-stone", cx: cx - radius + 13, cy: cy - radius + 13, r: 9 }, svg);
          said.push("its big stone");
        }
      } else {
        el("circle", { cx, cy, r: radius }, g);
      }
      const t = el("text", { x: cx, y: cy, class: "counted" }, g);
      t.textContent = String(position.pits[pit - 1]);
      if (claimer.has(pit)) {
        // As `sow play` draws it (`0*1`): the claimer's number after a star.
        g.classList.add("claimed", `claimed-by-${claimer.get(pit)}`);
        el("circle", { class: "claim-badge", cx: cx + radius - 4, cy: cy - radius + 4, r: 13 }, svg);
        const m = el("text", { x: cx + radius - 4, y: cy - radius + 5, class: "claim-mark" }, svg);
        m.textContent = `*${claimer.get(pit)}`;
        said.push(`claimed by player ${claimer.get(pit)}`);
      }
      if (out.has(pit)) {
        g.classList.add("out-of-play");
        said.push("out of play");
      }
      if (both.has(pit)) g.classList.add("shared");
      g.setAttribute("aria-label", said.join(", "));
      if (human && legal.has(pit)) {
        g.classList.add("playable");
        g.setAttribute("tabindex", "0");
        g.removeAttribute("aria-disabled");
        g.addEventListener("click", () => { game.keyboard = false; choose(pit, legal.get(pit)); });
        g.addEventListener("keydown", (e) => {
          if (e.key !== "Enter" && e.key !== " ") return;
          e.preventDefault();
          game.keyboard = true;
          choose(pit, legal.get(pit));
        });
      }
      if (pit === lastPit) g.classList.add("last");
      // Its number under it; where the board is drawn too small for that to be read, inside
      // the pit under its count (below it as seen, on a board turned a quarter).
      const place = !small ? { x: cx, y: cy + cell / 2 - 3 } : turned ? { x: cx + 19, y: cy } : { x: cx, y: cy + 19 };
      const n = el("text", { ...place, class: small ? "number inside" : "number" }, svg);
      n.textContent = String(pit);
    });
  });
  // The keyboard's place kept across the redraw: the pit it was on, or the first to play.
  if (focused !== undefined || game.keyboard) {
    focusedAgain = svg.querySelector(`[data-pit="${focused}"].playable`) || svg.querySelector(".playable");
  }
  if (layout.stores && position.stores) {
    // Player 1 sows counter-clockwise into the store at their right; player 2's is at the left.
    const places = game.flip ? [pad - 5, width - pad - storeW + 5] : [width - pad - storeW + 5, pad - 5];
    position.stores.slice(0, 2).forEach((seeds, p) => {
      const g = el("g", { class: "store", "data-store": p + 1, role: "img", "aria-label": `player ${p + 1}'s store, ${seeds} seeds` }, svg);
      el("rect", { x: places[p], y: pad + 5, width: storeW, height: rows * cell - 10, rx: 30 }, g);
      const t = el("text", { x: places[p] + storeW / 2, y: pad + rows * cell / 2, class: "counted" }, g);
      t.textContent = String(seeds);
      // Whose store: written at its far end from the owner's row (player 1 sits below).
      const o = el("text", { x: places[p] + storeW / 2, y: (p === 0) !== game.flip ? pad + 28 : pad + rows * cell - 28, class: "store-owner", "data-store-owner": p + 1 }, svg);
      o.textContent = `P${p + 1}`;
    });
  }
  if (!layout.stores) {
    const word = layout.hands ? "in hand" : "captured";
    // Player 1 sits below the board, player 2 above (with a third player, if any, sharing
    // the space above): the words at the left, the count at the right.
    const above = Math.max(1, position.captured.length - 1);
    const span = (width - 2 * pad) / above;
    position.captured.forEach((seeds, p) => {
      const y = (p === 0) !== game.flip ? height - band / 2 : band / 2;
      const x = pad + (p === 0 ? 0 : (p - 1) * span);
      const label = el("text", { x: x + 10, y, class: "hand-label" }, svg);
      label.textContent = span >= 220 ? `Player ${p + 1} ${word}` : `P${p + 1}`;
      const g = el("g", { class: "hand", "data-hand": p + 1 }, svg);
      const t = el("text", { x: x + span - 10, y, class: "counted" }, g);
      t.textContent = String(seeds);
      if (turned) label.textContent = `P${p + 1}`;
    });
  }
  if (turned) {
    // A quarter turn clockwise: player 1's row at the left, its pits from the top; the
    // words and numbers turned back to be read.
    const all = el("g", { transform: `translate(${height} 0) rotate(90)` });
    all.append(...svg.childNodes);
    svg.appendChild(all);
    for (const t of all.querySelectorAll("text")) t.setAttribute("transform", `rotate(-90 ${t.getAttribute("x")} ${t.getAttribute("y")})`);
    svg.setAttribute("viewBox", `0 0 ${height} ${width}`);
  }
  if (small) {
    // Inside the pits, the numbers as large as NUMBER_PX at the scale drawn (at most what a
    // pit holds beside its count).
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    const drawn = Math.min(box.width / view.width, box.height / view.height);
    // Rounded up, so that the size drawn is not a hair under NUMBER_PX.
    const size = Math.min(Math.max(NUMBER_UNITS, Math.ceil(NUMBER_PX / drawn * 10) / 10), 18);
    for (const n of svg.querySelectorAll(".number")) n.style.fontSize = `${size}px`;
  }
  if (focusedAgain) focusedAgain.focus();
}

// The counts shown, set without redrawing: the animation's frames.
function showCounts(counts, lit) {
  const set = (css, value) => { const e = document.querySelector(`${css} .counted`); if (e) e.textContent = String(value); };
  counts.pits.forEach((n, i) => set(`[data-pit="${i + 1}"]`, n));
  // The seeds in the mover's hand while they are sown.
  const hand = $("sowing-hand");
  hand.dataset.seeds = String(counts.flight || 0);
  hand.textContent = counts.flight ? `Being sown: ${counts.flight} ${counts.flight === 1 ? "seed" : "seeds"} in hand` : "";
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

// The frames of a move: each a change of the counts and the place to light. The seeds in the
// mover's hand are counted too (`flight`): lifted from a pit or the hand, or taken to be sown
// on, they are in hand until sown; so every frame shows every seed once. The engine records
// where seeds are sown, lifted (relays) and captured, not where captured seeds go: those the
// sowing goes on with (Bao's, sown from the end of a row) are in hand; the others go to the
// mover's store, or their hand on a board without stores, as they are taken.
function framesOf(last, layout, after) {
  const { path, before, player } = last;
  const captured = path.captures.reduce((n, c) => n + c.seeds, 0);
  // Plays the move keeping `budget` captured seeds in hand (the first taken first); the
  // seeds in hand at its end.
  const play = (budget, frames) => {
    const counts = { pits: before.pits.slice(), stores: before.stores ? before.stores.slice() : null, hands: before.captured.slice(), flight: before.in_hand || 0 };
    const frame = (lit) => frames && frames.push({ pits: counts.pits.slice(), stores: counts.stores && counts.stores.slice(), hands: counts.hands.slice(), flight: counts.flight, lit });
    const at = (place) => (typeof place === "number" ? `[data-pit="${place}"]` : `[data-store="${place.slice(1)}"]`);
    const held = (place) => (typeof place === "number" ? counts.pits[place - 1] : counts.stores ? counts.stores[Number(place.slice(1)) - 1] : 0);
    const add = (place, n) => {
      if (typeof place === "number") counts.pits[place - 1] += n;
      else if (counts.stores) counts.stores[Number(place.slice(1)) - 1] += n;
    };
    const credit = (n) => {
      if (layout.stores && counts.stores) counts.stores[player - 1] += n;
      else counts.hands[player - 1] += n;
    };
    if (path.from === "hand") {
      counts.hands[player - 1] -= path.lifted;
      counts.flight += path.lifted;
      frame(null);
    } else if (path.from !== null && path.lifted > 0) {
      add(path.from, -path.lifted);
      counts.flight += path.lifted;
      frame(at(path.from));
    }
    // At a number of seeds sown: the captures that end a lap, then the relay that starts the
    // next, lifting what its pit holds (the seeds taken, when they were put there to be sown).
    const events = (i) => {
      for (const c of path.captures.filter((c) => c.at === i)) {
        add(c.pit, -c.seeds);
        const kept = Math.min(c.seeds, budget);
        budget -= kept;
        counts.flight += kept;
        credit(c.seeds - kept);
        frame(at(c.pit));
      }
      for (const r of path.relays.filter((r) => r.at === i)) {
        const lifted = Math.max(0, Math.min(r.seeds, held(r.pit)));
        add(r.pit, -lifted);
        counts.flight += lifted;
        frame(at(r.pit));
      }
    };
    path.sown.forEach((place, i) => {
      events(i);
      add(place, 1);
      counts.flight -= 1;
      frame(at(place));
    });
    events(path.sown.length);
    // Seeds in hand the sowing did not need go to the mover.
    const left = counts.flight - (after.in_hand || 0);
    if (left > 0) {
      credit(left);
      counts.flight -= left;
      frame(null);
    }
    return left;
  };
  // The captured seeds the sowing needs: those it would have left over kept in hand are not.
  const left = play(captured, null);
  const frames = [];
  play(Math.max(0, captured - Math.max(0, left)), frames);
  return frames;
}

// Plays the frames of the last move; resolves once the board shows `reply.position`.
function animateLast(reply) {
  stopAnimation();
  const frames = framesOf(reply.last, reply.layout, reply.position);
  const end = { pits: reply.position.pits, stores: reply.position.stores, hands: reply.position.captured, flight: reply.position.in_hand || 0 };
  if (!frames.length) return Promise.resolve();
  // One seed every 120 ms, faster for a long move: at most 2.5 s a move.
  const tick = Math.min(120, 2500 / frames.length) / game.speed;
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
    const before = reply.last.before;
    showCounts({ pits: before.pits, stores: before.stores, hands: before.captured, flight: before.in_hand || 0 }, null);
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
  if (game.keyboard) box.querySelector("button").focus();
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
    // A move other than a pit's (a pass) is the keyboard's next stop when no pit may be played.
    if (game.keyboard && !document.querySelector("#board .playable") && $("choices").firstChild) $("choices").firstChild.focus();
  }
  // The status once the board shows the position it speaks of: after the animation.
  const status = () => {
    if (game.last !== reply) return;
    $("round").textContent = roundOf(p);
    $("to-move").textContent = p.finished ? "" : `Player ${p.to_move} to move`;
    $("score").textContent = p.finished ? "" : `· score ${p.score.join(" to ")}`;
    $("result").textContent = p.finished ? (p.winner ? `Player ${p.winner} wins` : "A draw") + ` (${p.score.join(" to ")})` : "";
    $("last").textContent = reply.last ? reply.last.text : "";
  };
  const settled = drawn.then(status);
  offerPerfect(reply.perfect_refused);
  // The moves, each saying who made it, a choice within a move marked as one; a click
  // steps back to the position after it.
  const list = $("moves");
  list.replaceChildren();
  reply.moves.forEach((m, i) => {
    const li = document.createElement("li");
    const choice = Boolean(reply.choices && reply.choices[i]);
    const mover = reply.movers[i];
    li.dataset.ply = String(i + 1);
    li.dataset.player = String(mover);
    if (choice) li.classList.add("choice");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "ply";
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = choice ? `P${mover} ↳` : `P${mover}`;
    const move = document.createElement("span");
    move.className = "move";
    move.textContent = m;
    b.append(who, " ", move);
    const back = i + 1 === reply.moves.length ? "" : `; back to the position after it`;
    b.setAttribute("aria-label", `ply ${i + 1}: player ${mover} ${choice ? "chooses" : "plays"} ${m}${choice ? " within the move" : ""}${back}`);
    b.title = choice ? `player ${mover}'s choice within the move before it` : `player ${mover}'s move`;
    b.addEventListener("click", () => stepTo(i + 1));
    li.appendChild(b);
    list.appendChild(li);
  });
  showRecord(reply);
  followAddress(reply);
  $("undo").disabled = game.moves.length === 0;
  $("redo").disabled = game.undone.length === 0;
  $("hint").disabled = p.finished;
  $("hint-text").textContent = "";
  return settled;
}

// Back (or forward) to the position after `plies` moves: the moves after it are redone by
// Redo, until another move is made.
function stepTo(plies) {
  if (plies >= game.moves.length) return;
  game.undone = game.undone.concat(game.moves.slice(plies).reverse());
  game.moves = game.moves.slice(0, plies);
  refresh();
}

// ---------------------------------------------------------------------------------------
// Records: the game as `sow play --moves` reads it, and as a line of `sow simulate --record`.

// The largest record file the page opens: a record of MAX_MOVES moves is some tens of KB.
const MAX_RECORD = 1 << 20;

// What else a position set up holds, where the variant has it, by the names of /api/game
// (and of records).
const EXTRAS = ["claimed", "out_of_play", "rounds_over", "in_place", "taken"];

function recordOf(reply) {
  const p = reply.position;
  const record = { variant: game.variant, ruleset: game.ruleset, players: game.players.slice(), moves: reply.turns, scores: p.score, winner: p.winner, plies: p.plies, end: p.end };
  // The editor's variant has no name the server knows: its text goes with the record.
  if (game.source !== null) record.source = game.source;
  // A game from a position set up: the position as `sow play --position SEEDS --to-move P`
  // takes it, and what each player held off the board.
  if (game.position) {
    record.position = game.position.pits;
    if (game.position.to_move) record.to_move = game.position.to_move;
    if (game.position.held) record.held = game.position.held;
    for (const k of EXTRAS) if (game.position[k] !== undefined) record[k] = game.position[k];
  }
  return record;
}

// The download links follow the game shown.
const downloads = { moves: null, json: null };
function showRecord(reply) {
  const base = (game.variant || "edited") + (game.ruleset ? `-${game.ruleset}` : "");
  const link = (id, key, text, type, name) => {
    if (downloads[key]) URL.revokeObjectURL(downloads[key]);
    downloads[key] = URL.createObjectURL(new Blob([text], { type }));
    const a = $(id);
    a.href = downloads[key];
    a.download = name;
  };
  link("download-moves", "moves", `${reply.turns.join(",")}\n`, "text/plain", `${base}.txt`);
  link("download-json", "json", `${JSON.stringify(recordOf(reply))}\n`, "application/json", `${base}.jsonl`);
}

// A move list (`3,4,1`, `"3 4 1"`, turns `4/13`) as the moves the server replays.
function movesOf(text) {
  return text.split(/[\s,]+/).filter(Boolean).flatMap((t) => t.split("/"));
}

// Opens a record: a move list for the variant shown, or a JSON record (the first line of a
// file of them) with its variant, ruleset and players. A move that cannot be played is
// named with its ply, and the moves before it are kept to play on.
function openRecord(text, from) {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  if (!lines.length) return showError(`${from} is empty: a record is a move list (3,4,1) or a line of JSON`);
  if (!lines[0].startsWith("{")) {
    game.moves = movesOf(lines.join(" "));
    game.undone = [];
    return refresh();
  }
  let record;
  try {
    record = JSON.parse(lines[0]);
  } catch (e) {
    return showError(`${from}: the record is not JSON (${e.message})`);
  }
  const fail = (why) => showError(`${from}: ${why}`);
  if (!record || typeof record !== "object" || Array.isArray(record)) return fail("a record is a JSON object, as `sow simulate --record` writes one");
  if (!Array.isArray(record.moves) || !record.moves.every((m) => typeof m === "string")) return fail("the record has no `moves`, a list of moves as they are typed (`\"3\"`, `\"4/13\"`)");
  if (Array.isArray(record.set) && record.set.length) return fail(`the record is of a variant changed by \`set\` (${record.set.join("; ")}): the page plays variants as they are written; replay it with \`sow play ${record.variant} --set RULE ...\``);
  const keys = [...$("variant").options].filter((o) => !o.dataset.editor).map((o) => o.value);
  if (typeof record.source === "string") {
    $("source").value = record.source;
    checkSource();
    chooseEdited(record.source);
  } else {
    if (typeof record.variant !== "string" || !keys.includes(record.variant)) return fail(`there is no variant \`${record.variant}\` here${typeof record.variant === "string" ? suggest(record.variant, keys) : ""}`);
    $("variant").value = record.variant;
    const rulesets = JSON.parse($("variant").selectedOptions[0].dataset.rulesets);
    const ruleset = record.ruleset === undefined ? null : record.ruleset;
    if (ruleset !== null && !rulesets.includes(ruleset)) return fail(`there is no ruleset \`${ruleset}\` of ${$("variant").selectedOptions[0].textContent}${suggest(String(ruleset), rulesets)}`);
    fillRulesets(ruleset);
    if (Array.isArray(record.players)) game.players = seated(record.players);
    pickVariant();
  }
  $("notice").replaceChildren();
  game.position = typeof record.position === "string"
    ? { pits: record.position, held: typeof record.held === "string" ? record.held : null, to_move: Number.isInteger(record.to_move) ? record.to_move : null }
    : null;
  // The server checks what else it holds, as it checks the set-up form.
  if (game.position) for (const k of EXTRAS) if (record[k] !== undefined) game.position[k] = record[k];
  if (lines.length > 1) say(`${from} holds ${lines.length} records: the first is shown.`);
  game.askedAgain = false;
  game.moves = record.moves.flatMap((t) => t.split("/"));
  game.undone = [];
  describeVariant();
  compare();
  refresh();
}

// The players named (by an address or a record): those the page has, the others played by a
// person, saying so.
function seated(names) {
  return names.map((name, i) => {
    if (typeof name === "string" && isAgent(name)) return name;
    say(`There is no player \`${name}\`${suggest(String(name), AGENTS)}: player ${i + 1} is played by a person. The players are ${AGENTS.join(", ")}.`);
    return "human";
  });
}

// The address follows the game: reloaded or shared, it opens the same position (the
// editor's variant, which has no name, is not in it).
function followAddress(reply) {
  const parts = [];
  const put = (k, v) => parts.push(`${k}=${encodeURIComponent(v).replace(/%2C/g, ",").replace(/%2F/g, "/").replace(/%3A/g, ":")}`);
  if (game.variant !== null) {
    put("variant", game.variant);
    if (game.ruleset) put("ruleset", game.ruleset);
  }
  put("players", game.players.join(","));
  if (game.variant !== null && game.position) {
    put("position", game.position.pits);
    if (game.position.held) put("held", game.position.held);
    if (game.position.to_move) put("to-move", String(game.position.to_move));
    const p = game.position;
    if (p.claimed) p.claimed.forEach((pits, q) => put(`claimed-${q + 1}`, pits.join(",")));
    if (p.out_of_play) put("out", p.out_of_play.join(","));
    if (p.rounds_over !== undefined) put("rounds-over", String(p.rounds_over));
    if (p.in_place) put("in-place", p.in_place.map(Number).join(","));
    if (p.taken) put("taken", p.taken.join(","));
  }
  if (game.variant !== null && reply.turns.length) put("moves", reply.turns.join(","));
  if (!game.animate) put("animate", "0");
  if (game.flip) put("flip", "1");
  if (game.speed !== 1) put("speed", String(game.speed));
  history.replaceState(null, "", `${location.pathname}?${parts.join("&")}`);
}

// The keyboard: a pit's number typed plays it (once no other pit's number starts with the
// digits typed; Enter plays them as typed), the arrows go from pit to pit.
const typed = { digits: "", timer: null };
function onKey(e) {
  const t = e.target;
  if (e.altKey || e.ctrlKey || e.metaKey || (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  const pits = [...document.querySelectorAll("#board .playable")];
  if (e.key.startsWith("Arrow")) {
    // From a pit, or from nowhere in particular: a button's or a link's arrows are left alone.
    const onBoard = !t || t === document.body || t === document.documentElement || (t.closest && t.closest("#board"));
    if (!pits.length || !onBoard) return;
    e.preventDefault();
    // In the order they are drawn: along the rows, top to bottom.
    const at = (g) => { const b = g.getBoundingClientRect(); return [Math.round(b.top), b.left]; };
    pits.sort((a, b) => { const [ya, xa] = at(a), [yb, xb] = at(b); return ya - yb || xa - xb; });
    const i = pits.indexOf(document.activeElement);
    const forward = e.key === "ArrowRight" || e.key === "ArrowDown";
    const next = i < 0 ? (forward ? 0 : pits.length - 1) : (i + (forward ? 1 : pits.length - 1)) % pits.length;
    pits[next].focus();
    return;
  }
  if (/^[0-9]$/.test(e.key) || (e.key === "Enter" && typed.digits)) {
    e.preventDefault();
    clearTimeout(typed.timer);
    if (e.key !== "Enter") typed.digits += e.key;
    const numbers = pits.map((g) => g.dataset.pit);
    const exact = numbers.includes(typed.digits);
    const longer = numbers.some((n) => n !== typed.digits && n.startsWith(typed.digits));
    if (exact && (!longer || e.key === "Enter")) {
      const digits = typed.digits;
      typed.digits = "";
      $("typed").textContent = "";
      game.keyboard = true;
      choose(Number(digits), legalByPit((game.last && game.last.position.legal_moves) || []).get(Number(digits)));
      return;
    }
    if (!longer || e.key === "Enter") {
      showError(`pit ${typed.digits} cannot be played now${numbers.length ? `: the pits to play are ${numbers.join(", ")}` : ""}`);
      typed.digits = "";
      $("typed").textContent = "";
      return;
    }
    $("typed").textContent = `typed: pit ${typed.digits}... (Enter to play it)`;
    typed.timer = setTimeout(() => { typed.digits = ""; $("typed").textContent = ""; }, 3000);
    return;
  }
  if (e.key === "Escape") {
    typed.digits = "";
    $("typed").textContent = "";
  }
}

// Setting up a position: filled in from the position shown, checked by the server as
// `sow play --position` is before the game starts from it.
function fillSetup() {
  const reply = game.last;
  if (!reply) return;
  const p = reply.position;
  $("setup-pits").value = p.pits.join(",");
  $("setup-held").value = (p.stores || p.captured).join(",");
  $("setup-held-label").textContent = reply.layout.stores ? "In the stores" : reply.layout.hands ? "In hand" : "Captured";
  const select = $("setup-to-move");
  select.replaceChildren();
  for (let i = 1; i <= reply.layout.players; i++) {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = `player ${i}`;
    select.appendChild(o);
  }
  select.value = String(p.to_move || 1);
  // What else the variant's positions hold, from the position shown.
  const claims = Array.isArray(p.claimed);
  $("setup-claims").hidden = !claims;
  if (claims) [1, 2].forEach((q) => { $(`setup-claimed-${q}`).value = (p.claimed[q - 1] || []).join(","); });
  const rounds = p.rounds_over !== undefined && p.rounds_over !== null;
  $("setup-rounds").hidden = !rounds;
  if (rounds) {
    $("setup-out").value = (p.out_of_play || []).join(",");
    $("setup-rounds-over").value = String(p.rounds_over);
  }
  const stones = reply.stones && reply.stones.big_stones;
  $("setup-stones").hidden = !stones;
  if (stones) {
    [1, 2].forEach((q) => { $(`setup-in-place-${q}`).checked = Boolean(reply.stones.in_place[q - 1]); });
    $("setup-taken").value = reply.stones.taken.join(",");
  }
}

// Pits (or counts) written `6, 10`: numbers, or the first word that is not one.
function numbersOf(text) {
  const words = text.split(/[\s,]+/).filter((w) => w);
  const bad = words.find((w) => !/^\d+$/.test(w));
  if (bad !== undefined) throw new Error(`\`${bad}\` is not a number`);
  return words.map(Number);
}

// The position of the set-up form, in the shape /api/game takes (its parts named as the
// server names them in its errors).
function setupPosition() {
  const position = { pits: $("setup-pits").value.trim(), held: $("setup-held").value.trim() || null, to_move: Number($("setup-to-move").value) || null };
  const read = (part, text) => {
    try { return numbersOf(text); } catch (e) { throw new Error(`${part}: ${e.message}`); }
  };
  if (!$("setup-claims").hidden) position.claimed = [1, 2].map((q) => read("claimed", $(`setup-claimed-${q}`).value));
  if (!$("setup-rounds").hidden) {
    position.out_of_play = read("out of play", $("setup-out").value);
    position.rounds_over = read("rounds over", $("setup-rounds-over").value)[0] || 0;
  }
  if (!$("setup-stones").hidden) {
    position.in_place = [1, 2].map((q) => $(`setup-in-place-${q}`).checked);
    const taken = read("big stones", $("setup-taken").value);
    position.taken = taken.length ? taken : [0, 0];
  }
  return position;
}

async function setPosition() {
  let position;
  try {
    position = setupPosition();
    await post("/api/game", { ...variantBody(), position, moves: [] });
  } catch (e) {
    // The game shown stays; the position is said to be wrong, where.
    showError(`The position is not set up: ${e.message}`);
    return;
  }
  game.position = position;
  game.moves = [];
  game.undone = [];
  refresh();
}

// `perfect` is offered where the server can solve the variant: elsewhere its option is
// disabled, saying why, and a seat given it plays as a person, saying so.
function offerPerfect(refused) {
  for (const select of $("seats").querySelectorAll("select")) {
    const option = select.querySelector("option[value=perfect]");
    if (!option) continue;
    option.disabled = Boolean(refused);
    option.title = refused ? `no perfect play here: ${refused}` : "";
    option.textContent = refused ? "perfect (not here)" : "perfect";
  }
  if (!refused) return;
  const seats = game.players.map((a, i) => (a === "perfect" ? i : null)).filter((i) => i !== null);
  if (!seats.length) return;
  for (const i of seats) {
    game.players[i] = "human";
    const select = $(`seat-${i + 1}`);
    if (select) select.value = "human";
  }
  const who = seats.map((i) => `player ${i + 1}`).join(" and ");
  say(`No perfect play here, so ${who} is played by a person: ${refused}`);
}

// The moves of the player to move with their values: perfect play where the server can
// solve the variant, else a search; the best ringed on the board.
async function showHint() {
  const generation = game.generation;
  $("hint-text").textContent = "thinking...";
  let hint;
  try {
    hint = await post("/api/hint", { ...gameBody(), moves: game.moves });
  } catch (e) {
    if (generation === game.generation) $("hint-text").textContent = e.message;
    return;
  }
  if (generation !== game.generation) return;
  // As `sow play --hint` writes it: `pit 3 +2 (best), pit 2 0, pit 1 -2`.
  const signed = (v) => (v > 0 ? `+${v}` : String(v));
  const named = (m) => (/^\d/.test(m) ? `pit ${m}` : m);
  const values = hint.moves.map((m) => `${named(m.move)} ${signed(m.value)}${m.best ? " (best)" : ""}`).join(", ");
  const by = hint.exact ? "perfect play values" : `${hint.by} search values`;
  const meaning = hint.exact
    ? "Perfect play: the margin of the seeds still to be won, ahead or behind, with best play on both sides."
    : "A search: the seeds gained ahead as far as it sees.";
  const refused = hint.perfect_refused ? ` (no perfect play here: ${hint.perfect_refused})` : "";
  $("hint-text").textContent = `hint: ${by} for player ${hint.player}: ${values}${refused}`;
  $("hint-text").title = meaning;
  for (const m of hint.moves.filter((m) => m.best)) {
    const found = /^(\d+)/.exec(m.move);
    const pit = found && document.querySelector(`#board [data-pit="${found[1]}"]`);
    if (pit) pit.classList.add("hinted");
  }
}

// Asks for the position after the game's moves and shows it; `said`, an error kept shown.
async function refresh(said) {
  const generation = ++game.generation;
  stopAnimation();
  showError(said || "");
  let reply;
  try {
    reply = await post("/api/game", { ...gameBody(), moves: game.moves });
  } catch (e) {
    if (generation !== game.generation) return;
    if (e.data && e.data.diagnostics) return showError(e.data.diagnostics.map((d) => d.rendered).join("\n"));
    // A move the server refused is taken back, with those after it: the game goes on from
    // the last position the moves reached, said with why.
    if (e.data && Number.isInteger(e.data.played) && e.data.played < game.moves.length) {
      game.moves = game.moves.slice(0, e.data.played);
      game.undone = [];
      return refresh(e.message);
    }
    showError(e.message);
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
      const asked = post("/api/agent", { ...gameBody(), moves: game.moves, player: seat, seed: game.moves.length });
      asked.catch(() => {}); // answered below, once awaited
      if (game.animate) await drawn.then(() => new Promise((r) => setTimeout(r, 500 / game.speed)));
      const answer = await asked;
      if (generation !== game.generation) return;
      game.moves.push(answer.move);
      // Redone moves stay redoable only while the agents replay them.
      if (game.undone.length && game.undone[game.undone.length - 1] === answer.move) game.undone.pop();
      else game.undone = [];
      refresh();
    } catch (e) {
      if (generation !== game.generation) return;
      // A solve that ran out of time or memory: the variant is refused from now on, and the
      // game, asked again, gives the seat to a person, saying why.
      // Once: a refusal the server did not keep is shown as any other error.
      if (seat === "perfect" && e.status === 422 && !game.askedAgain) {
        game.askedAgain = true;
        return refresh(e.message);
      }
      showError(e.message);
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

// `sow describe`'s text as a document: its title, its fields (`Region: ...`) and lists
// (`Sources:`), its sections' headings and paragraphs (the terminal's wrapped lines joined),
// and the board's drawing kept as drawn.
function formatRules(text) {
  const box = document.createDocumentFragment();
  const lines = text.replace(/\s+$/, "").split("\n");
  const indent = (l) => l.length - l.trimStart().length;
  const node = (tag, words, parent) => {
    const e = document.createElement(tag);
    if (words !== undefined) e.textContent = words;
    (parent || box).appendChild(e);
    return e;
  };
  let i = 0;
  // Items `  - ...`, each with its lines indented under it.
  const items = (parent) => {
    const ul = node("ul", undefined, parent);
    while (i < lines.length && /^ {2}- /.test(lines[i])) {
      let item = lines[i].slice(4);
      i++;
      while (i < lines.length && /^ {4}\S/.test(lines[i])) item += ` ${lines[i++].trim()}`;
      node("li", item, ul);
    }
  };
  if (lines.length > 1 && /^=+$/.test(lines[1])) {
    node("h3", lines[0]);
    i = 2;
  }
  let fields = null;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) { i++; continue; }
    const n = indent(line);
    const field = n === 0 && /^([^:]{1,40}):(?: (.*))?$/.exec(line);
    if (field) {
      fields = fields || node("dl");
      node("dt", field[1], fields);
      const dd = node("dd", field[2], fields);
      i++;
      if (field[2] === undefined) items(dd);
      continue;
    }
    fields = null;
    if (n === 0) {
      node("h4", line);
      i++;
    } else if (/^ {2}- /.test(line)) {
      items();
    } else if (n === 2) {
      let words = line.trim();
      i++;
      while (i < lines.length && indent(lines[i]) === 2 && lines[i].trim() && !/^ {2}- /.test(lines[i])) words += ` ${lines[i++].trim()}`;
      node("p", words);
    } else {
      const drawn = [];
      while (i < lines.length && lines[i].trim() && indent(lines[i]) >= 4) drawn.push(lines[i++]);
      const least = Math.min(...drawn.map(indent));
      node("pre", drawn.map((l) => l.slice(least)).join("\n"));
    }
  }
  return box;
}

async function describeVariant() {
  // The variant is chosen: the simulation form follows it (simulate.js).
  document.dispatchEvent(new Event("sow-variant"));
  try {
    const { text } = await post("/api/describe", variantBody());
    $("describe").replaceChildren(formatRules(text));
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
  // Each side's words, those the other side has not marked: deleted on the left, inserted on the right.
  const marked = (parts, tag) => {
    const td = document.createElement("td");
    parts.forEach((p, i) => {
      if (i > 0) td.append(" ");
      if (!p.changed) return td.append(p.text);
      const mark = document.createElement(tag);
      mark.textContent = p.text;
      td.appendChild(mark);
    });
    return td;
  };
  for (const [i, d] of reply.differences.entries()) {
    const tr = row([d.rule], "td");
    tr.append(marked(reply.words[i].a, "del"), marked(reply.words[i].b, "ins"));
    body.appendChild(tr);
  }
  if (!reply.differences.length) {
    const tr = row(["no differences"], "td");
    tr.firstChild.colSpan = 3;
    body.appendChild(tr);
  }
  table.append(head, body);
  box.replaceChildren(table);
}

function newGame() {
  $("notice").replaceChildren();
  game.position = null;
  game.askedAgain = false;
  game.moves = [];
  game.undone = [];
  describeVariant();
  compare();
  refresh();
}

function pickVariant() {
  const option = $("variant").selectedOptions[0];
  // The editor's variant, chosen again from the list.
  if (option && option.dataset.editor) {
    game.source = option.dataset.source;
    game.variant = null;
    game.ruleset = null;
    return;
  }
  game.variant = $("variant").value;
  game.source = null;
  game.ruleset = $("ruleset").value || null;
  seatsFor(game.ruleset);
}

// The editor's variant as the one played: listed first among the variants, by the name its
// text gives it, and chosen (its seats come with its board).
function chooseEdited(source) {
  const select = $("variant");
  let option = select.querySelector("option[data-editor]");
  if (!option) {
    option = document.createElement("option");
    option.value = "(the editor)";
    option.dataset.editor = "1";
    option.dataset.rulesets = "[]";
    option.dataset.rulesetPlayers = "{}";
    select.prepend(option);
  }
  const name = /^\s*variant\s+"([^"]*)"/m.exec(source);
  option.textContent = `${name ? name[1] : "the edited variant"} (the editor's)`;
  option.dataset.source = source;
  select.value = option.value;
  fillRulesets(null);
  game.source = source;
  game.variant = null;
  game.ruleset = null;
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
  $("animate").addEventListener("change", () => { game.animate = $("animate").checked; if (game.last) followAddress(game.last); });
  $("flip").addEventListener("change", () => { game.flip = $("flip").checked; if (game.last) { drawBoard(game.last); followAddress(game.last); } });
  $("speed").addEventListener("change", () => { game.speed = Number($("speed").value); if (game.last) followAddress(game.last); });
  document.addEventListener("keydown", onKey);
  // A window resized (a phone turned): the board drawn again for its width, turned or not.
  let resized = null;
  window.addEventListener("resize", () => {
    clearTimeout(resized);
    resized = setTimeout(() => {
      if (game.last && !$("sowing-hand").textContent && $("board-box").clientWidth !== game.drawnRoom) drawBoard(game.last);
    }, 200);
  });
  $("setup-box").addEventListener("toggle", () => { if ($("setup-box").open) fillSetup(); });
  $("setup-form").addEventListener("submit", (e) => { e.preventDefault(); setPosition(); });
  $("setup-start").addEventListener("click", () => { game.position = null; game.moves = []; game.undone = []; refresh(); });
  $("open-file").addEventListener("change", async () => {
    const file = $("open-file").files[0];
    if (!file) return;
    if (file.size > MAX_RECORD) showError(`${file.name} is ${file.size} bytes: a record the page opens is at most ${MAX_RECORD} (1 MiB)`);
    else openRecord(await file.text(), file.name);
    $("open-file").value = "";
  });
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
    openRecord($("paste").value, "the pasted record");
  });
  $("source").addEventListener("input", () => { clearTimeout(checkTimer); checkTimer = setTimeout(checkSource, 250); });
  $("play-this").addEventListener("click", () => {
    chooseEdited($("source").value);
    newGame();
    // Its board at once: the board is at the top of the page, the editor at the foot.
    $("play").scrollIntoView({ block: "start" });
  });
}

// The players a seat may have: those listed, and searches of another depth or size.
function isAgent(name) {
  return AGENTS.includes(name) || /^alphabeta:[1-9]\d?$/.test(name) || /^mcts:[1-9]\d{0,5}$/.test(name);
}

// `, did you mean `kalah`?` for a name a letter or two from one of `names`, else nothing.
function suggest(name, names) {
  // Edits of a letter, a transposition counted as one (`kalha`, `kalah`).
  const distance = (a, b) => {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    return d[a.length][b.length];
  };
  let best = null;
  for (const n of names) {
    const d = distance(name.toLowerCase(), n.toLowerCase());
    if (d <= Math.max(1, Math.floor(n.length / 3)) && (!best || d < best.d)) best = { n, d };
  }
  return best ? ` (did you mean \`${best.n}\`?)` : "";
}

async function start() {
  wire();
  await loadVariants();
  const params = new URLSearchParams(location.search);
  const asked = params.get("variant");
  const keys = [...$("variant").options].map((o) => o.value);
  const fallback = keys.includes("bakuk") ? "bakuk" : keys[0];
  if (asked !== null && keys.includes(asked)) $("variant").value = asked;
  else {
    $("variant").value = fallback;
    // A name the address misspells is said, with the nearest one offered.
    if (asked !== null) say(`There is no variant \`${asked}\`${suggest(asked, keys)}: ${$("variant").selectedOptions[0].textContent} is shown instead.`);
  }
  const ruleset = params.get("ruleset");
  const rulesets = JSON.parse($("variant").selectedOptions[0].dataset.rulesets);
  if (ruleset && !rulesets.includes(ruleset)) {
    const of = $("variant").selectedOptions[0].textContent;
    say(`There is no ruleset \`${ruleset}\` of ${of}${suggest(ruleset, rulesets)}: ${rulesets.length ? `its rulesets are ${rulesets.join(", ")}` : "it has none"}.`);
  }
  fillRulesets(ruleset);
  if (params.get("players")) {
    game.players = seated(params.get("players").split(","));
  }
  if (params.get("animate") === "0") { game.animate = false; $("animate").checked = false; }
  if (params.get("flip") === "1") { game.flip = true; $("flip").checked = true; }
  const speed = Number(params.get("speed"));
  if ([0.5, 1, 2, 4].includes(speed)) { game.speed = speed; $("speed").value = String(speed); }
  if (params.get("moves")) game.moves = movesOf(params.get("moves"));
  if (params.get("position")) {
    const to = Number(params.get("to-move"));
    game.position = { pits: params.get("position"), held: params.get("held") || null, to_move: Number.isInteger(to) && to > 0 ? to : null };
    // What else it holds, as followAddress writes it; the server checks it (a word that is
    // no number is sent as it is, and refused).
    const numbers = (k) => { const t = params.get(k) || ""; try { return numbersOf(t); } catch (e) { return [t]; } };
    if (params.has("claimed-1") || params.has("claimed-2")) game.position.claimed = [numbers("claimed-1"), numbers("claimed-2")];
    if (params.has("out")) game.position.out_of_play = numbers("out");
    if (params.has("rounds-over")) game.position.rounds_over = numbers("rounds-over")[0] || 0;
    if (params.has("in-place")) game.position.in_place = numbers("in-place").map((n) => n === 1);
    if (params.has("taken")) game.position.taken = numbers("taken");
  }
  pickVariant();
  $("source").value = `variant "My Bakuk" extends "Bakuk" {\n  source "my notes"\n  seeds 4 in each pit\n}\n`;
  checkSource();
  describeVariant();
  refresh();
}

start();
