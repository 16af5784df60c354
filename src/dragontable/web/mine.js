// "My tables": every table where the signed-in player holds a seat, those waiting for them
// first, with the time left on their clock where the table has one (a seat's `deadline`)
// or, where the zombie bot plays my seat, that my time ran out.
import { el, seatColour } from "/static/util.js";
import { lang, t } from "/static/i18n.js";
import { loadMe, me, mountAccount } from "/static/account.js";

const REFRESH_MS = 15000;
let GAMES = {};
let tables = [];
let loadedAt = Date.now();  // when the list came from the server

// "2 h 5 min" until an ISO deadline; "" without one; the overdue text once it has passed.
// `now` is the server's time in ms (deadlines are on its clock, not this browser's).
export function timeLeft(deadline, now) {
  if (!deadline) return "";
  const ms = Date.parse(deadline) - now;
  if (Number.isNaN(ms)) return "";
  if (ms <= 0) return t("mine.overdue");
  const minutes = Math.ceil(ms / 60000);
  const days = Math.floor(minutes / 1440), hours = Math.floor((minutes % 1440) / 60), rest = minutes % 60;
  if (days) return t("mine.days_hours", { d: days, h: hours });
  if (hours) return t("mine.hours_minutes", { h: hours, m: rest });
  return t("mine.minutes", { m: rest });
}

function turnText(tb) {
  if (tb.status === "finished") return t("status.finished");
  if (tb.your_turn) return t("lobby.your_turn");
  if (tb.current_player === null || tb.current_player === undefined) return "";
  return t("lobby.turn_of", { name: tb.seats[tb.current_player].name });
}

// The server's time now for a table with a clock: its `clock.now` plus the time since
// the list came (the browser's own clock may be off, or a test's server clock ahead).
function serverNow(tb) {
  const at = Date.parse(tb.clock?.now ?? "");
  return Number.isNaN(at) ? Date.now() : at + (Date.now() - loadedAt);
}

// The time-left cell: the time left, or that a bot plays my seat since my time ran out.
function timeCell(tb) {
  const zombie = tb.status !== "finished" && tb.seats[tb.my_seat].zombie;
  return zombie ? t("mine.zombie") : timeLeft(tb.deadline, serverNow(tb));
}

function draw() {
  // The table's id opens it too: on a phone the last column is off screen.
  const rows = tables.map((tb) => el("tr", { "data-table": tb.id },
    el("td", {}, el("a", { href: tb.url, class: "table-id" }, el("code", {}, tb.id))),
    el("td", {}, `${GAMES[tb.game]?.label || tb.title} (${tb.players})`),
    el("td", {}, el("span", { class: "seat-dot", style: `background:${seatColour(tb.my_seat)}` }), tb.seats[tb.my_seat].name),
    el("td", { class: tb.your_turn ? "your-turn" : "" }, turnText(tb)),
    el("td", { class: "time-left" }, timeCell(tb)),
    el("td", {}, el("a", { href: tb.url }, t(tb.status === "finished" ? "lobby.results" : "lobby.play")))));
  if (!rows.length && me) rows.push(el("tr", {}, el("td", { colspan: "6", class: "muted" }, t("profile.no_tables"))));
  document.getElementById("mine").replaceChildren(...rows);
}

async function load() {
  document.getElementById("guest").hidden = Boolean(me);
  if (!me) { tables = []; draw(); return; }
  GAMES = Object.fromEntries((await (await fetch(`/api/games?lang=${lang}`)).json()).map((g) => [g.name, g]));
  const resp = await fetch(`/api/me/tables?lang=${lang}`);
  const data = await resp.json();
  document.getElementById("error").textContent = resp.ok ? "" : data.error || t("lobby.error", { status: resp.status });
  tables = resp.ok ? data : [];
  loadedAt = Date.now();
  draw();
}

document.addEventListener("langchange", load);
await loadMe();
mountAccount(document.getElementById("account"), load);
load();
setInterval(load, REFRESH_MS);
