// The rules of a game (/rules/<game>?lang=xx): sections with a table of contents, from
// /api/rules/<game>; each example is a real position that the server replays
// (/api/rules/<game>/examples/<id>) and the table's own board code draws, read-only.
// /rules alone lists the games. When a page is drawn it fires "rulesready" on document and
// counts it in <body data-shown> (so that tests and other windows can wait for it).
import { el, setSeatColours } from "/static/util.js";
import { boardFor, loadBoards, seatColoursFor } from "/static/boards.js";
import { lang, t } from "/static/i18n.js";

const game = decodeURIComponent(location.pathname.split("/")[2] || "");
const views = new Map();  // example id -> promise of its position

function byId(id) { return document.getElementById(id); }

async function getJson(url) {
  const resp = await fetch(url);
  const data = await resp.json();
  if (!resp.ok) throw new Error(resp.status === 404 ? t("error.not_found") : data.error);
  return data;
}

function block(b) {
  if (b.p) return el("p", {}, b.p);
  const list = el(b.steps ? "ol" : "ul", {});
  list.append(...(b.steps || b.list).map((item) => el("li", {}, item)));
  return list;
}

function exampleFigure(ex) {
  const board = el("div", { class: "rules-board", "data-example": ex.id });
  const figure = el("figure", { class: "rules-example" }, board, el("figcaption", {}, ex.caption));
  if (!views.has(ex.id)) views.set(ex.id, getJson(`/api/rules/${encodeURIComponent(game)}/examples/${encodeURIComponent(ex.id)}`));
  const drawn = views.get(ex.id).then((data) => {
    setSeatColours(seatColoursFor(data.game, data.view));
    const width = board.clientWidth || 360;
    board.replaceChildren(boardFor(data.game)(data.view, data.names, null, { choices: [], act: () => {}, width }));
    board.dataset.drawn = "1";
  });
  return { figure, drawn };
}

function section(s) {
  const heading = el("h2", { id: `h-${s.id}` }, s.title);
  const node = el("section", { id: s.id, class: "rules-section", "aria-labelledby": `h-${s.id}` }, heading, ...s.body.map(block));
  const figures = s.examples.map(exampleFigure);
  node.append(...figures.map((f) => f.figure));
  return { node, drawn: figures.map((f) => f.drawn) };
}

function gameLinks(titles) {
  byId("rules-games").replaceChildren(...titles.map((g) => {
    const a = el("a", { href: `/rules/${g.game}?lang=${lang}`, "data-game": g.game }, g.title);
    if (g.game === game) a.setAttribute("aria-current", "page");
    return a;
  }));
}

async function showGame() {
  const book = await getJson(`/api/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(lang)}`);
  document.title = `${book.title} — ${t("rules.heading")}`;
  byId("rules-title").textContent = book.title;
  byId("rules-intro").textContent = book.intro;
  byId("toc-list").replaceChildren(...book.sections.map((s) => el("li", {}, el("a", { href: `#${s.id}` }, s.title))));
  byId("toc").hidden = false;
  const built = book.sections.map(section);
  byId("sections").replaceChildren(...built.map((b) => b.node));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  await Promise.all(built.flatMap((b) => b.drawn));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

async function show() {
  byId("error").textContent = "";
  try {
    await loadBoards();
    const titles = await getJson(`/api/rules?lang=${encodeURIComponent(lang)}`);
    gameLinks(titles);
    if (game) await showGame();
    else byId("rules-intro").textContent = t("rules.choose");
  } catch (err) {
    byId("error").textContent = err.message;
  }
  document.body.dataset.shown = String(Number(document.body.dataset.shown || 0) + 1);
  document.dispatchEvent(new CustomEvent("rulesready"));
}

document.addEventListener("langchange", show);
show();
