// tabula serve: the page. Talks to the JSON API of src/serve/API.md; draws every game's board
// (Score 4 in levels and in 3-D, grids, Clue's notebook) as SVG or HTML; lets a person play by
// clicking; asks the server's agents to move; shows what a searching agent weighed.
"use strict";

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes, appended to `parent` when given. */
function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
}

/** An HTML element: `attrs` may hold `text`, `class`, `dataset` and plain attributes. */
function html(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined) continue;
    if (k === "text") el.textContent = v;
    else if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

/** Text of a percentage: `37%`, `<1%`. */
function percent(x) {
  const p = x * 100;
  return p >= 1 ? `${Math.round(p)}%` : p > 0 ? "<1%" : "0%";
}

/** Dark or light text for a fill colour `#rrggbb`. */
function textOn(fill) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(fill || "");
  if (!m) return "#1f2937";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#1f2937" : "#ffffff";
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

let games = [];          // GET /api/games
let view = null;         // the table's last View
let busy = 0;            // requests in flight
let agentBusy = false;   // an agent's move is in flight
let selected = null;     // a grid cell picked as the first of two
let choice = null;       // several actions for one click: the person picks one
let paused = false;      // watch mode: agents wait
let stalled = false;     // the last agent request failed: do not retry by itself
let timer = null;        // the pending agent move
let chain = Promise.resolve(); // requests run one after another

const isReplay = () => !!(view && view.replay);
const hasHuman = () => !!(view && view.seats.some((s) => s.kind === "human"));
const watchMode = () => !!view && !isReplay() && !hasHuman();

/** Whether the seat to move is an agent (or a replay) that should be asked to move. */
function agentToMove(v = view) {
  return !!v && !v.done && v.to_move !== null && v.to_move !== undefined && v.seats[v.to_move] &&
    v.seats[v.to_move].kind !== "human";
}

function isPaused() {
  if (isReplay()) return !$("autoplay").checked;
  return watchMode() && paused;
}

function seatTitle(v, p) {
  const name = v.player_names[p] || `Player ${p + 1}`;
  const seat = v.seats[p];
  if (!seat) return name;
  return seat.kind === "human" ? `${name} (you)` : `${name} (${seat.name})`;
}

// ---------------------------------------------------------------------------------------------
// Talking to the server
// ---------------------------------------------------------------------------------------------

class ApiFailure extends Error {}

/** One API request; the answer's JSON, or an ApiFailure with a sentence for a person. */
async function request(method, path, body) {
  busy++;
  updateState();
  try {
    let res;
    try {
      res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      throw new ApiFailure(`The server does not answer (${e && e.message ? e.message : e}).`);
    }
    const text = await res.text().catch(() => "");
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (_) {
      data = null;
    }
    if (!res.ok) {
      const why = data && data.error ? data.error : `${res.status} ${res.statusText}`.trim();
      throw new ApiFailure(why || `The server answered ${res.status}.`);
    }
    if (data === null) throw new ApiFailure(`The server's answer to ${method} ${path} is not JSON.`);
    return data;
  } finally {
    busy--;
    updateState();
  }
}

/** Runs `task` after the requests before it; a failure shows in the banner. */
function enqueue(task) {
  const p = chain.then(task).catch((e) => {
    showError(e && e.message ? e.message : String(e));
    render();
  });
  chain = p;
  return p;
}

/** A person's action: cancels the pending agent move, then runs `task` in turn. */
function act(task) {
  clearTimeout(timer);
  timer = null;
  stalled = false;
  hideError();
  say("");
  return enqueue(task);
}

function showError(text) {
  $("error-text").textContent = text;
  $("error").hidden = false;
}

function hideError() {
  $("error").hidden = true;
  $("error-text").textContent = "";
}

/** A short message under the status line (illegal clicks and such). */
function say(text) {
  $("message").textContent = text;
}

// ---------------------------------------------------------------------------------------------
// The table: views in, agent moves scheduled
// ---------------------------------------------------------------------------------------------

function setView(v) {
  const fresh = !view || view.id !== v.id;
  view = v;
  selected = null;
  choice = null;
  if (fresh && history.replaceState) history.replaceState(null, "", `#table=${encodeURIComponent(v.id)}`);
  render();
  schedule();
}

/** Asks the agent to move after the chosen delay, unless paused or stalled. */
function schedule() {
  clearTimeout(timer);
  timer = null;
  if (!agentToMove() || isPaused() || stalled) return;
  const v = view;
  const delay = Number($("speed").value) || 0;
  timer = setTimeout(() => {
    timer = null;
    enqueue(async () => {
      if (view !== v || isPaused() || stalled || !agentToMove()) return;
      await agentMove();
    });
  }, delay);
}

async function agentMove() {
  agentBusy = true;
  renderStatus();
  let v;
  try {
    v = await request("POST", `api/tables/${encodeURIComponent(view.id)}/agent`);
  } catch (e) {
    stalled = true;
    throw e;
  } finally {
    agentBusy = false;
  }
  setView(v);
}

function tablePath(what) {
  return `api/tables/${encodeURIComponent(view.id)}/${what}`;
}

function playAction(action) {
  if (!view || !view.human_to_move || busy) return;
  act(async () => setView(await request("POST", tablePath("move"), { action })));
}

function updateState() {
  let state = "idle";
  if (busy > 0) state = "waiting";
  else if (view) state = view.done ? "over" : view.human_to_move ? "human" : "agent";
  document.body.dataset.state = state;
  if (view) renderStatus();
}

// ---------------------------------------------------------------------------------------------
// Rendering: status, result, moves, buttons
// ---------------------------------------------------------------------------------------------

function render() {
  updateState();
  if (!view) return;
  $("table-title").textContent = view.title;
  $("table-spec").textContent = view.spec;
  $("result").textContent = view.done && view.result ? view.result : view.done ? "Game over" : "";
  renderStatus();
  renderBoard();
  renderActions();
  renderMoves();
  renderControls();
  renderThinking();
}

function renderStatus() {
  const st = $("status");
  st.replaceChildren();
  if (!view) {
    st.textContent = "Choose a game on the right and press Start.";
    return;
  }
  if (view.done) {
    st.textContent = isReplay() ? `Replay: the end (${view.replay.at} moves).` : "Game over.";
    return;
  }
  const p = view.to_move;
  if (p === null || p === undefined) {
    st.textContent = "Chance is drawing…";
    return;
  }
  if (view.game === "score4") {
    st.append(html("span", { class: "dot", style: `background:${p === 0 ? "#fff" : "#111827"}` }));
  }
  const who = seatTitle(view, p);
  let text;
  if (isReplay()) text = `Replay, move ${view.replay.at} of ${view.replay.length}: ${view.player_names[p] || "?"} (${view.seats[p].name}) to move`;
  else if (view.human_to_move) text = hasHumanOther() ? `${who} to move` : `Your move — ${view.player_names[p] || ""}`;
  else if (agentBusy) text = `${who} is thinking…`;
  else if (stalled) text = `${who} to move — the agent failed (see above); press Step to try again`;
  else if (isPaused()) text = `Paused — ${who} to move`;
  else text = `${who} to move`;
  st.append(html("span", { class: agentBusy ? "thinking" : null, text }));
}

/** More than one person seated: name the seat instead of saying "your move". */
function hasHumanOther() {
  return view.seats.filter((s) => s.kind === "human").length > 1;
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  if (!view || !view.human_to_move) return;
  if (choice) {
    box.append(html("span", { class: "hint", text: "Which move?" }));
    for (const a of choice) box.append(actionButton(a));
    const cancel = html("button", { type: "button", text: "cancel" });
    cancel.addEventListener("click", () => {
      choice = null;
      renderActions();
    });
    box.append(cancel);
    return;
  }
  const buttons = view.actions.filter((a) => !a.cells || a.cells.length === 0);
  if (buttons.length) box.append(html("span", { class: "hint", text: "Moves:" }));
  for (const a of buttons) box.append(actionButton(a));
}

function actionButton(a) {
  const b = html("button", { type: "button", text: a.label || `#${a.action}`, dataset: { action: a.action } });
  b.addEventListener("click", () => playAction(a.action));
  return b;
}

function renderMoves() {
  const ol = $("moves");
  ol.replaceChildren();
  for (const m of view.moves) {
    ol.append(html("li", { dataset: { player: m.player } },
      html("span", { class: "who", text: `${seatTitle(view, m.player)}: ` }),
      html("span", { class: "mv", text: m.label })));
  }
  ol.scrollTop = ol.scrollHeight;
}

function renderControls() {
  const replay = isReplay();
  $("undo").hidden = replay;
  $("resign").hidden = replay;
  $("undo").disabled = !view.can_undo;
  $("restart").disabled = false;
  $("resign").disabled = !view.human_to_move;
  $("watch-controls").hidden = !(watchMode() || (stalled && !replay));
  $("pause").hidden = !watchMode();
  $("pause").textContent = paused ? "Resume" : "Pause";
  $("step").disabled = !agentToMove() || (!isPaused() && !stalled);
  $("replay-controls").hidden = !replay;
  if (replay) {
    $("prev").disabled = !view.can_undo;
    $("next").disabled = view.done;
    $("replay-pos").textContent = `move ${view.replay.at}/${view.replay.length}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Boards
// ---------------------------------------------------------------------------------------------

/** Which share the heat map shows: the prior when asked, or when the search counted no visits. */
function heatKey(t) {
  const visits = t.actions.reduce((sum, a) => sum + (Number(a.visits) || 0), 0);
  return $("heat-prior").checked || visits <= 0 ? "prior" : "visits";
}

/** The board cells the last agent weighed: cell -> share (visits or prior), when shown. */
function heatMap() {
  if (!$("show-thinking").checked || !view.thinking) return null;
  const key = heatKey(view.thinking);
  const heat = new Map();
  for (const a of view.thinking.actions) {
    for (const c of a.cells || []) heat.set(c, (heat.get(c) || 0) + (Number(a[key]) || 0));
  }
  return heat;
}

function heatFill(x, max) {
  const alpha = 0.18 + 0.55 * Math.min(1, x / Math.max(max, 1e-9));
  return `rgba(220, 38, 38, ${alpha.toFixed(3)})`;
}

/** Cells some legal action touches, when a person is to move. */
function playableCells() {
  const set = new Set();
  if (view.human_to_move) for (const a of view.actions) for (const c of a.cells || []) set.add(c);
  return set;
}

function renderBoard() {
  const root = $("board");
  root.replaceChildren();
  const b = view.board || {};
  root.dataset.kind = b.kind || "";
  const heat = heatMap();
  if (b.kind === "score4") drawScore4(root, b, heat);
  else if (b.kind === "grid") drawGrid(root, b, heat);
  else if (b.kind === "notebook") drawNotebook(root, b);
  else root.append(html("pre", { class: "empty-board", text: view.text || "(no board)" }));
  if (Array.isArray(b.info) && b.info.length) {
    root.append(html("ul", { class: "info" }, ...b.info.map((line) => html("li", { text: line }))));
  }
}

// --- Score 4: a 3-D view of the pegs, and the four levels side by side ---

const S4 = { dx: 76, sx: 30, sy: 38, bead: 22, x0: 80, y0: 266 };

/** Where the foot of the peg at (row, col) is drawn: row 1 in front, row 4 at the back. */
function pegFoot(row, col) {
  return [S4.x0 + col * S4.dx + row * S4.sx, S4.y0 - row * S4.sy];
}

function beadDefs(svgEl) {
  const defs = svg("defs", {}, svgEl);
  const grad = (id, stops) => {
    const g = svg("radialGradient", { id, cx: "35%", cy: "30%", r: "75%" }, defs);
    stops.forEach(([o, c]) => svg("stop", { offset: o, "stop-color": c }, g));
  };
  grad("bead-white", [["0%", "#ffffff"], ["70%", "#eceff3"], ["100%", "#c4c9d1"]]);
  grad("bead-black", [["0%", "#6b7280"], ["55%", "#1f2937"], ["100%", "#030712"]]);
}

function drawScore4(root, b, heat) {
  const pegs = b.pegs || [];
  const win = new Set((b.win || []).map(([p, l]) => `${p}:${l}`));
  const last = b.last ? `${b.last[0]}:${b.last[1]}` : null;
  const playable = playableCells();
  const max = heat ? Math.max(0, ...heat.values()) : 0;
  // The search weighed the position before its own move: its peg's heat goes where its bead went.
  const lastMove = view.moves[view.moves.length - 1];
  const agentPeg = b.last && view.thinking && lastMove && lastMove.player === view.thinking.player ? b.last[0] : null;
  const heatLevel = (i) => (i === agentPeg ? pegs[i].beads.length - 1 : pegs[i].beads.length);
  const hot = (i) => heat && heat.get(i) >= 0.005 && heatLevel(i) < 4;

  // 3-D view.
  const W = 490, H = 318;
  const v3 = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "score4-3d", "aria-label": "Score 4 in 3-D" });
  beadDefs(v3);
  const corner = (r, c) => pegFoot(r, c).join(",");
  const lo = -0.65, hi = 3.65;
  const top = [corner(lo, lo), corner(lo, hi), corner(hi, hi), corner(hi, lo)].join(" ");
  const [fx1, fy1] = pegFoot(lo, lo), [fx2, fy2] = pegFoot(lo, hi), [rx2, ry2] = pegFoot(hi, hi);
  svg("polygon", { class: "base", points: `${fx1},${fy1} ${fx2},${fy2} ${fx2},${fy2 + 12} ${fx1},${fy1 + 12}`, style: "fill:#d4c4a3" }, v3);
  svg("polygon", { class: "base", points: `${fx2},${fy2} ${rx2},${ry2} ${rx2},${ry2 + 12} ${fx2},${fy2 + 12}`, style: "fill:#c9b791" }, v3);
  svg("polygon", { class: "base", points: top }, v3);
  for (let c = 0; c < 4; c++) {
    const [x, y] = pegFoot(-1.05, c);
    svg("text", { x, y: y + 12, class: "label", "text-anchor": "middle" }, v3).textContent = "ABCD"[c];
  }
  // Row numbers on the right: on the left, the front pegs' stacks would hide them.
  for (let r = 0; r < 4; r++) {
    const [x, y] = pegFoot(r, 3.95);
    svg("text", { x, y: y + 4, class: "label", "text-anchor": "middle" }, v3).textContent = String(r + 1);
  }
  // Back rows first, so that front pegs are drawn over them.
  const order = pegs.map((p, i) => i).sort((a, b2) => pegs[b2].row - pegs[a].row || pegs[a].col - pegs[b2].col);
  for (const i of order) {
    const peg = pegs[i];
    const [x, y] = pegFoot(peg.row, peg.col);
    const g = svg("g", { "data-cell": i, class: playable.has(i) ? "peg playable" : "peg" }, v3);
    svg("title", {}, g).textContent = peg.name;
    svg("ellipse", { class: "hole", cx: x, cy: y, rx: 9, ry: 5 }, g);
    svg("line", { class: "peg-rod", x1: x, y1: y, x2: x, y2: y - 4 * S4.bead - 8 }, g);
    peg.beads.forEach((colour, level) => {
      const cy = y - 12 - level * S4.bead;
      svg("ellipse", { class: `bead-${colour}`, cx: x, cy, rx: 14, ry: 11 }, g);
      if (win.has(`${i}:${level}`)) svg("ellipse", { class: "win-mark", cx: x, cy, rx: 17, ry: 14 }, g);
      if (last === `${i}:${level}`) svg("circle", { class: "last-dot", cx: x, cy, r: 4 }, g);
    });
    if (hot(i)) {
      const cy = y - 12 - heatLevel(i) * S4.bead;
      // Over the agent's own bead, a ring: the bead stays visible.
      const look = i === agentPeg ? { fill: "none", stroke: heatFill(heat.get(i), max), "stroke-width": 5 } : { fill: heatFill(heat.get(i), max) };
      svg("ellipse", { class: "heat", cx: x, cy, rx: 15, ry: 12, ...look }, g);
      svg("text", { class: "heat-text", x, y: cy }, g).textContent = percent(heat.get(i));
    }
    svg("rect", { class: "hit", x: x - 15, y: y - 4 * S4.bead - 20, width: 30, height: 4 * S4.bead + 28, rx: 8 }, g);
  }
  root.append(v3);

  // The four levels, bottom (1) to top (4), each seen from above: row 4 at the top.
  const cs = 30, gap = 24, left = 18, head = 20;
  const LW = left + 4 * (4 * cs) + 3 * gap + 4, LH = head + 4 * cs + 22;
  const lv = svg("svg", { viewBox: `0 0 ${LW} ${LH}`, width: LW, height: LH, class: "score4-levels", "aria-label": "Score 4 by level" });
  for (let level = 0; level < 4; level++) {
    const ox = left + level * (4 * cs + gap);
    svg("text", { x: ox + 2 * cs, y: 13, class: "levels-title", "text-anchor": "middle" }, lv).textContent =
      `Level ${level + 1}${level === 0 ? " (bottom)" : level === 3 ? " (top)" : ""}`;
    for (let c = 0; c < 4; c++) {
      svg("text", { x: ox + c * cs + cs / 2, y: head + 4 * cs + 15, class: "label", "text-anchor": "middle" }, lv).textContent = "ABCD"[c];
    }
    pegs.forEach((peg, i) => {
      const x = ox + peg.col * cs, y = head + (3 - peg.row) * cs;
      const g = svg("g", { "data-cell": i, "data-level": level, class: playable.has(i) ? "playable" : null }, lv);
      svg("rect", { class: "cell-bg", x, y, width: cs, height: cs }, g);
      const colour = peg.beads[level];
      if (colour) svg("circle", { class: `bead-${colour}`, cx: x + cs / 2, cy: y + cs / 2, r: cs / 2 - 4 }, g);
      if (win.has(`${i}:${level}`)) svg("circle", { class: "win-mark", cx: x + cs / 2, cy: y + cs / 2, r: cs / 2 - 1.5 }, g);
      if (last === `${i}:${level}`) svg("circle", { class: "last-dot", cx: x + cs / 2, cy: y + cs / 2, r: 4 }, g);
      if (hot(i) && level === heatLevel(i)) {
        const look = i === agentPeg ? { fill: "none", stroke: heatFill(heat.get(i), max), "stroke-width": 4 } : { fill: heatFill(heat.get(i), max) };
        svg("rect", { class: "heat", x: x + 2, y: y + 2, width: cs - 4, height: cs - 4, ...look }, g);
        svg("text", { class: "heat-text", x: x + cs / 2, y: y + cs / 2 }, g).textContent = percent(heat.get(i));
      }
    });
  }
  for (let r = 0; r < 4; r++) {
    svg("text", { x: 8, y: head + (3 - r) * cs + cs / 2 + 4, class: "label", "text-anchor": "middle" }, lv).textContent = String(r + 1);
  }
  root.append(lv);
}

// --- Grids: Superball, Superply, Upward-Rightward ---

function drawGrid(root, b, heat) {
  const rows = b.rows, cols = b.cols;
  const cs = Math.max(26, Math.min(56, Math.floor(Math.min(620 / cols, 560 / rows))));
  const rowLabels = b.row_labels || [], colLabels = b.col_labels || [];
  const longest = Math.max(1, ...rowLabels.map((s) => String(s).length));
  const left = rowLabels.length ? Math.round(longest * 7.2 + 12) : 4;
  const colLong = Math.max(1, ...colLabels.map((s) => String(s).length));
  const colFont = colLong * 7 > cs ? 10.5 : 12;
  const top = colLabels.length ? 20 : 4;
  const W = left + cols * cs + 6, H = top + rows * cs + 6;
  const el = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "grid-board", "aria-label": view.title });
  const playable = playableCells();
  const lastCells = new Set(view.last_cells || []);
  const max = heat ? Math.max(0, ...heat.values()) : 0;
  colLabels.forEach((t, c) => {
    svg("text", { x: left + c * cs + cs / 2, y: 14, class: "label", "text-anchor": "middle", style: `font-size:${colFont}px` }, el).textContent = t;
  });
  rowLabels.forEach((t, r) => {
    svg("text", { x: left - 6, y: top + r * cs + cs / 2 + 4, class: "label", "text-anchor": "end" }, el).textContent = t;
  });
  (b.cells || []).forEach((cell, i) => {
    const r = Math.floor(i / cols), c = i % cols;
    const x = left + c * cs, y = top + r * cs;
    const g = svg("g", { "data-cell": i, class: playable.has(i) ? "playable" : null }, el);
    const rect = svg("rect", { class: "cell-bg", x: x + 1, y: y + 1, width: cs - 2, height: cs - 2, rx: 5 }, g);
    if (cell.fill) rect.setAttribute("style", `fill:${cell.fill};stroke:rgba(0,0,0,.25)`);
    else if (cell.lit) rect.setAttribute("class", "cell-bg lit");
    if (cell.fill && cell.lit) svg("rect", { class: "lit", x: x + 3, y: y + 3, width: cs - 6, height: cs - 6, rx: 4, style: "fill:none" }, g);
    if (cell.ring) svg("rect", { class: "ring", x: x + 3, y: y + 3, width: cs - 6, height: cs - 6, rx: 4 }, g);
    if (lastCells.has(i)) svg("circle", { class: "last-dot", cx: x + cs - 9, cy: y + 9, r: 4.5 }, g);
    if (selected === i) svg("rect", { class: "selected-mark", x: x + 2, y: y + 2, width: cs - 4, height: cs - 4, rx: 5 }, g);
    if (cell.text) {
      svg("text", { class: "cell-text", x: x + cs / 2, y: y + cs / 2, fill: cell.fill ? textOn(cell.fill) : "#374151", style: cs < 34 ? "font-size:12px" : null }, g).textContent = cell.text;
    }
    if (heat && heat.get(i) >= 0.005) {
      // Over a coloured cell, a ring: its colour stays visible.
      const look = cell.fill ? { fill: "none", stroke: heatFill(heat.get(i), max), "stroke-width": 5 } : { fill: heatFill(heat.get(i), max) };
      svg("rect", { class: "heat", x: x + 3, y: y + 3, width: cs - 6, height: cs - 6, rx: 4, ...look }, g);
      svg("text", { class: "heat-text", x: x + cs / 2, y: y + cs - 9 }, g).textContent = percent(heat.get(i));
    }
  });
  root.append(el);
}

// --- Clue's notebook ---

function drawNotebook(root, b) {
  const table = html("table", { class: "notebook" });
  const head = html("tr", {}, html("th", { class: "who", text: "" }), ...(b.columns || []).map((c) => html("th", { text: c })));
  table.append(html("thead", {}, head));
  const body = html("tbody");
  for (const row of b.rows || []) {
    const tr = html("tr", { class: row.name === "hidden" ? "hidden-row" : null }, html("th", { class: "who", text: row.name }));
    for (const s of row.cells || []) tr.append(html("td", { class: s === "✓" ? "yes" : s === "✗" ? "no" : null, text: s }));
    body.append(tr);
  }
  table.append(body);
  root.append(html("div", { class: "notebook-wrap" }, table));
}

// ---------------------------------------------------------------------------------------------
// Clicking the board
// ---------------------------------------------------------------------------------------------

function boardClick(ev) {
  const target = ev.target.closest ? ev.target.closest("[data-cell]") : null;
  if (!target || !view) return;
  clickCell(Number(target.dataset.cell));
}

const same = (cells, want) => cells.length === want.length && want.every((c) => cells.includes(c));

/** A click on cell `c`: finish a two-cell move, play a one-cell move, pick a first cell, or say no. */
function clickCell(c) {
  if (busy) return;
  if (view.done) {
    say("The game is over: Restart, or start a new one.");
    return;
  }
  if (!view.human_to_move) {
    say(isReplay() ? "This is a replay: step it with Next." : "Not your move: the agent is to move.");
    return;
  }
  say("");
  const acts = view.actions;
  if (selected === c) {
    selected = null;
    render();
    return;
  }
  if (selected !== null) {
    const pair = acts.filter((a) => same(a.cells || [], [selected, c]));
    if (pair.length) return choose(pair);
  }
  const single = acts.filter((a) => same(a.cells || [], [c]));
  if (single.length) return choose(single);
  if (acts.some((a) => (a.cells || []).includes(c))) {
    selected = c;
    choice = null;
    render();
    say("Now click the second cell.");
    return;
  }
  selected = null;
  render();
  say("No move there.");
}

/** Plays the one action, or asks which of several. */
function choose(list) {
  if (list.length === 1) {
    playAction(list[0].action);
    return;
  }
  choice = list;
  renderActions();
}

// ---------------------------------------------------------------------------------------------
// The agent's view
// ---------------------------------------------------------------------------------------------

function renderThinking() {
  const shown = $("show-thinking").checked;
  $("thinking").hidden = !shown;
  const box = $("thinking-body");
  box.replaceChildren();
  if (!shown || !view) return;
  const t = view.thinking;
  if (!t) {
    const lastMove = view.moves[view.moves.length - 1];
    const seat = lastMove ? view.seats[lastMove.player] : null;
    box.append(html("p", {
      class: "muted",
      text: seat && seat.kind === "agent"
        ? "this agent shows no search (baseline)"
        : "What a searching agent (shipped, mcts) weighed shows here after it moves.",
    }));
    return;
  }
  const who = view.player_names[t.player] || `Player ${t.player + 1}`;
  box.append(html("p", { class: "small", text: `${t.agent} as ${who}: ${t.simulations} simulation${t.simulations === 1 ? "" : "s"}.` }));
  if (heatKey(t) === "prior" && !$("heat-prior").checked) {
    box.append(html("p", { class: "small muted", text: "The search counted no visits: the board shows the prior." }));
  }
  const value = Number((t.value || [])[t.player] || 0);
  const valueText = `${value >= 0 ? "+" : ""}${value.toFixed(Math.abs(value) >= 100 ? 0 : 2)}`;
  if (view.player_names.length === 1) {
    // One player: the value is points still to come, not a chance of winning.
    box.append(html("div", { class: "value-line", title: "the search's estimate of the points still to come" },
      html("span", { class: "small muted", text: "points still to come (the search's estimate)" }),
      html("span", { id: "value", text: valueText })));
  } else {
    const clamped = Math.max(-1, Math.min(1, value));
    const fill = html("div", {
      class: `fill ${clamped >= 0 ? "pos" : "neg"}`,
      style: clamped >= 0 ? `left:50%;width:${clamped * 50}%` : `left:${50 + clamped * 50}%;width:${-clamped * 50}%`,
    });
    box.append(html("div", { class: "value-line", title: `the search's value for ${who}, from -1 (lost) to +1 (won)` },
      html("span", { class: "small muted", text: `value for ${who}` }),
      html("div", { class: "value-bar" }, html("div", { class: "mid" }), fill),
      html("span", { id: "value", text: valueText })));
  }
  const top = [...t.actions].sort((a, b) => b.visits - a.visits || b.prior - a.prior).slice(0, 8);
  const bar = (kind, x) => html("div", { class: `pbar ${kind}` },
    html("span", { style: `width:${Math.max(0, Math.min(1, x)) * 100}%` }), html("b", { text: percent(x) }));
  const table = html("table", { class: "top" },
    html("thead", {}, html("tr", {}, html("th", { text: "move" }), html("th", { text: "visits" }), html("th", { text: "prior" }))));
  const body = html("tbody");
  for (const a of top) {
    body.append(html("tr", {}, html("td", { class: "lab", text: a.label }), html("td", {}, bar("v", a.visits)), html("td", {}, bar("p", a.prior))));
  }
  table.append(body);
  box.append(table);
}

// ---------------------------------------------------------------------------------------------
// The new-game panel
// ---------------------------------------------------------------------------------------------

function currentGame() {
  return games.find((g) => g.name === $("game").value) || games[0];
}

/** Seats: the spec's `players=N` where it says so, else the game's default. */
function seatCount() {
  const g = currentGame();
  const m = /\bplayers\s*=\s*(\d+)/.exec($("spec").value);
  const n = m ? Number(m[1]) : g ? g.players : 2;
  return Math.max(1, Math.min(12, n || 1));
}

/** One seat field per player; `reset` puts the defaults back (You, then random). */
function buildSeats(reset) {
  const g = currentGame();
  const box = $("seats");
  const old = reset ? [] : [...box.querySelectorAll("input")].map((i) => i.value);
  const n = seatCount();
  if (!reset && old.length === n) return;
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const name = (g && g.player_names && g.player_names[i]) || `Player ${i + 1}`;
    const input = html("input", { id: `seat-${i}`, list: "agent-list", spellcheck: "false", autocomplete: "off", placeholder: "You" });
    input.value = old[i] !== undefined ? old[i] : i === 0 ? "You" : "random";
    input.addEventListener("focus", () => input.select());
    box.append(html("div", { class: "seat" }, html("label", { for: `seat-${i}`, text: name, title: name }), input));
  }
}

function chooseGame() {
  const g = currentGame();
  if (!g) return;
  $("spec").value = g.spec;
  $("about").textContent = g.about || "";
  const list = $("agent-list");
  list.replaceChildren(html("option", { value: "You" }), ...(g.agents || []).map((a) => html("option", { value: a })));
  buildSeats(true);
}

function startGame() {
  const g = currentGame();
  const spec = $("spec").value.trim() || (g && g.spec) || "";
  const seats = [...$("seats").querySelectorAll("input")].map((i) => {
    const t = i.value.trim();
    return t === "" || /^(you|human)$/i.test(t) ? "human" : t;
  });
  const body = { game: spec, seats };
  const seedText = $("seed").value.trim();
  if (seedText !== "") {
    const seed = Number(seedText);
    if (!Number.isInteger(seed) || seed < 0) {
      showError("The seed is a whole number, 0 or more (or leave it empty).");
      return;
    }
    body.seed = seed;
  }
  act(async () => {
    const v = await request("POST", "api/tables", body);
    paused = false;
    setView(v);
  });
}

// ---------------------------------------------------------------------------------------------
// Replays
// ---------------------------------------------------------------------------------------------

function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result || ""));
    reader.onerror = () => reject(new ApiFailure(`Cannot read ${file.name}: ${reader.error}`));
    reader.readAsText(file);
  });
}

function loadReplay() {
  const file = $("replay-file").files[0];
  if (!file) {
    showError("Choose a records file (tabula arena --records) first.");
    return;
  }
  const n = Number($("replay-game").value || 1);
  act(async () => {
    const lines = (await readFile(file)).split(/\r?\n/).filter((l) => l.trim() !== "");
    if (!Number.isInteger(n) || n < 1 || n > lines.length) {
      throw new ApiFailure(`${file.name} holds ${lines.length} game${lines.length === 1 ? "" : "s"}: pick 1 to ${lines.length}.`);
    }
    $("autoplay").checked = false;
    setView(await request("POST", "api/replays", { record: lines[n - 1] }));
  });
}

// ---------------------------------------------------------------------------------------------
// Start-up and the buttons
// ---------------------------------------------------------------------------------------------

function wire() {
  $("game").addEventListener("change", chooseGame);
  $("spec").addEventListener("input", () => buildSeats(false));
  $("board").addEventListener("click", boardClick);
  $("start").addEventListener("click", startGame);
  $("watch").addEventListener("click", () => {
    const g = currentGame();
    const agent = (g && g.agents && g.agents[0]) || "random";
    for (const i of $("seats").querySelectorAll("input")) if (/^(you|human|)$/i.test(i.value.trim())) i.value = agent;
  });
  $("error-close").addEventListener("click", hideError);
  $("undo").addEventListener("click", () => {
    if (!view) return;
    if (watchMode()) paused = true; // else the agents would replay the move at once
    act(async () => setView(await request("POST", tablePath("undo"))));
  });
  $("prev").addEventListener("click", () => view && act(async () => setView(await request("POST", tablePath("undo")))));
  $("restart").addEventListener("click", () => view && act(async () => setView(await request("POST", tablePath("restart"), {}))));
  $("resign").addEventListener("click", () => {
    if (view && view.human_to_move) act(async () => setView(await request("POST", tablePath("resign"))));
  });
  const stepOnce = () => {
    if (!agentToMove()) return;
    act(async () => {
      if (agentToMove()) await agentMove();
    });
  };
  $("step").addEventListener("click", stepOnce);
  $("next").addEventListener("click", stepOnce);
  $("pause").addEventListener("click", () => {
    paused = !paused;
    render();
    schedule();
  });
  $("autoplay").addEventListener("change", () => {
    render();
    schedule();
  });
  $("speed").addEventListener("change", schedule);
  $("show-thinking").addEventListener("change", () => view ? render() : renderThinking());
  $("heat-prior").addEventListener("change", () => view && render());
  $("replay-load").addEventListener("click", loadReplay);
}

async function init() {
  wire();
  updateState();
  try {
    games = await request("GET", "api/games");
  } catch (e) {
    showError(e.message);
    return;
  }
  $("game").replaceChildren(...games.map((g) => html("option", { value: g.name, text: g.title || g.name })));
  chooseGame();
  // A reload keeps the table: #table=ID.
  const m = /^#table=([^&]+)$/.exec(location.hash);
  if (m) {
    enqueue(async () => {
      try {
        setView(await request("GET", `api/tables/${m[1]}`));
      } catch (e) {
        history.replaceState(null, "", location.pathname);
        throw e;
      }
    });
  }
}

window.addEventListener("unhandledrejection", (e) => {
  showError(`Something went wrong: ${e.reason && e.reason.message ? e.reason.message : e.reason}`);
});

init();
