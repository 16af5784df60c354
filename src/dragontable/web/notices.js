// What happened at the table besides the moves: notices (an undo, a seat handed to a bot),
// re-worded in a new language and gone with the next move, and banners for what the game
// itself did (an event, a scoring), drawn from the log below the turn bar.
import { el } from "/static/util.js";
import { t } from "/static/i18n.js";
import { pace } from "/static/notify.js";

// A notice says what happened outside the moves (an undo, a seat handed to a bot). It is kept
// as words to render, so that a language change re-words it, and it leaves with the next
// move (of a seat other than `seat`, the one a bot has just taken over and plays on).
let shown = null;  // { words: () => string, seat }

export function notice(words, seat = null) {
  shown = { words, seat };
  drawNotice();
}

export function drawNotice() {
  document.getElementById("notice").textContent = shown ? shown.words() : "";
}

export function retireNotice(msg) {
  if (msg.restore || msg.reset || !shown) return;
  if (msg.actions.some((a) => a.seat !== shown.seat)) { shown = null; drawNotice(); }
}

// A banner for what the game itself did (an event, a scoring): the announcing line and the
// lines that followed it in the same update; the game names those entries (/api/games). It
// sits below the turn bar (never inside it), for new updates only: the whole log sent again
// (a reconnection, another language) re-words a banner still shown and opens none.
let bannerTimer = null;
let bannerLines = null;  // [first, last) of the log lines the banner shows

export function showBanner(msg, logStart, keys) {
  const announces = (line) => line.entry && keys.some((k) => String(line.entry.key).startsWith(k));
  const at = msg.log.findLastIndex(announces);
  if (at < 0) return;
  bannerLines = [logStart + at, logStart + Math.min(msg.log.length, at + 8)];
  drawBanner();
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(hideBanner, Math.max(6000, 3 * pace()));
}

function hideBanner() {
  document.getElementById("banner").hidden = true;
  bannerLines = null;
}

function drawBanner() {
  const banner = document.getElementById("banner");
  const shown = [...document.getElementById("log").children].slice(...bannerLines);
  const close = el("button", { type: "button", class: "secondary close", "aria-label": t("table.close") }, "×");
  close.addEventListener("click", hideBanner);
  banner.replaceChildren(el("ul", {}, ...shown.map((line) => el("li", {}, line.textContent))), close);
  banner.hidden = false;
}

export function rewordBanner() {
  if (bannerLines && !document.getElementById("banner").hidden) drawBanner();
}
