// Telling a player it is their turn: the tab title and favicon, an optional sound, and a
// browser notification while the tab is hidden (when the player allowed them). Also the
// page's pace: how long each move of another seat stays on screen before the next.
//
// Settings live in this browser (localStorage): sound on/off, the pace in milliseconds.
import { seatColour } from "/static/util.js";
import { t } from "/static/i18n.js";

const SOUND = "dragontable.sound";
const PACE = "dragontable.pace";
const FIRST_TAP = "dragontable.first_tap";
export const DEFAULT_PACE = 900;

function stored(key, fallback) {
  try { return localStorage.getItem(key) ?? fallback; } catch { return fallback; }
}

function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: not kept */ }
}

// Milliseconds each move of another seat is shown before the next one.
export function pace() {
  const n = Number(stored(PACE, DEFAULT_PACE));
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_PACE;
}

function favicon(colour, mine) {
  const dot = mine ? `<circle cx='24' cy='8' r='7' fill='%23D55E00' stroke='white' stroke-width='2'/>` : "";
  const body = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>`
    + `<rect x='3' y='3' width='26' height='26' rx='6' fill='${colour.replace("#", "%23")}'/>`
    + `<path d='M9 20 Q16 6 23 20' stroke='white' stroke-width='3' fill='none'/>${dot}</svg>`;
  return `data:image/svg+xml,${body}`;
}

// A short two-note chime made on the spot (no sound file to fetch).
function chime() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  [660, 880].forEach((freq, k) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, ctx.currentTime + k * 0.16);
    gain.gain.exponentialRampToValueAtTime(0.2, ctx.currentTime + k * 0.16 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + k * 0.16 + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(ctx.currentTime + k * 0.16);
    osc.stop(ctx.currentTime + k * 0.16 + 0.32);
  });
  setTimeout(() => ctx.close(), 1000);
}

let wasMine = false;

// Title and favicon for the table's state; the nudges when the turn has just come to me.
export function showTurnState({ game, mine, over, seat, prompt, tableId }) {
  const base = game ? `${game} — dragontable` : "dragontable";
  document.title = mine && !over ? `▶ ${t("table.tab_your_turn")} — ${base}` : base;
  const link = document.getElementById("favicon");
  if (link) link.href = favicon(seat === null ? "#5f6368" : seatColour(seat), mine && !over);
  const arrived = mine && !over && !wasMine;
  wasMine = mine && !over;
  if (!arrived) return;
  if (stored(SOUND, "off") === "on") chime();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    const note = new Notification(t("table.tab_your_turn"), { body: `${game}: ${prompt || ""}`, tag: `dragontable-${tableId}` });
    note.onclick = () => { window.focus(); note.close(); };
  }
}

// Whether a tap on a touch screen plays a board element at once (else it asks first).
export function playsOnFirstTap() {
  return stored(FIRST_TAP, "off") === "on";
}

// Wires the settings: sound, the first tap, notification permission, pace.
export function setupSettings() {
  const firstTap = document.getElementById("first-tap");
  firstTap.checked = playsOnFirstTap();
  firstTap.addEventListener("change", () => store(FIRST_TAP, firstTap.checked ? "on" : "off"));
  const sound = document.getElementById("sound");
  sound.checked = stored(SOUND, "off") === "on";
  sound.addEventListener("change", () => store(SOUND, sound.checked ? "on" : "off"));
  const notify = document.getElementById("notify");
  const showPermission = () => {
    const has = "Notification" in window;
    notify.disabled = !has || Notification.permission !== "default";
    notify.dataset.i18n = !has ? "table.notify_unavailable"
      : Notification.permission === "granted" ? "table.notify_on"
        : Notification.permission === "denied" ? "table.notify_blocked" : "table.notify";
    notify.textContent = t(notify.dataset.i18n);
  };
  notify.addEventListener("click", async () => {
    if ("Notification" in window) await Notification.requestPermission();
    showPermission();
  });
  showPermission();
  const select = document.getElementById("pace");
  const kept = String(pace());
  if (![...select.options].some((o) => o.value === kept)) select.append(new Option(`${kept} ms`, kept));
  select.value = kept;
  select.addEventListener("change", () => store(PACE, select.value));
}
