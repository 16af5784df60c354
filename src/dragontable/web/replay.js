// The replay viewer: steps through a finished game from /api/tables/{id}/replay?step=k.
// The server renders each step's log in the page's language, so a new language refetches.
import { el, seatColour, setSeatColours } from "/static/util.js";
import { boardFor, loadBoards, seatColoursFor } from "/static/boards.js";
import { scoreChart } from "/static/score-chart.js";
import { lang, t } from "/static/i18n.js";
import { mountReview } from "/static/review.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const steps = new Map();  // "lang step" -> promise of the server's answer
let total = 0;
let current = -1;
let history = null;
let names = [];
let review = null;  // the review box, once the first step has named the seats

function byId(id) { return document.getElementById(id); }

// What went wrong, in the page's language where the status says it.
function failure(resp, data) {
  if (resp.status === 404) return t("error.not_found");
  if (resp.status === 409) return t("replay.not_over");
  return data.error || t("replay.error", { status: resp.status });
}

function fetchStep(k) {
  const key = `${lang} ${k}`;
  if (!steps.has(key)) {
    const url = `/api/tables/${encodeURIComponent(tableId)}/replay?step=${k}&lang=${encodeURIComponent(lang)}`;
    const answer = fetch(url).then(async (resp) => {
      const data = await resp.json();
      if (!resp.ok) throw new Error(failure(resp, data));
      return data;
    });
    answer.catch(() => steps.delete(key));
    steps.set(key, answer);
  }
  return steps.get(key);
}

async function go(k) {
  k = Math.max(0, Math.min(total, k));
  current = k;
  const asked = lang;
  try {
    const data = await fetchStep(k);
    if (current !== k || lang !== asked) return;  // another step or language was asked for meanwhile
    show(data);
    if (k < total) fetchStep(k + 1);
  } catch (err) {
    byId("error").textContent = err.message;
  }
}

function show(data) {
  total = data.total_steps;
  names = data.names;
  byId("error").textContent = "";
  const slider = byId("replay-step");
  slider.max = String(total);
  slider.value = String(data.step);
  byId("replay-position").textContent = t("replay.position", { k: data.step, total });
  byId("replay-prev").disabled = byId("replay-first").disabled = data.step === 0;
  byId("replay-next").disabled = byId("replay-last").disabled = data.step === total;
  setSeatColours(seatColoursFor(data.game, data.view));
  const move = byId("replay-move");
  if (data.step === 0) move.textContent = t("replay.start");
  else move.replaceChildren(el("span", { class: "seat-dot", style: `background:${seatColour(data.seat)}` }),
    t("replay.played", { name: names[data.seat] }),
    el("span", { id: "replay-action", "data-action": data.action }, data.move ?? data.action));
  byId("board").replaceChildren(boardFor(data.game)(data.view, names, null, { choices: [], act: () => {} }));
  const lines = data.log.map((line) => el("li", {}, line.text));
  byId("log").replaceChildren(...(lines.length ? lines : [el("li", { class: "muted" }, t("replay.no_log"))]));
  showScores(data.scores, names);
  if (history) byId("chart").replaceChildren(scoreChart(history, data.step));
  window.history.replaceState(null, "", `#step=${data.step}`);
  if (!review) review = mountReview(byId("review"), { tableId, names: () => names, jump: go });
  else review.names();
  review.step(data.step);
}

function showScores(scores, names) {
  const rows = scores.map((s, seat) => el("tr", {},
    el("td", {}, el("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }), names[seat]),
    el("td", { class: "num" }, String(s.total))));
  byId("scores").replaceChildren(el("table", { class: "list" },
    el("thead", {}, el("tr", {}, el("th", {}, t("table.player")), el("th", { class: "num" }, t("table.total")))),
    el("tbody", {}, ...rows)));
}

function setup() {
  byId("replay-heading").textContent = tableId;
  byId("table-link").href = `/table/${encodeURIComponent(tableId)}`;
  byId("replay-first").addEventListener("click", () => go(0));
  byId("replay-prev").addEventListener("click", () => go(current - 1));
  byId("replay-next").addEventListener("click", () => go(current + 1));
  byId("replay-last").addEventListener("click", () => go(total));
  byId("replay-step").addEventListener("input", (e) => go(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target === byId("replay-step") || e.altKey || e.ctrlKey || e.metaKey) return;  // the slider moves itself
    const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total,
      PageUp: current - 10, PageDown: current + 10 };
    if (e.key in moves) { e.preventDefault(); go(moves[e.key]); }
  });
  document.addEventListener("langchange", async () => {
    await loadHistory();  // the chart's seat names, in the new language
    if (current >= 0) go(current);
  });
}

async function loadHistory() {
  const resp = await fetch(`/api/tables/${encodeURIComponent(tableId)}/history?lang=${encodeURIComponent(lang)}`);
  if (resp.ok) history = await resp.json();
}

async function start() {
  setup();
  const wanted = Number(new URLSearchParams(location.hash.slice(1)).get("step")) || 0;
  try {
    await loadBoards();
    const first = await fetchStep(0);
    total = first.total_steps;
    await loadHistory();
  } catch (err) {
    byId("error").textContent = err.message;
    return;
  }
  go(wanted);
}

start();
