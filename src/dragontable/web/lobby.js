// The lobby: a form built from /api/games, the list of tables, invitation links.
import { el, seatColour } from "/static/util.js";

let GAMES = [];

async function loadGames() {
  GAMES = await (await fetch("/api/games")).json();
  const select = document.getElementById("game");
  select.replaceChildren(...GAMES.map((g) => el("option", { value: g.name }, g.title)));
  select.addEventListener("change", buildForm);
  document.getElementById("players").addEventListener("change", buildSeats);
  buildForm();
}

function currentGame() {
  return GAMES.find((g) => g.name === document.getElementById("game").value);
}

function buildForm() {
  const game = currentGame();
  const players = document.getElementById("players");
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  players.replaceChildren(...counts.map((n) => el("option", { value: n }, String(n))));
  players.value = String(Math.min(Math.max(3, game.min_players), game.max_players));
  const options = document.getElementById("options");
  options.replaceChildren(...game.options.map(optionField));
  buildSeats();
}

function optionField(opt) {
  const select = el("select", { name: opt.name, "data-option": "1" });
  for (const choice of opt.choices) {
    const o = el("option", { value: JSON.stringify(choice) }, String(choice));
    if (JSON.stringify(choice) === JSON.stringify(opt.default)) o.selected = true;
    select.append(o);
  }
  const label = el("label", { title: opt.help || opt.allowed }, opt.name.replaceAll("_", " "), select);
  if (opt.help) label.append(el("small", {}, opt.help));
  return label;
}

function buildSeats() {
  const game = currentGame();
  const n = Number(document.getElementById("players").value);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const kind = el("select", { "data-seat": String(i) },
      el("option", { value: "human" }, "human"),
      ...game.bots.map((b) => el("option", { value: `bot:${b}` }, `bot: ${b}`)));
    kind.value = i === 0 ? "human" : `bot:${game.default_bot}`;
    const name = el("input", { "data-name": String(i), placeholder: `Seat ${i + 1}`, maxlength: "40" });
    rows.push(el("div", {},
      el("label", {}, el("span", {}, el("span", { class: "seat-dot", style: `background:${seatColour(i)}` }), `Seat ${i + 1}`), kind),
      el("label", {}, "Name", name)));
  }
  document.getElementById("seats").replaceChildren(...rows);
}

function requestBody() {
  const body = { game: currentGame().name, players: Number(document.getElementById("players").value) };
  body.options = {};
  for (const s of document.querySelectorAll("[data-option]")) body.options[s.name] = JSON.parse(s.value);
  body.seats = [...document.querySelectorAll("[data-seat]")].map((s) => s.value);
  const names = [...document.querySelectorAll("[data-name]")].map((s) => s.value.trim() || null);
  if (names.some((x) => x)) body.names = names;
  const seed = document.getElementById("seed").value;
  if (seed !== "") body.seed = Number(seed);
  return body;
}

async function create(event) {
  event.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const resp = await fetch("/api/tables", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify(requestBody()),
  });
  const data = await resp.json();
  if (!resp.ok) { err.textContent = data.error || `error ${resp.status}`; return; }
  showInvites(data);
  refresh();
}

function showInvites(data) {
  document.getElementById("created").hidden = false;
  document.getElementById("created-id").textContent = data.id;
  const items = data.invitations.map((inv) => {
    const url = new URL(inv.url, location.href).href;
    const copy = el("button", { type: "button", class: "secondary" }, "copy");
    copy.addEventListener("click", () => navigator.clipboard?.writeText(url));
    return el("li", {}, el("span", { class: "seat-dot", style: `background:${seatColour(inv.seat)}` }),
      `${inv.name}: `, el("a", { href: url, target: "_blank" }, "open seat"), " ", el("code", {}, url), " ", copy);
  });
  const watch = new URL(data.url, location.href).href;
  items.push(el("li", {}, "Spectators: ", el("a", { href: watch, target: "_blank" }, watch)));
  document.getElementById("invites").replaceChildren(...items);
}

async function refresh() {
  const status = document.getElementById("filter").value;
  const resp = await fetch(`/api/tables${status ? `?status=${status}` : ""}`);
  const tables = await resp.json();
  const rows = tables.map((t) => el("tr", {},
    el("td", {}, el("code", {}, t.id)),
    el("td", {}, `${t.title} (${t.players})`),
    el("td", {}, ...t.seats.map((s) => el("div", {},
      el("span", { class: "seat-dot", style: `background:${seatColour(s.seat)}` }),
      s.name, s.kind === "human" ? (s.connected ? " · online" : "") : ""))),
    el("td", { class: `status-${t.status}` }, t.status),
    el("td", { class: "num" }, String(t.n_actions)),
    el("td", {}, el("a", { href: t.url }, t.status === "finished" ? "results" : "watch"),
      ...(t.status === "finished" ? [" · ", el("a", { href: `/replay/${encodeURIComponent(t.id)}`, class: "replay" }, "replay")] : []))));
  if (!rows.length) rows.push(el("tr", {}, el("td", { colspan: "6", class: "muted" }, "No tables yet.")));
  document.getElementById("tables").replaceChildren(...rows);
}

document.getElementById("create").addEventListener("submit", create);
document.getElementById("filter").addEventListener("change", refresh);
loadGames();
refresh();
setInterval(refresh, 5000);
