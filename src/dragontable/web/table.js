// The table page: one WebSocket to the server; everything shown comes from its messages.
import { el, seatColour, setSeatColours } from "/static/util.js";
import { boardFor, loadBoards, seatColoursFor } from "/static/boards.js";
import { botName, lang, t } from "/static/i18n.js";
import { scoreChart } from "/static/score-chart.js";
import { bringIntoView, closeMenu, confirmTap, confirmsTap, makeMenu, setupTurn, showPickers } from "/static/turn.js";
import { drawNotice, notice, retireNotice, rewordBanner, showBanner } from "/static/notices.js";
import { pace, playsOnFirstTap, setupSettings, showTurnState } from "/static/notify.js";
import { rememberTable } from "/static/mytables.js";
import { clockNode, formatMs, noteServerTime, showTurnClock, tickClocks } from "/static/clock.js";
import { canMute, chatError, chatHistory, chatMessage, chatMutes, chatSeats, muteButton, setupChat } from "/static/chat.js";
import { mountReview } from "/static/review.js";
import "/static/table-account.js";
import { showRulesLink } from "/static/rules-link.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
const token = params.get("token") || new URLSearchParams(location.search).get("token");

// Reconnecting backs off from half a second, doubling to 8 s, each wait jittered so that
// the pages of a server that went away do not all come back at once.
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 8000;
const JITTER = 0.5;  // a wait is its nominal length times 0.5 to 1.0

let names = [];
let mySeat = null;
let socket = null;
let retry = RETRY_FIRST_MS;
let retryTimer = null;
let lastUpdate = null;
let GAMES = {};
let restoring = false;  // a welcome came: its first update restores the table shown

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang });
  if (token) query.set("token", token);
  socket = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${query}`);
  socket.addEventListener("open", () => setConn("table.connected"));
  socket.addEventListener("message", (e) => { if (e.target === socket) handle(JSON.parse(e.data)); });
  socket.addEventListener("close", (e) => {
    if (e.target !== socket) return; // replaced by a connection in another language
    if (e.code === 4403 || e.code === 4404) { setConn("table.closed"); setOnline(false); return; }
    setConn("table.reconnecting");
    setOnline(false);
    retryTimer = setTimeout(connect, retry * (1 - JITTER * Math.random()));
    retry = Math.min(retry * 2, RETRY_MAX_MS);
  });
}

// While the connection is down nothing can be played: the turn and board take no input
// (an action sent then would be lost), until the server's welcome brings the table back.
function setOnline(online) {
  document.body.classList.toggle("offline", !online);
  for (const id of ["turn", "turn-below", "board"]) {
    const node = document.getElementById(id);
    if (node) node.inert = !online;
  }
  if (online) retry = RETRY_FIRST_MS;
}

function setConn(key) {
  const conn = document.getElementById("conn");
  conn.dataset.i18n = key;
  conn.textContent = t(key);
}

// A new connection in the page's language: the server sends the whole log again in it.
function reconnect() {
  const old = socket;
  clearTimeout(retryTimer);
  connect();
  old?.close();
}

// Game titles and score-source labels in the page's language (from /api/games).
async function loadGames() {
  const list = await (await fetch(`/api/games?lang=${lang}`)).json();
  GAMES = Object.fromEntries(list.map((g) => [g.name, g]));
  if (lastUpdate) {
    document.getElementById("title").textContent = titleOf(lastUpdate.view.game);
    showEnd(lastUpdate);
  }
}

function handle(msg) {
  document.dispatchEvent(new CustomEvent("tablemessage", { detail: msg }));
  if (msg.type === "welcome") {
    setOnline(true);
    names = msg.names;
    mySeat = msg.seat;
    if (mySeat !== null && token) {
      rememberTable({ id: tableId, seat: mySeat, url: `${location.pathname}#token=${encodeURIComponent(token)}` });
    }
    document.getElementById("log").replaceChildren();
    restoring = true;  // the next update brings the whole table again: nothing new in it
    chatSeats(names, mySeat);
    chatHistory(msg.chat, msg.muted);
    showWho();
    drawNotice();  // in the language of this connection, the names too
  } else if (msg.type === "update") {
    if (restoring) msg.restore = true;
    restoring = false;
    queueUpdate(msg);
    resendStale(msg);
  } else if (msg.type === "presence" && lastUpdate) {
    lastUpdate.connected = msg.connected;
    if (msg.seats) lastUpdate.seats = msg.seats;
    showSeats(lastUpdate);
  } else if (FEATURE_MESSAGES[msg.type]) {
    FEATURE_MESSAGES[msg.type](msg);
  } else if (msg.type === "error") {
    if (msg.code === "stale" && lastSent !== null) { staleMove = lastSent; lastSent = null; return; }
    const message = detailText(msg.detail, msg.message);
    const text = t(`error.${msg.code}`, { message }, message);
    if (msg.code === "cannot_chat" || msg.code === "cannot_mute") { chatError(text); return; }
    document.getElementById("error").textContent = text;
    if (msg.code === "cannot_hint") {
      document.getElementById("hint").disabled = false;
      document.getElementById("hint-box").replaceChildren();
    }
  }
}

// Updates wait their turn so that a person can follow others' moves: each move of another
// seat stays on screen for pace() ms; my own moves, undos and a long backlog show at once.
const pending = [];
let pumpTimer = null;
let shownAt = 0;

function queueUpdate(msg) {
  pending.push(msg);
  pump();
}

function othersMove(msg) {
  return !msg.reset && msg.actions.length > 0 && msg.actions.some((a) => a.seat !== mySeat);
}

function pump() {
  if (pumpTimer !== null) return;
  while (pending.length) {
    const next = pending[0];
    const wait = othersMove(next) && pending.length < 40 ? shownAt + pace() - Date.now() : 0;
    if (wait > 0) {
      pumpTimer = setTimeout(() => { pumpTimer = null; pump(); }, wait);
      return;
    }
    pending.shift();
    lastUpdate = next;
    showUpdate(next);
    shownAt = Date.now();
  }
}

const act = (action) => send(action);
const menu = makeMenu(act);
const confirm = (node, choice) => (confirmsTap(playsOnFirstTap()) ? confirmTap(node, choice, act) : act(choice.action));

function drawBoard(msg) {
  closeMenu();
  const board = document.getElementById("board");
  const draw = boardFor(msg.view.game);
  const ctx = { choices: msg.choices, act, menu, confirm, width: board.clientWidth || 1000, recent: msg.recent || [] };
  const drawn = draw(msg.view, names, mySeat, ctx);
  // A picture with buttons inside is a group of controls, not an image (role "img" would
  // hide its buttons from assistive technology).
  if (drawn.querySelector(".legal")) drawn.setAttribute("role", "group");
  if (!drawn.getAttribute("aria-label")) drawn.setAttribute("aria-label", t("table.board"));
  board.replaceChildren(drawn);
  board.dataset.game = msg.view.game;  // the rule bubbles' "more" links name the game
  showRulesLink(msg.view.game);
  return board;
}

function showUpdate(msg) {
  noteServerTime(msg.clock);
  setSeatColours(seatColoursFor(msg.view.game, msg.view));
  showWho();
  document.getElementById("error").textContent = "";
  const game = msg.view.game ? titleOf(msg.view.game) : "dragontable";
  document.getElementById("title").textContent = game;
  if (msg.reset) document.getElementById("log").replaceChildren();  // after an undo: the whole log again
  const logStart = document.getElementById("log").children.length;
  showLog(msg.log);
  const board = drawBoard(msg);
  showTurn(msg, board);
  showTurnState({ game, mine: msg.your_turn, over: msg.over, seat: mySeat, prompt: msg.prompt && msg.prompt.text, tableId });
  retireNotice(msg);
  if (msg.restore) rewordBanner();
  else showBanner(msg, logStart, GAMES[msg.view.game]?.announce || []);
  showEnd(msg);
  showFeatures(msg);
  if (msg.your_turn) bringIntoView();
}

// Redraw at the new width when the window changes size (phone turned, window resized).
let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    if (!lastUpdate) return;
    showTurn(lastUpdate, drawBoard(lastUpdate));
    if (lastUpdate.your_turn) bringIntoView();
  }, 150);
});

// Who this page plays (or that it watches), with the seat's colour.
function showWho() {
  const who = document.getElementById("who");
  who.replaceChildren(mySeat === null ? t("table.watching") : el("span", {},
    el("span", { class: "seat-dot", style: `background:${seatColour(mySeat)}` }), t("table.you_are", { name: names[mySeat] })));
}

function titleOf(game) {
  return GAMES[game]?.label || game;
}

function showTurn(msg, board) {
  const box = document.getElementById("turn");
  box.classList.toggle("mine", msg.your_turn);
  const prompt = document.getElementById("prompt");
  if (msg.over) prompt.textContent = t("table.over");
  else {
    const seat = msg.current_player;
    prompt.replaceChildren(el("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }),
      el("strong", {}, msg.your_turn ? t("table.your_turn") : t("table.waiting_for", { name: names[seat] })),
      msg.prompt ? msg.prompt.text : "");
  }
  showPickers(document.getElementById("actions"), msg.choices, board, act);
  showTurnClock(msg);
  box.scrollTop = 0;
  // The typing field's example is one of this decision's own actions, in its notation.
  document.getElementById("notation-input").placeholder =
    msg.choices.length ? t("table.action_placeholder", { action: msg.choices[0].action }) : "";
  document.getElementById("notation-box").hidden = !msg.your_turn;
}

// The label of a legal action, as the server worded it (the notation if it is not legal now).
function labelOf(action) {
  const found = lastUpdate && lastUpdate.choices.find((c) => c.action === action);
  return found ? found.label : action;
}

// New log lines are appended and marked "new" until the next update.
function showLog(lines) {
  const log = document.getElementById("log");
  for (const node of log.querySelectorAll("li.new")) node.classList.remove("new");
  for (const line of lines) log.append(el("li", { class: "new" }, line.text));
  log.scrollTop = log.scrollHeight;
}

function showEnd(msg) {
  const end = document.getElementById("end");
  end.hidden = !msg.over;
  if (!msg.over) return;
  const sources = [...new Set(msg.scores.flatMap((s) => Object.keys(s.breakdown)))];
  const labels = GAMES[msg.view.game]?.sources || {};
  // The total right after the name: on a phone the breakdown scrolls, never the total.
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, t("table.player")), el("th", { class: "num total" }, t("table.total")),
    ...sources.map((s) => el("th", { class: "num" }, labels[s] || s.replaceAll("_", " "))));
  const rows = msg.ranking.map((seat, place) => el("tr", { class: place === 0 ? "winner" : "" },
    el("td", {}, String(place + 1)),
    el("td", {}, el("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }), names[seat]),
    el("td", { class: "num total" }, String(msg.scores[seat].total)),
    ...sources.map((s) => el("td", { class: "num" }, String(msg.scores[seat].breakdown[s] ?? 0)))));
  document.getElementById("scores").replaceChildren(
    el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": t("table.final_scores") },
      el("table", { class: "list" }, el("thead", {}, head), el("tbody", {}, ...rows))),
    el("p", {}, el("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record` }, t("table.download"))));
}

// A move that another worker's move overtook (`stale`) is sent once more, unnoticed, if
// the position the server sends next still offers it to this seat.
let lastSent = null;
let staleMove = null;

function send(action) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ action }));
  lastSent = action;
}

function resendStale(update) {
  const move = staleMove;
  staleMove = null;
  if (move === null) return false;
  const offered = (update.choices || []).some((c) => c.action === move);
  if (update.your_turn && offered && socket?.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ action: move }));
    lastSent = null;  // once only: a second refusal is shown
    return true;
  }
  document.getElementById("error").textContent = t("error.stale", {}, "");
  return false;
}

// -- undo offers, seats handed to bots, end chart and replay link ------------------
let gamesInfo = null;  // /api/games, fetched once for the bot levels
let zombieSaid = false;  // the page has told this seat's player that the zombie plays it
let chartShown = false;
let review = null;  // the end screen's game review, once the game is over

function sendJson(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// An error's reason in the page's language: {key, seat?, seats?, bot?} -> error.detail.<key>.
function detailText(detail, english) {
  if (!detail) return english;
  const params = {};
  if (detail.seat !== undefined) params.name = names[detail.seat];
  if (detail.seats) params.list = nameList(detail.seats);
  if (detail.bot) params.level = botName(detail.bot);
  if (detail.seconds !== undefined) params.seconds = detail.seconds;
  if (detail.seconds !== undefined) params.time = formatMs(1000 * detail.seconds);
  if (detail.max !== undefined) params.max = detail.max;
  if (detail.window !== undefined) params.window = detail.window;
  if (detail.account) params.account = detail.account;
  return t(`error.detail.${detail.key}`, params, english);
}

function nameList(seats) { return seats.map((s) => names[s]).join(t("list.separator")); }

function closeOffer() {
  const dialog = document.getElementById("undo-offer");
  if (dialog.open) dialog.close();
}

const FEATURE_MESSAGES = {
  undo_offer(msg) {
    if (msg.waiting.includes(mySeat)) {
      document.getElementById("undo-offer-text").textContent = t("table.undo_asks", { name: names[msg.seat] });
      const dialog = document.getElementById("undo-offer");
      if (!dialog.open) dialog.showModal();
    }
    notice(() => (msg.seat === mySeat ? t("table.undo_waiting", { list: nameList(msg.waiting) })
      : t("table.undo_offered", { name: names[msg.seat], list: nameList(msg.waiting) })));
  },
  undone(msg) { closeOffer(); notice(() => t("table.undone", { name: names[msg.seat], n: msg.actions })); },
  undo_dropped(msg) {
    closeOffer();
    const reason = () => (msg.why ? t(`table.undo_reason.${msg.why}`, { name: names[msg.by] }, msg.reason) : msg.reason);
    notice(() => t("table.undo_dropped", { name: names[msg.seat], reason: reason() }));
  },
  hint(msg) {
    if (!lastUpdate || msg.n_actions !== lastUpdate.n_actions) return;  // the game moved on
    const box = document.getElementById("hint-box");
    box.replaceChildren(el("span", { class: "muted" }, t("table.hint_title")), ...msg.actions.map((h) => {
      const chance = t("table.hint_value", { chance: Math.round(100 * h.chance) });
      const b = el("button", { type: "button", class: "hinted", "data-action": h.action },
        `${labelOf(h.action)} · ${chance}`);
      b.addEventListener("click", () => send(h.action));
      return b;
    }));
    document.getElementById("hint").disabled = false;
  },
  chat(msg) { chatMessage(msg); },
  mutes(msg) { chatMutes(msg.muted); },
  seat_change(msg) {
    const level = () => botName(msg.bot);
    const seat = msg.bot ? msg.seat : null;  // the bot's own moves do not retire the notice
    if (msg.zombie && msg.seat === mySeat) notice(() => t("table.zombie_you", { level: level() }), seat);
    else if (msg.zombie) notice(() => t("table.zombie", { name: names[msg.seat], level: level() }), seat);
    else if (!msg.bot) notice(() => t("table.reclaimed", { name: names[msg.seat] }));
    else if (msg.by === msg.seat) notice(() => t("table.handed_own", { name: names[msg.seat], level: level() }), seat);
    else notice(() => t("table.handed", { name: names[msg.seat], level: level(), by: names[msg.by] }), seat);
  },
};

function showFeatures(msg) {
  const undo = document.getElementById("undo");
  undo.hidden = !msg.can_undo;
  const hint = document.getElementById("hint");
  hint.hidden = !msg.your_turn || msg.over;
  hint.disabled = false;
  document.getElementById("hint-box").replaceChildren();
  const mine = mySeat === null ? null : msg.seats[mySeat];
  document.getElementById("reclaim").hidden = msg.over || !(mine && mine.handed_over);
  // Coming back to a seat the zombie plays: say why, once.
  if (mine && mine.zombie && !msg.over && !zombieSaid) notice(() => t("table.zombie_you", { level: botName(mine.bot) }), mySeat);
  zombieSaid = Boolean(mine && mine.zombie);
  if (!msg.undo_offer) closeOffer();
  showSeats(msg);
  if (msg.over && !chartShown) showChart();
}

function botPicker(seat) {
  const game = (gamesInfo || []).find((g) => g.name === lastUpdate.view.game);
  const select = el("select", { id: `hand-bot-${seat}`, "aria-label": t("table.bot_level") },
    ...(game ? game.bots : []).map((b) => el("option", { value: b }, botName(b))));
  if (game) select.value = game.default_bot;
  const button = el("button", { type: "button", class: "secondary", id: `hand-${seat}` },
    seat === mySeat ? t("table.let_bot_play") : t("table.hand_to_bot"));
  button.addEventListener("click", () => {
    const message = { hand_to_bot: seat };
    if (select.value) message.bot = select.value;
    sendJson(message);
  });
  return [select, button];
}

// When each absent seat may be handed to a bot (ms since the epoch), from the server's
// countdown (`handover_in`, whole seconds) as received; ticked down here every second.
const handoverAt = new Map();
let graceTimer = null;

function secondsLeft(seat) {
  const at = handoverAt.get(seat);
  return at === undefined ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

// At a table with a clock (`clocked`) no countdown: only the clock hands an absent
// player's seat to a bot, when their time runs out.
function seatState(info, connected, clocked) {
  if (info.zombie) return t("table.seat_zombie", { level: botName(info.bot) });
  if (info.handed_over) return t("table.seat_handed", { level: botName(info.bot) });
  if (info.kind === "bot") return t("table.seat_bot", { level: botName(info.bot) });
  if (connected) return t("table.online");
  if (clocked) return t("table.away_clock");
  const left = secondsLeft(info.seat);
  return left ? t("table.away_grace", { seconds: left }) : t("table.away");
}

function showSeats(msg) {
  if (!msg.seats) return;
  for (const info of msg.seats) {
    if (info.handover_in === null || info.handover_in === undefined) handoverAt.delete(info.seat);
    else if (!handoverAt.has(info.seat) || info.handover_in === 0) handoverAt.set(info.seat, Date.now() + 1000 * info.handover_in);
  }
  renderSeats(msg);
  clearInterval(graceTimer);
  if ([...handoverAt.keys()].some((seat) => secondsLeft(seat) > 0)) {
    graceTimer = setInterval(() => renderSeats(lastUpdate), 1000);
  }
}

function renderSeats(msg) {
  if (!msg || !msg.seats) return;
  const iAmPlaying = mySeat !== null && !msg.seats[mySeat].handed_over;
  const rows = msg.seats.map((info) => {
    const connected = msg.connected[info.seat];
    const moved = msg.actions && msg.actions.some((a) => a.seat === info.seat);
    const toMove = !msg.over && msg.current_player === info.seat;
    const row = el("li", { "data-seat": String(info.seat), class: [moved ? "moved" : "", toMove ? "to-move" : ""].join(" ").trim() },
      el("span", { class: "seat-dot", style: `background:${seatColour(info.seat)}` }),
      el("span", {}, names[info.seat] + (info.seat === mySeat ? ` (${t("table.you")})` : "")),
      el("span", { class: "muted", role: "timer" }, seatState(info, connected, Boolean(msg.clock))));
    if (msg.clock) row.append(clockNode(el, info, msg.clock));
    const person = info.kind === "human" || info.handed_over;  // a seat that may chat
    if (person && canMute(info.seat)) row.append(muteButton(info.seat));
    const human = info.kind === "human";
    const another = !connected && !msg.clock;  // at a clocked table only the clock hands it over
    if (!msg.over && human && iAmPlaying && (info.seat === mySeat || another)) {
      const picker = botPicker(info.seat);
      if (info.seat !== mySeat && secondsLeft(info.seat)) picker[1].disabled = true;
      row.append(...picker);
    }
    return row;
  });
  document.getElementById("seats").replaceChildren(...rows);
  if (![...handoverAt.keys()].some((seat) => secondsLeft(seat) > 0)) clearInterval(graceTimer);
}

async function showChart() {
  chartShown = true;
  const id = encodeURIComponent(tableId);
  const link = document.getElementById("replay-link");
  link.href = `/replay/${id}`;
  label(link, "table.replay");
  if (!review) review = mountReview(document.getElementById("review"), { tableId, names: () => names, seat: mySeat ?? 0 });
  else review.names();  // in the page's language again
  const resp = await fetch(`/api/tables/${id}/history?lang=${encodeURIComponent(lang)}`);
  if (resp.ok) document.getElementById("chart").replaceChildren(scoreChart(await resp.json()));
}

// Text that i18n.js retranslates when the language changes.
function label(node, key) {
  node.dataset.i18n = key;
  node.textContent = t(key);
}

function setupFeatures() {
  const undo = document.getElementById("undo");
  label(undo, "table.undo");
  undo.addEventListener("click", () => sendJson({ undo: true }));
  const hint = document.getElementById("hint");
  label(hint, "table.hint");
  hint.addEventListener("click", () => {
    hint.disabled = true;
    document.getElementById("hint-box").replaceChildren(el("span", { class: "muted" }, t("table.hint_thinking")));
    sendJson({ hint: true });
  });
  setupChat(sendJson, () => renderSeats(lastUpdate));
  setInterval(() => tickClocks(lastUpdate), 1000);
  const reclaim = document.getElementById("reclaim");
  label(reclaim, "table.reclaim");
  reclaim.addEventListener("click", () => sendJson({ reclaim: true }));
  label(document.getElementById("seats-title"), "table.seats");
  const accept = document.getElementById("undo-accept");
  label(accept, "table.undo_allow");
  accept.addEventListener("click", () => { sendJson({ undo_reply: true }); closeOffer(); });
  const decline = document.getElementById("undo-decline");
  label(decline, "table.undo_refuse");
  decline.addEventListener("click", () => { sendJson({ undo_reply: false }); closeOffer(); });
  document.getElementById("undo-offer").addEventListener("cancel", (e) => e.preventDefault());  // answer with a button
  fetch("/api/games").then((r) => r.json()).then((info) => {
    gamesInfo = info;
    if (lastUpdate) showSeats(lastUpdate);
  });
}

setupFeatures();
setupSettings();
setupTurn(document.getElementById("board"));

document.getElementById("notation").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = document.getElementById("notation-input");
  if (input.value.trim()) send(input.value.trim());
  input.value = "";
});

document.addEventListener("langchange", () => { chartShown = false; drawNotice(); loadGames(); reconnect(); });
loadGames();
loadBoards().finally(connect);  // the boards first, then the table
