// The lobby: a form built from /api/games, the list of tables, invitation links.
import { el, seatColour } from "/static/util.js";
import { botName, lang, t } from "/static/i18n.js";
import { forgetTable, myTables } from "/static/mytables.js";
import { loadMe, mountAccount, profileLink, ratingNode, send } from "/static/account.js";

let GAMES = [];
let lastCreated = null;

// /api/games in the page's language; rebuilds the form, keeping what was chosen.
async function loadGames() {
  const kept = GAMES.length ? formState() : null;
  GAMES = await (await fetch(`/api/games?lang=${lang}`)).json();
  const select = document.getElementById("game");
  select.replaceChildren(...GAMES.map((g) => el("option", { value: g.name }, g.label)));
  showRulesLinks();
  if (kept && GAMES.some((g) => g.name === kept.game)) select.value = kept.game;
  buildForm();
  if (kept && kept.game === select.value) restore(kept);
}

// A link to each game's rules page, in the page's language.
function showRulesLinks() {
  const links = GAMES.map((g) => el("a", { href: `/rules/${encodeURIComponent(g.name)}?lang=${lang}`, "data-game": g.name }, g.label));
  document.getElementById("rules-list").replaceChildren(...links.flatMap((a, i) => (i ? [" · ", a] : [a])));
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
  buildClock();
}

// The clock's fields: those of the chosen kind, and the zombie bot's level.
function buildClock() {
  const game = currentGame();
  const zombie = document.getElementById("clock-zombie");
  const kept = zombie.value;
  zombie.replaceChildren(...game.bots.map((b) => el("option", { value: b }, botLabel(b))));
  zombie.value = game.bots.includes(kept) ? kept : game.default_bot;
  showClockFields();
}

function showClockFields() {
  const kind = document.getElementById("clock-kind").value;
  document.getElementById("clock-live").hidden = kind !== "live";
  document.getElementById("clock-turn").hidden = kind !== "turn";
  document.getElementById("clock-zombie-box").hidden = !kind;
}

// The request's clock: null, or the chosen kind's figures in whole seconds.
function clockBody() {
  const kind = document.getElementById("clock-kind").value;
  const number = (id) => Number(document.getElementById(id).value);
  if (!kind) return null;
  const zombie_bot = document.getElementById("clock-zombie").value;
  if (kind === "live") {
    return { kind, base_s: Math.round(60 * number("clock-base")), increment_s: Math.round(number("clock-increment")), zombie_bot };
  }
  const per = Math.round(number("clock-per-move") * number("clock-unit"));
  return { kind, per_move_s: per, bank_s: Math.round(86400 * number("clock-bank")), zombie_bot };
}

function optionField(opt) {
  const select = el("select", { name: opt.name, "data-option": "1" });
  opt.choices.forEach((choice, i) => {
    const o = el("option", { value: JSON.stringify(choice) }, opt.choice_labels[i] ?? String(choice));
    if (JSON.stringify(choice) === JSON.stringify(opt.default)) o.selected = true;
    select.append(o);
  });
  const label = el("label", { title: opt.description || opt.allowed }, opt.label, select);
  if (opt.description) label.append(el("small", {}, opt.description));
  return label;
}

function botLabel(bot) {
  return t("lobby.bot", { level: botName(bot) });
}

function buildSeats() {
  const game = currentGame();
  const n = Number(document.getElementById("players").value);
  const rows = [];
  for (let i = 0; i < n; i++) {
    const kind = el("select", { "data-seat": String(i) },
      el("option", { value: "human" }, t("lobby.human")),
      ...game.bots.map((b) => el("option", { value: `bot:${b}` }, botLabel(b))));
    kind.value = i === 0 ? "human" : `bot:${game.default_bot}`;
    const seat = t("lobby.seat", { n: i + 1 });
    const name = el("input", { "data-name": String(i), placeholder: seat, maxlength: "40" });
    rows.push(el("div", {},
      el("label", {}, el("span", {}, el("span", { class: "seat-dot", style: `background:${seatColour(i)}` }), seat), kind),
      el("label", {}, t("lobby.name"), name)));
  }
  document.getElementById("seats").replaceChildren(...rows);
}

// What the form holds now, to put back after it is rebuilt in another language.
function formState() {
  const values = (sel) => [...document.querySelectorAll(sel)].map((s) => [s.name || s.dataset.seat || s.dataset.name, s.value]);
  return {
    game: document.getElementById("game").value, players: document.getElementById("players").value,
    options: values("[data-option]"), seats: values("[data-seat]"), names: values("[data-name]"),
  };
}

function restore(kept) {
  document.getElementById("players").value = kept.players;
  buildSeats();
  for (const [name, value] of kept.options) {
    const s = document.querySelector(`[data-option][name="${CSS.escape(name)}"]`);
    if (s) s.value = value;
  }
  for (const [i, value] of kept.seats) { const s = document.querySelector(`[data-seat="${i}"]`); if (s) s.value = value; }
  for (const [i, value] of kept.names) { const s = document.querySelector(`[data-name="${i}"]`); if (s) s.value = value; }
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
  const clock = clockBody();
  if (clock) body.clock = clock;
  return body;
}

async function create(event) {
  event.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  const { ok, status, data } = await send(`/api/tables?lang=${encodeURIComponent(lang)}`, requestBody());
  if (!ok) { err.textContent = data.error || t("lobby.error", { status }); return; }
  lastCreated = data;
  showInvites(data);
  refresh();
}

function showInvites(data) {
  document.getElementById("created").hidden = false;
  document.getElementById("created-title").textContent = t("lobby.table_open", { id: data.id });
  const items = data.invitations.map((inv) => {
    const url = new URL(inv.url, location.href).href;
    const copy = el("button", { type: "button", class: "secondary" }, t("lobby.copy"));
    copy.addEventListener("click", () => navigator.clipboard?.writeText(url));
    return el("li", {}, el("span", { class: "seat-dot", style: `background:${seatColour(inv.seat)}` }),
      `${inv.name}: `, el("a", { href: url, target: "_blank", "data-testid": "invite", "data-seat": String(inv.seat) }, t("lobby.open_seat")), " ", el("code", {}, url), " ", copy);
  });
  const watch = new URL(data.url, location.href).href;
  items.push(el("li", {}, `${t("lobby.spectators")} `, el("a", { href: watch, target: "_blank" }, watch)));
  document.getElementById("invites").replaceChildren(...items);
}

function gameLabel(table) {
  return GAMES.find((g) => g.name === table.game)?.label || table.title;
}

// Whose turn it is at a table, from its public info; `mine` is this browser's seat there.
function turnText(tb, mine) {
  if (tb.status === "finished") return t("status.finished");
  if (tb.current_player === null || tb.current_player === undefined) return "";
  if (tb.current_player === mine) return t("lobby.your_turn");
  return t("lobby.turn_of", { name: tb.seats[tb.current_player].name });
}

function turnCell(tb, mine) {
  const yours = tb.status !== "finished" && tb.current_player === mine && mine !== undefined;
  return el("td", { class: yours ? "your-turn" : "" }, turnText(tb, mine));
}

// The tables this browser has seats at, with whose turn it is; those first that wait for me.
async function refreshMine() {
  const mine = myTables();
  const section = document.getElementById("mine-section");
  section.hidden = !mine.length;
  if (!mine.length) return;
  const infos = await Promise.all(mine.map(async (entry) => {
    const resp = await fetch(`/api/tables/${encodeURIComponent(entry.id)}?lang=${lang}`);
    return resp.ok ? { entry, tb: await resp.json() } : { entry, tb: null };
  }));
  const waiting = (x) => (x.tb && x.tb.status !== "finished" && x.tb.current_player === x.entry.seat ? 0 : 1);
  infos.sort((a, b) => waiting(a) - waiting(b));
  const rows = infos.map(({ entry, tb }) => {
    const forget = el("button", { type: "button", class: "secondary", "aria-label": t("lobby.forget_table", { id: entry.id }) }, t("lobby.forget"));
    forget.addEventListener("click", () => { forgetTable(entry.id); refreshMine(); });
    if (!tb) return el("tr", {}, el("td", {}, el("code", {}, entry.id)), el("td", { colspan: "3", class: "muted" }, t("lobby.gone")), el("td", {}, forget));
    return el("tr", { "data-table": entry.id },
      el("td", {}, el("code", {}, tb.id)),
      el("td", {}, `${gameLabel(tb)} (${tb.players})`),
      el("td", {}, el("span", { class: "seat-dot", style: `background:${seatColour(entry.seat)}` }), tb.seats[entry.seat]?.name || ""),
      turnCell(tb, entry.seat),
      el("td", {}, el("a", { href: entry.url }, t("lobby.play")), " ", forget));
  });
  document.getElementById("mine").replaceChildren(...rows);
}

// A seat's account (linked to its profile) and rating, for the list of tables.
function seatAccount(s) {
  const parts = [];
  if (s.account) parts.push(" · ", profileLink(s.account));
  if (s.rating) parts.push(" ", ratingNode(s.rating));
  return parts;
}

async function refresh() {
  refreshMine();
  const status = document.getElementById("filter").value;
  const query = new URLSearchParams({ lang });
  if (status) query.set("status", status);
  const resp = await fetch(`/api/tables?${query}`);
  const tables = await resp.json();
  const rows = tables.map((tb) => el("tr", {},
    el("td", {}, el("code", {}, tb.id)),
    el("td", {}, `${gameLabel(tb)} (${tb.players})`),
    el("td", {}, ...tb.seats.map((s) => el("div", {},
      el("span", { class: "seat-dot", style: `background:${seatColour(s.seat)}` }),
      s.name, s.kind === "human" ? (s.connected ? ` · ${t("lobby.online")}` : "") : "", ...seatAccount(s)))),
    el("td", { class: `status-${tb.status}` }, t(`status.${tb.status}`, {}, tb.status)),
    turnCell(tb, undefined),
    el("td", { class: "num" }, String(tb.n_actions)),
    el("td", {}, el("a", { href: tb.url }, t(tb.status === "finished" ? "lobby.results" : "lobby.watch")),
      ...(tb.status === "finished" ? [" · ", el("a", { href: `/replay/${encodeURIComponent(tb.id)}`, class: "replay" }, t("lobby.replay"))] : []))));
  if (!rows.length) rows.push(el("tr", {}, el("td", { colspan: "7", class: "muted" }, t("lobby.no_tables"))));
  document.getElementById("tables").replaceChildren(...rows);
}

document.getElementById("create").addEventListener("submit", create);
document.getElementById("filter").addEventListener("change", refresh);
document.getElementById("game").addEventListener("change", buildForm);
document.getElementById("players").addEventListener("change", buildSeats);
document.getElementById("clock-kind").addEventListener("change", showClockFields);
document.addEventListener("langchange", async () => {
  await loadGames();
  if (lastCreated) showInvites(lastCreated);
  refresh();
});
await loadMe();
mountAccount(document.getElementById("account"), refresh);
await loadGames();
refresh();
setInterval(refresh, 5000);
