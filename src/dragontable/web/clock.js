// Table clocks on the page: each seat's time, counted down from the deadline the server
// sent. The server decides when time runs out (never this page); the page only shows it.
// Times are read against the server's own clock (`clock.now` in every update), so a
// browser whose clock is off still shows the right time left.
import { t } from "/static/i18n.js";
import { el } from "/static/util.js";

const LOW_MS = 60 * 1000;  // under this a running clock is shown as urgent
let skew = 0;  // the server's time minus this browser's, in ms

// Note the server's time from an update's `clock` (null: the table has no clock).
export function noteServerTime(clock) {
  if (clock && clock.now) skew = Date.parse(clock.now) - Date.now();
}

// How many ms a seat has: until its deadline while its clock runs, else what it keeps
// (time left on a live clock, the bank on a turn-based one); null when it has no clock.
export function msLeft(info) {
  if (info.deadline) return Math.max(0, Date.parse(info.deadline) - (Date.now() + skew));
  return info.left_ms ?? null;
}

function pad(n) { return String(n).padStart(2, "0"); }

// 75 s -> "1:15", 2 h -> "2:00:00", 3 days 4 h -> "3 d 4 h" (in the page's language).
export function formatMs(ms) {
  const s = Math.ceil(ms / 1000);
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d > 0) return t("table.clock_days", { d, h });
  if (h > 0) return `${h}:${pad(m)}:${pad(s % 60)}`;
  return `${m}:${pad(s % 60)}`;
}

// The words of a seat's clock: "2:59:58" while it runs, "bank 1 d 0 h" / "5:00 left" else.
export function clockText(info, clock) {
  const ms = clock ? msLeft(info) : null;
  if (ms === null || ms === undefined) return "";
  if (info.deadline) return formatMs(ms);
  return t(clock.kind === "turn" ? "table.clock_bank" : "table.clock_left", { time: formatMs(ms) });
}

// The clock element of a seat row (its text kept fresh by tickClocks()).
export function clockNode(el, info, clock) {
  const node = el("span", { class: "clock", role: "timer", "data-seat": String(info.seat) }, clockText(info, clock));
  node.classList.toggle("running", Boolean(info.deadline));
  node.classList.toggle("low", Boolean(info.deadline) && msLeft(info) < LOW_MS);
  return node;
}

// Refresh every running clock on the page from the latest update's seats.
export function tickClocks(msg) {
  if (!msg || !msg.clock) return;
  for (const node of document.querySelectorAll(".clock.running")) {
    const info = msg.seats[Number(node.dataset.seat)];
    if (!info) continue;
    node.textContent = clockText(info, msg.clock);
    node.classList.toggle("low", msLeft(info) < LOW_MS);
  }
}

// The clock of the seat to move, next to the prompt (the seat list has every clock).
export function showTurnClock(msg) {
  const info = !msg.over && msg.clock && msg.seats ? msg.seats[msg.current_player] : null;
  document.getElementById("turn-clock").replaceChildren(...(info ? [clockNode(el, info, msg.clock)] : []));
}
