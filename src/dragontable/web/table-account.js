// The table page's players: each seat's account and rating, whether the game is rated, the
// rating changes at its end, the button that keeps this page's seat in my account, and
// which account (if any) this browser is signed in as.
// It listens to the table's messages (the "tablemessage" events table.js fires).
import { el, seatColour } from "/static/util.js";
import { lang, t } from "/static/i18n.js";
import { loadMe, me, profileLink, ratingNode, send } from "/static/account.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const token = new URLSearchParams(location.hash.slice(1)).get("token");
let mySeat = null;
let info = null;

async function refresh() {
  const resp = await fetch(`/api/tables/${encodeURIComponent(tableId)}?lang=${lang}`);
  if (!resp.ok) return;
  info = await resp.json();
  draw();
}

// A seat another seat handed to a bot (`handed_by`): said while the game runs; at its
// end how it counted for that player (as they chose: a loss, or not rated).
function handedNote(s) {
  if (s.handed_by === null || s.handed_by === undefined) return [];
  const by = info.seats[s.handed_by];
  const name = by ? by.account || by.name : "";
  const counted = (info.rating_changes || []).some((c) => c.seat === s.seat) ? "account.handed_loss" : "account.handed_unrated";
  const key = info.status === "finished" && info.rated ? counted : "account.handed_by";
  return [" ", el("span", { class: "error", "data-handed-by": String(s.handed_by) }, t(key, { name }))];
}

function change(seat) {
  const found = (info.rating_changes || []).find((c) => c.seat === seat);
  if (!found) return [];
  const delta = found.after.ordinal - found.before.ordinal;
  const text = t("account.rating_change", { delta: `${delta >= 0 ? "+" : ""}${delta.toFixed(1)}` });
  const parts = [" ", el("span", { class: delta >= 0 ? "rating-up" : "rating-down" }, text)];
  const handed = found.handed_by !== null && found.handed_by !== undefined;
  if (found.zombie_loss && !handed) parts.push(" ", el("span", { class: "error" }, t("account.zombie_loss")));
  return parts;
}

function seatRow(s) {
  const who = s.account ? profileLink(s.account) : el("span", { class: "muted" }, t(s.kind === "bot" ? "account.bot" : "account.guest"));
  return el("li", { "data-seat": String(s.seat) },
    el("span", { class: "seat-dot", style: `background:${seatColour(s.seat)}` }), `${s.name} · `, who,
    ...(s.rating ? [" ", ratingNode(s.rating)] : []), ...change(s.seat), ...handedNote(s));
}

function attachButton() {
  const seat = mySeat === null ? null : info.seats[mySeat];
  if (!me || !token || !seat || seat.kind !== "human" || seat.account) return [];
  const button = el("button", { type: "button", id: "attach", class: "secondary" }, t("account.attach", { name: me.name }));
  const error = el("p", { class: "error", role: "alert" });
  button.addEventListener("click", async () => {
    const { ok, status, data } = await send(`/api/tables/${encodeURIComponent(tableId)}/attach`, { token });
    if (!ok) { error.textContent = data.error || t("lobby.error", { status }); return; }
    location.reload();  // connect again with the session: the seat's link alone no longer opens it
  });
  return [el("p", { class: "muted" }, t("account.attach_note")), button, error];
}

function draw() {
  const section = document.getElementById("players-section");
  section.hidden = false;
  document.getElementById("rated").textContent = t(info.rated ? "account.rated" : "account.unrated");
  document.getElementById("players").replaceChildren(...info.seats.map(seatRow));
  document.getElementById("attach-box").replaceChildren(...attachButton());
}

let waitingForRatings = false;

document.addEventListener("tablemessage", (event) => {
  const msg = event.detail;
  if (msg.type === "welcome") {
    mySeat = msg.seat;
    refresh();
  } else if (msg.type === "seat_account" || msg.type === "ratings" || (msg.type === "seat_change" && msg.by !== null && msg.by !== msg.seat)) {
    refresh();
  } else if (msg.type === "update" && msg.over && !waitingForRatings) {
    waitingForRatings = true;  // the ratings message follows a rated game's last update
    refresh();
  }
});
// The header's "Signed in as Ann" (or "Not signed in"): whose session this page acts in.
function drawAccount() {
  const box = document.getElementById("account-who");
  box.replaceChildren(...(me ? [t("account.signed_in_as"), " ", profileLink(me.name)] : [t("account.not_signed_in")]));
}

document.addEventListener("langchange", () => { drawAccount(); if (info) refresh(); });
await loadMe();
drawAccount();
if (info) draw();
