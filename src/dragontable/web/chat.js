// The table chat: seats write, seats and spectators read, a seat may mute another.
// Messages are shown as text nodes (never parsed as HTML): what a player typed is what
// everyone reads, tags and all.
import { el, seatColour } from "/static/util.js";
import { t } from "/static/i18n.js";

const MAX_CHARS = 500;  // as the server's MAX_CHAT_CHARS
let names = [];
let mySeat = null;
let muted = new Set();
let send = () => {};
let onMutes = () => {};
let pending = null;  // what this page sent last, kept in the field until the server has it

// Who is who at the table (from the welcome message).
export function chatSeats(seatNames, seat) {
  names = seatNames;
  mySeat = seat;
  document.getElementById("chat-form").hidden = seat === null;
  document.getElementById("chat-note").hidden = seat !== null;
}

function line(msg) {
  const time = new Date(msg.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return el("li", { "data-seat": String(msg.seat) },
    el("span", { class: "seat-dot", style: `background:${seatColour(msg.seat)}` }),
    el("strong", {}, names[msg.seat] ?? "?"), " ",
    el("span", { class: "chat-text" }, msg.text), " ",
    el("time", { class: "muted", datetime: msg.at }, time));
}

function scrollDown() {
  const log = document.getElementById("chat-log");
  log.scrollTop = log.scrollHeight;
}

// The history a connection gets when it opens (it replaces what the page showed).
export function chatHistory(messages, mutedSeats) {
  muted = new Set(mutedSeats || []);
  document.getElementById("chat-log").replaceChildren(...(messages || []).map(line));
  scrollDown();
}

export function chatMessage(msg) {
  if (muted.has(msg.seat)) return;
  document.getElementById("chat-log").append(line(msg));
  scrollDown();
  const input = document.getElementById("chat-input");
  if (msg.seat === mySeat && pending !== null && msg.text === pending.normalize("NFC")) {
    input.value = "";
    pending = null;
  }
}

// The seats this seat has muted: their messages leave the log.
export function chatMutes(seats) {
  muted = new Set(seats);
  for (const node of document.querySelectorAll("#chat-log li")) {
    if (muted.has(Number(node.dataset.seat))) node.remove();
  }
  onMutes();
}

export function chatError(text) {
  document.getElementById("chat-error").textContent = text;
}

// A "mute"/"unmute" toggle for another seat's messages (for the seat list).
export function muteButton(seat) {
  const on = muted.has(seat);
  const button = el("button", { type: "button", class: "secondary mute", "aria-pressed": String(on),
    "data-mute": String(seat) }, on ? t("table.chat_unmute") : t("table.chat_mute"));
  button.addEventListener("click", () => send(on ? { unmute: seat } : { mute: seat }));
  return button;
}

export function canMute(seat) { return mySeat !== null && seat !== mySeat; }

// Wire the form: `sendJson` sends a message to the server, `redraw` redraws the seats.
export function setupChat(sendJson, redraw) {
  send = sendJson;
  onMutes = redraw;
  const input = document.getElementById("chat-input");
  input.maxLength = MAX_CHARS;
  document.getElementById("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    chatError("");
    pending = text;
    send({ chat: text });
  });
}
