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
  const button = el("button", { type: "button", class: "move", onclick: () => onPick(m) });
  if (m.side) button.append(el("span", { class: "side" }, m.side === "L" ? "Left:" : "Right:"));
  button.append(m.description, el("span", { class: "arrow" }, "→"), el("span", { class: "to" }, m.to));
  return el("li", {}, button);
}

// A move's key among the shown moves: in a partizan position Left's and
// Right's moves may read alike and lead to the same position.
function moveKey(m) { return (m.side || "") + "\n" + m.to + "\n" + m.description; }

// Who wins a position of outcome class `outcome` when `starter` ("L" or
// "R") moves first: "L", "R", or "" for a draw (CGSuite's loopy classes:
// NHat, Left wins moving first and Right moving first draws; NCheck, PHat,
// PCheck alike).
function winnerWhen(outcome, starter) {
  const other = starter === "L" ? "R" : "L";
  switch (outcome) {
    case "N": return starter;
    case "P": return other;
    case "L": case "R": return outcome;
    case "NHat": return starter === "L" ? "L" : "";
    case "NCheck": return starter === "R" ? "R" : "";
    case "PHat": return starter === "R" ? "L" : "";
    case "PCheck": return starter === "L" ? "R" : "";
    default: return "";
  }
}

// What a move of `analyze --moves` is for the player who makes it: the
// outcome it leaves is for the player then to move, so P wins, N loses,
// D draws; in a partizan position, who wins with the other side to move.
function forMover(m) {
  if (!m.side) {
    switch (m.outcome) {
      case "P": return "win";
      case "N": return "lose";
      case "D": return "draw";
      default: return "";
    }
  }
  const winner = winnerWhen(m.outcome, m.side === "L" ? "R" : "L");
  return winner === "" ? "draw" : winner === m.side ? "win" : "lose";
}

// A move coloured as GamesmanUni colours it, with the remoteness of the
// position it leads to where the search found it.
function colouredMove(m, onPick) {
  const result = forMover(m);
  const tag = result + (m.remoteness !== null && m.remoteness !== undefined ? " · remoteness " + m.remoteness : "");
  const button = el("button", { type: "button", class: "move", onclick: () => onPick(m) });
  if (m.side) button.append(el("span", { class: "side" }, m.side === "L" ? "Left:" : "Right:"));
  button.append(m.description, el("span", { class: "arrow" }, "→"), el("span", { class: "to" }, m.to));
  return el("li", {
    class: result, "data-outcome": result, "data-description": m.description, "data-to": m.to,
    "data-remoteness": m.remoteness === null || m.remoteness === undefined ? "" : String(m.remoteness),
  }, button, el("span", { class: "tag" }, tag));
}

// The move among `moves` that takes a token to the vertex `label`.
function moveToVertex(moves, label) {
  return moves.find((m) => m.description.endsWith(" to " + label) || m.description === "place the token on " + label);
}

function setUrl(position, push) {
  const params = new URLSearchParams({ position });
  if (misere()) params.set("misere", "true");
  if (blind()) params.set("blind", "true");
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

// Each analysis counts up, so an answer that arrives after a newer
// question was asked is dropped.
let analyzeSeq = 0;
// The moves of the position shown, for clicks on its drawing.
let shownMoves = [];

async function analyzeText(text, opts = {}) {
  const seq = ++analyzeSeq;
  $("position").value = text;
  hideError("error");
  $("busy").hidden = false;
  const a = await api("/api/analyze", { position: text, misere: misere(), all: true });
  if (seq !== analyzeSeq) return;
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
  showFigures(r);
  showEditor(r);
  showTree(r.position);
  selectedPath = "";
  // A view from the address: the tree opened to its selected node.
  if (opts.node) restoreNode(opts.node);
  shownMoves = [];
  $("all-moves").replaceChildren(el("li", { class: "muted" }, "searching the moves…"));
  const drawn = drawPosition($("drawing"), r.components, (label) => {
    const m = moveToVertex(shownMoves, label);
    if (m) followMove(m);
    else $("values").textContent = label + " is not a move from here";
  });
  // An impartial position's figures are its nimber's: its Grundy value
  // says them, so only a partizan value's thermograph is drawn.
  drawThermograph($("thermograph"), r.grundy == null ? r.cgt : null);
  // The outcome of every move costs a search per move, so it is asked
  // for apart from the analysis, which stays cheap.
  const moves = await api("/api/analyze", { position: r.position, misere: misere(), moves: true });
  if (seq !== analyzeSeq) return;
  await drawn;
  if (moves.ok) showMoveOutcomes(moves.body.moves);
  else showAllMoves(await api("/api/moves", { position: r.position }), moves.body.error);
}

// The API sends a canonical form whole, however long (hot games reach
// millions of characters); the page shows its first and last characters
// and says how many it left out, as the command line does.
function shortValue(v) {
  const most = 4096;
  if (v.length <= most) return v;
  const head = v.slice(0, 2048), tail = v.slice(v.length - 1024);
  return head + " … (" + (v.length - 3072) + " more characters) … " + tail;
}

// A loopy partizan value's figures (CGSuite's): the stops of a stopper,
// the sides of a sided value, the degree and variety where defined.
function loopyFigures(cgt) {
  if (!cgt || !("onside" in cgt)) return [];
  const out = [];
  if (cgt.left_stop !== null) out.push("stops " + cgt.left_stop + " and " + cgt.right_stop);
  if (cgt.onside !== null && cgt.onside !== cgt.offside) {
    out.push("onside " + shortValue(cgt.onside) + ", offside " + shortValue(cgt.offside));
  }
  if (cgt.degree !== null) out.push("degree " + shortValue(cgt.degree));
  if (cgt.variety !== null) out.push("variety " + shortValue(cgt.variety));
  if (cgt.birthday !== null) out.push("born on day " + cgt.birthday);
  return out;
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
  if (r.value !== null) facts.push("value " + shortValue(r.value));
  facts.push(...loopyFigures(r.cgt));
  facts.push("position " + r.position);
  $("values").textContent = facts.join(" · ");
  showMisere(r);
  const list = $("winning-moves");
  list.replaceChildren();
  const drawing = r.drawing_moves || [];
  $("moves-title").textContent = r.winning_moves.length === 0 && drawing.length > 0
    ? "Moves that keep the draw"
    : r.winning_moves.length === 1 ? "Winning move"
    : "Winning moves" + (r.winning_moves.length ? " (" + r.winning_moves.length + ")" : "");
  // A partizan position lists both players' winning moves, each moving
  // first; a player with none is said so.
  const partizan = r.winning_moves.some((m) => m.side);
  for (const side of partizan ? ["L", "R"] : [undefined]) {
    const mine = r.winning_moves.filter((m) => m.side === side);
    if (partizan && mine.length === 0) {
      list.append(el("li", { class: "muted", "data-none": side },
        (side === "L" ? "Left" : "Right") + " moving first: none"));
    }
    for (const m of mine) {
      const li = moveButton(m, followMove);
      li.dataset.key = moveKey(m);
      // Numbered from 1 past the line saying a player has none.
      li.value = list.querySelectorAll("li[data-key]").length + 1;
      list.append(li);
    }
  }
  if (r.winning_moves.length === 0 && drawing.length === 0) {
    list.append(el("li", { class: "muted" }, r.outcome === "P"
      ? "none: every move loses against best play"
      : "none"));
  }
  // A drawn position: the moves that keep the draw.
  for (const m of drawing) {
    const li = moveButton(m, followMove);
    li.dataset.key = moveKey(m);
    list.append(li);
  }
}

// Under misère play: the figures of the misère canonical form (Conway's
// genus and the rest, as CGSuite gives them) and, for a sum of heaps of
// one take-and-break game, its misère quotient (Plambeck and Siegel): the
// element of each heap and the monoid's table, the P-portion marked.
function showMisere(r) {
  const box = $("misere-box");
  const figures = $("misere-figures");
  const quotient = $("quotient");
  figures.replaceChildren();
  quotient.replaceChildren();
  box.hidden = r.play !== "misere";
  if (r.play !== "misere") return;
  const m = r.misere;
  if (m) {
    const kinds = ["tame", "restive", "restless", "even"].filter((k) => m[k]);
    figures.append(el("div", { class: "misere-form" },
      "misère form ", el("code", {}, m.form),
      " · G⁻ = " + m.grundy + " · genus " + m.genus + " · born on day " + m.birthday
      + (kinds.length ? " · " + kinds.join(", ") : "") + " · mate ", el("code", {}, m.mate)));
  } else {
    figures.append(el("div", { class: "muted small" },
      "no misère canonical form within the budget (the outcome comes from the quotient or a search)"));
  }
  const parts = r.components.map((c) => parseComponent(c.position));
  if (parts.length === 0 || parts.some((c) => !c || c.args.length !== 1 || c.args[0].int === undefined)) return;
  const ruleset = (c) => c.name + (c.params.length ? "[" + c.params.map((p) => p.raw ?? p.int ?? p.str).join(",") + "]" : "");
  const name = ruleset(parts[0]);
  if (!parts.every((c) => ruleset(c) === name)) return;
  const heaps = parts.map((c) => c.args[0].int);
  const most = Math.max(...heaps);
  const seq = (quotient.dataset.seq = String(Number(quotient.dataset.seq || 0) + 1));
  api("/api/quotient", { ruleset: name, heaps: String(Math.max(most, 1)) }).then((q) => {
    if (quotient.dataset.seq !== seq || !q.ok) return;
    drawQuotient(quotient, q.body, heaps);
  });
}

function drawQuotient(box, q, heaps) {
  const p = new Set(q.p_portion);
  const name = (i) => q.elements[i];
  const head = el("div", { class: "quotient-head" },
    "misère quotient of " + q.ruleset + " on heaps 0…" + q.heaps + ": order " + q.order
    + (q.tame ? " (tame)" : "") + (q.stable ? ", proved for every heap from " + q.stable_from : "")
    + " · generators " + q.generators.join(", ") + (q.relations.length ? " · " + q.relations.join(", ") : ""));
  box.append(head);
  const product = heaps.reduce((acc, n) => q.product[acc][q.heap_elements[n]], 0);
  box.append(el("div", { class: "quotient-sum" },
    "this sum: " + heaps.map((n) => n + " ↦ " + name(q.heap_elements[n])).join(", ")
    + " · product " + name(product) + (p.has(product) ? " ∈ P: the player to move loses" : " ∉ P: the player to move wins")));
  if (q.order > 16) return;
  const table = el("table", { class: "quotient-table", id: "quotient-table" });
  const top = el("tr", {}, el("th", {}, "×"));
  q.elements.forEach((e) => top.append(el("th", {}, e)));
  table.append(top);
  q.elements.forEach((e, i) => {
    const tr = el("tr", {}, el("th", {}, e));
    q.product[i].forEach((k) => tr.append(el("td", { class: p.has(k) ? "zero" : "" }, name(k))));
    table.append(tr);
  });
  box.append(table, el("div", { class: "muted small" }, "red: products in the P-portion (the player to move loses)"));
}

// A board's moves name squares as `(r, c)`: said once under the moves
// where one does (as `sprague analyze` and `play` say it).
function noteSquares(id, moves) {
  $(id).hidden = !moves.some((m) => m.description.includes(" on ("));
}

function showMoveOutcomes(moves) {
  shownMoves = moves;
  noteSquares("squares-note", moves);
  const list = $("all-moves");
  list.replaceChildren();
  $("all-moves-box").querySelector("summary").textContent = "Every move (" + moves.length + ")";
  if (moves.length === 0) list.append(el("li", { class: "muted" }, "no move: the game is over"));
  for (const m of moves) list.append(colouredMove(m, followMove));
  // The winning moves, coloured and with their remoteness too.
  const byTo = new Map(moves.map((m) => [moveKey(m), m]));
  for (const li of $("winning-moves").querySelectorAll("li[data-key]")) {
    const m = byTo.get(li.dataset.key);
    if (!m) continue;
    const coloured = colouredMove(m, followMove);
    if (li.hasAttribute("value")) coloured.value = li.value;
    li.replaceWith(coloured);
  }
}

// The moves without their outcomes, when the search for them failed.
function showAllMoves(m, why) {
  const list = $("all-moves");
  list.replaceChildren();
  if (!m.ok) {
    list.append(el("li", { class: "muted" }, m.body.error));
    return;
  }
  const moves = m.body.moves;
  shownMoves = moves;
  noteSquares("squares-note", moves);
  $("all-moves-box").querySelector("summary").textContent =
    "Every move (" + moves.length + (m.body.complete ? "" : (m.body.total ? " of " + m.body.total : "+") + ", the first shown") + ")";
  if (why) list.append(el("li", { class: "muted" }, "not coloured: " + why));
  if (moves.length === 0) list.append(el("li", { class: "muted" }, "no move: the game is over"));
  for (const mv of moves) list.append(moveButton(mv, followMove));
}

function followMove(m) { analyzeText(m.to, { keepTrail: true, push: true }); }

// ---- workbench: the figures, the game tree, the board editor ------------

// Every field of the `cgt` object of `analyze --json` (SPEC), labelled, and
// why a figure is null where the engine leaves one out.
const CGT_FIELDS = [
  ["left_stop", "Left stop", "undefined: not a stopper"],
  ["right_stop", "Right stop", "undefined: not a stopper"],
  ["mean", "mean"],
  ["temperature", "temperature"],
  ["thermograph", "thermograph"],
  ["birthday", "birthday", "undefined: the value is not loop-free"],
  ["atomic_weight", "atomic weight", "the game is not all-small (the atomic weight is of all-small games), or the weight's text is too long to give"],
  ["reduced", "reduced canonical form", "left out: its text is too long to give"],
  ["stop_count", "stop count", "left out: it would cost more than the value (the figure allowance), or its digits are too many"],
  ["incentives", "incentives", "left out: they would cost more than the value (the figure allowance)"],
  ["onside", "onside", "undefined for this value, or left out"],
  ["offside", "offside", "undefined for this value, or left out"],
  ["degree", "degree", "defined for a stopper only"],
  ["variety", "variety", "defined for a stable stopper whose degree is idempotent only"],
];
const MISERE_FIELDS = [
  ["form", "misère canonical form", "left out: beyond the budget"],
  ["grundy", "misère Grundy value G⁻"],
  ["genus", "genus"],
  ["birthday", "birthday", "left out: beyond the budget"],
  ["tame", "tame", "left out: beyond the budget"],
  ["restive", "restive", "left out: beyond the budget"],
  ["restless", "restless", "left out: beyond the budget"],
  ["even", "even", "left out: beyond the budget"],
  ["mate", "mate", "left out: beyond the budget"],
];

function figureRow(list, field, label, value, why) {
  let shown;
  if (value === null || value === undefined) shown = el("span", { class: "muted null" }, "null — " + (why || "not given"));
  else if (Array.isArray(value)) shown = value.length ? value.map(shortValue).join(", ") : "none";
  else shown = shortValue(String(value));
  list.append(el("dt", { "data-field": field }, label), el("dd", { "data-field": field }, shown));
}

// The figures of the analysis `r`: its value and outcome, then its whole
// `cgt` object (a short game's or a loopy value's fields) and, under
// misère play, the `misere` object.
function showFigures(r, where) {
  const list = $("figures");
  list.replaceChildren();
  $("figures-title").textContent = "Figures of " + (where || "the position") + ": " + r.position;
  figureRow(list, "outcome", "outcome", r.outcome);
  figureRow(list, "value", "value", r.value, r.play === "misere" ? "a misère sum has no value; see the misère form" : "no value in the usual notation");
  if (r.grundy !== null) figureRow(list, "grundy", "Grundy value", r.grundy);
  if (r.cgt) {
    const loopy = "onside" in r.cgt;
    for (const [field, label, why] of CGT_FIELDS) {
      if (field in r.cgt || (!loopy && ["incentives", "stop_count"].includes(field))) {
        figureRow(list, "cgt." + field, label, r.cgt[field], why);
      }
    }
  } else if (r.play !== "misere") {
    list.append(el("dt", { "data-field": "cgt" }, "cgt"), el("dd", { class: "muted", "data-field": "cgt" },
      "none: CGSuite's figures are of short games and loopy partizan values; this position is neither (or its value was beyond the budget)"));
  }
  if (r.play === "misere") {
    if (r.misere) for (const [field, label, why] of MISERE_FIELDS) figureRow(list, "misere." + field, label, r.misere[field], why);
    else list.append(el("dt", { "data-field": "misere" }, "misère"), el("dd", { class: "muted", "data-field": "misere" },
      "no misère canonical form: the position is not impartial and loop-free, or its form is beyond the budget"));
  }
}

// The selected node of the tree, as the path of option indices from the
// root ("" for the root, "3.0" for the first option of the fourth).
let selectedPath = "";

function setNodeInUrl() {
  const q = new URLSearchParams(location.search);
  if (selectedPath) q.set("node", selectedPath); else q.delete("node");
  history.replaceState(history.state, "", "?" + q.toString());
}

function treeNode(path, to, option) {
  const li = el("li", { class: "node", "data-path": path, "data-to": to });
  const toggle = el("button", { type: "button", class: "toggle", "aria-label": "open" }, "▸");
  const label = el("button", { type: "button", class: "node-label" });
  if (option) {
    li.dataset.side = option.side || "";
    if (option.side) label.append(el("span", { class: "side" }, option.side === "L" ? "Left:" : "Right:"));
    // A long value is cut in the tree; the node's figures give it whole.
    const value = option.value === null ? "?" : option.value.length > 48 ? option.value.slice(0, 48) + "…" : option.value;
    label.append(el("span", { class: "node-value" }, value),
      el("span", { class: "node-to" }, to));
  } else {
    label.append(el("span", { class: "node-to" }, to));
  }
  const row = el("div", { class: "node-row" }, toggle, label);
  if (option && option.sensible) { li.dataset.sensible = "true"; row.append(el("span", { class: "mark sensible" }, "sensible")); }
  if (option && option.reversible) {
    li.dataset.reversible = "true";
    row.append(el("span", { class: "mark reversible" }, "reverses through " + (option.reverses_through === null ? "…" : shortValue(option.reverses_through))));
  }
  if (option) row.append(el("span", { class: "muted small" }, option.outcome));
  li.append(row, el("ul", { class: "children" }));
  toggle.addEventListener("click", () => toggleNode(li));
  label.addEventListener("click", () => selectNode(li));
  return li;
}

function showTree(position) {
  const root = treeNode("", position, null);
  root.classList.add("selected");
  $("tree").replaceChildren(root);
  return root;
}

// Opens (or closes) a node: its options, asked for when it is opened.
async function toggleNode(li) {
  const toggle = li.querySelector(":scope > .node-row > .toggle");
  const children = li.querySelector(":scope > .children");
  if (li.classList.contains("open")) {
    li.classList.remove("open");
    children.replaceChildren();
    toggle.textContent = "▸";
    return;
  }
  li.classList.add("open");
  toggle.textContent = "▾";
  children.replaceChildren(el("li", { class: "muted small" }, "opening…"));
  const a = await api("/api/options", { position: li.dataset.to, misere: misere() });
  if (!li.classList.contains("open")) return;
  children.replaceChildren();
  if (!a.ok) { children.append(el("li", { class: "muted small tree-error" }, a.body.error)); return; }
  if (a.body.options.length === 0) children.append(el("li", { class: "muted small" }, "no options: the game is over"));
  if (!a.body.marked && a.body.options.length) {
    children.append(el("li", { class: "muted small" }, "not marked: sensible and reversible options are of short games under normal play"));
  }
  a.body.options.forEach((o, k) => {
    children.append(treeNode((li.dataset.path ? li.dataset.path + "." : "") + k, o.to, o));
  });
}

// Selects a node: its figures are shown, and its path kept in the address.
async function selectNode(li) {
  for (const n of document.querySelectorAll("#tree .selected")) n.classList.remove("selected");
  li.classList.add("selected");
  selectedPath = li.dataset.path;
  setNodeInUrl();
  const seq = ($("figures").dataset.seq = String(Number($("figures").dataset.seq || 0) + 1));
  const a = await api("/api/analyze", { position: li.dataset.to, misere: misere() });
  if ($("figures").dataset.seq !== seq) return;
  if (a.ok) showFigures(a.body, selectedPath ? "node " + selectedPath : "the position");
  else { $("figures").replaceChildren(el("dd", { class: "muted" }, a.body.error)); }
}

// Opens the tree along `path` and selects its node (a view from the
// address); stops where the path leaves the tree.
async function restoreNode(path) {
  let li = $("tree").querySelector(":scope > li");
  const steps = path ? path.split(".") : [];
  for (let i = 0; i < steps.length && li; i++) {
    if (!li.classList.contains("open")) await toggleNode(li);
    const want = steps.slice(0, i + 1).join(".");
    li = li.querySelector(`:scope > .children > li[data-path="${want}"]`);
  }
  if (li) await selectNode(li);
}

// What a click puts on a cell of each board game, in turn (SPEC's
// syntax of `sprague games`); one-row games have no rows to add.
const BOARD_CELLS = {
  domineering: ".#", cram: ".#", clobber: ".xo", konane: ".xo#", amazons: ".xo#", fission: ".x#",
  skijumps: ".LlRr", toads: ".TF", toppling: "xog", treblecross: ".X",
  gen_toads: ".TF", elephants_and_rhinos: ".TF",
};
const ONE_ROW = new Set(["toads", "toppling", "treblecross", "gen_toads", "elephants_and_rhinos"]);
// Board games whose parameters (the rules, not the board) the editor keeps
// as they are written.
const BOARD_PARAMS = new Set(["gen_toads"]);

// The editor of the position shown: a board's cells to click, or a heap
// game's heaps to set; the text it makes goes to the position box.
function showEditor(r) {
  const box = $("editor");
  box.replaceChildren();
  box.hidden = true;
  const parts = r.components.map((c) => parseComponent(c.position));
  const prefix = (c) => c.position.startsWith("*") ? "nim" : c.position.slice(0, c.position.lastIndexOf("("));
  if (parts.length === 1 && parts[0] && BOARD_CELLS[parts[0].name]
      && (parts[0].params.length === 0 || BOARD_PARAMS.has(parts[0].name))
      && parts[0].args.length === 1 && parts[0].args[0].str !== undefined) {
    const rows = parts[0].args[0].str.split("|");
    if (rows.length <= 12 && rows.every((row) => row.length <= 12)) {
      boardEditor(box, parts[0].name, prefix(r.components[0]), rows);
    }
    return;
  }
  if (parts.length >= 1 && parts.length <= 12 && parts.every((c, k) => c && HEAP_RULESETS.has(c.name)
      && c.args.length === 1 && c.args[0].int !== undefined && prefix(r.components[k]) === prefix(r.components[0]))) {
    heapEditor(box, prefix(r.components[0]), parts.map((c) => c.args[0].int));
  }
}

// An edit starts a new walk: the trail is of moves, not of edits.
function editTo(text) { analyzeText(text, { push: true }); }

// `written` is the ruleset as written, with its parameters: `gen_toads[max_jump=2]`.
function boardEditor(box, name, written, rows) {
  const cells = BOARD_CELLS[name];
  const width = Math.max(0, ...rows.map((row) => row.length));
  const emit = (next) => editTo(written + '("' + next.join("|") + '")');
  const grid = el("div", { class: "board-editor", id: "board-editor" });
  // Through the style object: the page's CSP refuses style attributes.
  grid.style.gridTemplateColumns = `repeat(${Math.max(width, 1)}, 2rem)`;
  rows.forEach((row, i) => [...row].forEach((c, j) => {
    grid.append(el("button", {
      // Left's pieces blue, Right's red, as the drawing colours them.
      type: "button", class: "cell cell-" + (c === "." ? "empty" : c === "#" ? "blocked" : "piece")
        + ("xXLlT".includes(c) ? " left" : "oORrF".includes(c) ? " right" : ""),
      "data-r": String(i), "data-c": String(j), title: "row " + i + ", column " + j + ": click to change",
      onclick: () => {
        const next = cells[(cells.indexOf(c) + 1) % cells.length];
        emit(rows.map((rw, k) => k === i ? rw.slice(0, j) + next + rw.slice(j + 1) : rw));
      },
    }, c === "." ? "" : c));
  }));
  const blank = cells[0];
  const action = (id, label, enabled, next) => el("button", Object.assign(
    { type: "button", class: "edit", id, onclick: () => emit(next()) }, enabled ? {} : { disabled: "" }), label);
  const buttons = el("div", { class: "row" },
    ...(ONE_ROW.has(name) ? [] : [
      action("add-row", "+ row", rows.length < 12, () => [...rows, blank.repeat(width)]),
      action("remove-row", "− row", rows.length > 1, () => rows.slice(0, -1)),
    ]),
    action("add-column", "+ column", width < 12, () => rows.map((row) => row + blank)),
    action("remove-column", "− column", width > 1, () => rows.map((row) => row.slice(0, -1))),
    action("clear-board", "clear", true, () => rows.map((row) => blank.repeat(row.length))));
  box.append(el("div", { class: "muted small" }, "Edit the board: click a cell to change it (" +
    [...cells].map((c) => c === "." ? "empty" : c).join(" → ") + ")"), grid, buttons);
  box.hidden = false;
}

function heapEditor(box, name, heaps) {
  const emit = (next) => editTo(name + "(" + next.join(", ") + ")");
  const inputs = heaps.map((h, k) => {
    const input = el("input", { type: "number", min: "0", value: String(h), class: "heap-input num", "data-k": String(k), "aria-label": "heap " + (k + 1) });
    input.addEventListener("change", () => {
      const v = input.value.trim();
      if (!/^\d+$/.test(v)) return;
      emit(heaps.map((x, i) => i === k ? v : String(x)));
    });
    return input;
  });
  box.append(el("div", { class: "muted small" }, "Set the heaps of " + name + ":"),
    el("div", { class: "row" }, ...inputs,
      el("button", { type: "button", class: "edit", id: "add-heap", onclick: () => emit([...heaps, 1]) }, "+ heap"),
      el("button", Object.assign({ type: "button", class: "edit", id: "remove-heap", onclick: () => emit(heaps.slice(0, -1)) },
        heaps.length > 1 ? {} : { disabled: "" }), "− heap")));
  box.hidden = false;
}

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
  const check = await api("/api/analyze", { position: text, misere: misere() });
  if (!check.ok) { showError("error", text, check.body); return; }
  // In a partizan position you play Left (or Right, if ticked) and the
  // engine the other side: the analysis has CGSuite's figures (`cgt`)
  // without a Grundy value only for partizan positions under normal play
  // (short or loopy); otherwise (misère play) the moves say whose
  // they are (the engine may move first, before the human's moves are
  // listed).
  let partizan = "cgt" in check.body && check.body.grundy == null;
  if (!partizan) {
    const moves = await api("/api/analyze", { position: text, misere: misere(), moves: true });
    partizan = moves.ok && moves.body.moves.some((m) => m.side);
  }
  game = { position: check.body.position, misere: misere(), over: false, partizan,
    human: $("play-right").checked ? "R" : "L", seen: new Set() };
  $("game").hidden = false;
  $("game-log").replaceChildren();
  $("game-status").textContent = "";
  $("hint-text").textContent = "";
  $("hint").hidden = false;
  if ($("engine-first").checked) await engineTurn();
  else await humanTurn();
}

// Shows the human's moves, coloured, or the end of the game if there are
// none; without colours (the first moves only) if their search fails.
async function humanTurn() {
  $("game-position").textContent = game.position;
  const list = $("game-moves");
  list.replaceChildren();
  const a = await api("/api/analyze", { position: game.position, misere: game.misere, moves: true });
  let moves, coloured = a.ok, complete = true;
  if (a.ok) {
    // In a partizan position the human plays their chosen side's moves.
    if (a.body.moves.some((m) => m.side)) game.partizan = true;
    moves = a.body.moves.filter((m) => !m.side || m.side === game.human);
  } else {
    const m = await api("/api/moves", { position: game.position });
    if (!m.ok) { $("game-status").textContent = m.body.error; return; }
    moves = m.body.moves;
    complete = m.body.complete;
  }
  const components = a.ok ? a.body.components : [];
  drawPosition($("game-drawing"), components, (label) => {
    const m = moveToVertex(moves, label);
    if (m) humanMoves(m);
    else $("game-status").textContent = label + " is not one of your moves; your move:";
  });
  noteSquares("game-squares-note", moves);
  if (moves.length === 0) return endGame("you");
  // In a loopy game a position may come back: say so (the human's turn
  // there is the same position with the same player to move).
  const repeated = game.seen.has(game.position);
  game.seen.add(game.position);
  $("game-status").textContent = repeated
    ? "Position repeated: " + game.position + ". Your move:"
    : "Your move:";
  // Blind play: nothing says who is winning before the human chooses.
  for (const mv of moves) list.append(coloured && !blind() ? colouredMove(mv, humanMoves) : moveButton(mv, humanMoves));
  if (!complete) {
    list.append(el("li", { class: "muted" }, "(only the first " + moves.length + " moves are listed)"));
  }
}

// Blind play (`sprague play --blind`): the moves are listed without
// colours and the engine's without why; what the human's move did is said
// once it is played.
function blind() { return $("blind").checked; }

const VERDICTS = { win: "that move wins", lose: "that move loses against best play", draw: "that move keeps a draw" };

async function humanMoves(m) {
  if (!game || game.over) return;
  logLine("you", m, blind() && m.outcome ? VERDICTS[forMover(m)] || "" : "");
  game.position = m.to;
  $("hint-text").textContent = "";
  // Remoteness 0: the engine has no move. A finished position may not be
  // one the server reads back (Treblecross' three X in a row).
  if (m.remoteness === 0) {
    $("game-position").textContent = game.position;
    $("game-drawing").replaceChildren();
    return endGame("engine");
  }
  await engineTurn();
}

async function engineTurn() {
  $("game-position").textContent = game.position;
  $("game-moves").replaceChildren();
  $("game-drawing").replaceChildren();
  $("game-status").textContent = "The engine is thinking…";
  const r = await api("/api/reply",
    { position: game.position, misere: game.misere, side: game.partizan && game.human === "L" ? "right" : "left" });
  if (!r.ok) { $("game-status").textContent = r.body.error; return; }
  if (!r.body.move) return endGame("engine");
  logLine("engine", r.body.move, blind() ? "" : r.body.reason);
  game.position = r.body.move.to;
  if (r.body.over) {
    $("game-position").textContent = game.position;
    return endGame("you");
  }
  await humanTurn();
}

// `stuck` cannot move: under normal play they lose, under misère they win.
function endGame(stuck) {
  game.over = true;
  $("hint").hidden = true;
  $("game-squares-note").hidden = true;
  $("game-moves").replaceChildren();
  const stuckLoses = !game.misere;
  const youWin = (stuck === "engine") === stuckLoses;
  const who = stuck === "you" ? "You cannot move" : "The engine cannot move";
  $("game-status").textContent = who + (game.misere ? " (misère play). " : ". ")
    + (youWin ? "You win!" : "The engine wins.");
}

async function hint() {
  if (!game || game.over) return;
  // A partizan position's winning moves are both players': the moves list
  // says which of the human's side win, with their remoteness.
  const a = await api("/api/analyze", { position: game.position, misere: game.misere, moves: game.partizan });
  if (!a.ok) { $("hint-text").textContent = a.body.error; return; }
  const w = game.partizan
    ? a.body.moves.find((m) => m.side === game.human && forMover(m) === "win")
    : a.body.winning_moves[0];
  $("hint-text").textContent = w
    ? "hint: " + w.description + " → " + w.to
    : "every move loses against best play; make the game long and hope";
}

// ---- table ------------------------------------------------------------

// The rulesets whose table is a grid of two numbers (from /api/games).
const gridRulesets = new Set();

// Whether the table asked for is a grid: `from` or `to` written AxB, or a
// game of two numbers that has no one-heap table. A grid has no period.
function gridMode() {
  const name = $("ruleset").value.trim().split("[")[0];
  return /[xX×]/.test($("from").value + $("to").value) || gridRulesets.has(name);
}

function updatePeriodBox() {
  const grid = gridMode();
  $("period").disabled = grid;
  $("period-label").title = grid ? "a table of two numbers has no period" : "";
}

async function showTable() {
  const ruleset = $("ruleset").value;
  hideError("table-error");
  updatePeriodBox();
  const grid = gridMode();
  const params = { ruleset, from: $("from").value.trim() || "0" };
  if ($("to").value.trim() !== "") params.to = $("to").value.trim();
  if (!grid) params.period = $("period").checked;
  // Figures, a filter and a layout: given only when written, so that a
  // plain table keeps its own answer (the chart, the certified period).
  const figureInputs = [["field", "fields"], ["where", "where"], ["layout", "layout"]]
    .map(([key, id]) => [key, $(id).value.trim()]);
  for (const [key, value] of figureInputs) if (value !== "") params[key] = value;
  const t = await api("/api/table", params);
  const table = $("values-table");
  table.replaceChildren();
  table.className = "values";
  $("table-chart").replaceChildren();
  $("figure-tables").replaceChildren();
  $("table-head").textContent = "";
  // The whole table's state is in the address, so a reload or a shared
  // link shows the same table (a refused one too, with its message).
  const url = new URLSearchParams(location.search);
  url.set("ruleset", t.ok ? t.body.ruleset : ruleset);
  for (const [key, value] of [["from", $("from").value.trim()], ["to", $("to").value.trim()], ...figureInputs]) {
    if (value !== "" && !(key === "from" && value === "0")) url.set(key, value); else url.delete(key);
  }
  url.set("period", String($("period").checked));
  history.replaceState(history.state, "", "?" + url.toString());
  if (!t.ok) {
    // A bad field, filter or layout is named by the API; the filter's
    // bytes are underlined in the echo of what was written.
    const where = figureInputs[1][1];
    const echoed = /^bad where/.test(t.body.error || "") ? where : ruleset;
    showError("table-error", echoed, t.body);
    $("table-note").textContent = "";
    return;
  }
  const r = t.body;
  if ("columns" in r || "positions" in r || "layout" in r) { showFigureTable(r); return; }
  if (Array.isArray(r.from)) { showGrid(r); return; }
  $("table-note").className = "muted small";
  $("table-note").textContent = "Grundy values G(n), ten to a row; the zeros (P-positions) are marked."
    + " For a game of two numbers (wythoff, cut, maundy, ...), give to as AxB (20x20) for the grid of every position (a, b).";
  drawChart($("table-chart"), r);
  let head = r.ruleset + ": G(" + r.from + ") … G(" + r.to + ")";
  if ($("period").checked) {
    head += r.period
      ? " · period " + r.period.period + ", preperiod " + r.period.preperiod
        + (!r.period.certified ? ", not certified"
          // The command line's words: the values the proof reads, or none.
          : Number(r.period.certified_at) === 0 ? ", certified by a closed form"
          : ", certified by G(0..=" + (Number(r.period.certified_at) - 1) + ")")
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

// ---- the table of figures (docs/table.md) ------------------------------

// A figure as `sprague table` prints it: `-` where the position has none,
// a list's texts joined by spaces.
function cellText(v) {
  if (v === null || v === undefined) return "-";
  if (Array.isArray(v)) return v.join(" ");
  return String(v);
}

// A table cell of a figure, coloured as the heat map when every figure of
// its field is a whole number (`max` the largest; otherwise null).
function figureCell(v, max, title, attrs = {}) {
  const shown = cellText(v);
  const td = el("td", { ...attrs, title: title + " = " + shown, "data-value": shown },
    shown.length > GRID_CELL_CHARS ? shown.slice(0, GRID_CELL_CHARS - 1) + "…" : shown);
  if (max !== null && typeof v === "number") {
    // Through the style object: the page's CSP refuses style attributes.
    td.style.background = grundyColour(v, max);
    td.classList.add("heat");
    if (v === 0 || v > (max + 1) / 2) td.classList.add("on-dark");
  }
  return td;
}

// The largest of a field's figures when every one is a whole number (or
// absent), else null: only whole numbers are shaded.
function wholeMax(values) {
  let max = 0, any = false;
  for (const v of values) {
    if (v === null) continue;
    if (typeof v !== "number") return null;
    any = true;
    max = Math.max(max, v);
  }
  return any ? max : null;
}

// The position of the family at coordinates `at`, as the position language
// writes it, and a button that opens it in the Analyze tab.
function positionButton(ruleset, at) {
  const position = ruleset + "(" + at.join(", ") + ")";
  return el("button", {
    type: "button", class: "chip position-link", "data-position": position, title: "analyze " + position,
    onclick: () => { showTab("analyze"); analyzeText(position, { push: true }); },
  }, position);
}

// The answer of `/api/table` with fields, a filter or a layout, as the
// command line's text shows it: a column a field (a grid a field for two
// coordinates), the matching positions of a filter, the rows of a layout.
function showFigureTable(r) {
  const two = Array.isArray(r.from);
  const names = two ? ["a", "b"] : ["n"];
  const fields = r.fields || ["value"];
  const columns = r.columns || { value: r.values };
  const box = $("figure-tables");
  let head = r.ruleset + ": " + (two
    ? "a = " + r.from[0] + "…" + r.to[0] + ", b = " + r.from[1] + "…" + r.to[1]
    : "n = " + r.from + "…" + r.to);
  if ("period" in r) {
    const p = r.period;
    head += p
      ? " · " + p.field + ": period " + p.period + ", preperiod " + p.preperiod
        + (p.saltus && p.saltus !== "0" ? ", saltus " + p.saltus : "")
        + (p.saltus_by_place ? ", saltus by place " + p.saltus_by_place.join(" ") : "")
        + (p.certified ? "" : ", observed, not certified")
      : " · no period seen";
  }
  if ("where" in r) {
    head += " · where " + r.where + ": " + r.count + " of " + r.examined + " positions";
    $("table-head").textContent = head;
    const list = el("table", { class: "values figures-list", id: "where-table" });
    list.append(el("tr", {}, el("th", {}, "position"), ...fields.map((f) => el("th", {}, f))));
    for (const m of r.positions) {
      const at = names.map((k) => m[k]);
      list.append(el("tr", { "data-at": at.join(",") }, el("td", {}, positionButton(r.ruleset, at)),
        ...fields.map((f) => el("td", { "data-field": f }, cellText(m[f])))));
    }
    box.append(el("div", { class: "scroll" }, list));
    $("table-note").className = "muted small";
    $("table-note").textContent = "The positions whose figures satisfy the filter; click one to analyze it.";
    return;
  }
  $("table-head").textContent = head;
  if (r.layout) {
    const L = r.layout, k = Number(L.k);
    const max = wholeMax(L.rows.flatMap((row) => row.values));
    const t = el("table", { class: "values layout", id: "layout-table" });
    const top = el("tr", {}, el("th", {}, names[names.length - 1]));
    for (let j = 0; j < k; j++) top.append(el("th", {}, "+" + j));
    t.append(top);
    for (const row of L.rows) {
      const tr = el("tr", { "data-n": row.n }, el("th", {}, String(row.n)));
      row.values.forEach((v, j) => tr.append(figureCell(v, max, L.field + "(" + (BigInt(row.n) + BigInt(j)) + ")")));
      t.append(tr);
    }
    box.append(el("h3", {}, L.field + ", " + k + " to a row"), el("div", { class: "scroll" }, t));
  } else {
    for (const f of fields) {
      const col = columns[f];
      const t = el("table", { class: "values" + (two ? " grid" : ""), "data-field": f });
      if (two) {
        const max = wholeMax(col.flat());
        const top = el("tr", {}, el("th", { class: "corner", title: "rows a, columns b" }, "a\\b"));
        for (let j = 0; j < r.cols; j++) top.append(el("th", {}, String(Number(r.from[1]) + j)));
        t.append(top);
        col.forEach((row, i) => {
          const a = Number(r.from[0]) + i;
          const tr = el("tr", {}, el("th", {}, String(a)));
          row.forEach((v, j) => {
            const b = Number(r.from[1]) + j;
            tr.append(figureCell(v, max, f + "(" + a + ", " + b + ")", { "data-a": a, "data-b": b }));
          });
          t.append(tr);
        });
        box.append(el("h3", {}, f), el("div", { class: "scroll" }, t));
      }
    }
    if (!two) {
      // One coordinate: a column a field, a row a position.
      const t = el("table", { class: "values", id: "columns-table" });
      t.append(el("tr", {}, el("th", {}, "n"), ...fields.map((f) => el("th", {}, f))));
      const maxes = fields.map((f) => wholeMax(columns[f]));
      const from = BigInt(r.from);
      columns[fields[0]].forEach((_, i) => {
        const n = from + BigInt(i);
        t.append(el("tr", { "data-n": n.toString() }, el("th", {}, n.toString()),
          ...fields.map((f, k) => figureCell(columns[f][i], maxes[k], f + "(" + n + ")", { "data-field": f }))));
      });
      box.replaceChildren(el("div", { class: "scroll" }, t));
    }
  }
  $("table-note").className = "muted small";
  $("table-note").textContent = "Figures as in analyze's JSON (docs/table.md); a dash where a position has none"
    + " (the atomic weight of a game that is not atomic). Whole numbers are shaded as the heat map: red 0, blue from light (1) to dark (the largest).";
}

// The colours of a grid's cells, as `sprague table NAME --to AxB --plot`
// draws them (crates/sprague-cli/src/plot.rs): a zero, a P-position, red
// as everywhere in the explorer; Grundy values 1 to the largest shaded
// from light to dark blue; a partizan cell by its outcome class. (P is
// COLOURS.lose, declared further down.)
const GRID_COLOURS = {
  P: "#b3261e", N: "#f2c12e", L: "#1f5fbf", R: "#2e8b3e",
  light: [0xde, 0xeb, 0xf7], dark: [0x08, 0x30, 0x6b],
};
const OUTCOME_WORDS = {
  P: "P: the player to move loses (value 0)",
  N: "N: the player to move wins",
  L: "L: Left wins whoever starts",
  R: "R: Right wins whoever starts",
};

// The colour of Grundy value `v` in a grid whose largest value is `max`.
function grundyColour(v, max) {
  if (v === 0) return GRID_COLOURS.P;
  const t = max > 1 ? (v - 1) / (max - 1) : 0;
  const c = [0, 1, 2].map((k) => Math.round(GRID_COLOURS.light[k] + t * (GRID_COLOURS.dark[k] - GRID_COLOURS.light[k])));
  return "#" + c.map((x) => x.toString(16).padStart(2, "0")).join("");
}

// The most characters a grid's cell shows of a canonical form.
const GRID_CELL_CHARS = 16;

// A grid of two numbers (`table wythoff --to 20x20`): the heat map, then
// the values with row (a) and column (b) headers, P-positions marked.
function showGrid(r) {
  const partizan = Array.isArray(r.outcomes);
  const [a0, b0] = r.from.map(Number);
  const outcome = (i, j) => partizan ? r.outcomes[i][j] : (r.values[i][j] === 0 ? "P" : "N");
  const counts = { P: 0, N: 0, L: 0, R: 0 };
  for (let i = 0; i < r.rows; i++) for (let j = 0; j < r.cols; j++) counts[outcome(i, j)]++;
  const p = counts.P;
  $("table-head").textContent = r.ruleset + ": " + (partizan ? "the canonical value of (a, b)" : "G(a, b)")
    + " for a = " + r.from[0] + "…" + r.to[0] + " (rows), b = " + r.from[1] + "…" + r.to[1] + " (columns) · "
    + (partizan
      ? ["L", "R", "N", "P"].map((o) => counts[o] + " " + o).join(", ")
      : p + " P-position" + (p === 1 ? "" : "s"));
  drawHeatMap($("table-chart"), r, outcome);
  const table = $("values-table");
  table.className = "values grid";
  const top = el("tr", {}, el("th", { class: "corner", title: "rows a, columns b" }, "a\\b"));
  for (let j = 0; j < r.cols; j++) top.append(el("th", {}, String(b0 + j)));
  table.append(top);
  for (let i = 0; i < r.rows; i++) {
    const tr = el("tr", {}, el("th", {}, String(a0 + i)));
    for (let j = 0; j < r.cols; j++) {
      const o = outcome(i, j), v = String(r.values[i][j]);
      const a = a0 + i, b = b0 + j;
      // A long canonical form is cut in the cell, whole in its tooltip.
      const shown = v.length > GRID_CELL_CHARS ? v.slice(0, GRID_CELL_CHARS - 1) + "…" : v;
      tr.append(el("td", {
        class: o === "P" ? "zero" : partizan ? "o-" + o : "",
        "data-a": a, "data-b": b, "data-outcome": o,
        title: (partizan ? "(" + a + ", " + b + ") = " + v + ", " + OUTCOME_WORDS[o] : "G(" + a + ", " + b + ") = " + v),
      }, shown));
    }
    table.append(tr);
  }
  const note = $("table-note");
  note.replaceChildren();
  note.className = "muted small grid-legend";
  if (partizan) {
    note.append("Canonical values in CGSuite's notation, row a, column b; coloured by outcome class:");
    for (const o of ["P", "N", "L", "R"]) {
      note.append(el("span", { class: "swatch " + o }), OUTCOME_WORDS[o] + ".");
    }
  } else {
    note.append("Grundy values G(a, b), row a, column b:",
      el("span", { class: "swatch P" }), "G = 0, a P-position (the player to move loses), marked;",
      el("span", { class: "swatch light" }), "G = 1 to",
      el("span", { class: "swatch dark" }), "the largest, in the heat map.");
  }
}

// The heat map of a grid: a square per cell, rows a down and columns b
// across as in the grid below it, with ticks and a legend.
function drawHeatMap(box, r, outcome) {
  box.replaceChildren();
  const rows = r.rows, cols = r.cols, partizan = Array.isArray(r.outcomes);
  const cell = Math.max(2, Math.min(36, Math.floor(560 / Math.max(rows, cols))));
  const ml = 44, mt = 26, legendH = 24;
  const w = Math.max(420, ml + cols * cell + 12), h = mt + rows * cell + 10 + legendH;
  const g = svg("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, id: "heatmap-svg", role: "img",
    "aria-label": "a heat map of the values of (a, b)" });
  let max = 0;
  if (!partizan) for (const row of r.values) for (const v of row) max = Math.max(max, v);
  const titled = rows * cols <= 10000;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const o = outcome(i, j);
      const fill = partizan ? GRID_COLOURS[o] : grundyColour(r.values[i][j], max);
      const a = Number(r.from[0]) + i, b = Number(r.from[1]) + j;
      const rect = svg("rect", { x: ml + j * cell, y: mt + i * cell, width: cell, height: cell, fill,
        class: "cell", "data-a": a, "data-b": b, "data-outcome": o });
      if (titled) rect.append(svg("title", {}, "(" + a + ", " + b + "): " + r.values[i][j]));
      g.append(rect);
    }
  }
  // About ten ticks an axis.
  const ticks = (n) => { const step = Math.max(1, Math.ceil(n / 10)); const t = []; for (let k = 0; k < n; k += step) t.push(k); return t; };
  for (const j of ticks(cols)) {
    g.append(svg("text", { x: ml + j * cell + cell / 2, y: mt - 6, "text-anchor": "middle", "font-size": 10, fill: COLOURS.muted }, String(Number(r.from[1]) + j)));
  }
  for (const i of ticks(rows)) {
    g.append(svg("text", { x: ml - 6, y: mt + i * cell + cell / 2 + 3, "text-anchor": "end", "font-size": 10, fill: COLOURS.muted }, String(Number(r.from[0]) + i)));
  }
  g.append(svg("text", { x: ml - 6, y: mt - 6, "text-anchor": "end", "font-size": 10, fill: COLOURS.ink }, "a\\b"));
  // The legend: a swatch and its meaning each.
  const ly = mt + rows * cell + 12;
  const items = partizan
    ? ["P", "N", "L", "R"].map((o) => [GRID_COLOURS[o], o])
    : [[GRID_COLOURS.P, "0 (P)"], [grundyColour(1, max), "1"], [grundyColour(max, max), String(max) + " (largest)"]];
  let x = ml;
  for (const [colour, label] of items) {
    g.append(svg("rect", { x, y: ly, width: 12, height: 12, fill: colour, stroke: COLOURS.line, class: "legend" }));
    const text = svg("text", { x: x + 16, y: ly + 10, "font-size": 11, fill: COLOURS.ink }, label);
    g.append(text);
    x += 28 + label.length * 6.5;
  }
  const caption = partizan
    ? "outcome of (a, b): red P the player to move loses, yellow N the player to move wins, blue L Left wins, green R Right wins"
    : "G(a, b), row a, column b: red G = 0 (P-positions), blue from light (G = 1) to dark (G = " + max + ")";
  box.append(figure(g, caption));
}

// ---- games ------------------------------------------------------------

async function loadGames() {
  const g = await api("/api/games", {});
  if (!g.ok) return;
  const examples = $("examples");
  const list = $("games");
  for (const r of g.body) {
    examples.append(el("button", {
      type: "button", class: "chip", title: r.rule,
      onclick: () => { $("examples-box").open = false; showTab("analyze"); analyzeText(r.example, { push: true }); },
    }, r.example));
    const links = el("p", {}, el("button", {
      type: "button", class: "chip",
      onclick: () => { showTab("analyze"); analyzeText(r.example, { push: true }); },
    }, "analyze " + r.example));
    if (r.grid_table) gridRulesets.add(r.name);
    if (r.has_table || r.grid_table) {
      const family = r.example.slice(0, r.example.indexOf("("));
      links.append(" ", el("button", {
        type: "button", class: "chip",
        onclick: () => {
          $("ruleset").value = family;
          if (r.grid_table) { $("from").value = "0"; $("to").value = "20x20"; }
          showTab("table"); showTable();
        },
      }, "table of " + family));
    }
    list.append(el("div", { class: "game" },
      el("h3", {}, r.name),
      el("p", {}, el("code", {}, r.syntax)),
      el("p", {}, r.rule),
      el("p", { class: "muted small" }, (r.heaps_interact
        ? "The arguments form one position."
        : r.name + "(a, b) is the sum " + r.name + "(a) + " + r.name + "(b).")
        + (r.reads_files ? " Names a file: the built-in games/*.txt, or one inside sprague serve --graphs DIR." : "")),
      links));
  }
}

// ---- drawings ---------------------------------------------------------
// Every drawing is SVG made here from the position's text and the
// engine's answers; nothing is fetched from elsewhere.

const SVG_NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children) node.append(c);
  return node;
}

const COLOURS = { win: "#1f7a3f", lose: "#b3261e", draw: "#d9a400", blue: "#2956b2", red: "#c0392b", green: "#2e8b3d", ink: "#1d2330", muted: "#6b7280", line: "#d9dde5" };
// A position's colour for the player to move: N wins (green), P loses
// (red), D draws (yellow).
const OUTCOME_COLOURS = { N: COLOURS.win, P: COLOURS.lose, D: COLOURS.draw };

// Splits `a, "b, c", 3` at the commas outside quotes: each item is
// {str} for a quoted string, {int} for a number, {raw} otherwise.
function splitArgs(text) {
  const items = [];
  let i = 0;
  while (i < text.length) {
    while (text[i] === " " || text[i] === ",") i++;
    if (i >= text.length) break;
    if (text[i] === '"') {
      let s = "";
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\") i++;
        s += text[i++];
      }
      items.push({ str: s });
      i++;
    } else {
      let j = i;
      while (j < text.length && text[j] !== ",") j++;
      const raw = text.slice(i, j).trim();
      items.push(/^\d+$/.test(raw) ? { int: Number(raw), raw } : { raw });
      i = j;
    }
  }
  return items;
}

// One component as the engine writes it: `name[params](args)` or `*n`.
function parseComponent(text) {
  const star = text.match(/^\*(\d+)$/);
  if (star) return { name: "nim", params: [], args: [{ int: Number(star[1]) }] };
  const m = text.match(/^([a-z_]+)(?:\[(.*?)\])?\((.*)\)$/s);
  if (!m) return null;
  return { name: m[1], params: m[2] === undefined ? [] : splitArgs(m[2]), args: splitArgs(m[3]) };
}

const HEAP_RULESETS = new Set(["nim", "subtraction", "takeaway", "bash", "octal", "kayles", "dawson",
  "dawsonschess", "officers", "guiles", "grundy", "lasker", "disjoint", "submask", "divisor", "unfair",
  "fibonacci", "nosum", "misere_bash"]);
const BOARD_RULESETS = new Set(["domineering", "clobber", "toads", "konane", "amazons", "fission",
  "skijumps", "toppling", "gen_toads", "elephants_and_rhinos"]);
const GRAPH_RULESETS = new Set(["graph", "wordchain", "geography"]);

function figure(drawing, caption) {
  return el("div", { class: "figure" }, drawing, el("div", { class: "caption" }, caption));
}

// A heap of n counters, stacked; a tall heap is a bar with its size.
function drawHeap(n) {
  // As tall as the heap (the figures share their bottom line), with no
  // empty band above a small one.
  const w = 34, unit = 12, most = 16, h = Math.max(1, Math.min(n, most)) * unit + 24;
  const g = svg("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": "a heap of " + n });
  g.append(svg("line", { x1: 2, y1: h - 20, x2: w - 2, y2: h - 20, stroke: COLOURS.muted }));
  if (n <= most) {
    for (let k = 0; k < n; k++) {
      g.append(svg("circle", { cx: w / 2, cy: h - 20 - unit / 2 - k * unit, r: unit / 2 - 1, fill: COLOURS.blue }));
    }
  } else {
    g.append(svg("rect", { x: 6, y: h - 20 - most * unit, width: w - 12, height: most * unit, fill: COLOURS.blue, rx: 3 }));
  }
  g.append(svg("text", { x: w / 2, y: h - 5, "text-anchor": "middle", "font-size": 12 }, String(n)));
  return g;
}

// A strip of cells, `X` marked (Treblecross).
function drawStrip(cells) {
  const s = 24, w = cells.length * s + 2, h = s + 18;
  const g = svg("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": "a strip" });
  [...cells].forEach((c, k) => {
    g.append(svg("rect", { x: 1 + k * s, y: 1, width: s, height: s, fill: "white", stroke: COLOURS.ink }));
    if (c !== ".") g.append(svg("text", { x: 1 + k * s + s / 2, y: s - 5, "text-anchor": "middle", "font-size": 17, "font-weight": 700, fill: COLOURS.ink }, c));
    g.append(svg("text", { x: 1 + k * s + s / 2, y: h - 2, "text-anchor": "middle", "font-size": 9, fill: COLOURS.muted }, String(k + 1)));
  });
  return g;
}

// A board: rows split by `|`; `.` free, `#` blocked, a letter a piece.
function drawBoard(text) {
  const rows = text.split("|");
  const cols = Math.max(...rows.map((r) => r.length));
  const s = 30, w = cols * s + 2, h = rows.length * s + 2;
  const g = svg("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": "a board" });
  const pieceColour = (c) => "xXLlT".includes(c) ? COLOURS.blue : "oORrF".includes(c) ? COLOURS.red : COLOURS.muted;
  rows.forEach((row, r) => [...row].forEach((c, k) => {
    const x = 1 + k * s, y = 1 + r * s;
    g.append(svg("rect", { x, y, width: s, height: s, fill: c === "#" ? "#4b5060" : "#f3ead7", stroke: "#b9ad95" }));
    if (c !== "." && c !== "#") {
      g.append(svg("circle", { cx: x + s / 2, cy: y + s / 2, r: s / 2 - 4, fill: pieceColour(c) }));
      g.append(svg("text", { x: x + s / 2, y: y + s / 2 + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "white" }, c));
    }
  }));
  return g;
}

// A grid of columns by rows (Cutcake's bar, Wythoff's board), with an
// optional marked cell [column, row] counted from the bottom left.
function drawGrid(columns, rows, mark) {
  const s = Math.max(8, Math.min(26, Math.floor(320 / Math.max(columns, rows))));
  const w = columns * s + 2, h = rows * s + 2;
  const g = svg("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": columns + " by " + rows });
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      g.append(svg("rect", { x: 1 + c * s, y: 1 + (rows - 1 - r) * s, width: s, height: s, fill: mark ? "white" : "#e8c27a", stroke: mark ? COLOURS.line : "#8a6d2f" }));
    }
  }
  if (mark) {
    const [c, r] = mark;
    g.append(svg("rect", { x: 1, y: 1 + (rows - 1) * s, width: s, height: s, fill: COLOURS.line }));
    g.append(svg("circle", { cx: 1 + c * s + s / 2, cy: 1 + (rows - 1 - r) * s + s / 2, r: s / 2 - 2, fill: COLOURS.ink }));
  }
  return g;
}

// Hackenbush strings: a stalk of edges from the ground, L blue, R red,
// E green.
function drawStalk(word) {
  const e = 22, w = 40, h = word.length * e + 16;
  const g = svg("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": "a stalk " + word });
  g.append(svg("line", { x1: 0, y1: h - 8, x2: w, y2: h - 8, stroke: COLOURS.ink, "stroke-width": 3 }));
  const colour = { l: COLOURS.blue, r: COLOURS.red, e: COLOURS.green };
  [...word.toLowerCase()].forEach((c, k) => {
    const y0 = h - 8 - k * e, y1 = y0 - e;
    g.append(svg("line", { x1: w / 2, y1: y0, x2: w / 2, y2: y1, stroke: colour[c], "stroke-width": 4 }));
    g.append(svg("circle", { cx: w / 2, cy: y1, r: 3, fill: COLOURS.ink }));
  });
  return g;
}

// Hackenbush stalks side by side on one ground; a component that is not a
// stalk (branched, `l(l;rl)`) or is taller than 24 edges is named below
// as not drawn, so its absence is not mistaken for an empty component.
function drawStalks(words) {
  const drawable = (word) => /^[LRElre]{1,24}$/.test(word);
  const stalks = words.filter(drawable), skipped = words.filter((word) => !drawable(word));
  const note = skipped.length ? "not drawn (not a stalk): " + skipped.join(", ") : "";
  const pictures = stalks.map(drawStalk);
  const sw = 40, tall = Math.max(16, ...pictures.map((p) => Number(p.getAttribute("height"))));
  const w = Math.max(40, stalks.length * sw, note.length * 6.2 + 8), h = tall + (note ? 18 : 0);
  const g = svg("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": "Hackenbush " + words.join(", ") });
  const left = (w - stalks.length * sw) / 2;
  pictures.forEach((p, k) => {
    p.setAttribute("x", left + k * sw);
    p.setAttribute("y", tall - Number(p.getAttribute("height")));
    g.append(p);
  });
  if (note) g.append(svg("text", { x: w / 2, y: h - 4, "text-anchor": "middle", "font-size": 11, fill: COLOURS.muted, class: "not-drawn" }, note));
  return g;
}

// The figures of one component, or null when it has no drawing.
function drawComponent(c, onVertex) {
  if (!c) return null;
  const ints = c.args.every((a) => a.int !== undefined);
  if (HEAP_RULESETS.has(c.name) && ints && c.args.length === 1) return drawHeap(c.args[0].int);
  if (c.name === "treblecross" && c.args.length === 1 && c.args[0].str !== undefined && c.args[0].str.length <= 60) {
    return drawStrip(c.args[0].str);
  }
  if (BOARD_RULESETS.has(c.name) && c.args.length === 1 && c.args[0].str !== undefined) {
    const rows = c.args[0].str.split("|");
    if (rows.length <= 20 && rows.every((r) => r.length <= 20)) return drawBoard(c.args[0].str);
  }
  if (c.name === "wythoff" && ints && c.args.length === 2 && Math.max(c.args[0].int, c.args[1].int) < 40) {
    return drawGrid(c.args[0].int + 1, c.args[1].int + 1, [c.args[0].int, c.args[1].int]);
  }
  if (c.name === "cut" && ints && c.args.length === 2 && Math.max(c.args[0].int, c.args[1].int) <= 40
      && Math.min(c.args[0].int, c.args[1].int) >= 1) {
    return drawGrid(c.args[0].int, c.args[1].int, null);
  }
  if (c.name === "hackenbush" && c.args.length >= 1 && c.args.length <= 12 && c.args.every((a) => a.str !== undefined)) {
    return drawStalks(c.args.map((a) => a.str));
  }
  return null;
}

// A picture drawn by the server (`sprague::picture`, the drawing `sprague
// analyze --plot` writes): its SVG element, or null where there is
// nothing to draw. `what` is {thermograph: text} or {tree: value}.
async function picture(what) {
  try {
    const response = await fetch("/api/picture?" + new URLSearchParams(what).toString());
    if (!response.ok) return null;
    const doc = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
    const root = doc.documentElement;
    return root && root.namespaceURI === SVG_NS ? document.importNode(root, true) : null;
  } catch (_) {
    return null;
  }
}

// A value's first level as a game tree (Winning Ways' pictures): Left's
// options on blue edges, Right's on red, each as written; null for a text
// that is not a value with options (a number, a nimber, a ruleset).
function drawGameTree(text) {
  return text.startsWith("{") || text.startsWith("±") || text.startsWith("+-") ? picture({ tree: text }) : null;
}

// The games on graphs drawn so far, by ruleset text: the server's
// answer and a layout, so a walk through a game keeps its picture still.
const graphCache = new Map();

// Fruchterman and Reingold's force-directed layout, from a circle, with a
// fixed number of rounds: the same graph always gets the same picture.
function layout(n, edges, width, height) {
  const pos = [];
  for (let v = 0; v < n; v++) {
    const a = 2 * Math.PI * v / n;
    pos.push([width / 2 + width / 3 * Math.cos(a), height / 2 + height / 3 * Math.sin(a)]);
  }
  if (n < 2) return pos;
  const k = Math.sqrt(width * height / n) * 0.75;
  const rounds = n <= 100 ? 300 : 80;
  for (let round = 0; round < rounds; round++) {
    const t = (width / 10) * (1 - round / rounds);
    const disp = pos.map(() => [0, 0]);
    for (let v = 0; v < n; v++) {
      for (let u = v + 1; u < n; u++) {
        let dx = pos[v][0] - pos[u][0], dy = pos[v][1] - pos[u][1];
        const d = Math.max(0.01, Math.hypot(dx, dy));
        const f = k * k / d;
        dx /= d; dy /= d;
        disp[v][0] += dx * f; disp[v][1] += dy * f;
        disp[u][0] -= dx * f; disp[u][1] -= dy * f;
      }
    }
    for (const [a, b] of edges) {
      if (a === b) continue;
      let dx = pos[a][0] - pos[b][0], dy = pos[a][1] - pos[b][1];
      const d = Math.max(0.01, Math.hypot(dx, dy));
      const f = d * d / k;
      dx /= d; dy /= d;
      disp[a][0] -= dx * f; disp[a][1] -= dy * f;
      disp[b][0] += dx * f; disp[b][1] += dy * f;
    }
    for (let v = 0; v < n; v++) {
      const d = Math.max(0.01, Math.hypot(disp[v][0], disp[v][1]));
      pos[v][0] = Math.min(width - 40, Math.max(40, pos[v][0] + disp[v][0] / d * Math.min(d, t)));
      pos[v][1] = Math.min(height - 25, Math.max(25, pos[v][1] + disp[v][1] / d * Math.min(d, t)));
    }
  }
  return pos;
}

let markerCount = 0;

// A game graph: vertices coloured by their outcome with a token on them
// (N green, P red, D yellow; grey in geography, where it depends on the
// walk), tokens ringed, visited vertices (geography) crossed; clicking a
// vertex asks `onVertex` to move there.
function drawGraph(g, tokens, visited, onVertex) {
  const width = 520, height = Math.min(420, 180 + 12 * g.vertices.length);
  const key = g.ruleset;
  let pos = graphCache.get(key).pos;
  if (!pos) {
    pos = layout(g.vertices.length, g.edges, width, height);
    graphCache.get(key).pos = pos;
  }
  const marker = "arrow" + (markerCount++);
  const out = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "graph", role: "img", "aria-label": "the game graph" });
  out.append(svg("defs", {}, svg("marker", { id: marker, viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
    svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: COLOURS.muted }))));
  const r = 11;
  for (const [a, b] of g.edges) {
    const [x1, y1] = pos[a], [x2, y2] = pos[b];
    const d = Math.max(0.01, Math.hypot(x2 - x1, y2 - y1));
    const ux = (x2 - x1) / d, uy = (y2 - y1) / d;
    out.append(svg("line", {
      x1: x1 + ux * r, y1: y1 + uy * r, x2: x2 - ux * (r + 2), y2: y2 - uy * (r + 2),
      stroke: COLOURS.muted, "stroke-width": 1.5, ...(g.directed ? { "marker-end": `url(#${marker})` } : {}),
    }));
  }
  g.vertices.forEach((v, i) => {
    const [x, y] = pos[i];
    const isToken = tokens.includes(v.label);
    const node = svg("g", { class: "vertex", "data-label": v.label, "data-outcome": v.outcome || "", onclick: () => onVertex(v.label) },
      svg("title", {}, v.label + (v.outcome ? ": " + v.outcome + (v.remoteness !== null ? ", remoteness " + v.remoteness : "") : "")),
      svg("circle", { cx: x, cy: y, r, fill: OUTCOME_COLOURS[v.outcome] || (visited.includes(v.label) ? "#9aa0aa" : "#e5e7eb"),
        stroke: isToken ? COLOURS.ink : "white", "stroke-width": isToken ? 4 : 1.5 }),
      // A white halo under the label: an edge drawn across it passes
      // under the word instead of through it.
      svg("text", { x, y: y - r - 4, "text-anchor": "middle", "font-size": 12, fill: COLOURS.ink, "font-weight": isToken ? 700 : 400,
        stroke: "white", "stroke-width": 4, "stroke-linejoin": "round", "paint-order": "stroke" }, v.label));
    if (isToken) node.append(svg("circle", { cx: x, cy: y, r: 4, fill: COLOURS.ink }));
    out.append(node);
  });
  return out;
}

// Draws the components of a position side by side into `box`: those
// that have no drawing (or too many to draw) are left to the text above.
async function drawPosition(box, components, onVertex) {
  const seq = (box.dataset.seq = String(Number(box.dataset.seq || 0) + 1));
  box.replaceChildren();
  if (components.length > 24) return;
  const graphs = new Map();
  for (const comp of components) {
    const c = parseComponent(comp.position);
    if (c && GRAPH_RULESETS.has(c.name) && c.params.length === 1 && c.params[0].str !== undefined) {
      const ruleset = c.name + "[" + JSON.stringify(c.params[0].str) + "]";
      if (!graphs.has(ruleset)) graphs.set(ruleset, { tokens: [], visited: [] });
      const labels = c.args.map((a) => a.str !== undefined ? a.str : a.raw);
      if (c.name === "geography") {
        graphs.get(ruleset).tokens.push(...labels.slice(-1));
        graphs.get(ruleset).visited.push(...labels);
      } else {
        graphs.get(ruleset).tokens.push(...labels);
      }
      continue;
    }
    const drawing = drawComponent(c, onVertex) || (c ? null : await drawGameTree(comp.position));
    if (box.dataset.seq !== seq) return;
    if (drawing) box.append(figure(drawing, comp.position + (c ? "" : " · Left's options on blue edges, Right's on red")));
  }
  for (const [ruleset, { tokens, visited }] of graphs) {
    if (!graphCache.has(ruleset)) {
      const g = await api("/api/graph", { ruleset });
      graphCache.set(ruleset, { answer: g, pos: null });
    }
    if (box.dataset.seq !== seq) return;
    const g = graphCache.get(ruleset).answer;
    if (!g.ok) {
      box.append(el("div", { class: "muted small" }, "(no drawing: " + g.body.error + ")"));
      continue;
    }
    box.append(figure(drawGraph(g.body, tokens, visited, onVertex),
      ruleset + " · click a vertex to move a token there · N green, P red, D yellow"));
  }
}

// ---- thermographs -----------------------------------------------------

// The thermograph as in Winning Ways (temperature up, Left's side on the
// left; the left wall blue, the right wall red, the mast black), drawn by
// the server from its text.
async function drawThermograph(box, cgt) {
  const seq = (box.dataset.seq = String(Number(box.dataset.seq || 0) + 1));
  box.replaceChildren();
  if (!cgt || !cgt.thermograph) return;
  const g = await picture({ thermograph: cgt.thermograph });
  if (box.dataset.seq !== seq) return;
  if (!g) { box.append(el("div", { class: "muted small" }, cgt.thermograph)); return; }
  box.append(figure(g, "thermograph: mean " + cgt.mean + ", temperature " + cgt.temperature + " · " + cgt.thermograph));
}

// ---- the table's chart ------------------------------------------------

// The least step of 1, 2 or 5 times a power of ten that puts at most
// `most` ticks on a span of `span` (at least 1).
function niceStep(span, most) {
  for (let p = 1; ; p *= 10) {
    for (const m of [1, 2, 5]) if (span / (m * p) <= most) return m * p;
  }
}

// G(n) against n: the preperiod shaded grey, each period a band of its
// own, the values as bars.
function drawChart(box, r) {
  box.replaceChildren();
  const n = r.values.length;
  if (n === 0) return;
  const from = Number(r.from);
  const vmax = Math.max(1, ...r.values);
  const w = Math.max(420, Math.min(900, n * 6 + 60)), h = 200, ml = 34, mb = 26, mt = 10;
  const bw = (w - ml - 10) / n;
  const X = (k) => ml + k * bw;
  const Y = (v) => mt + (1 - v / vmax) * (h - mt - mb);
  const g = svg("svg", { width: w, height: h, viewBox: `0 0 ${w} ${h}`, id: "chart-svg", role: "img", "aria-label": "the values against the heap" });
  if (r.period) {
    const pre = Number(r.period.preperiod), per = Number(r.period.period);
    const k0 = Math.max(0, pre - from);
    if (k0 > 0) g.append(svg("rect", { x: X(0), y: mt, width: Math.min(k0, n) * bw, height: h - mt - mb, fill: "#e5e7eb", class: "preperiod" }));
    let band = 0;
    for (let k = k0; k < n && per > 0 && band < 2000; k += per, band++) {
      g.append(svg("rect", { x: X(k), y: mt, width: Math.min(per, n - k) * bw, height: h - mt - mb,
        fill: band % 2 ? "#dbe7fb" : "#eef4fe", class: "period" }));
    }
  }
  // A zero is a short red bar below the axis, so it shows.
  r.values.forEach((v, k) => {
    g.append(svg("rect", { x: X(k) + bw * 0.1, y: v === 0 ? Y(0) : Y(v), width: Math.max(1, bw * 0.8),
      height: v === 0 ? 4 : Math.max(0, Y(0) - Y(v)), fill: v === 0 ? COLOURS.lose : COLOURS.blue, class: "bar" },
      svg("title", {}, "G(" + (from + k) + ") = " + v)));
  });
  g.append(svg("line", { x1: ml, y1: Y(0), x2: w - 10, y2: Y(0), stroke: COLOURS.ink }));
  // Round ticks: every 1, 2 or 5 times a power of ten, at most six values
  // up the side and ten heaps along the bottom.
  const ystep = niceStep(vmax, 6);
  for (let v = 0; v <= vmax; v += ystep) {
    g.append(svg("line", { x1: ml - 3, y1: Y(v), x2: ml, y2: Y(v), stroke: COLOURS.ink }));
    g.append(svg("text", { x: ml - 5, y: Y(v) + 4, "text-anchor": "end", "font-size": 10, class: "y-tick" }, String(v)));
  }
  const xstep = niceStep(n, 10);
  for (let heap = Math.ceil(from / xstep) * xstep; heap < from + n; heap += xstep) {
    g.append(svg("text", { x: X(heap - from) + bw / 2, y: h - 10, "text-anchor": "middle", "font-size": 10, class: "x-tick" }, String(heap)));
  }
  const caption = r.period
    ? "G(n) against n; grey: the preperiod (" + r.period.preperiod + " values), blue bands: periods of " + r.period.period + "; red: G = 0"
    : "G(n) against n; red: G = 0 (P-positions)";
  box.append(figure(g, caption));
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
  $("hint").addEventListener("click", hint);
  $("table-form").addEventListener("submit", (e) => { e.preventDefault(); showTable(); });
  for (const id of ["ruleset", "from", "to"]) $(id).addEventListener("input", updatePeriodBox);
  window.addEventListener("popstate", (e) => {
    const p = (e.state && e.state.position) || new URLSearchParams(location.search).get("position");
    if (p) {
      const i = trail.lastIndexOf(p);
      if (i >= 0) trail = trail.slice(0, i + 1);
      analyzeText(p, { keepTrail: i >= 0, node: new URLSearchParams(location.search).get("node") || "" });
    }
  });
  // The table needs the list of games of two numbers before it asks.
  const games = loadGames();
  const params = new URLSearchParams(location.search);
  if (params.get("misere") === "true") $("misere").checked = true;
  if (params.get("engine_first") === "true") $("engine-first").checked = true;
  if (params.get("side") === "right") $("play-right").checked = true;
  if (params.get("blind") === "true") $("blind").checked = true;
  // Blind play is kept in the address; turning it on or off redraws the
  // moves of a game in progress.
  $("blind").addEventListener("change", () => {
    const q = new URLSearchParams(location.search);
    if (blind()) q.set("blind", "true"); else q.delete("blind");
    history.replaceState(history.state, "", "?" + q.toString());
    if (game && !game.over && $("game-moves").children.length > 0) humanTurn();
  });
  if (params.get("ruleset")) $("ruleset").value = params.get("ruleset");
  if (params.get("from")) $("from").value = params.get("from");
  if (params.get("to")) $("to").value = params.get("to");
  if (params.get("period")) $("period").checked = params.get("period") === "true";
  for (const [key, id] of [["field", "fields"], ["where", "where"], ["layout", "layout"]]) {
    if (params.get(key)) $(id).value = params.get(key);
  }
  const tab = params.get("tab") || "analyze";
  const analysed = analyzeText(params.get("position") || $("position").value, { node: params.get("node") || "" });
  if (tab === "table" || tab === "games") {
    // These tabs do not show the position: they need not wait for its
    // analysis, which may take seconds.
    showTab(tab);
    if (tab === "table") games.then(showTable);
  } else {
    analysed.then(() => showTab(tab));
  }
}

init();

// ---- compare ------------------------------------------------------------
// Two games and how they compare: =, >, < or || (confused), from the
// outcome class of their difference, as the engine computes it.

const RELATION_WORDS = {
  "=": "the games are equal",
  ">": "the first is greater",
  "<": "the first is less",
  "||": "the games are confused (incomparable)",
};

$("compare-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const left = $("compare-left").value, right = $("compare-right").value;
  hideError("compare-error");
  $("compare-result").textContent = "Thinking…";
  const r = await api("/api/compare", { left, right });
  if (!r.ok) {
    $("compare-result").textContent = "";
    const text = (r.body.error || "").startsWith("second game") ? right : left;
    showError("compare-error", text, r.body);
    return;
  }
  const c = r.body;
  $("compare-result").textContent = c.left + "  " + c.relation + "  " + c.right +
    "   (G − H is " + c.difference + ": " + RELATION_WORDS[c.relation] + ")";
});
