// The table page: one WebSocket to the server; everything shown comes from its messages.
import { el, seatColour } from "/static/util.js";
import { drawDragon } from "/static/board-dragon.js";
import { drawGeneric } from "/static/board-generic.js";
import { lang, t } from "/static/i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
const token = params.get("token") || new URLSearchParams(location.search).get("token");

const BOARDS = { dragon: drawDragon };
let names = [];
let mySeat = null;
let socket = null;
let retry = 500;
let retryTimer = null;
let lastUpdate = null;
let GAMES = {};

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang });
  if (token) query.set("token", token);
  socket = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${query}`);
  socket.addEventListener("open", () => { setConn("table.connected"); retry = 500; });
  socket.addEventListener("message", (e) => { if (e.target === socket) handle(JSON.parse(e.data)); });
  socket.addEventListener("close", (e) => {
    if (e.target !== socket) return; // replaced by a connection in another language
    if (e.code === 4403 || e.code === 4404) { setConn("table.closed"); return; }
    setConn("table.reconnecting");
    retryTimer = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
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
  if (msg.type === "welcome") {
    names = msg.names;
    mySeat = msg.seat;
    document.getElementById("log").replaceChildren();
    const who = document.getElementById("who");
    who.replaceChildren(mySeat === null ? t("table.watching") : el("span", {},
      el("span", { class: "seat-dot", style: `background:${seatColour(mySeat)}` }), t("table.you_are", { name: names[mySeat] })));
  } else if (msg.type === "update") {
    lastUpdate = msg;
    showUpdate(msg);
  } else if (msg.type === "presence" && lastUpdate) {
    lastUpdate.connected = msg.connected;
  } else if (msg.type === "error") {
    document.getElementById("error").textContent = t(`error.${msg.code}`, { message: msg.message }, msg.message);
  }
}

function showUpdate(msg) {
  document.getElementById("error").textContent = "";
  document.getElementById("title").textContent = msg.view.game ? titleOf(msg.view.game) : "dragontable";
  showTurn(msg);
  showLog(msg.log);
  const draw = BOARDS[msg.view.game] || drawGeneric;
  document.getElementById("board").replaceChildren(draw(msg.view, names, mySeat));
  showEnd(msg);
}

function titleOf(game) {
  return GAMES[game]?.label || game;
}

function showTurn(msg) {
  const box = document.getElementById("turn");
  box.classList.toggle("mine", msg.your_turn);
  const prompt = document.getElementById("prompt");
  if (msg.over) prompt.textContent = t("table.over");
  else {
    const seat = msg.current_player;
    prompt.replaceChildren(el("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }),
      msg.your_turn ? t("table.your_turn") : t("table.waiting_for", { name: names[seat] }), msg.prompt ? msg.prompt.text : "");
  }
  const groups = new Map();
  for (const action of msg.legal_actions) {
    const verb = action.split(/[ @]/)[0];
    if (!groups.has(verb)) groups.set(verb, []);
    groups.get(verb).push(action);
  }
  const blocks = [...groups.values()].map((actions) => el("div", { class: "group" },
    ...actions.map((a) => {
      const b = el("button", { type: "button" }, a);
      b.addEventListener("click", () => send(a));
      return b;
    })));
  document.getElementById("actions").replaceChildren(...blocks);
  document.getElementById("notation").hidden = !msg.your_turn;
}

function showLog(lines) {
  const log = document.getElementById("log");
  for (const line of lines) log.append(el("li", {}, line.text));
  log.scrollTop = log.scrollHeight;
}

function showEnd(msg) {
  const end = document.getElementById("end");
  end.hidden = !msg.over;
  if (!msg.over) return;
  const sources = [...new Set(msg.scores.flatMap((s) => Object.keys(s.breakdown)))];
  const labels = GAMES[msg.view.game]?.sources || {};
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, t("table.player")),
    ...sources.map((s) => el("th", { class: "num" }, labels[s] || s.replaceAll("_", " "))), el("th", { class: "num" }, t("table.total")));
  const rows = msg.ranking.map((seat, place) => el("tr", { class: place === 0 ? "winner" : "" },
    el("td", {}, String(place + 1)),
    el("td", {}, el("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }), names[seat]),
    ...sources.map((s) => el("td", { class: "num" }, String(msg.scores[seat].breakdown[s] ?? 0))),
    el("td", { class: "num" }, String(msg.scores[seat].total))));
  document.getElementById("scores").replaceChildren(
    el("table", { class: "list" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    el("p", {}, el("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record` }, t("table.download"))));
}

function send(action) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ action }));
}

document.getElementById("notation").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = document.getElementById("notation-input");
  if (input.value.trim()) send(input.value.trim());
  input.value = "";
});

document.addEventListener("langchange", () => { loadGames(); reconnect(); });
loadGames();
connect();
