// The table page: one WebSocket to the server; everything shown comes from its messages.
import { el, seatColour } from "/static/util.js";
import { drawDragon } from "/static/board-dragon.js";
import { drawGeneric } from "/static/board-generic.js";
import { drawMing } from "/static/board-ming.js";
import { drawChangcheng } from "/static/board-changcheng.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
const token = params.get("token") || new URLSearchParams(location.search).get("token");
const lang = new URLSearchParams(location.search).get("lang") || (navigator.language || "en").slice(0, 2);

const BOARDS = { dragon: drawDragon, ming: drawMing, changcheng: drawChangcheng };
let names = [];
let mySeat = null;
let socket = null;
let retry = 500;
let lastUpdate = null;

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({ lang });
  if (token) query.set("token", token);
  socket = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}?${query}`);
  socket.addEventListener("open", () => { setConn("connected"); retry = 500; });
  socket.addEventListener("message", (e) => handle(JSON.parse(e.data)));
  socket.addEventListener("close", (e) => {
    if (e.code === 4403 || e.code === 4404) { setConn("closed"); return; }
    setConn("disconnected — reconnecting…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

function setConn(text) { document.getElementById("conn").textContent = text; }

function handle(msg) {
  if (msg.type === "welcome") {
    names = msg.names;
    mySeat = msg.seat;
    document.getElementById("log").replaceChildren();
    const who = document.getElementById("who");
    who.replaceChildren(mySeat === null ? "watching" : el("span", {},
      el("span", { class: "seat-dot", style: `background:${seatColour(mySeat)}` }), `you are ${names[mySeat]}`));
  } else if (msg.type === "update") {
    lastUpdate = msg;
    showUpdate(msg);
  } else if (msg.type === "presence" && lastUpdate) {
    lastUpdate.connected = msg.connected;
  } else if (msg.type === "error") {
    document.getElementById("error").textContent = msg.message;
  }
}

function showUpdate(msg) {
  document.getElementById("error").textContent = "";
  document.getElementById("title").textContent = msg.view.game ? titleOf(msg.view.game) : "dragontable";
  showTurn(msg);
  showLog(msg.log);
  const draw = BOARDS[msg.view.game] || drawGeneric;
  document.getElementById("board").replaceChildren(draw(msg.view, names, mySeat, { legal: msg.legal_actions, act: send }));
  showEnd(msg);
}

function titleOf(game) {
  return { dragon: "In the Year of the Dragon", ming: "Ming Dynasty", changcheng: "Chang Cheng" }[game] || game;
}

function showTurn(msg) {
  const box = document.getElementById("turn");
  box.classList.toggle("mine", msg.your_turn);
  const prompt = document.getElementById("prompt");
  if (msg.over) prompt.textContent = "The game is over.";
  else {
    const seat = msg.current_player;
    prompt.replaceChildren(el("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }),
      msg.your_turn ? "Your turn — " : `Waiting for ${names[seat]} — `, msg.prompt ? msg.prompt.text : "");
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
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, "Player"),
    ...sources.map((s) => el("th", { class: "num" }, s.replaceAll("_", " "))), el("th", { class: "num" }, "Total"));
  const rows = msg.ranking.map((seat, place) => el("tr", { class: place === 0 ? "winner" : "" },
    el("td", {}, String(place + 1)),
    el("td", {}, el("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }), names[seat]),
    ...sources.map((s) => el("td", { class: "num" }, String(msg.scores[seat].breakdown[s] ?? 0))),
    el("td", { class: "num" }, String(msg.scores[seat].total))));
  document.getElementById("scores").replaceChildren(
    el("table", { class: "list" }, el("thead", {}, head), el("tbody", {}, ...rows)),
    el("p", {}, el("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record` }, "Download the game record")));
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

connect();
