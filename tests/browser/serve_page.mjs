// Plays every game through the page that `tabula serve` serves, in headless Chromium, by clicking
// like a person, and checks what the page shows.
//
//   node tests/browser/serve_page.mjs URL OUTDIR
//
// URL is the server's base (http://127.0.0.1:PORT/). The steps:
//   1. Score 4, You against random (seed 1): clicks random legal pegs (in the 3-D view and in the
//      levels view, alternately) until the game ends; #result must say who won (or Draw) and the
//      move list must match the server's. Then a new game: one move, the agent's reply, Undo:
//      the move list is empty again.                                   -> OUTDIR/score4.png
//   2. Superball: finds a seed whose first position can score (asking the API; where none does,
//      a seed and the swaps a greedy agent makes to get there, clicked first), scores by
//      clicking the goal cell, then makes 3 swaps by clicking two cells each. -> superball.png
//   3. Score 4 with shipped:32 moving first and "Show the agent's view" ticked: the heat map and
//      the value appear.                                               -> score4-thinking.png
//   4. A spec the server refuses (score4(size=9)): its error shows in #error.
//   5. Superply (4 moves), Upward-Rightward (2 squares and the end of the move), Clue (the
//      first view) are drawn.                          -> superply.png, upright.png, clue.png
// Page errors, console errors and HTTP answers >= 400 other than step 4's are problems. Prints
// one JSON line ({"ok", "problems", "screenshots", "notes"}) and exits 0 only when every check passed;
// SERVE_BROWSER_TIMEOUT_MS (default 120000) bounds the whole run (exit 3 past it).
// Needs /usr/bin/chromium and playwright-core: scripts/install-browser.sh installs both.

import { launchChromium } from "./chromium.mjs";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const [urlArg, outdirArg] = process.argv.slice(2);
if (!urlArg || !outdirArg) {
  console.error("usage: node tests/browser/serve_page.mjs URL OUTDIR");
  process.exit(2);
}
const base = new URL(urlArg).toString();
const outdir = resolve(outdirArg);
mkdirSync(outdir, { recursive: true });

const problems = [];
const screenshots = [];
const notes = []; // what the run had to work around, not failures
const fail = (msg) => problems.push(msg);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const limitMs = Number(process.env.SERVE_BROWSER_TIMEOUT_MS || 120000);
const deadline = Date.now() + limitMs;
const left = () => Math.max(1, deadline - Date.now());
let stepName = "start";

const killer = setTimeout(() => {
  console.error(`serve_page: gave up after ${limitMs} ms, during step "${stepName}"`);
  for (const p of problems) console.error(`serve_page: ${p}`);
  console.log(JSON.stringify({ ok: false, problems: [...problems, `timed out after ${limitMs} ms during ${stepName}`], screenshots, notes }));
  process.exit(3);
}, limitMs);

/** The API, asked directly (not through the page). */
async function api(method, path, body) {
  const res = await fetch(new URL(path, base), {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch (_) {
    data = text;
  }
  return { status: res.status, data };
}

const browser = await launchChromium();

let exitCode = 1;
try {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  // Failures the test provokes on purpose (step 4) are expected; any other is a problem.
  let expectFailure = false;
  page.on("pageerror", (e) => fail(`${stepName}: uncaught ${e.message}`));
  page.on("crash", () => fail(`${stepName}: the page's renderer crashed`));
  // Everything the page needs is compiled into the server: nothing may come from elsewhere.
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(base) && !u.startsWith("data:")) fail(`${stepName}: the page asked for ${u}, not on the server`);
  });
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (expectFailure && /Failed to load resource/.test(m.text())) return;
    fail(`${stepName}: console: ${m.text()} (${m.location().url})`);
  });
  page.on("response", async (r) => {
    if (r.status() < 400 || expectFailure) return;
    let why = "";
    try {
      why = (await r.json()).error || "";
    } catch (_) {
      why = "";
    }
    fail(`${stepName}: ${r.request().method()} ${r.url()} answered ${r.status()} ${why}`);
  });

  await page.goto(base, { timeout: left() });
  await page.waitForFunction(() => document.querySelectorAll("#game option").length > 0, null, { timeout: left() });

  // --- Helpers on the page ---

  const tableId = () => page.evaluate(() => (/^#table=(.+)$/.exec(location.hash) || [])[1] || null);
  const movesShown = () => page.locator("#moves li").count();
  const state = () => page.evaluate(() => document.body.dataset.state);
  const waitState = (states) =>
    page.waitForFunction((s) => s.includes(document.body.dataset.state), states, { timeout: left(), polling: 20 });
  /** Waits until the move list has more than `n` moves (`exactly`: exactly `n`). */
  const waitMoves = (n, exactly = false) =>
    page.waitForFunction(
      ([n, exactly]) => {
        const shown = document.querySelectorAll("#moves li").length;
        return exactly ? shown === n : shown > n;
      },
      [n, exactly],
      { timeout: left(), polling: 20 },
    );
  const view = async () => {
    const id = await tableId();
    const { status, data } = await api("GET", `api/tables/${id}`);
    if (status !== 200) throw new Error(`GET api/tables/${id} answered ${status}: ${JSON.stringify(data)}`);
    return data;
  };
  const shoot = async (name) => {
    const path = join(outdir, name);
    await page.screenshot({ path, fullPage: true, timeout: left() });
    screenshots.push(path);
  };

  /** Fills the new-game panel and starts; waits for the new table's first settled state. */
  async function startGame({ game, spec, seats, seed, thinking }) {
    const before = await tableId();
    await page.selectOption("#game", game);
    if (spec !== undefined) await page.fill("#spec", spec);
    for (const [i, s] of seats.entries()) await page.fill(`#seat-${i}`, s);
    await page.fill("#seed", seed === undefined ? "" : String(seed));
    if (thinking !== undefined) await page.setChecked("#show-thinking", thinking);
    await page.click("#start");
    await page.waitForFunction(
      (b) => {
        const m = /^#table=(.+)$/.exec(location.hash);
        return m && m[1] !== b && document.body.dataset.state !== "waiting";
      },
      before,
      { timeout: left(), polling: 20 },
    );
    return tableId();
  }

  /** Clicks board cell `cell` like a person; `where` narrows to one view (a CSS prefix). */
  async function clickCell(cell, where = "#board") {
    await page.locator(`${where} [data-cell="${cell}"]`).first().click({ timeout: left() });
  }

  const boardChecks = async (name, kind) => {
    const got = await page.evaluate(() => ({
      kind: document.getElementById("board").dataset.kind,
      cells: document.querySelectorAll("#board [data-cell]").length,
      rows: document.querySelectorAll("#board table tr").length,
    }));
    if (got.kind !== kind) fail(`${name}: #board data-kind is ${JSON.stringify(got.kind)}, not ${kind}`);
    if (kind === "notebook" ? got.rows < 2 : got.cells < 1) fail(`${name}: nothing drawn on #board (${JSON.stringify(got)})`);
  };

  // --- 1. Score 4 against random, to the end ---
  stepName = "score4";
  await startGame({ game: "score4", seats: ["You", "random"], seed: 1 });
  let clicks = 0;
  for (;;) {
    await waitState(["human", "over"]);
    if ((await state()) === "over") break;
    const v = await view();
    const pegs = v.actions.map((a) => a.cells[0]);
    const peg = pegs[Math.floor(Math.random() * pegs.length)];
    const shown = await movesShown();
    // Alternate between the 3-D view and the levels view (level 1's cell of that peg).
    await clickCell(peg, clicks % 2 === 0 ? "#board .score4-3d" : "#board .score4-levels");
    clicks++;
    await waitMoves(shown);
    if (clicks > 40) throw new Error("score4: more than 40 clicks and no end");
  }
  {
    const v = await view();
    const result = (await page.textContent("#result")).trim();
    const shown = await movesShown();
    if (!result || !/wins|Draw/.test(result)) fail(`score4: #result says ${JSON.stringify(result)}`);
    if (v.result && result && !result.includes(v.result)) fail(`score4: #result ${JSON.stringify(result)} but the server says ${JSON.stringify(v.result)}`);
    if (shown !== v.moves.length) fail(`score4: ${shown} moves listed, the server has ${v.moves.length}`);
    if (shown < 7) fail(`score4: only ${shown} moves`);
    if (!v.done) fail("score4: the page says over but the server does not");
    await shoot("score4.png");
  }
  // Undo: one move, the agent's reply, Undo.
  stepName = "score4 undo";
  await startGame({ game: "score4", seats: ["You", "random"], seed: 2 });
  await waitState(["human"]);
  await clickCell(5, "#board .score4-3d");
  await waitMoves(1);
  await waitState(["human", "over"]);
  await page.click("#undo");
  await waitMoves(0, true);
  await waitState(["human"]);
  {
    const v = await view();
    if (v.moves.length !== 0) fail(`score4 undo: the server still has ${v.moves.length} moves`);
    if (!(await page.isDisabled("#undo"))) fail("score4 undo: Undo is still enabled with no move to take back");
  }

  // --- 2. Superball: a score, then three swaps ---
  // A seed whose first position can score; the default game starts with a handful of balls, so
  // there may be none: then a greedy agent plays a probe table (same seed, so the same balls
  // fall) until a score is possible, and the page is led there by clicking its swaps first.
  stepName = "superball";
  let seed = null;
  let leadIn = []; // [cell, cell] of each swap to click before the score
  const superballSpec = (await api("GET", "api/games")).data.find((g) => g.name === "superball").spec;
  for (let s = 1; s <= 300 && seed === null; s++) {
    const { status, data } = await api("POST", "api/tables", { game: superballSpec, seats: ["human"], seed: s });
    if (status !== 201) throw new Error(`superball: POST api/tables answered ${status}: ${JSON.stringify(data)}`);
    if (data.actions.some((a) => a.label.startsWith("SCORE"))) seed = s;
  }
  if (seed === null) {
    notes.push(`superball: no seed of 1..300 can score in its first position (${superballSpec}); led there by greedy's swaps`);
    for (let s = 1; s <= 20 && seed === null; s++) {
      let { data: v } = await api("POST", "api/tables", { game: superballSpec, seats: ["greedy"], seed: s });
      const swaps = [];
      while (!v.done && swaps.length < 12) {
        if (v.actions.some((a) => a.label.startsWith("SCORE"))) {
          seed = s;
          leadIn = swaps;
          break;
        }
        const before = v.actions;
        const r = await api("POST", `api/tables/${v.id}/agent`);
        if (r.status !== 200) throw new Error(`superball probe: POST agent answered ${r.status}: ${JSON.stringify(r.data)}`);
        v = r.data;
        const played = before.find((a) => a.label === v.moves[v.moves.length - 1].label);
        if (!played || played.cells.length !== 2) break;
        swaps.push(played.cells);
      }
    }
  }
  if (seed === null) {
    fail("superball: found no seed (1..300 at once, 1..20 after greedy's swaps) where a score is possible; skipped the superball step");
  } else {
    await startGame({ game: "superball", seats: ["You"], seed });
    await waitState(["human"]);
    for (const [a, b] of leadIn) {
      const shown = await movesShown();
      await clickCell(a);
      await clickCell(b);
      await waitMoves(shown);
      await waitState(["human", "over"]);
    }
    let v = await view();
    const score = v.actions.find((a) => a.label.startsWith("SCORE"));
    if (!score) throw new Error(`superball: seed ${seed} after ${leadIn.length} swaps offers no SCORE (the probe table fell otherwise)`);
    const shownBefore = await movesShown();
    await clickCell(score.cells[0]);
    await waitMoves(shownBefore);
    await waitState(["human", "over"]);
    v = await view();
    if (v.moves[v.moves.length - 1].label !== score.label) fail(`superball: clicked ${score.label}, the server has ${v.moves[v.moves.length - 1].label}`);
    if (!(v.returns[0] > 0)) fail(`superball: after ${score.label} the server's returns are ${JSON.stringify(v.returns)}`);
    const info = await page.textContent("#board .info");
    const m = /Score:?\s*(\d+)/.exec(info || "");
    if (!m || !(Number(m[1]) > 0)) fail(`superball: the board's info shows no score > 0: ${JSON.stringify(info)}`);
    for (let k = 0; k < 3; k++) {
      v = await view();
      if (v.done) {
        fail("superball: the game ended before three swaps");
        break;
      }
      const single = new Set(v.actions.filter((a) => a.cells.length === 1).map((a) => a.cells[0]));
      const swaps = v.actions.filter((a) => a.label.startsWith("SWAP") && a.cells.length === 2 && !single.has(a.cells[0]));
      if (!swaps.length) {
        fail("superball: no SWAP action to click");
        break;
      }
      const swap = swaps[Math.floor(Math.random() * swaps.length)];
      const shown = await movesShown();
      await clickCell(swap.cells[0]);
      await page.waitForSelector("#board .selected-mark", { timeout: left() }).catch(() => fail("superball: the first cell of a swap is not shown selected"));
      await clickCell(swap.cells[1]);
      await waitMoves(shown);
      await waitState(["human", "over"]);
    }
    const shown = await movesShown();
    v = await view();
    const want = leadIn.length + 4;
    if (shown !== want || v.moves.length !== want) fail(`superball: ${shown} moves listed, ${v.moves.length} on the server, not ${want}`);
    await shoot("superball.png");
  }

  // --- 3. The agent's view: shipped:32 moves first ---
  stepName = "score4 thinking";
  await startGame({ game: "score4", seats: ["shipped:32", "You"], thinking: true });
  await waitState(["human", "over"]);
  {
    const v = await view();
    if (!v.thinking) fail("score4 thinking: the server's view has no thinking after shipped:32 moved");
    const heat = await page.locator(".heat").count();
    if (heat < 1) fail("score4 thinking: no .heat overlay on the board");
    const value = ((await page.textContent("#value").catch(() => "")) || "").trim();
    if (!/^[-+]?\d+(\.\d+)?$/.test(value)) fail(`score4 thinking: the value shows ${JSON.stringify(value)}, not a number`);
    await shoot("score4-thinking.png");
  }

  // --- 4. A refusal shows in the banner ---
  stepName = "error banner";
  expectFailure = true;
  await page.selectOption("#game", "score4");
  await page.fill("#spec", "score4(size=9)");
  await page.fill("#seat-0", "You");
  await page.fill("#seat-1", "random");
  await page.click("#start");
  try {
    await page.waitForSelector("#error", { state: "visible", timeout: Math.min(left(), 15000) });
    const text = (await page.textContent("#error")) || "";
    if (!text.includes("score4")) fail(`error banner: #error says ${JSON.stringify(text)}, not naming score4`);
  } catch (_) {
    fail("error banner: #error did not show for the spec score4(size=9)");
  }
  await waitState(["idle", "human", "agent", "over"]);
  expectFailure = false;
  await page.click("#error-close").catch(() => {});

  // --- 5. The other games, drawn ---
  stepName = "superply";
  await startGame({ game: "superply", seats: ["You", "random"], seed: 3 });
  for (let k = 0; k < 4; k++) {
    await waitState(["human", "over"]);
    if ((await state()) === "over") break;
    const v = await view();
    const cells = v.actions.filter((a) => a.cells.length === 1).map((a) => a.cells[0]);
    const lit = await page.evaluate(() => [...document.querySelectorAll("#board [data-cell] .lit")].map((e) => Number(e.closest("[data-cell]").dataset.cell)));
    if (lit.length && !lit.every((c) => cells.includes(c))) fail("superply: a lit cell has no legal move");
    const pick = cells[Math.floor(Math.random() * cells.length)];
    const shown = await movesShown();
    await clickCell(pick);
    await waitMoves(shown);
  }
  await waitState(["human", "over"]);
  await boardChecks("superply", "grid");
  await shoot("superply.png");

  stepName = "upright";
  await startGame({ game: "upright", seats: ["You", "random"], seed: 4 });
  await waitState(["human", "over"]);
  for (let k = 0; k < 2; k++) {
    const v = await view();
    if (!v.human_to_move) break;
    const one = v.actions.filter((a) => a.cells.length === 1);
    if (!one.length) break;
    const shown = await movesShown();
    await clickCell(one[Math.floor(Math.random() * one.length)].cells[0]);
    // Where one square has several moves (colour=free), the page asks which: take the first.
    await page.waitForFunction(
      (n) => document.querySelectorAll("#moves li").length > n || document.querySelector("#actions .hint")?.textContent === "Which move?",
      shown,
      { timeout: left(), polling: 20 },
    );
    if ((await movesShown()) === shown) await page.locator("#actions button[data-action]").first().click({ timeout: left() });
    await waitMoves(shown);
    await waitState(["human", "agent", "over"]);
  }
  {
    const v = await view();
    const end = v.human_to_move && v.actions.find((a) => a.cells.length === 0);
    if (end) {
      const shown = await movesShown();
      await page.click(`#actions button[data-action="${end.action}"]`, { timeout: left() });
      await waitMoves(shown);
    }
  }
  await waitState(["human", "over"]);
  await boardChecks("upright", "grid");
  await shoot("upright.png");

  stepName = "clue";
  await startGame({ game: "clue", seats: ["You", "random", "random", "random"], seed: 5 });
  await waitState(["human", "over"]);
  await boardChecks("clue", "notebook");
  {
    const v = await view();
    const buttons = await page.locator("#actions button[data-action]").count();
    const want = v.human_to_move ? v.actions.filter((a) => a.cells.length === 0).length : 0;
    if (buttons !== want) fail(`clue: ${buttons} move buttons, the server has ${want} moves without cells`);
  }
  await shoot("clue.png");

  exitCode = problems.length === 0 ? 0 : 1;
} catch (e) {
  fail(`${stepName}: ${e && e.message ? e.message.split("\n")[0] : e}`);
  exitCode = 1;
} finally {
  await Promise.race([browser.close(), sleep(5000)]);
  clearTimeout(killer);
}
for (const p of problems) console.error(`serve_page: ${p}`);
console.log(JSON.stringify({ ok: exitCode === 0, problems, screenshots, notes }));
process.exit(exitCode);
