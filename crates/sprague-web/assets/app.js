// The sprague explorer page. It only asks the server (/api/...) and shows
// the answers: every judgement about a game comes from the engine.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

// GET an API path; resolves to {ok, status, body} and never throws for an
// HTTP error, so each caller can show the server's message.
async function api(path, params) {
  const query = new URLSearchParams(params).toString();
  try {
    const response = await fetch(path + "?" + query);
    let body;
    try { body = await response.json(); } catch (_) { body = { error: "the server sent no JSON" }; }
    return { ok: response.ok, status: response.status, body };
  } catch (e) {
    return { ok: false, status: 0, body: { error: "cannot reach the server: " + e.message } };
  }
}

// The server counts spans in bytes of UTF-8; JavaScript strings count
// UTF-16 code units. Convert by decoding the bytes before the offset.
function byteToIndex(text, byte) {
  const bytes = new TextEncoder().encode(text);
  return new TextDecoder().decode(bytes.slice(0, Math.min(byte, bytes.length))).length;
}

// Shows an error box: the text with its offending part underlined, and the
// message.
function showError(prefix, text, body) {
  const box = $(prefix), echo = $(prefix + "-text");
  echo.replaceChildren();
  if (body.span) {
    const start = byteToIndex(text, body.span[0]);
    const end = byteToIndex(text, body.span[1]);
    const mark = el("mark", { class: start === end ? "empty" : "" }, text.slice(start, end));
    echo.append(text.slice(0, start), mark, text.slice(end));
    echo.hidden = false;
  } else {
    echo.hidden = true;
  }
  $(prefix + "-message").textContent = body.error || "something went wrong";
  box.hidden = false;
}

function hideError(prefix) { $(prefix).hidden = true; }

// ---- tabs -------------------------------------------------------------

function showTab(name) {
  const params = new URLSearchParams(location.search);
  if (name === "analyze") params.delete("tab"); else params.set("tab", name);
  history.replaceState(history.state, "", "?" + params.toString());
  for (const b of document.querySelectorAll(".tab")) {
    b.setAttribute("aria-selected", String(b.dataset.tab === name));
  }
  for (const p of document.querySelectorAll(".panel")) p.hidden = p.id !== "tab-" + name;
  $("position-form").hidden = name === "table" || name === "games";
  $("go").textContent = name === "play" ? "New game" : "Analyze";
  // Opening the Play tab starts a game from the position shown.
  if (name === "play" && !game) startGame();
}

// ---- analyze ----------------------------------------------------------

// The positions visited by clicking moves, so the user can step back.
let trail = [];

function misere() { return $("misere").checked; }

function moveButton(m, onPick) {
  return el("li", {},
    el("button", { type: "button", class: "move", onclick: () => onPick(m) },
      m.description, el("span", { class: "arrow" }, "→"), el("span", { class: "to" }, m.to)));
}

function setUrl(position, push) {
  const params = new URLSearchParams({ position });
  if (misere()) params.set("misere", "true");
  const tab = new URLSearchParams(location.search).get("tab");
  if (tab) params.set("tab", tab);
  const url = "?" + params.toString();
  if (push) history.pushState({ position }, "", url);
  else history.replaceState({ position }, "", url);
}

function renderTrail() {
  const box = $("trail");
  box.replaceChildren();
  if (trail.length < 2) return;
  trail.forEach((p, i) => {
    if (i > 0) box.append(el("span", { class: "arrow" }, "→"));
    box.append(el("button", {
      type: "button", class: "chip" + (i === trail.length - 1 ? " here" : ""),
      onclick: () => { trail = trail.slice(0, i + 1); analyzeText(p, { keepTrail: true, push: true }); },
    }, p));
  });
}

async function analyzeText(text, opts = {}) {
  $("position").value = text;
  hideError("error");
  $("busy").hidden = false;
  const a = await api("/api/analyze", { position: text, misere: misere(), all: true });
  $("busy").hidden = true;
  $("tab-analyze").classList.toggle("empty", !a.ok);
  if (!a.ok) {
    $("result").hidden = true;
    showError("error", text, a.body);
    return;
  }
  const r = a.body;
  if (!opts.keepTrail) trail = [r.position];
  else if (trail[trail.length - 1] !== r.position) trail.push(r.position);
  setUrl(r.position, opts.push);
  renderTrail();
  $("position").value = r.position;
  showAnalysis(r);
  const moves = await api("/api/moves", { position: r.position });
  showAllMoves(moves);
}

function showAnalysis(r) {
  $("result").hidden = false;
  const badge = $("outcome");
  badge.textContent = r.outcome;
  badge.className = "badge " + r.outcome;
  const words = {
    N: "N-position: the player to move wins",
    P: "P-position: the player to move loses",
    L: "L-position: Left wins whoever starts",
    R: "R-position: Right wins whoever starts",
    D: "D-position: a draw with best play",
  };
  $("verdict-text").textContent = words[r.outcome] || r.outcome;
  const facts = [r.play === "misere" ? "misère play" : "normal play"];
  if (r.grundy !== null) facts.push("Grundy value " + r.grundy);
  if (r.value !== null) facts.push("value " + r.value);
  facts.push("position " + r.position);
  $("values").textContent = facts.join(" · ");
  const list = $("winning-moves");
  list.replaceChildren();
  const drawing = r.drawing_moves || [];
  $("moves-title").textContent = r.winning_moves.length === 0 && drawing.length > 0
    ? "Moves that keep the draw"
    : r.winning_moves.length === 1 ? "Winning move"
    : "Winning moves" + (r.winning_moves.length ? " (" + r.winning_moves.length + ")" : "");
  for (const m of r.winning_moves) list.append(moveButton(m, followMove));
  if (r.winning_moves.length === 0 && drawing.length === 0) {
    list.append(el("li", { class: "muted" }, r.outcome === "P"
      ? "none: every move loses against best play"
      : "none"));
  }
  // A drawn position: the moves that keep the draw.
  for (const m of drawing) list.append(moveButton(m, followMove));
}

function showAllMoves(m) {
  const list = $("all-moves");
  list.replaceChildren();
  if (!m.ok) {
    list.append(el("li", { class: "muted" }, m.body.error));
    return;
  }
  const moves = m.body.moves;
  $("all-moves-box").querySelector("summary").textContent =
    "Every move (" + moves.length + (m.body.complete ? "" : "+, the first shown") + ")";
  if (moves.length === 0) list.append(el("li", { class: "muted" }, "no move: the game is over"));
  for (const mv of moves) list.append(moveButton(mv, followMove));
}

function followMove(m) { analyzeText(m.to, { keepTrail: true, push: true }); }

// ---- play -------------------------------------------------------------

let game = null;

function playerName(who) { return who === "you" ? "You" : "Engine"; }

function logLine(who, m, why) {
  const li = el("li", {}, el("span", { class: "who" }, playerName(who) + ": "),
    m.description, el("span", { class: "arrow" }, "→"), el("code", {}, m.to));
  if (why) li.append(el("span", { class: "why" }, why));
  $("game-log").append(li);
}

async function startGame() {
  const text = $("position").value;
  hideError("error");
  const check = await api("/api/moves", { position: text });
  if (!check.ok) { showError("error", text, check.body); return; }
  game = { position: check.body.position, misere: misere(), over: false };
  $("game").hidden = false;
  $("game-log").replaceChildren();
  $("hint-text").textContent = "";
  $("hint").hidden = false;
  if ($("engine-first").checked) await engineTurn();
  else await humanTurn(check);
}

// Shows the human's moves, or the end of the game if there are none.
async function humanTurn(known) {
  $("game-position").textContent = game.position;
  const m = known || await api("/api/moves", { position: game.position });
  const list = $("game-moves");
  list.replaceChildren();
  if (!m.ok) { $("game-status").textContent = m.body.error; return; }
  if (m.body.moves.length === 0) return endGame("you");
  $("game-status").textContent = "Your move:";
  for (const mv of m.body.moves) list.append(moveButton(mv, humanMoves));
  if (!m.body.complete) {
    list.append(el("li", { class: "muted" }, "(only the first " + m.body.moves.length + " moves are listed)"));
  }
}

async function humanMoves(m) {
  if (!game || game.over) return;
  logLine("you", m, "");
  game.position = m.to;
  $("hint-text").textContent = "";
  await engineTurn();
}

async function engineTurn() {
  $("game-position").textContent = game.position;
  $("game-moves").replaceChildren();
  $("game-status").textContent = "The engine is thinking…";
  const r = await api("/api/reply", { position: game.position, misere: game.misere });
  if (!r.ok) { $("game-status").textContent = r.body.error; return; }
  if (!r.body.move) return endGame("engine");
  logLine("engine", r.body.move, r.body.reason);
  game.position = r.body.move.to;
  await humanTurn();
}

// `stuck` cannot move: under normal play they lose, under misère they win.
function endGame(stuck) {
  game.over = true;
  $("hint").hidden = true;
  $("game-moves").replaceChildren();
  const stuckLoses = !game.misere;
  const youWin = (stuck === "engine") === stuckLoses;
  const who = stuck === "you" ? "You cannot move" : "The engine cannot move";
  $("game-status").textContent = who + (game.misere ? " (misère play). " : ". ")
    + (youWin ? "You win!" : "The engine wins.");
}

async function hint() {
  if (!game || game.over) return;
  const a = await api("/api/analyze", { position: game.position, misere: game.misere });
  if (!a.ok) { $("hint-text").textContent = a.body.error; return; }
  const w = a.body.winning_moves[0];
  $("hint-text").textContent = w
    ? "hint: " + w.description + " → " + w.to
    : "every move loses against best play; make the game long and hope";
}

// ---- table ------------------------------------------------------------

async function showTable() {
  const ruleset = $("ruleset").value;
  hideError("table-error");
  const params = { ruleset, from: $("from").value || "0", period: $("period").checked };
  if ($("to").value !== "") params.to = $("to").value;
  const t = await api("/api/table", params);
  const table = $("values-table");
  table.replaceChildren();
  $("table-head").textContent = "";
  if (!t.ok) { showError("table-error", ruleset, t.body); return; }
  const r = t.body;
  const url = new URLSearchParams(location.search);
  url.set("ruleset", r.ruleset);
  history.replaceState(history.state, "", "?" + url.toString());
  let head = r.ruleset + ": G(" + r.from + ") … G(" + r.to + ")";
  if ($("period").checked) {
    head += r.period
      ? " · period " + r.period.period + ", preperiod " + r.period.preperiod
        + (r.period.certified ? ", certified at heap " + r.period.certified_at : ", not certified")
      : " · no period found";
  }
  $("table-head").textContent = head;
  const top = el("tr", {}, el("th", {}, "n"));
  for (let k = 0; k < 10; k++) top.append(el("th", {}, "+" + k));
  table.append(top);
  // Heap sizes may pass 2^53, so they are BigInts here.
  const from = BigInt(r.from), to = BigInt(r.to);
  const pre = r.period ? BigInt(r.period.preperiod) : 0n;
  for (let row = from - from % 10n; row <= to; row += 10n) {
    const tr = el("tr", {}, el("th", {}, row.toString()));
    for (let k = 0n; k < 10n; k++) {
      const n = row + k;
      if (n < from || n > to) { tr.append(el("td", {}, "")); continue; }
      const v = r.values[Number(n - from)];
      const cls = (v === 0 ? "zero " : "") + (r.period && n < pre ? "pre" : "");
      tr.append(el("td", { class: cls.trim(), title: "G(" + n + ") = " + v }, String(v)));
    }
    table.append(tr);
  }
}

// ---- games ------------------------------------------------------------

async function loadGames() {
  const g = await api("/api/games", {});
  if (!g.ok) return;
  const examples = $("examples");
  const list = $("games");
  for (const r of g.body) {
    if (r.reads_files) {
      list.append(el("div", { class: "game" },
        el("h3", {}, r.name),
        el("p", {}, el("code", {}, r.syntax)),
        el("p", {}, r.rule),
        el("p", { class: "muted small" }, "Reads a file, so it works on the command line only: sprague analyze '"
          + r.example + "'")));
      continue;
    }
    examples.append(el("button", {
      type: "button", class: "chip", title: r.rule,
      onclick: () => { showTab("analyze"); analyzeText(r.example, { push: true }); },
    }, r.example));
    const links = el("p", {}, el("button", {
      type: "button", class: "chip",
      onclick: () => { showTab("analyze"); analyzeText(r.example, { push: true }); },
    }, "analyze " + r.example));
    if (r.has_table) {
      const family = r.example.slice(0, r.example.indexOf("("));
      links.append(" ", el("button", {
        type: "button", class: "chip",
        onclick: () => { $("ruleset").value = family; showTab("table"); showTable(); },
      }, "table of " + family));
    }
    list.append(el("div", { class: "game" },
      el("h3", {}, r.name),
      el("p", {}, el("code", {}, r.syntax)),
      el("p", {}, r.rule),
      el("p", { class: "muted small" }, r.heaps_interact
        ? "The arguments form one position."
        : r.name + "(a, b) is the sum " + r.name + "(a) + " + r.name + "(b)."),
      links));
  }
}

// ---- start ------------------------------------------------------------

function init() {
  for (const b of document.querySelectorAll(".tab")) {
    b.addEventListener("click", () => showTab(b.dataset.tab));
  }
  $("position-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if ($("tab-play").hidden) { showTab("analyze"); analyzeText($("position").value, { push: true }); }
    else startGame();
  });
  $("misere").addEventListener("change", () => {
    if (!$("tab-analyze").hidden && $("position").value) {
      analyzeText($("position").value, { keepTrail: true });
    }
  });
  $("play-start").addEventListener("click", startGame);
  $("hint").addEventListener("click", hint);
  $("table-form").addEventListener("submit", (e) => { e.preventDefault(); showTable(); });
  window.addEventListener("popstate", (e) => {
    const p = (e.state && e.state.position) || new URLSearchParams(location.search).get("position");
    if (p) {
      const i = trail.lastIndexOf(p);
      if (i >= 0) trail = trail.slice(0, i + 1);
      analyzeText(p, { keepTrail: i >= 0 });
    }
  });
  loadGames();
  const params = new URLSearchParams(location.search);
  if (params.get("misere") === "true") $("misere").checked = true;
  if (params.get("engine_first") === "true") $("engine-first").checked = true;
  if (params.get("ruleset")) $("ruleset").value = params.get("ruleset");
  const tab = params.get("tab") || "analyze";
  analyzeText(params.get("position") || $("position").value).then(() => {
    showTab(tab);
    if (tab === "table") showTable();
  });
}

init();
