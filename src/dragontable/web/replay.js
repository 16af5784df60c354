// The replay viewer: steps through a finished game from /api/tables/{id}/replay?step=k.
import { el, seatColour } from "/static/util.js";
import { boardFor } from "/static/boards.js";
import { scoreChart } from "/static/score-chart.js";

const REPLAY_TEXT = {
  title: "Replay",
  table: "results",
  lobby: "lobby",
  first: "First step",
  prev: "Previous step",
  next: "Next step",
  last: "Last step",
  slider: "Step",
  position: (k, total) => `step ${k} of ${total}`,
  start: "The game begins.",
  played: (name) => `${name} played `,
  board: "Board",
  scores: "Scores",
  log: "Log of this step",
  player: "Player",
  total: "Total",
  noLog: "(nothing public was logged)",
};

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const lang = new URLSearchParams(location.search).get("lang") || (navigator.language || "en").slice(0, 2);
const steps = new Map();  // step -> promise of the server's answer
let total = 0;
let current = -1;
let history = null;

function byId(id) { return document.getElementById(id); }

function fetchStep(k) {
  if (!steps.has(k)) {
    const url = `/api/tables/${encodeURIComponent(tableId)}/replay?step=${k}&lang=${encodeURIComponent(lang)}`;
    const answer = fetch(url).then(async (resp) => {
      const data = await resp.json();
      if (!resp.ok) throw new Error(data.error || `error ${resp.status}`);
      return data;
    });
    answer.catch(() => steps.delete(k));
    steps.set(k, answer);
  }
  return steps.get(k);
}

async function go(k) {
  k = Math.max(0, Math.min(total, k));
  current = k;
  try {
    const data = await fetchStep(k);
    if (current !== k) return;  // a later step was asked for meanwhile
    show(data);
    if (k < total) fetchStep(k + 1);
  } catch (err) {
    byId("error").textContent = err.message;
  }
}

function show(data) {
  total = data.total_steps;
  const names = data.names;
  byId("error").textContent = "";
  const slider = byId("replay-step");
  slider.max = String(total);
  slider.value = String(data.step);
  byId("replay-position").textContent = REPLAY_TEXT.position(data.step, total);
  byId("replay-prev").disabled = byId("replay-first").disabled = data.step === 0;
  byId("replay-next").disabled = byId("replay-last").disabled = data.step === total;
  const move = byId("replay-move");
  if (data.step === 0) move.textContent = REPLAY_TEXT.start;
  else move.replaceChildren(el("span", { class: "seat-dot", style: `background:${seatColour(data.seat)}` }),
    REPLAY_TEXT.played(names[data.seat]), el("code", { id: "replay-action" }, data.action));
  byId("board").replaceChildren(boardFor(data.game)(data.view, names, null, { legal: [], act: () => {} }));
  const lines = data.log.map((line) => el("li", {}, line.text));
  byId("log").replaceChildren(...(lines.length ? lines : [el("li", { class: "muted" }, REPLAY_TEXT.noLog)]));
  showScores(data.scores, names);
  if (history) byId("chart").replaceChildren(scoreChart(history, data.step));
  window.history.replaceState(null, "", `#step=${data.step}`);
}

function showScores(scores, names) {
  const rows = scores.map((s, seat) => el("tr", {},
    el("td", {}, el("span", { class: "seat-dot", style: `background:${seatColour(seat)}` }), names[seat]),
    el("td", { class: "num" }, String(s.total))));
  byId("scores").replaceChildren(el("table", { class: "list" },
    el("thead", {}, el("tr", {}, el("th", {}, REPLAY_TEXT.player), el("th", { class: "num" }, REPLAY_TEXT.total))),
    el("tbody", {}, ...rows)));
}

function label(id, text) {
  const button = byId(id);
  button.setAttribute("aria-label", text);
  button.title = text;
}

function setup() {
  byId("title").textContent = REPLAY_TEXT.title;
  byId("replay-heading").textContent = tableId;
  const tableLink = byId("table-link");
  tableLink.href = `/table/${encodeURIComponent(tableId)}`;
  tableLink.textContent = REPLAY_TEXT.table;
  byId("lobby-link").textContent = REPLAY_TEXT.lobby;
  byId("board-title").textContent = REPLAY_TEXT.board;
  byId("scores-title").textContent = REPLAY_TEXT.scores;
  byId("log-title").textContent = REPLAY_TEXT.log;
  label("replay-first", REPLAY_TEXT.first);
  label("replay-prev", REPLAY_TEXT.prev);
  label("replay-next", REPLAY_TEXT.next);
  label("replay-last", REPLAY_TEXT.last);
  byId("replay-step").setAttribute("aria-label", REPLAY_TEXT.slider);
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
}

async function start() {
  setup();
  const wanted = Number(new URLSearchParams(location.hash.slice(1)).get("step")) || 0;
  try {
    const first = await fetchStep(0);
    total = first.total_steps;
    const resp = await fetch(`/api/tables/${encodeURIComponent(tableId)}/history`);
    if (resp.ok) history = await resp.json();
  } catch (err) {
    byId("error").textContent = err.message;
    return;
  }
  go(wanted);
}

start();
