// Game review of a finished table (/api/tables/{id}/review, server/reviews.py): pick a seat,
// press Review, watch the progress while the server searches, then read each decision's
// verdict, the win chance before → after the move and the better move. The moves' labels
// come from the server in the page's language; this module never words a move itself.
import { el, svg } from "/static/util.js";
import { PALETTE, defineIcon, icon } from "/static/icons.js";
import { lang, t } from "/static/i18n.js";

const POLL_MS = 600;
const ICON_SIZE = 18;
const PERCENT = 100;
// The verdicts from the best to the worst (review.py's VERDICTS); each has an icon of its own
// shape, so that colour is never the only cue.
const VERDICTS = ["best", "good", "inaccuracy", "mistake", "blunder"];
const mark = (s, text, fill) => svg("text", { x: s / 2, y: s * 0.68, "text-anchor": "middle",
  "font-size": s * 0.5, "font-weight": 700, fill }, text);
const star = (s) => Array.from({ length: 10 }, (_, k) => {
  const r = k % 2 ? s * 0.2 : s * 0.48;
  const a = -Math.PI / 2 + (k * Math.PI) / 5;
  return `${(s / 2 + r * Math.cos(a)).toFixed(1)},${(s / 2 + r * Math.sin(a)).toFixed(1)}`;
}).join(" ");
// best: a green star; good: a blue disc with a tick; inaccuracy: a yellow diamond "?!";
// mistake: an orange triangle "?"; blunder: a vermilion square "??".
defineIcon("review-best", (s) => [svg("polygon", { points: star(s), fill: PALETTE.green, stroke: PALETTE.ink })]);
defineIcon("review-good", (s) => [
  svg("circle", { cx: s / 2, cy: s / 2, r: s / 2 - 1, fill: PALETTE.blue, stroke: PALETTE.ink }),
  svg("path", { d: `M${s * 0.27},${s * 0.52} L${s * 0.44},${s * 0.7} L${s * 0.74},${s * 0.32}`,
    fill: "none", stroke: PALETTE.paper, "stroke-width": s * 0.12 }),
]);
defineIcon("review-inaccuracy", (s) => [
  svg("polygon", { points: `${s / 2},1 ${s - 1},${s / 2} ${s / 2},${s - 1} 1,${s / 2}`, fill: PALETTE.yellow, stroke: PALETTE.ink }),
  mark(s, "?!", PALETTE.ink),
]);
defineIcon("review-mistake", (s) => [
  svg("polygon", { points: `${s / 2},1 ${s - 1},${s - 1} 1,${s - 1}`, fill: PALETTE.orange, stroke: PALETTE.ink }),
  svg("text", { x: s / 2, y: s * 0.88, "text-anchor": "middle", "font-size": s * 0.55, "font-weight": 700, fill: PALETTE.ink }, "?"),
]);
defineIcon("review-blunder", (s) => [
  svg("rect", { x: 1, y: 1, width: s - 2, height: s - 2, rx: s * 0.12, fill: PALETTE.vermilion, stroke: PALETTE.ink }),
  mark(s, "??", PALETTE.paper),
]);

function verdictIcon(verdict) {
  return svg("svg", { class: "verdict-icon", width: ICON_SIZE, height: ICON_SIZE, viewBox: `0 0 ${ICON_SIZE} ${ICON_SIZE}`,
    "aria-hidden": "true" }, icon(`review-${verdict}`, 0, 0, ICON_SIZE));
}

const percent = (chance) => Math.round(PERCENT * chance);

// The review box in `root`: tableId, names() (the seats' names now), seat (the one shown
// first) and, in the replay viewer, jump(step) to show the position after a reviewed move.
export function mountReview(root, { tableId, names, seat = 0, jump = null }) {
  const base = `/api/tables/${encodeURIComponent(tableId)}/review`;
  const picker = el("select", { id: "review-seat", "aria-label": t("review.seat") });
  const start = el("button", { id: "review-start", type: "button", class: "secondary" }, t("review.start"));
  const status = el("div", { id: "review-status", role: "status", "aria-live": "polite" });
  // A scrolling list is focusable, so that a keyboard can scroll it too.
  const list = el("ol", { id: "review-list", tabindex: "0", "aria-label": t("review.heading") });
  root.replaceChildren(el("h2", {}, t("review.heading")), el("p", { class: "muted" }, t("review.explain")),
    el("div", { class: "review-controls" }, picker, start), status, list);
  let polling = null;
  let current = null;  // the step the replay viewer shows
  let asked = 0;  // answers to older requests (another seat, another language) are dropped

  function fillSeats() {
    const chosen = picker.value === "" ? String(seat) : picker.value;
    picker.replaceChildren(...names().map((name, s) => el("option", { value: String(s) }, name)));
    picker.value = chosen;
  }

  async function ask(method) {
    const resp = await fetch(`${base}?seat=${picker.value}&lang=${encodeURIComponent(lang)}`, { method });
    const data = await resp.json();
    if (!resp.ok) throw new Error(data.error || t("review.error", { status: resp.status }));
    return data;
  }

  async function refresh(method = "GET") {
    clearTimeout(polling);
    const mine = ++asked;
    try {
      const data = await ask(method);
      if (mine !== asked) return;
      if (data.status === "done" && !data.review) return refresh();  // POST found it stored
      show(data);
      if (data.status === "running") polling = setTimeout(() => { if (mine === asked) refresh(); }, POLL_MS);
    } catch (err) {
      if (mine === asked) { status.replaceChildren(el("p", { class: "error" }, err.message)); start.disabled = false; }
    }
  }

  function show(data) {
    start.disabled = data.status === "running";
    start.hidden = data.status === "done";
    list.replaceChildren();
    if (data.status === "running") status.replaceChildren(progress(data));
    else if (data.status === "failed") status.replaceChildren(el("p", { class: "error" }, t("review.failed", { message: data.error })));
    else if (data.status === "done") showReview(data.review);
    else status.replaceChildren();
  }

  function progress(data) {
    const bar = el("progress", { id: "review-progress", max: String(data.total || 1), value: String(data.done) });
    const words = data.total === null ? t("review.queued") : t("review.progress", { done: data.done, total: data.total });
    return el("p", {}, bar, " ", words);
  }

  function showReview(review) {
    const counts = VERDICTS.filter((v) => review.summary[v]).map((v) =>
      el("span", { class: "verdict", "data-verdict": v }, verdictIcon(v), `${t(`review.verdict.${v}`)} ${review.summary[v]}`));
    status.replaceChildren(review.decisions.length ? el("p", { class: "review-summary" }, ...counts)
      : el("p", { class: "muted" }, t("review.nothing")));
    list.replaceChildren(...review.decisions.map(decision));
    markStep();
  }

  function markStep() {
    for (const item of list.querySelectorAll("li")) {
      if (Number(item.dataset.index) + 1 === current) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
  }

  function decision(d) {
    const chance = t("review.chance", { before: percent(d.before), after: percent(d.after) });
    const better = d.verdict === "best" || d.verdict === "good" ? null
      : el("span", { class: "review-better" }, t("review.better", { move: d.best_label }));
    const head = el("span", { class: "verdict", "data-verdict": d.verdict }, verdictIcon(d.verdict), t(`review.verdict.${d.verdict}`));
    const body = [head, el("span", { class: "review-move" }, t("review.move", { k: d.index + 1 }), " ", d.move_label),
      el("span", { class: "review-chance" }, chance), ...(better ? [better] : [])];
    const item = el("li", { "data-index": String(d.index), "data-verdict": d.verdict });
    if (jump) {
      const button = el("button", { type: "button", class: "review-jump", title: t("review.jump") }, ...body);
      button.addEventListener("click", () => jump(d.index + 1));
      item.append(button);
    } else item.append(...body);
    return item;
  }

  picker.addEventListener("change", () => refresh());
  start.addEventListener("click", () => { start.disabled = true; refresh("POST"); });
  document.addEventListener("langchange", () => {
    root.querySelector("h2").textContent = t("review.heading");
    root.querySelector("p.muted").textContent = t("review.explain");
    start.textContent = t("review.start");
    picker.setAttribute("aria-label", t("review.seat"));
    list.setAttribute("aria-label", t("review.heading"));
    fillSeats();
    refresh();
  });
  fillSeats();
  refresh();
  return {
    // Mark the reviewed decision whose move the viewer shows (step k: after action k).
    step(k) { current = k; markStep(); },
    names: fillSeats,
  };
}

