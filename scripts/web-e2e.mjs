// End-to-end check of the web explorer in a real browser: starts
// `sprague serve --port 0`, drives headless Chromium over the DevTools
// protocol, and clicks through the page as a person would: analyze, follow
// a winning move, a bad position underlined, a whole game against the
// engine, a value table and its chart, Wythoff's and Cutcake's grids and
// their heat maps, a thermograph, and games of
// Treblecross and on a graph (games/words.txt) played in the page, the
// colours of every move shown checked against `sprague analyze --moves
// --json` for the same position.
//
// Usage: node --experimental-websocket scripts/web-e2e.mjs [path/to/sprague] [screenshot-dir]
// Needs Debian's `chromium` (apt-get install -y chromium) and Node 20.10+.
// Everything runs on 127.0.0.1; the browser is started with background
// networking off, and the whole run stops itself after four minutes.

import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

const sprague = process.argv[2] || "target/release/sprague";
const shots = process.argv[3] || "";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const children = [];
const profile = mkdtempSync(join(tmpdir(), "sprague-e2e-"));

// Stops the browser and the server, waits until they are gone, then
// removes the browser's profile (it writes there until it exits). The
// browser is asked to close first, so it reaps its own helper processes;
// a kill is the last resort.
async function cleanup() {
  if (cdp) await Promise.race([cdp.send("Browser.close").catch(() => {}), sleep(2000)]);
  await Promise.all(children.map((c) => new Promise((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once("exit", resolve);
    c.kill("SIGTERM");
    setTimeout(() => c.kill("SIGKILL"), 5000).unref();
  })));
  try { rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }); }
  catch (e) { console.error("e2e: could not remove " + profile + ": " + e.message); }
}
const watchdog = setTimeout(async () => {
  console.error("e2e: timed out");
  await cleanup();
  process.exit(1);
}, 240_000);

async function startServer() {
  const server = spawn(sprague, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(server);
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: server.stdout }).once("line", resolve);
    server.once("exit", (code) => reject(new Error("sprague serve exited with " + code)));
  });
  const url = line.match(/http:\/\/127\.0\.0\.1:\d+/);
  if (!url) throw new Error("unexpected first line: " + line);
  return url[0];
}

async function startBrowser() {
  const chromium = spawn("chromium", [
    "--headless", "--no-sandbox", "--no-zygote", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--no-first-run",
    "--disable-sync", "--disable-default-apps", "--remote-debugging-port=0",
    "--remote-debugging-address=127.0.0.1", "--user-data-dir=" + profile,
    "--window-size=1200,900", "about:blank",
  ], { stdio: "ignore" });
  children.push(chromium);
  const portFile = join(profile, "DevToolsActivePort");
  for (let i = 0; i < 300 && !existsSync(portFile); i++) await sleep(100);
  const [port, path] = readFileSync(portFile, "utf8").trim().split("\n");
  return "ws://127.0.0.1:" + port + path;
}

// A minimal DevTools protocol client over one WebSocket.
class Cdp {
  constructor(ws) {
    this.ws = ws; this.next = 1; this.pending = new Map();
    ws.addEventListener("message", (e) => {
      const msg = JSON.parse(e.data);
      const p = msg.id && this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error) p.reject(new Error(JSON.stringify(msg.error))); else p.resolve(msg.result);
    });
  }
  static async connect(url) {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
    return new Cdp(ws);
  }
  send(method, params = {}, sessionId) {
    const id = this.next++;
    this.ws.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }
}

let cdp, session;
async function evaluate(expression) {
  const r = await cdp.send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }, session);
  if (r.exceptionDetails) throw new Error("page error: " + JSON.stringify(r.exceptionDetails));
  return r.result.value;
}
// Waits until `expression` is truthy in the page.
async function until(expression, what) {
  for (let i = 0; i < 100; i++) {
    if (await evaluate(expression)) return;
    await sleep(100);
  }
  throw new Error("never happened: " + what + " (" + expression + ")");
}
// A screenshot of the window, scrolled to the tab's panel (the answer,
// below the examples) or to the element `at` names. Into docs/screenshots only the README's pictures
// are written.
const README_SHOTS = ["play-graph", "play-treblecross", "thermograph", "table-chart"];
async function screenshot(name, at) {
  if (!shots) return;
  if (shots.replace(/\/+$/, "").endsWith("docs/screenshots") && !README_SHOTS.includes(name)) return;
  const top = at ? `document.querySelector(${JSON.stringify(at)})` : `document.querySelector(".panel:not([hidden]):not(.empty)")`;
  await evaluate(`(${top} || document.body).scrollIntoView()`);
  await sleep(100);
  // The window at 70 %: legible, and small enough for the README.
  const y = await evaluate("window.scrollY");
  const r = await cdp.send("Page.captureScreenshot",
    { format: "png", clip: { x: 0, y, width: 1200, height: 820, scale: 0.7 } }, session);
  writeFileSync(join(shots, name + ".png"), Buffer.from(r.data, "base64"));
}

const text = (sel) => `(document.querySelector(${JSON.stringify(sel)})?.textContent ?? "")`;
const click = (sel) => evaluate(`document.querySelector(${JSON.stringify(sel)}).click()`);
const type = (id, value) =>
  evaluate(`document.getElementById(${JSON.stringify(id)}).value = ${JSON.stringify(value)}`);

// What each move of `sprague analyze --moves --json` is for the player who
// makes it (SPEC: the outcome is for the player then to move): P wins, N
// loses, D draws; L and R win for their side; of CGSuite's loopy classes,
// where one start is drawn, NHat is Left's moving first and a draw when
// Right starts (NCheck, PHat, PCheck alike). With `leftOnly`, only the
// given side's moves of a partizan position: the Play tab's human's.
function cliMoves(position, leftOnly, side = "L") {
  const out = execFileSync(sprague, ["analyze", "--moves", "--json", position], { encoding: "utf8" });
  const result = (m) => {
    if (!m.side) return { P: "win", N: "lose", D: "draw" }[m.outcome];
    const next = m.side === "L" ? "R" : "L";
    const winner = {
      N: next, P: m.side, L: "L", R: "R", D: "",
      NHat: next === "L" ? "L" : "", NCheck: next === "R" ? "R" : "",
      PHat: next === "R" ? "L" : "", PCheck: next === "L" ? "R" : "",
    }[m.outcome];
    return winner === "" ? "draw" : winner === m.side ? "win" : "lose";
  };
  return JSON.parse(out).moves.filter((m) => !leftOnly || !m.side || m.side === side).map((m) => ({
    description: m.description,
    result: result(m),
    remoteness: m.remoteness === null ? "" : String(m.remoteness),
  }));
}

// The moves the page shows in `list` (a selector), with their colour.
const pageMoves = (list) => evaluate(`[...document.querySelectorAll(${JSON.stringify(list + " li[data-outcome]")})]
  .map((li) => ({ description: li.dataset.description, result: li.dataset.outcome, remoteness: li.dataset.remoteness,
    colour: getComputedStyle(li.querySelector("button.move")).color }))`);

// Checks that the page colours the moves of `position` as the CLI does,
// and draws each result in its colour on the screen.
let coloursChecked = 0;
async function checkColours(list, position, side = "L") {
  const shown = await pageMoves(list);
  const expected = cliMoves(position, list === "#game-moves", side);
  if (shown.length !== expected.length) {
    throw new Error(`${position}: the page shows ${shown.length} coloured moves, the CLI lists ${expected.length}`);
  }
  expected.forEach((e, i) => {
    const s = shown[i];
    if (s.description !== e.description || s.result !== e.result || s.remoteness !== e.remoteness) {
      throw new Error(`${position}: move ${i} is ${JSON.stringify(s)} in the page, ${JSON.stringify(e)} by the CLI`);
    }
  });
  const colourOf = {};
  for (const s of shown) {
    if (colourOf[s.result] && colourOf[s.result] !== s.colour) throw new Error("two colours for " + s.result);
    colourOf[s.result] = s.colour;
  }
  // Green wins, red loses, yellow draws (style.css: --win, --lose, --draw).
  const colours = { win: "rgb(31, 122, 63)", lose: "rgb(179, 38, 30)", draw: "rgb(181, 138, 0)" };
  for (const [result, colour] of Object.entries(colourOf)) {
    if (colours[result] !== colour) throw new Error(`${result} is drawn ${colour}, not ${colours[result]}`);
  }
  coloursChecked += shown.length;
}

const checks = [];
function check(name, fn) { checks.push({ name, fn }); }

check("the examples start collapsed, so the answer is in view", async () => {
  await until(`document.getElementById("examples-box") && !document.getElementById("examples-box").open`, "closed examples");
  await until(`document.querySelectorAll("#examples .chip").length >= 40`, "the examples listed");
  await until(`!document.getElementById("result").hidden
    && document.getElementById("winning-moves").getBoundingClientRect().top < window.innerHeight`,
    "the winning moves above the fold");
});

check("analyze shows the outcome, the Grundy value and the winning move", async () => {
  await until(`${text("#verdict-text")}.startsWith("N-position")`, "the verdict");
  await until(`${text("#values")}.includes("Grundy value 12")`, "the Grundy value");
  await until(`${text("#winning-moves")}.includes("take 4 from the heap of 9")`, "the winning move");
  await until(`document.querySelectorAll("#all-moves li[data-outcome]").length === 18
    && document.getElementById("squares-note").hidden`, "no squares to number in Nim");
  await screenshot("analyze");
});

check("clicking a winning move continues from the position after it", async () => {
  await click("#winning-moves button.move");
  await until(`document.getElementById("position").value === "nim(3, 6, 5)"`, "the new position");
  await until(`${text("#outcome")} === "P"`, "a P-position");
  await until(`document.querySelectorAll("#trail .chip").length === 2`, "a trail of two positions");
  await until(`location.search.includes("position=nim")`, "the position in the address");
  await screenshot("walk");
});

check("a bad position is underlined where it is wrong", async () => {
  await type("position", "nim(3, x, 9)");
  await click("#go");
  await until(`!document.getElementById("error").hidden`, "the error box");
  await until(`${text("#error-text mark")} === "x"`, "the underlined x");
  await screenshot("error");
});

check("a game against the engine runs to its end", async () => {
  await type("position", "nim(2, 1)");
  await click('[data-tab="play"]');
  await until(`document.querySelectorAll("#game-moves button").length === 3`, "three moves to choose from");
  await click("#game-moves button"); // take 1 from the heap of 2 -> nim(1, 1)
  await until(`document.querySelectorAll("#game-log li").length === 2`, "the engine's reply");
  await until(`${text("#game-log")}.includes("every move loses")`, "the engine's reason");
  await until(`document.querySelectorAll("#game-moves button").length === 1`, "the last move");
  await click("#game-moves button");
  await until(`${text("#game-status")}.includes("You win")`, "the end of the game");
  await screenshot("play");
});

check("blind play: no colours or reasons before the move, its verdict after, kept in the address", async () => {
  await click('[data-tab="play"]');
  await evaluate(`document.getElementById("blind").click()`);
  await until(`location.search.includes("blind=true")`, "blind play in the address");
  await type("position", "nim(3, 5)");
  await click("#go");
  await until(`${text("#game-position")} === "nim(3, 5)" && document.querySelectorAll("#game-moves button").length === 8`, "eight moves");
  const before = await evaluate(`document.getElementById("tab-play").querySelector("#game").textContent`);
  if (/\b(win|wins|lose|loses|draw)\b/.test(before) || (await evaluate(`document.querySelectorAll("#game-moves li[data-outcome]").length`)) !== 0) {
    throw new Error("a verdict before the move: " + before);
  }
  await screenshot("play-blind");
  // Take 2 from the heap of 5 (to nim(3, 3)), the winning move: said after it.
  await evaluate(`[...document.querySelectorAll("#game-moves button")].find((b) => b.textContent.includes("nim(3, 3)")).click()`);
  await until(`document.querySelectorAll("#game-log li").length === 2`, "the engine's reply");
  const log = await evaluate(`[...document.querySelectorAll("#game-log li")].map((li) => li.textContent)`);
  if (!log[0].includes("that move wins") || log[1].includes("P-position") || log[1].includes("loses")) {
    throw new Error("the log: " + JSON.stringify(log));
  }
  // Turned off, the moves of the game in progress are coloured again.
  await evaluate(`document.getElementById("blind").click()`);
  await until(`!location.search.includes("blind") && document.querySelectorAll("#game-moves li[data-outcome]").length > 0`, "the colours back");
  await checkColours("#game-moves", await evaluate(`${text("#game-position")}`));
});

check("the table shows the values ten to a row with the period", async () => {
  await click('[data-tab="table"]');
  await type("ruleset", "subtraction[1,3,4]");
  await type("to", "20");
  await click('#table-form button[type="submit"]');
  await until(`document.querySelectorAll("#values-table tr").length === 4`, "a header and three rows");
  // Subtraction {1, 3, 4}: 0 1 0 1 2 3 2, period 7 (Winning Ways, ch. 4).
  await until(`[...document.querySelectorAll("#values-table tr")[1].querySelectorAll("td")]
      .map((c) => c.textContent).join("") === "0101232010"`, "the first row");
  await until(`${text("#table-head")}.includes("period 7")`, "the period");
  await screenshot("table");
});

check("analyze colours every move as the CLI does, and draws the heaps", async () => {
  await type("position", "nim(3, 6, 9)");
  await click('[data-tab="analyze"]');
  await click("#go");
  await until(`document.querySelectorAll("#all-moves li[data-outcome]").length === 18`, "eighteen coloured moves (3 + 6 + 9)");
  await checkColours("#all-moves", "nim(3, 6, 9)");
  await until(`document.querySelectorAll("#drawing svg").length === 3`, "three heaps drawn");
});

check("a Treblecross game in the Play tab, its moves coloured as by the CLI", async () => {
  await click('[data-tab="play"]');
  await type("position", 'treblecross("...........")');
  await click("#go");
  await until(`${text("#game-position")}.startsWith("treblecross") && document.querySelectorAll("#game-log li").length === 0`,
    "a new game");
  let turns = 0;
  for (let turn = 0; turn < 6; turn++) {
    await until(`${text("#game-status")}.startsWith("Your move") || ${text("#game-status")}.includes("win")`, "the human's turn");
    if (!(await evaluate(`${text("#game-status")}.startsWith("Your move")`))) break;
    const position = await evaluate(`${text("#game-position")}`);
    await until(`document.querySelectorAll("#game-moves li[data-outcome]").length > 0`, "coloured moves");
    await until(`document.querySelector("#game-drawing svg") !== null`, "the strip drawn");
    await checkColours("#game-moves", position);
    if (turn === 0) await screenshot("play-treblecross");
    // A winning move if there is one, else the first.
    turns++;
    const log = await evaluate(`document.querySelectorAll("#game-log li").length`);
    await evaluate(`(document.querySelector("#game-moves li.win button") || document.querySelector("#game-moves li button")).click()`);
    await until(`document.querySelectorAll("#game-log li").length >= ${log + 1}`, "the move logged");
  }
  await until(`${text("#game-status")}.includes("You win")`, "a won game (the first player wins Treblecross on 11 cells)");
  if (turns < 2) throw new Error("the game lasted " + turns + " turns of the human's");
});

check("a game on games/words.txt, played by clicking the graph's vertices", async () => {
  await type("position", 'graph["games/words.txt"]("aseptic")');
  await click("#go");
  await until(`${text("#game-position")}.startsWith("graph") && document.querySelectorAll("#game-log li").length === 0`,
    "a new game");
  // The vertices' colours are the retrograde outcomes of `sprague graph`.
  await until(`document.querySelectorAll("#game-drawing .vertex").length === 7`, "seven vertices drawn");
  const graph = JSON.parse(execFileSync(sprague, ["graph", "games/words.txt", "--json"], { encoding: "utf8" }));
  const drawn = await evaluate(`Object.fromEntries([...document.querySelectorAll("#game-drawing .vertex")]
    .map((v) => [v.dataset.label, v.dataset.outcome]))`);
  for (const v of graph.vertices) {
    if (drawn[v.name] !== v.outcome) throw new Error(`vertex ${v.name}: ${drawn[v.name]} drawn, ${v.outcome} by the CLI`);
  }
  await screenshot("play-graph");
  // aseptic: ticket loses (it leaves N), tictac keeps the draw; the
  // engine answers tictac with tactic; then ticket, and the engine wins.
  for (const [vertex, logged] of [["tictac", 2], ["ticket", 4]]) {
    await until(`document.querySelectorAll("#game-moves li[data-outcome]").length === 2`, "two coloured moves");
    await checkColours("#game-moves", await evaluate(`${text("#game-position")}`));
    await evaluate(`document.querySelector('#game-drawing .vertex[data-label="${vertex}"]')
      .dispatchEvent(new MouseEvent("click", { bubbles: true }))`);
    await until(`document.querySelectorAll("#game-log li").length >= ${logged}`, "the move to " + vertex + " and the reply");
  }
  await until(`${text("#game-status")}.includes("The engine wins")`, "the engine wins from ticket");
});

check("in a partizan game you play Left and the engine Right", async () => {
  await type("position", 'domineering("...|...|...")');
  await click("#go");
  await until(`${text("#game-position")}.startsWith("domineering") && document.querySelectorAll("#game-log li").length === 0
    && document.querySelectorAll("#game-moves li[data-outcome]").length > 0`, "a new game");
  await checkColours("#game-moves", 'domineering("...|...|...")');
  await evaluate(`document.querySelector("#game-moves li.win button").click()`);
  await until(`document.querySelectorAll("#game-log li").length === 2`, "the engine's reply");
  const log = await evaluate(`[...document.querySelectorAll("#game-log li")].map((li) => li.textContent)`);
  if (!log[0].includes("vertical") || !log[1].includes("horizontal")) {
    throw new Error("Left places vertical dominoes and Right horizontal ones: " + JSON.stringify(log));
  }
});

check("a loopy partizan game: Backsliding Toads and Frogs, a repeated position announced", async () => {
  await type("position", 'backsliding_toads("T..F")');
  await click("#go");
  await until(`${text("#game-position")}.startsWith("backsliding_toads") && document.querySelectorAll("#game-log li").length === 0
    && document.querySelectorAll("#game-moves li[data-outcome]").length > 0`, "a new game");
  // The toad steps forward and back; the engine's frog (holding out
  // longest) steps forward and back too: the start comes back.
  for (const [pick, logged] of [["steps to cell 2", 2], ["steps back to cell 1", 4]]) {
    await until(`${text("#game-status")}.includes("Your move")
      && document.querySelectorAll("#game-moves li[data-outcome]").length > 0`, "the human's turn");
    await checkColours("#game-moves", await evaluate(`${text("#game-position")}`));
    await evaluate(`[...document.querySelectorAll("#game-moves li[data-outcome]")]
      .find((li) => li.dataset.description.includes(${JSON.stringify(pick)})).querySelector("button").click()`);
    await until(`document.querySelectorAll("#game-log li").length >= ${logged}`, "the move and the reply");
  }
  await until(`${text("#game-status")}.startsWith('Position repeated: backsliding_toads("T..F")')`,
    "the repetition announced");
});

check("in a partizan game you may play Right, and the engine plays Left", async () => {
  await type("position", 'domineering("...|...|...")');
  await evaluate(`document.getElementById("play-right").checked = true`);
  await click("#go");
  await until(`${text("#game-position")}.startsWith("domineering") && document.querySelectorAll("#game-log li").length === 0
    && document.querySelectorAll("#game-moves li[data-outcome]").length > 0`, "a new game as Right");
  await checkColours("#game-moves", 'domineering("...|...|...")', "R");
  await evaluate(`document.querySelector("#game-moves li.win button").click()`);
  await until(`document.querySelectorAll("#game-log li").length === 2`, "the engine's reply");
  const log = await evaluate(`[...document.querySelectorAll("#game-log li")].map((li) => li.textContent)`);
  await evaluate(`document.getElementById("play-right").checked = false`);
  if (!log[0].includes("horizontal") || !log[1].includes("vertical")) {
    throw new Error("as Right you place horizontal dominoes, the engine (Left) vertical ones: " + JSON.stringify(log));
  }
});

check("under misère play the engine, moving first, plays the side you did not pick", async () => {
  await type("position", 'domineering("...|...|...")');
  await evaluate(`document.getElementById("misere").checked = true; document.getElementById("engine-first").checked = true`);
  await click("#go");
  await until(`${text("#game-position")}.startsWith("domineering") && document.querySelectorAll("#game-log li").length === 1`,
    "the engine's first move");
  const log = await evaluate(`[...document.querySelectorAll("#game-log li")].map((li) => li.textContent)`);
  await evaluate(`document.getElementById("misere").checked = false; document.getElementById("engine-first").checked = false`);
  if (!log[0].includes("horizontal")) {
    throw new Error("you play Left, so the engine (Right) places a horizontal domino: " + JSON.stringify(log));
  }
});

check("analyze on a graph game: a click on a vertex moves the token there", async () => {
  await click('[data-tab="analyze"]');
  await type("position", 'graph["games/words.txt"]("purple")');
  await click("#go");
  await until(`document.querySelectorAll("#drawing .vertex").length === 7`, "the graph drawn");
  await until(`document.querySelectorAll("#all-moves li[data-outcome]").length === 1`, "one coloured move");
  await checkColours("#all-moves", 'graph["games/words.txt"]("purple")');
  await screenshot("analyze-graph");
  await evaluate(`document.querySelector('#drawing .vertex[data-label="please"]')
    .dispatchEvent(new MouseEvent("click", { bubbles: true }))`);
  await until(`document.getElementById("position").value === 'graph["games/words.txt"]("please")'
    && ${text("#values")}.includes('("please")')
    && document.querySelectorAll("#all-moves li[data-outcome]").length === 1
    && document.querySelector('#drawing .vertex[data-label="please"] circle').getAttribute("stroke-width") === "4"`,
    "the token on please, analysed");
});

check("a partizan position shows its thermograph", async () => {
  await type("position", 'domineering("...|...|...")');
  await click("#go");
  await until(`document.querySelector("#thermograph-svg .mast") !== null`, "the mast");
  await until(`document.querySelector("#thermograph-svg .left-wall") && document.querySelector("#thermograph-svg .right-wall")`, "the walls");
  await until(`document.querySelectorAll("#drawing svg rect").length === 9`, "the 3 x 3 board");
  await checkColours("#all-moves", 'domineering("...|...|...")');
  // The moves name squares as (r, c): how they are counted is said once.
  await until(`!document.getElementById("squares-note").hidden`, "the squares' numbering said");
  await screenshot("thermograph");
});

check("both players' winning moves, each with its side: Left's green cut, Right's none", async () => {
  await click('[data-tab="analyze"]');
  const position = 'hackenbush("L", "e")';
  await type("position", position);
  await click("#go");
  // Before and after the moves are coloured: Right's green cut (which
  // loses) reads as Left's and leads to the same position, and must not
  // take its place.
  await until(`${text("#winning-moves")}.includes("Left:cut edge 1 (green)")`, "Left's green cut");
  await until(`${text("#winning-moves")}.includes("Right moving first: none")`, "Right's none said");
  await until(`document.querySelectorAll("#winning-moves li[data-outcome]").length === 1`, "the winning move coloured");
  const shown = await evaluate(`[...document.querySelectorAll("#winning-moves li")].map((li) => li.textContent + "|" + (li.dataset.outcome || ""))`);
  if (shown.length !== 2 || !shown[0].startsWith("Left:cut edge 1 (green)") || !shown[0].endsWith("|win")) {
    throw new Error("winning moves shown: " + JSON.stringify(shown));
  }
  await screenshot("winning-moves-hackenbush");
  // An R-position: Right's nine, and none for Left.
  await type("position", 'domineering("....|....|....")');
  await click("#go");
  await until(`${text("#winning-moves")}.includes("Left moving first: none")`, "Left's none said");
  // Each of Right's nine horizontal placements, numbered from 1.
  await until(`[...document.querySelectorAll("#winning-moves li")].filter((li) => li.textContent.startsWith("Right:")).length === 9`, "Right's nine winning moves");
  await until(`document.querySelectorAll("#winning-moves li[data-outcome=win]").length === 9`, "the nine coloured as wins");
  const numbers = await evaluate(`[...document.querySelectorAll("#winning-moves li[data-outcome]")].map((li) => li.value)`);
  if (numbers.join() !== "1,2,3,4,5,6,7,8,9") throw new Error("numbered " + numbers.join());
  await screenshot("winning-moves-domineering");
});

check("screenshots: close thermograph labels, a long value, a graph with long labels", async () => {
  await click('[data-tab="analyze"]');
  for (const [name, position] of [["thermograph-close-labels", 'hackenbush("LRRL", "l(l;rl)", "eee") + {2|15/8}'],
    ["long-value", 'amazons("x..#|....|o...")'], ["graph-long-labels", 'graph["games/words.txt"]("aseptic")']]) {
    await type("position", position);
    await click("#go");
    await until(`${text("#values")}.includes(${JSON.stringify(position)})`, "the answer to " + position);
    await sleep(500);
    await screenshot(name);
  }
  // No two labels of a thermograph or a game tree touch, as the browser
  // lays them out ({2|15/8}: "2", "15/8" and "31/16" a few pixels apart;
  // "t = 1/16" just above "t = 0").
  for (const position of ["{2|15/8}", 'hackenbush("LRRL", "l(l;rl)", "eee") + {2|15/8}', "{3|-1}", "{2, {1|0}, 3/4, 5/8 || -1, {1|*}}"]) {
    await type("position", position);
    await click("#go");
    await until(`${text("#thermograph .caption")}.includes("Thermograph(")`, "the thermograph of " + position);
    await sleep(300);
    const touching = await evaluate(`(() => {
      const out = [];
      for (const svg of document.querySelectorAll("#thermograph svg, #drawing svg.game-tree")) {
        const boxes = [...svg.querySelectorAll("text")].map((t) => [t.textContent, t.getBoundingClientRect()]);
        boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
          if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) out.push(a + " / " + b);
        }));
      }
      return out;
    })()`);
    if (touching.length) throw new Error(position + ": labels touch: " + touching.join(", "));
  }
});

// Hot games whose thermographs have walls of different heights (the first
// is the sum whose right wall once ended below the mast): both walls must
// start where the mast does, at the mean and the temperature the CLI gives.
const HOT = ["{3|-1} + {5|{2|-4}} + cut(4, 2)", "{5|{2|-4}}", "{3|-1}", "{4|{1|-7}} + {2|-2}", "domineering(\"...|...|...\")"];
check("a game value is drawn as its options, Left's and Right's", async () => {
  await click('[data-tab="analyze"]');
  await type("position", "{2, {1|0} || -1} + {1|*}");
  await click("#go");
  await until(`document.querySelectorAll("#drawing svg.game-tree").length === 2`, "two game trees");
  const trees = await evaluate(`[...document.querySelectorAll("#drawing svg.game-tree")].map((t) => ({
    left: [...t.querySelectorAll(".left-option")].length, right: [...t.querySelectorAll(".right-option")].length,
    options: [...t.querySelectorAll("text.option")].map((x) => x.textContent) }))`);
  const expected = [{ left: 2, right: 1, options: ["2", "{1|0}", "-1"] }, { left: 1, right: 1, options: ["1", "*"] }];
  if (JSON.stringify(trees) !== JSON.stringify(expected)) throw new Error("trees: " + JSON.stringify(trees));
});

check("the compare box gives the relation of the CLI's compare", async () => {
  await click('[data-tab="analyze"]');
  const [left, right] = ["domineering(\"..|..\") - {1|0}", "Tiny(1)"];
  const cli = JSON.parse(execFileSync(sprague, ["compare", "--json", left, right], { encoding: "utf8" }));
  await type("compare-left", left);
  await type("compare-right", right);
  await click("#compare-go");
  await until(`${text("#compare-result")}.includes("  " + ${JSON.stringify(cli.relation)} + "  ")
    && ${text("#compare-result")}.includes("is " + ${JSON.stringify(cli.difference)} + ":")`, "the relation " + cli.relation);
  // A bad second game is underlined in the second game.
  await type("compare-right", "{1|");
  await click("#compare-go");
  await until(`!document.getElementById("compare-error").hidden
    && document.querySelector("#compare-error-text mark") !== null`, "the error under the second game");
});

check("under misère play: the misère form, its genus and the quotient's table", async () => {
  await click('[data-tab="analyze"]');
  const position = "kayles(5, 3)";
  const cli = JSON.parse(execFileSync(sprague, ["analyze", "--json", "--misere", position], { encoding: "utf8" }));
  await evaluate(`document.getElementById("misere").checked = true`);
  await type("position", position);
  await click("#go");
  await until(`!document.getElementById("misere-box").hidden
    && ${text("#misere-figures")}.includes(${JSON.stringify(cli.misere.form)})
    && ${text("#misere-figures")}.includes("genus " + ${JSON.stringify(cli.misere.genus)})`, "the misère form and genus");
  // The quotient of Kayles on heaps 0..5: each heap's element, the
  // product's verdict the same as the analysis', the table.
  await until(`document.getElementById("quotient-table") !== null`, "the quotient's table");
  const verdict = await evaluate(`${text("#quotient .quotient-sum")}`);
  const loses = verdict.includes("the player to move loses");
  if (loses !== (cli.outcome === "P")) throw new Error("the quotient says " + verdict + ", the analysis " + cli.outcome);
  await screenshot("misere");
  await evaluate(`document.getElementById("misere").checked = false`);
});

check("each thermograph's walls meet its mast", async () => {
  await click('[data-tab="analyze"]');
  for (const position of HOT) {
    const cgt = JSON.parse(execFileSync(sprague, ["analyze", "--json", position], { encoding: "utf8" })).cgt;
    await type("position", position);
    await click("#go");
    await until(`document.querySelector("#thermograph-svg .mast")?.dataset.value === ${JSON.stringify(cgt.mean)}
      && document.querySelector("#thermograph .caption")?.textContent.includes(${JSON.stringify(cgt.thermograph)})`,
      "the thermograph of " + position);
    const geometry = await evaluate(`(() => {
      const mast = document.querySelector("#thermograph-svg .mast");
      const start = (sel) => document.querySelector(sel).getAttribute("d").match(/^M([-\\d.]+) ([-\\d.]+)/).slice(1).map(Number);
      return { mast: [Number(mast.getAttribute("x1")), Number(mast.getAttribute("y1"))], temperature: mast.dataset.temperature,
        left: start("#thermograph-svg .left-wall"), right: start("#thermograph-svg .right-wall"),
        ticks: [...document.querySelectorAll("#thermograph-svg .value-tick, #thermograph-svg .temperature-tick")].map((t) => t.textContent) };
    })()`);
    if (geometry.temperature !== cgt.temperature) {
      throw new Error(`${position}: the mast starts at t = ${geometry.temperature}, the temperature is ${cgt.temperature}`);
    }
    for (const side of ["left", "right"]) {
      const [x, y] = geometry[side];
      if (Math.abs(x - geometry.mast[0]) > 0.11 || Math.abs(y - geometry.mast[1]) > 0.11) {
        throw new Error(`${position}: the ${side} wall starts at (${x}, ${y}), the mast at (${geometry.mast})`);
      }
    }
    if (geometry.ticks.some((t) => t.includes("."))) throw new Error(`${position}: an axis prints a decimal: ${geometry.ticks}`);
    if (position === HOT[0]) await screenshot("thermograph-walls");
  }
});

check("every ruleset's example is analysed and drawn (or left to the text) without a script error", async () => {
  await click('[data-tab="analyze"]');
  const examples = await evaluate(`[...document.querySelectorAll("#examples .chip")].map((b) => b.textContent)`);
  if (examples.length < 40) throw new Error("only " + examples.length + " examples");
  let drawn = 0;
  for (let k = 0; k < examples.length; k++) {
    await evaluate(`document.getElementById("values").textContent = ""`);
    await evaluate(`document.querySelectorAll("#examples .chip")[${k}].click()`);
    await until(`${text("#values")}.includes("position ") && !${text("#all-moves")}.includes("searching")`,
      "the analysis of " + examples[k]);
    drawn += await evaluate(`document.querySelectorAll("#drawing svg").length > 0 ? 1 : 0`);
    if (examples[k].startsWith("wythoff") || examples[k].startsWith("cut") || examples[k].startsWith("hackenbush")) {
      await screenshot("example-" + examples[k].slice(0, examples[k].indexOf("(")).replace(/\W/g, ""));
    }
  }
  const errors = await evaluate("window.__errors");
  if (errors.length) throw new Error("script errors: " + errors.join("; "));
  if (drawn < 30) throw new Error("only " + drawn + " of " + examples.length + " examples drawn");
});

check("the table's chart marks the preperiod and the period", async () => {
  await click('[data-tab="table"]');
  // Octal 0.137 (Dawson's chess): preperiod 52, period 34 (Winning Ways, ch. 4).
  await type("ruleset", "octal[0.137]");
  await type("to", "160");
  await click('#table-form button[type="submit"]');
  await until(`document.querySelectorAll("#chart-svg rect.bar").length === 161`, "a bar per value");
  await until(`document.querySelectorAll("#chart-svg rect.preperiod").length === 1`, "the preperiod shaded");
  await until(`document.querySelectorAll("#chart-svg rect.period").length === 4`, "the period bands (52 + 3 x 34 < 161)");
  await screenshot("table-chart");
  await until(`new URLSearchParams(location.search).get("to") === "160" && new URLSearchParams(location.search).get("period") === "true"
    && new URLSearchParams(location.search).get("tab") === "table"`, "the table's state in the address");
  // The address alone brings the same table back.
  await evaluate(`location.reload()`);
  await sleep(500);
  await until(`document.querySelectorAll("#chart-svg rect.bar").length === 161
    && document.getElementById("to").value === "160" && document.getElementById("period").checked`, "the table after a reload");
});

check("a game of two numbers: Wythoff's grid, its cold positions marked, and its heat map", async () => {
  await click('[data-tab="table"]');
  await type("ruleset", "wythoff");
  await type("from", "0");
  await type("to", "10x10");
  await click('#table-form button[type="submit"]');
  await until(`document.querySelectorAll("#values-table tr").length === 12`, "a header and eleven rows");
  // Wythoff (1907): the P-positions are (⌊kφ⌋, ⌊kφ²⌋) and their mirror
  // images; in floating point, exact for these small k.
  const phi = (1 + Math.sqrt(5)) / 2, cold = [];
  for (let k = 0; Math.floor(k * phi) <= 10; k++) {
    const [a, b] = [Math.floor(k * phi), Math.floor(k * phi * phi)];
    if (b <= 10) cold.push(a + "," + b, b + "," + a);
  }
  const expected = [...new Set(cold)].sort().join(" ");
  const marked = (sel) => `[...document.querySelectorAll(${JSON.stringify(sel)})].map((c) => c.dataset.a + "," + c.dataset.b).sort().join(" ")`;
  await until(`${marked("#values-table td.zero")} === ${JSON.stringify(expected)}`, "the cold positions marked in the grid: " + expected);
  // G(a, 0) = a, and the row a = 1 is 1 2 0 4 5 3 ... (OEIS A004481).
  await until(`[...document.querySelectorAll("#values-table tr")[2].querySelectorAll("td")].slice(0, 6)
      .map((c) => c.textContent).join(" ") === "1 2 0 4 5 3"`, "the row a = 1");
  // The heat map: a square per cell, the cold ones red as every zero.
  await until(`document.querySelectorAll("#heatmap-svg rect.cell").length === 121`, "a square per cell");
  await until(`${marked('#heatmap-svg rect.cell[fill="#b3261e"]')} === ${JSON.stringify(expected)}`, "the cold positions red in the heat map");
  await until(`document.querySelectorAll("#heatmap-svg rect.legend").length === 3 && document.getElementById("period").disabled`, "the legend, and no period for a grid");
  await screenshot("table-grid");
  await until(`new URLSearchParams(location.search).get("to") === "10x10" && new URLSearchParams(location.search).get("ruleset") === "wythoff"`,
    "the grid's state in the address");
  // The address alone brings the same grid back.
  await evaluate(`location.reload()`);
  await sleep(500);
  await until(`document.querySelectorAll("#heatmap-svg rect.cell").length === 121
    && document.getElementById("to").value === "10x10" && document.getElementById("ruleset").value === "wythoff"`, "the grid after a reload");
});

check("a partizan game of two numbers shows each cell's outcome class", async () => {
  await click('[data-tab="table"]');
  await type("ruleset", "cut");
  await type("from", "0");
  await type("to", "4x4");
  await click('#table-form button[type="submit"]');
  // Cutcake: a 1 × n bar is Right's alone, worth -(n - 1), and an n × 1
  // bar Left's, worth n - 1 (Winning Ways, "Cutcake"); 2 × 2 is 0.
  const cell = (a, b) => `document.querySelector('#values-table td[data-a="${a}"][data-b="${b}"]')`;
  await until(`${cell(1, 4)}?.textContent === "-3" && ${cell(1, 4)}.dataset.outcome === "R"`, "cut(1, 4) = -3, Right's");
  await until(`${cell(4, 1)}?.textContent === "3" && ${cell(4, 1)}.dataset.outcome === "L"`, "cut(4, 1) = 3, Left's");
  await until(`${cell(2, 2)}?.textContent === "0" && ${cell(2, 2)}.classList.contains("zero")`, "cut(2, 2) = 0, a P-position");
  await until(`document.querySelectorAll("#heatmap-svg rect.cell").length === 16
    && document.querySelectorAll("#heatmap-svg rect.legend").length === 4`, "the heat map by outcome class");
  await screenshot("table-grid-partizan");
});

// ---- the table of figures: fields, a filter, a layout ------------------------

// `sprague table ARGS --json`, as the command line answers it.
const cliTable = (...args) => JSON.parse(execFileSync(sprague, ["table", ...args, "--json"], { encoding: "utf8" }));
// A figure as the command line's text prints it (`-` where there is none).
const shownFigure = (v) => v === null ? "-" : Array.isArray(v) ? v.join(" ") : String(v);
const asTable = async (ruleset, from, to, fields, where, layout, period) => {
  await click('[data-tab="table"]');
  await type("ruleset", ruleset);
  await type("from", from);
  await type("to", to);
  await type("fields", fields);
  await type("where", where);
  await type("layout", layout);
  await evaluate(`document.getElementById("period").checked = ${period}`);
  await click('#table-form button[type="submit"]');
};

check("a table of figures: euclid's 15 x 15 atomic weights, the cells of the CLI's", async () => {
  // CGSuite's Partizan Euclid case study: rows and columns 1 to 15.
  const cli = cliTable("euclid", "--from", "1x1", "--to", "15x15", "--field", "atomic_weight");
  const expected = cli.columns.atomic_weight.flatMap((row, i) => row.map((v, j) =>
    (cli.from[0] + i) + "," + (cli.from[1] + j) + "=" + shownFigure(v))).join(" ");
  await asTable("euclid", "1x1", "15x15", "atomic_weight", "", "", false);
  const cells = `[...document.querySelectorAll('#figure-tables table[data-field="atomic_weight"] td[data-a]')]
    .map((c) => c.dataset.a + "," + c.dataset.b + "=" + c.dataset.value).join(" ")`;
  await until(`document.querySelectorAll('#figure-tables table[data-field="atomic_weight"] td[data-a]').length === 225`, "225 cells");
  const shown = await evaluate(cells);
  if (shown !== expected) throw new Error("the page's cells differ from the CLI's:\n" + shown + "\n" + expected);
  await screenshot("table-figures");
  await until(`new URLSearchParams(location.search).get("field") === "atomic_weight"
    && new URLSearchParams(location.search).get("to") === "15x15"`, "the fields in the address");
  // The address alone brings the same table back.
  await evaluate(`location.reload()`);
  await sleep(500);
  await until(`document.getElementById("fields").value === "atomic_weight"
    && ${cells} === ${JSON.stringify(expected)}`, "the table of figures after a reload");
});

check("a filter (euclid's hot atomic weights to 20 x 20) lists the positions the CLI lists, each opening in the explorer", async () => {
  // The case study's hot atomic weights (`temperature > 0` itself keeps
  // none of euclid's positions up to 10 x 10).
  const cli = cliTable("euclid", "--to", "20x20", "--where", "atomic_weight.temperature > 0");
  const expected = cli.positions.map((p) => p.a + "," + p.b).join(" ");
  if (cli.positions.length === 0) throw new Error("the CLI found no hot position; the check would compare nothing");
  await asTable("euclid", "0", "20x20", "", "atomic_weight.temperature > 0", "", false);
  await until(`[...document.querySelectorAll("#where-table tr[data-at]")].map((r) => r.dataset.at).join(" ") === ${JSON.stringify(expected)}`,
    "the " + cli.positions.length + " hot positions of the CLI");
  await until(`${text("#table-head")}.includes(${JSON.stringify(cli.count + " of " + cli.examined + " positions")})`, "the count");
  await screenshot("table-where");
  const [a, b] = [cli.positions[0].a, cli.positions[0].b];
  await click("#where-table .position-link");
  await until(`document.getElementById("position").value === "euclid(${a}, ${b})"
    && !document.getElementById("tab-analyze").hidden && !document.getElementById("result").hidden`, "the position opened in the explorer");
});

check("a bad filter or field is the API's one-line message (the filter's bytes named), no table", async () => {
  await asTable("euclid", "0", "5x5", "", "temperature >", "", false);
  const api = await evaluate(`fetch("/api/table?ruleset=euclid&from=0&to=5x5&where=" + encodeURIComponent("temperature >")).then((r) => r.json())`);
  await until(`!document.getElementById("table-error").hidden
    && ${text("#table-error-message")} === ${JSON.stringify(api.error)}`, "the message " + api.error);
  await screenshot("table-bad-where");
  await asTable("euclid", "0", "5x5", "atomic_wieght", "", "", false);
  const bad = await evaluate(`fetch("/api/table?ruleset=euclid&from=0&to=5x5&field=atomic_wieght").then((r) => r.json())`);
  await until(`!document.getElementById("table-error").hidden
    && ${text("#table-error-message")} === ${JSON.stringify(bad.error)}
    && document.querySelectorAll("#figure-tables td").length === 0`, "the message " + bad.error);
});

check("Dawson's Kayles laid out by its period: rows of 34, as the CLI's layout", async () => {
  const cli = cliTable("octal[0.07]", "--to", "299", "--layout", "period");
  if (cli.layout.k !== 34) throw new Error("the CLI's layout is " + cli.layout.k + " to a row, not 34");
  const expected = cli.layout.rows.map((r) => r.n + ":" + r.values.map(shownFigure).join(" ")).join("\n");
  await asTable("octal[0.07]", "0", "299", "", "", "period", true);
  await until(`[...document.querySelectorAll("#layout-table tr[data-n]")].map((r) => r.dataset.n + ":"
      + [...r.querySelectorAll("td")].map((c) => c.dataset.value).join(" ")).join("\\n") === ${JSON.stringify(expected)}`,
    "the CLI's rows of 34");
  await until(`document.querySelectorAll("#layout-table tr")[0].querySelectorAll("th").length === 35
    && document.querySelectorAll("#layout-table td.heat").length === ${cli.layout.rows.flatMap((r) => r.values).length}`,
    "a header of +0..+33, every whole number shaded");
  await screenshot("table-layout");
  await until(`new URLSearchParams(location.search).get("layout") === "period"`, "the layout in the address");
});

// ---- the workbench: the game tree, the figures, the board editor ----------

// The value the CLI gives a position (`sprague analyze --json`).
const cliValue = (position) => JSON.parse(execFileSync(sprague, ["analyze", "--json", position], { encoding: "utf8" })).value;
const node = (path) => `document.querySelector('#tree li[data-path="${path}"]')`;

check("the game tree opens three levels, marking CGSuite's tutorial Clobber position's one sensible Left option", async () => {
  await click('[data-tab="analyze"]');
  // CGSuite's tutorial "Games and Rulesets" (games-and-rulesets.cgsh):
  // Clobber("xoxo|ox..") has one sensible Left option of its six.
  await type("position", 'clobber("xoxo|ox..")');
  await click("#go");
  await until(`${node("")}?.dataset.to === 'clobber("xoxo|ox..")'`, "the position at the root");
  await evaluate(`${node("")}.querySelector(".toggle").click()`);
  await until(`document.querySelectorAll('#tree li[data-path][data-side="L"]').length === 6
    && document.querySelectorAll('#tree li[data-path][data-side="R"]').length === 6`, "six options a side");
  const sensibleLeft = await evaluate(`[...document.querySelectorAll('#tree li[data-side="L"][data-sensible]')].map((li) => li.dataset.to)`);
  if (JSON.stringify(sensibleLeft) !== JSON.stringify(['clobber("xx.o|ox..")'])) {
    throw new Error("sensible Left options: " + JSON.stringify(sensibleLeft));
  }
  // A reversible move, marked with its reply: the Left moves to * reverse through 0.
  await until(`[...document.querySelectorAll('#tree li[data-side="L"][data-reversible] .mark.reversible')]
    .some((m) => m.textContent === "reverses through 0")`, "a reversible move marked");
  const sensiblePath = await evaluate(`document.querySelector('#tree li[data-side="L"][data-sensible]').dataset.path`);
  // Second level: the sensible option's options; third: the first of those.
  await evaluate(`${node(sensiblePath)}.querySelector(".toggle").click()`);
  await until(`${node(sensiblePath)}.querySelectorAll(":scope > .children > li[data-path]").length > 0`, "the second level opened");
  // Of the second level, the first node that is not the end of the game.
  const seconds = await evaluate(`[...${node(sensiblePath)}.querySelectorAll(":scope > .children > li[data-path]")].map((li) => li.dataset.path)`);
  let third = null;
  for (const second of seconds) {
    await evaluate(`${node(second)}.querySelector(".toggle").click()`);
    await until(`!${node(second)}.querySelector(":scope > .children").textContent.includes("opening")`, "the node " + second + " opened");
    third = await evaluate(`${node(second)}.querySelector(":scope > .children > li[data-path]")?.dataset.path ?? null`);
    if (third) break;
  }
  if (!third) throw new Error("no option of the sensible option has options");
  if (third.split(".").length !== 3) throw new Error("the third level's path is " + third);
  // The figures of a clicked node are its own: the sensible option is ^^*.
  await evaluate(`${node(sensiblePath)}.querySelector(".node-label").click()`);
  await until(`document.querySelector('#figures dd[data-field="value"]')?.textContent === ${JSON.stringify(cliValue('clobber("xx.o|ox..")'))}`,
    "the figures of the selected node");
  await until(`new URLSearchParams(location.search).get("node") === ${JSON.stringify(sensiblePath)}`, "the node in the address");
  await screenshot("tree-clobber", "#editor");
});

check("the selected node and the position come back from the address", async () => {
  const url = await evaluate("location.href");
  const path = new URL(url).searchParams.get("node");
  await evaluate(`location.reload()`);
  await sleep(500);
  await until(`${node(path)}?.classList.contains("selected")
    && document.getElementById("position").value === 'clobber("xoxo|ox..")'
    && document.getElementById("figures-title").textContent.includes('clobber("xx.o|ox..")')`, "the view after a reload");
  // A view sent to a colleague: the same address in a new page.
  await cdp.send("Page.navigate", { url }, session);
  await sleep(500);
  await until(`${node(path)}?.classList.contains("selected")`, "the view at the same address");
});

check("every field of the cgt object is on the page, labelled, the stop count among them", async () => {
  await type("position", 'clobber("xoxo|ox..")');
  await click("#go");
  await until(`document.getElementById("figures-title").textContent.endsWith('clobber("xoxo|ox..")')`, "the root's figures");
  const cli = JSON.parse(execFileSync(sprague, ["analyze", "--json", 'clobber("xoxo|ox..")'], { encoding: "utf8" })).cgt;
  for (const [field, value] of Object.entries(cli)) {
    const shown = await evaluate(`document.querySelector('#figures dd[data-field="cgt.${field}"]')?.textContent`);
    const expected = Array.isArray(value) ? value.join(", ") : String(value);
    if (shown !== expected) throw new Error(`cgt.${field}: the page shows ${shown}, the CLI ${expected}`);
  }
  // A figure left out is said null, with why: an impartial sum's atomic
  // weight is given, a hot game's is not (it is not atomic).
  await type("position", "{3 | -1}");
  await click("#go");
  await until(`document.querySelector('#figures dd[data-field="cgt.atomic_weight"]')?.textContent.startsWith("null — ")`, "a null figure with its reason");
  await screenshot("figures-hot", ".workbench");
});

check("a board edited by clicks has the value of the same board typed", async () => {
  await type("position", 'clobber("....|....")');
  await click("#go");
  await until(`document.querySelectorAll("#board-editor .cell").length === 8`, "the editor's cells");
  // Laid out as the board: (0, 3) right of (0, 0) on its row, (1, 0) below it.
  const box = (r, c) => `document.querySelector('#board-editor .cell[data-r="${r}"][data-c="${c}"]').getBoundingClientRect()`;
  await until(`${box(0, 3)}.top === ${box(0, 0)}.top && ${box(0, 3)}.left > ${box(0, 0)}.left
    && ${box(1, 0)}.left === ${box(0, 0)}.left && ${box(1, 0)}.top > ${box(0, 0)}.top`, "the cells in two rows of four");
  // CGSuite's tutorial position again, by clicks: x once, o twice.
  const clicks = { "0,0": 1, "0,1": 2, "0,2": 1, "0,3": 2, "1,0": 2, "1,1": 1 };
  for (const [cell, times] of Object.entries(clicks)) {
    const [r, c] = cell.split(",");
    for (let k = 0; k < times; k++) {
      const before = await evaluate(`document.getElementById("position").value`);
      await click(`#board-editor .cell[data-r="${r}"][data-c="${c}"]`);
      await until(`document.getElementById("position").value !== ${JSON.stringify(before)}
        && ${node("")}?.dataset.to === document.getElementById("position").value
        && document.getElementById("busy").hidden`, "the click at " + cell + " analysed");
    }
  }
  await until(`document.getElementById("position").value === 'clobber("xoxo|ox..")'`, "the board's text in the position box");
  const typed = cliValue('clobber("xoxo|ox..")');
  await until(`document.querySelector('#figures dd[data-field="value"]')?.textContent === ${JSON.stringify(typed)}`, "the value of the board typed: " + typed);
  await screenshot("editor-clobber", "#editor");
  // Resized and cleared, each edit analysed before the next.
  const edited = (text, what) => until(`document.getElementById("position").value === ${JSON.stringify(text)}
    && ${node("")}?.dataset.to === ${JSON.stringify(text)} && document.getElementById("busy").hidden`, what);
  await click("#add-row");
  await edited('clobber("xoxo|ox..|....")', "a row added");
  await click("#remove-column");
  await edited('clobber("xox|ox.|...")', "a column removed");
  await click("#clear-board");
  await edited('clobber("...|...|...")', "the board cleared");
  await until(`document.querySelector('#figures dd[data-field="value"]')?.textContent === "0"`, "the empty board worth 0");
});

// Types the board `typed`, waits for its `n` cells, clicks the cell at
// row `r`, column `c`, and waits for the text `edited` in the position box
// with the value `sprague analyze` gives it.
async function editCell(typed, n, [r, c], edited) {
  // Each analysis settles (its tree drawn for the position in the box)
  // before the next step, so that no cell of the board before is clicked.
  const settled = `document.getElementById("busy").hidden
    && ${node("")}?.dataset.to === document.getElementById("position").value`;
  await until(settled, "the position before analysed");
  await type("position", typed);
  await click("#go");
  // (The tree of the position before is not the board's: the board differs.)
  await until(`${settled} && document.querySelectorAll("#board-editor .cell").length === ${n}`, "the board's cells");
  await click(`#board-editor .cell[data-r="${r}"][data-c="${c}"]`);
  await until(`document.getElementById("position").value === ${JSON.stringify(edited)}`, "the cell changed: " + edited);
  await until(`document.querySelector('#figures dd[data-field="value"]')?.textContent === ${JSON.stringify(cliValue(edited))}`, "its value");
}

check("a Domineering board and a heap game are edited the same way", async () => {
  await editCell('domineering("...|...")', 6, [0, 1], 'domineering(".#.|...")');
  await type("position", "nim(3, 6, 9)");
  await click("#go");
  await until(`document.querySelectorAll("#editor .heap-input").length === 3`, "a box per heap");
  await evaluate(`(() => { const i = document.querySelector('#editor .heap-input[data-k="2"]'); i.value = "5"; i.dispatchEvent(new Event("change")); })()`);
  // Bouton: 3 xor 6 xor 5 = 0, a P-position.
  await until(`document.getElementById("position").value === "nim(3, 6, 5)" && document.getElementById("outcome").textContent === "P"`, "the heap set, a P-position");
  await click("#add-heap");
  await until(`document.getElementById("position").value === "nim(3, 6, 5, 1)"`, "a heap added");
  await screenshot("editor-heaps", "#editor");
});

check("generalised Toads and Frogs rows are edited keeping their rules", async () => {
  // The rules written in brackets stay as written; the row is one strip.
  await editCell('gen_toads[max_jump=2]("T..F")', 4, [0, 1],
    'gen_toads[min_slide=1, max_slide=1, max_jump=2, friendly=0]("TT.F")');
  await until(`!document.getElementById("add-row")`, "one row, no rows to add");
  await editCell('elephants_and_rhinos("T..F")', 4, [0, 2], 'elephants_and_rhinos("T.TF")');
});

let passed = 0, failed = 0;
try {
  const url = await startServer();
  cdp = await Cdp.connect(await startBrowser());
  const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
  ({ sessionId: session } = await cdp.send("Target.attachToTarget", { targetId, flatten: true }));
  await cdp.send("Page.enable", {}, session);
  // Script errors in the page, kept for the checks to read.
  await cdp.send("Page.addScriptToEvaluateOnNewDocument", { source: `window.__errors = [];
    addEventListener("error", (e) => window.__errors.push(String(e.message)));
    addEventListener("unhandledrejection", (e) => window.__errors.push(String(e.reason)));` }, session);
  await cdp.send("Page.navigate", { url: url + "/" }, session);
  for (const { name, fn } of checks) {
    try { await fn(); passed++; console.log("ok   " + name); }
    catch (e) {
      failed++;
      console.log("FAIL " + name + ": " + e.message);
      await screenshot("failed-" + failed).catch(() => {});
    }
  }
} catch (e) {
  failed++;
  console.log("FAIL setup: " + e.message);
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
console.log(`${passed} passed, ${failed} failed (${coloursChecked} move colours checked against the CLI)`);
process.exit(failed === 0 ? 0 : 1);
