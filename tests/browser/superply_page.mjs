// Plays one whole game of Superply in headless Chromium, purely by clicking the page that
// superply-server serves, and checks what the pages show at the end.
//
//   node tests/browser/superply_page.mjs URL OUTDIR
//
// Opens URL?name=Ann&join=blue and URL?name=Bob&join=red; whichever page says it is its turn
// (body[data-myturn=yes]) clicks one of its lit (.allowed) cells, chosen at random, until both
// pages are over. Then: both #winner texts must name the same winner, Blue or Red; each page's
// claimed cells must match its move list; the blue page's full-page screenshot goes to
// OUTDIR/superply-over.png. Prints one JSON line and exits 0 only when every check passed.
// SUPERPLY_BROWSER_TIMEOUT_MS (default 90000: a busy 2-core machine can take a second a move)
// bounds the whole run.
// Needs /usr/bin/chromium and playwright-core: scripts/install-browser.sh installs both.

import { launchChromium } from "./chromium.mjs";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const [url, outdirArg] = process.argv.slice(2);
if (!url || !outdirArg) {
  console.error("usage: node tests/browser/superply_page.mjs URL OUTDIR");
  process.exit(2);
}
const outdir = resolve(outdirArg);
mkdirSync(outdir, { recursive: true });

const limitMs = Number(process.env.SUPERPLY_BROWSER_TIMEOUT_MS || 90000);
const deadline = Date.now() + limitMs;
const killer = setTimeout(() => {
  console.error(`superply_page: gave up after ${limitMs} ms (the game did not finish in time)`);
  process.exit(3);
}, limitMs);

const problems = [];
const fail = (msg) => problems.push(msg);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const left = () => Math.max(1, deadline - Date.now());

function pageUrl(name, side) {
  const u = new URL(url);
  u.searchParams.set("name", name);
  u.searchParams.set("join", side);
  return u.toString();
}

const browser = await launchChromium();

let exitCode = 1;
try {
  const seats = [];
  for (const [name, side] of [["Ann", "blue"], ["Bob", "red"]]) {
    // One context each: the pages share nothing, as two players' browsers would.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: 1,
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    page.on("pageerror", (e) => fail(`${side} page: uncaught ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") fail(`${side} page console: ${m.text()} (${m.location().url})`);
    });
    page.on("response", (r) => {
      if (r.status() >= 400) fail(`${side} page: ${r.url()} answered ${r.status()}`);
    });
    await page.goto(pageUrl(name, side), { timeout: left() });
    seats.push({ name, side, page });
  }

  const look = (page) =>
    page.evaluate(() => ({
      state: document.body.dataset.state,
      myturn: document.body.dataset.myturn,
      moves: document.querySelectorAll("#history li").length,
    }));

  // Play: whoever's page says it is its turn clicks a random lit cell.
  let clicks = 0;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`time limit of ${limitMs} ms reached during play`);
    const views = await Promise.all(seats.map((s) => look(s.page)));
    if (views.every((v) => v.state === "over")) break;
    const i = views.findIndex((v) => v.state === "playing" && v.myturn === "yes");
    if (i < 0) {
      await sleep(30);
      continue;
    }
    const { page, side } = seats[i];
    // Pick a lit cell at random and find where it is on screen; then click there like a user.
    const target = await page.evaluate(() => {
      const cells = [...document.querySelectorAll("#board .cell.allowed")];
      if (cells.length === 0) return null;
      const el = cells[Math.floor(Math.random() * cells.length)];
      el.scrollIntoView({ block: "nearest", inline: "nearest" });
      const box = el.getBoundingClientRect();
      return { id: el.dataset.cell, x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    if (!target) {
      await sleep(30);
      continue;
    }
    const id = target.id;
    await page.mouse.click(target.x, target.y);
    clicks++;
    // Wait for the server to answer the click: the move is listed, or the game ended.
    await page
      .waitForFunction(
        (before) =>
          document.querySelectorAll("#history li").length > before || document.body.dataset.state === "over",
        views[i].moves,
        { timeout: left(), polling: 20 },
      )
      .catch(() => {
        throw new Error(`${side} clicked ${id} and the page never showed the move`);
      });
  }

  // What each page shows at the end.
  const ends = await Promise.all(
    seats.map((s) =>
      s.page.evaluate(() => {
        const winner = document.getElementById("winner");
        const who = winner && winner.querySelector(".who");
        const history = [...document.querySelectorAll("#history li")].map((li) => [li.dataset.side, li.dataset.cell]);
        const owner = (id) => {
          const el = document.querySelector(`#board [data-cell="${id}"]`);
          return !el ? null : el.classList.contains("blue") ? "blue" : el.classList.contains("red") ? "red" : "";
        };
        return {
          winnerText: winner ? winner.textContent.trim() : "",
          headline: who ? who.textContent.trim() : "",
          history,
          historyOwners: history.map(([, id]) => owner(id)),
          blueCells: document.querySelectorAll("#board .cell.blue").length,
          redCells: document.querySelectorAll("#board .cell.red").length,
          allCells: document.querySelectorAll("#board .cell").length,
          path: [...document.querySelectorAll("#board .cell.path")].map((el) => [el.dataset.cell, owner(el.dataset.cell)]),
          allowed: document.querySelectorAll("#board .cell.allowed").length,
          myturn: document.body.dataset.myturn,
        };
      }),
    ),
  );

  const [blue, red] = ends;
  const m = /\b(Blue|Red) wins\b(?: by (.+))?/.exec(blue.winnerText);
  if (!m) fail(`blue page: #winner says ${JSON.stringify(blue.winnerText)}, naming neither Blue nor Red`);
  if (!/\b(Blue|Red) wins\b/.test(red.winnerText)) fail(`red page: #winner says ${JSON.stringify(red.winnerText)}`);
  if (blue.headline !== red.headline || !blue.headline)
    fail(`the pages disagree on the result: ${JSON.stringify(blue.headline)} vs ${JSON.stringify(red.headline)}`);
  const winner = m ? m[1].toLowerCase() : null;
  const reason = m && m[2] ? m[2].trim() : null;

  if (JSON.stringify(blue.history) !== JSON.stringify(red.history)) fail("the pages' move lists differ");
  for (const [k, e] of ends.entries()) {
    const who = seats[k].side;
    const nb = e.history.filter(([s]) => s === "blue").length;
    const nr = e.history.filter(([s]) => s === "red").length;
    if (e.blueCells !== nb || e.redCells !== nr)
      fail(`${who} page: ${e.blueCells} blue and ${e.redCells} red cells on the board, ${nb} and ${nr} in the move list`);
    e.history.forEach(([s, id], j) => {
      if (e.historyOwners[j] !== s) fail(`${who} page: move ${j + 1} (${s} ${id}) is shown as ${JSON.stringify(e.historyOwners[j])}`);
    });
    if (e.history.length && e.history[0][0] !== "blue") fail(`${who} page: the first move is not Blue's`);
    if (e.allowed !== 0 || e.myturn !== "no") fail(`${who} page: cells still lit or still its turn after the game`);
    if (e.allCells < 9) fail(`${who} page: only ${e.allCells} cells on the board`);
    if (!reason) {
      if (e.path.length === 0) fail(`${who} page: no winning path outlined`);
      for (const [id, owner] of e.path)
        if (owner !== winner) fail(`${who} page: path cell ${id} is ${JSON.stringify(owner)}, not ${winner}`);
    }
  }
  if (blue.history.length === 0) fail("no move was played");
  if (blue.history.length !== clicks)
    fail(`${clicks} clicks but ${blue.history.length} moves listed`);

  const screenshot = join(outdir, "superply-over.png");
  await seats[0].page.screenshot({ path: screenshot, fullPage: true, timeout: left() });

  for (const p of problems) console.error(`superply_page: ${p}`);
  console.log(
    JSON.stringify({
      winner,
      by: reason,
      moves: blue.history.length,
      blue: blue.blueCells,
      red: blue.redCells,
      path: blue.path.length,
      screenshot,
      ok: problems.length === 0,
    }),
  );
  exitCode = problems.length === 0 ? 0 : 1;
} catch (e) {
  for (const p of problems) console.error(`superply_page: ${p}`);
  console.error(`superply_page: ${e && e.message ? e.message : e}`);
  exitCode = 1;
} finally {
  await Promise.race([browser.close(), sleep(5000)]);
  clearTimeout(killer);
}
process.exit(exitCode);
