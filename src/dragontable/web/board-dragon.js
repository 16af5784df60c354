// In the Year of the Dragon: an SVG board drawn from one seat's view (nothing else).
//
// Clickable where natural, each element marked with its target id (games/dragon/choices.py):
// group:<n>:<card> (action cards), supply:<tile> (person tiles), privilege:small|large (the
// privilege display), hand:<card>, palace:<n>, palace:new, resident:<n>:<tile> and
// walltile:<tile> (the hand, palaces and wall tiles of the seat to move).
//
// Two layouts: wide (1000 units across, scaled to fit) and, when ctx.width < 700, narrow
// (ctx.width units across, drawn at one unit per CSS pixel): events in rows, groups and
// player areas stacked, every clickable element at least 44×44 and no text under 12.
// Every element that decides a move carries a rule in a sentence (tip(): hover, or tap).
import { lang, t } from "/static/i18n.js";
import { svg, seatColour } from "/static/util.js";
import { PALETTE, icon } from "/static/icons.js";
import { closeMenu } from "/static/turn.js";
import { INK, LINE, MUTED, NARROW_BELOW, NOT_MINE, WIDE, bind, bindMenu, boardWidth, context, fitText, markRecent, seatMarker,
  seatName, targetId, term, text, textWidth, tip, title } from "/static/board-common.js";

// Words: t() keys board.dragon.* and the game's terms (term(): board.dragon.term.*).
const word = (code) => term("dragon", code);

const GREAT_EVENT_MONTH = 7;
const WALL_LENGTH = 12;
const TYPES = "CLPTWMHFS";
const JOKER = "J";
// Person tiles as the game's data has them (games/dragon/data.py): [value, symbols].
const TILE_DATA = new Map([
  ["Cy", [2, 1]], ["Ly", [1, 1]], ["Py", [5, 1]], ["Po", [3, 2]], ["Ty", [3, 3]], ["Wy", [5, 1]], ["Wo", [3, 2]],
  ["My", [6, 1]], ["Mo", [2, 2]], ["Hy", [4, 1]], ["Ho", [1, 2]], ["Fy", [4, 1]], ["Fo", [1, 2]], ["Sy", [4, 2]],
  ["So", [2, 3]],
]);
const SMALL_PRIVILEGE = 2;
const LARGE_PRIVILEGE = new Map([[2017, 7], [2007, 6]]);
const FEE = 3;
// Each person type: its symbol's icon and the tile's colour (the game's colours, softened).
const TYPE_ICON = new Map([["C", "dragon-hammer"], ["L", "dragon-fan"], ["P", "dragon-rocket"], ["T", "coin"],
  ["W", "dragon-helmet"], ["M", "dragon-buddha"], ["H", "dragon-mortar"], ["F", "dragon-ricebag"], ["S", "dragon-book"]]);
const TYPE_TINT = new Map([["C", "#ecdcc0"], ["L", "#f7d59a"], ["P", "#e4c3dd"], ["T", "#f6ef9e"], ["W", "#f2b9a0"],
  ["M", "#d9c1a0"], ["H", "#bfe0f5"], ["F", "#a9dcc8"], ["S", "#f4f4f1"]]);
const TYPE_TIP = new Map([["C", "board.dragon.tip.type.C"], ["L", "board.dragon.tip.type.L"],
  ["P", "board.dragon.tip.type.P"], ["T", "board.dragon.tip.type.T"], ["W", "board.dragon.tip.type.W"],
  ["M", "board.dragon.tip.type.M"], ["H", "board.dragon.tip.type.H"], ["F", "board.dragon.tip.type.F"],
  ["S", "board.dragon.tip.type.S"]]);
const EVENT_TIP = new Map([["peace", "board.dragon.tip.event.peace"], ["tribute", "board.dragon.tip.event.tribute"],
  ["drought", "board.dragon.tip.event.drought"], ["festival", "board.dragon.tip.event.festival"],
  ["mongol", "board.dragon.tip.event.mongol"], ["contagion", "board.dragon.tip.event.contagion"],
  ["lantern", "board.dragon.tip.event.lantern"], ["buddha", "board.dragon.tip.event.buddha"],
  ["earthquake", "board.dragon.tip.event.earthquake"], ["flood", "board.dragon.tip.event.flood"],
  ["eclipse", "board.dragon.tip.event.eclipse"], ["volcano", "board.dragon.tip.event.volcano"],
  ["tornado", "board.dragon.tip.event.tornado"], ["sunrise", "board.dragon.tip.event.sunrise"],
  ["assassination", "board.dragon.tip.event.assassination"], ["edict", "board.dragon.tip.event.edict"],
  ["hidden", "board.dragon.tip.event.hidden"]]);
const CARD_ICON = new Map([["tax", "coin"], ["build", "dragon-hammer"], ["harvest", "dragon-ricebag"],
  ["fireworks", "dragon-rocket"], ["parade", "dragon-helmet"], ["research", "dragon-book"],
  ["privilege", "dragon-privilege"], ["wall", "dragon-wall"]]);
const CARD_TIP = new Map([["tax", "board.dragon.tip.card.tax"], ["build", "board.dragon.tip.card.build"],
  ["harvest", "board.dragon.tip.card.harvest"], ["fireworks", "board.dragon.tip.card.fireworks"],
  ["parade", "board.dragon.tip.card.parade"], ["research", "board.dragon.tip.card.research"],
  ["privilege", "board.dragon.tip.card.privilege"], ["wall", "board.dragon.tip.card.wall"]]);
// Wall tiles: what each gives, as an icon, a number and a sentence.
const WALL_TILES = ["rice", "fireworks", "floor", "yuan", "pt", "vp"];
const WALL_ICON = new Map([["rice", "dragon-rice"], ["fireworks", "dragon-fireworks"], ["floor", "dragon-floor"],
  ["yuan", "coin"], ["pt", "dragon-track"], ["vp", "points"]]);
const WALL_BONUS = new Map([["rice", 1], ["fireworks", 1], ["floor", 1], ["yuan", 2], ["pt", 3], ["vp", 3]]);
const WALL_TIP = new Map([["rice", "board.dragon.tip.walltile.rice"], ["fireworks", "board.dragon.tip.walltile.fireworks"],
  ["floor", "board.dragon.tip.walltile.floor"], ["yuan", "board.dragon.tip.walltile.yuan"],
  ["pt", "board.dragon.tip.walltile.pt"], ["vp", "board.dragon.tip.walltile.vp"]]);

// Sizes of the two layouts: text, the smallest clickable thing, tiles, cards, palace floors.
const SIZES = {
  wide: { font: 12, small: 11, head: 14, target: 30, tileW: 46, tileH: 54, cardW: 36, cardH: 46, floorW: 56,
    floorH: 38, eventH: 76, cardRow: 42, stat: 18, gap: 6, marker: 9 },
  narrow: { font: 13, small: 12, head: 15, target: 44, tileW: 50, tileH: 56, cardW: 46, cardH: 52, floorW: 60,
    floorH: 46, eventH: 68, cardRow: 56, stat: 20, gap: 6, marker: 10 },
};

// Sentences one after another (no space between them in Chinese).
function sentences(...parts) {
  return parts.filter(Boolean).join(lang === "zh" ? "" : " ");
}

function heading(x, y, words, width, S) {
  return fitText(x, y, words, width, { "font-weight": 700, "font-size": S.head }, { minSize: S.small });
}

// A person tile: the type's colour and symbols, its person-track value in a disc; an old one
// has a darker frame and a grey band. `count` (the supply) goes in a dark badge.
function personTile(x, y, w, h, tile, S, { count = null, dim = false } = {}) {
  const type = tile[0];
  const old = tile[1] === "o";
  const [value, symbols] = TILE_DATA.get(tile) || [0, 1];
  const g = svg("g", { class: `person-tile ${old ? "old" : "young"}`, opacity: dim ? 0.4 : 1 });
  g.append(svg("rect", { class: "face", x, y, width: w, height: h, rx: 5, fill: TYPE_TINT.get(type) || "#fff",
    stroke: INK, "stroke-width": old ? 2.4 : 1 }));
  const band = old ? 6 : 0;
  if (old) g.append(svg("rect", { x: x + 2, y: y + h - band - 2, width: w - 4, height: band, rx: 2, fill: MUTED }));
  const flat = w > h;  // a resident in its room: the value on the left, the symbols beside it
  const r = flat ? Math.min(9, (h - band) * 0.34) : Math.min(9, w * 0.2);
  const cx = x + r + 3;
  const cy = flat ? y + (h - band) / 2 : y + r + 3;
  g.append(svg("circle", { cx, cy, r, fill: PALETTE.paper, stroke: INK }));
  g.append(text(cx, cy + S.small * 0.36, String(value), { "text-anchor": "middle", "font-size": S.small,
    "font-weight": 700 }));
  const left = flat ? x + 2 * r + 5 : x + 3;
  const room = x + w - 3 - left;
  const size = Math.min(flat ? h - band - 6 : h * 0.42, room / Math.max(symbols, 1.6), 22);
  const top = flat ? y + (h - band - size) / 2 : y + h - size - band - 5;
  if (flat && room / symbols < 11) {  // too many to draw small: one symbol and "×n"
    const one = Math.min(h - band - 6, room - 17, 20);
    g.append(icon(TYPE_ICON.get(type), left, y + (h - band - one) / 2, one));
    g.append(text(left + one + 1, cy + S.small * 0.36, `×${symbols}`, { "font-size": S.small, "font-weight": 700 }));
  } else {
    const start = left + (room - symbols * size) / 2;
    for (let k = 0; k < symbols; k++) g.append(icon(TYPE_ICON.get(type), start + k * size, top, size));
  }
  if (count !== null) {
    const bw = S.small + 8;
    g.append(svg("rect", { x: x + w - bw - 1, y: y + 1, width: bw, height: S.small + 5, rx: 3, fill: INK }));
    g.append(text(x + w - bw / 2 - 1, y + S.small + 2, String(count), { "text-anchor": "middle", fill: "#fff",
      "font-size": S.small, "font-weight": 700 }));
  }
  return g;
}

// A name in one or two lines (broken at a space), never below the layout's smallest text.
function label(x, y, words, width, size, S, attrs = {}) {
  const all = { "font-size": size, ...attrs };
  if (textWidth(words, size, true) <= width || !/\s/.test(words.trim())) {
    return fitText(x, y, words, width, all, { minSize: S.small });
  }
  const parts = words.trim().split(/\s+/);
  let best = null;
  for (let k = 1; k < parts.length; k++) {
    const lines = [parts.slice(0, k).join(" "), parts.slice(k).join(" ")];
    const longest = Math.max(...lines.map((l) => textWidth(l, size, true)));
    if (!best || longest < best.longest) best = { lines, longest };
  }
  const line = Math.max(S.small, Math.min(size, (size * width) / best.longest));
  const g = svg("g", {});
  best.lines.forEach((l, k) => g.append(fitText(x, y + (k - 0.5) * line * 1.1 + line * 0.1, l, width,
    { ...all, "font-size": line.toFixed(1) }, { minSize: S.small })));
  return g;
}

// The rule of a person tile in a sentence: its name, value, symbols and what they do.
function tileTip(tile, left = null) {
  const [pt, n] = TILE_DATA.get(tile) || [0, 0];
  const head = t("board.dragon.tip.tile", { tile: word(tile), pt, n });
  return sentences(head, t(TYPE_TIP.get(tile[0])), left === null ? "" : t("board.dragon.tiles_left",
    { tile: word(tile), n: left }));
}

function eventTip(code) {
  return EVENT_TIP.has(code) ? t(EVENT_TIP.get(code)) : word(code);
}

// -- the event track and the Great Wall under it -----------------------------------------
function eventTrack(view, x0, y0, width, S, narrow) {
  const g = svg("g", { class: "event-track" });
  const wall = view.options.great_wall !== "off";
  const cols = narrow ? (width >= 520 ? 6 : 4) : 12;
  const w = width / cols;
  const h = S.eventH + (wall ? 26 : 0);
  g.append(heading(x0, y0 + 16, t("board.dragon.events"), narrow ? width : width * 0.3, S));
  if (view.great_event) {
    const hidden = view.great_event === "hidden";
    const name = hidden ? t("board.dragon.face_down") : word(view.great_event);
    const words = t("board.dragon.great_event", { month: GREAT_EVENT_MONTH, event: name });
    const ge = svg("g", { class: "great-event" });
    const gx = narrow ? x0 : x0 + width * 0.32;
    const gy = narrow ? y0 + 26 : y0;
    ge.append(icon("dragon-great", gx, gy + 2, 18));
    ge.append(fitText(gx + 24, gy + 16, words, (narrow ? width : width * 0.68) - 26, { "font-size": S.font,
      "font-weight": 600 }, { minSize: S.small }));
    tip(ge, eventTip(hidden ? "hidden" : view.great_event), "great-events");
    g.append(ge);
  }
  const top = y0 + (narrow && view.great_event ? 50 : 26);
  view.event_track.forEach((event, i) => {
    const month = i + 1;
    const current = month === view.round && !view.over;
    const past = month < view.round || view.over;
    const x = x0 + (i % cols) * w;
    const y = top + Math.floor(i / cols) * (h + 6);
    const box = svg("g", { class: "event", opacity: past ? 0.5 : 1 });
    box.append(svg("rect", { class: "face", x, y, width: w - 4, height: S.eventH, rx: 6,
      fill: current ? "#fff4cc" : "#fff", stroke: current ? INK : LINE, "stroke-width": current ? 3 : 1 }));
    box.append(text(x + 6, y + S.small + 3, String(month), { "font-size": S.small, fill: MUTED, "font-weight": 700 }));
    box.append(icon(`dragon-${event}`, x + (w - 4) / 2 - 13, y + 5, 26));
    box.append(label(x + (w - 4) / 2, y + S.eventH - S.font - 4, word(event), w - 10, S.font, S,
      { "text-anchor": "middle", "font-weight": current ? 700 : 500 }));
    if (month === GREAT_EVENT_MONTH && view.great_event) box.append(icon("dragon-great", x + w - 24, y + 3, 18));
    tip(box, eventTip(event), "events");
    g.append(box);
    if (wall) g.append(wallSection(view, i, x, y + S.eventH + 2, w - 4, S));
  });
  const rows = Math.ceil(view.event_track.length / cols);
  return { g, h: top - y0 + rows * (h + 6) };
}

// Section k of the Great Wall (under event k): its builder's marker, or an empty outline; the
// months where the wall is checked (Mongol Invasions and the last) are marked with a bow.
function wallSection(view, i, x, y, w, S) {
  const owner = view.wall[i];
  const built = owner !== undefined;
  const g = svg("g", { class: "wall-section" });
  g.append(svg("rect", { x, y, width: w, height: 22, rx: 2, fill: built ? "#c9b79c" : "#fff",
    stroke: built ? INK : LINE, "stroke-dasharray": built ? "none" : "3 2" }));
  if (built) g.append(seatMarker(x + w / 2, y + 11, owner, S.marker));
  const checked = view.event_track[i] === "mongol" || i === WALL_LENGTH - 1;
  if (checked) g.append(icon("dragon-mongol", x + w - 17, y + 3, 14));
  tip(g, sentences(t("board.dragon.wall_section", { n: i + 1, built: view.wall.length }), t("board.dragon.tip.wall")), "great-wall");
  return g;
}

// -- action groups ------------------------------------------------------------------------
function actionCard(x, y, w, h, card, S, large) {
  const g = svg("g", { class: "action-card" });
  g.append(svg("rect", { class: "face", x, y, width: w, height: h, rx: 5, fill: "#fff", stroke: "#9aa0a6" }));
  const size = Math.min(h - 12, 24);
  if (w >= size + 72) {  // the icon beside the name
    g.append(icon(CARD_ICON.get(card), x + 5, y + (h - size) / 2, size));
    g.append(label(x + size + 9, y + h / 2 + S.font * 0.36, word(card), w - size - 13, S.font, S,
      { "font-weight": 600 }));
  } else {  // the icon above the name
    const small = Math.min(18, h * 0.34);
    g.append(icon(CARD_ICON.get(card), x + (w - small) / 2, y + 3, small));
    g.append(label(x + w / 2, y + small + 3 + (h - small - 3) / 2 + S.small * 0.36, word(card), w - 6, S.small, S,
      { "font-weight": 600, "text-anchor": "middle" }));
  }
  tip(g, t(CARD_TIP.get(card), { small: SMALL_PRIVILEGE, large }), "actions");
  return g;
}

function actionGroups(view, names, x0, y0, width, S, ctx, narrow) {
  const g = svg("g", { class: "groups" });
  g.append(heading(x0, y0 + 16, t("board.dragon.groups"), width, S));
  const large = LARGE_PRIVILEGE.get(Number(view.options.edition)) || 7;
  if (!view.groups.length) {
    g.append(text(x0, y0 + 44, t("board.dragon.not_dealt"), { fill: MUTED, "font-size": S.font }));
    return { g, h: 56 };
  }
  const n = view.groups.length;
  const per = narrow ? 1 : n;
  const gw = width / per;
  const gh = S.cardRow + 36;
  view.groups.forEach((group, i) => {
    const x = x0 + (i % per) * gw;
    const y = y0 + 26 + Math.floor(i / per) * (gh + 6);
    const taken = group.dragons.length > 0;
    g.append(svg("rect", { x, y, width: gw - 6, height: gh, rx: 7, fill: taken ? "#f6f1e7" : "#fff", stroke: LINE }));
    g.append(text(x + 8, y + S.small + 6, t("board.dragon.group", { n: i + 1 }), { "font-size": S.small, fill: MUTED,
      "font-weight": 700 }));
    let right = x + gw - 12;
    if (taken) {  // the fee: a coin with the price, and why
      const fee = svg("g", { class: "fee" });
      fee.append(svg("rect", { x: right - 44, y: y + 4, width: 44, height: 22, rx: 11, fill: PALETTE.paper,
        stroke: PALETTE.vermilion, "stroke-width": 1.5 }));
      fee.append(icon("coin", right - 41, y + 7, 16));
      fee.append(text(right - 14, y + 20, `−${FEE}`, { "text-anchor": "middle", "font-size": S.small + 1,
        "font-weight": 700, fill: PALETTE.vermilion }));
      tip(fee, t("board.dragon.tip.fee", { fee: FEE }), "actions");
      g.append(fee);
      right -= 50;
    }
    group.dragons.forEach((seat, k) => {
      g.append(title(seatMarker(right - 9 - k * 22, y + 15, seat, S.marker), t("board.dragon.dragon_of", { name: seatName(names, seat) })));
    });
    const k = Math.max(group.cards.length, 1);
    const cw = Math.min(narrow ? 170 : 150, (gw - 18) / k);
    group.cards.forEach((card, c) => {
      const node = actionCard(x + 6 + c * cw, y + 30, cw - 6, S.cardRow, card, S, large);
      if (group.cards.indexOf(card) === c) bind(node, targetId("group", i + 1, card), ctx);  // two alike: the first
      g.append(node);
    });
  });
  const rows = Math.ceil(n / per);
  return { g, h: 26 + rows * (gh + 6) };
}

// -- the person tiles in the supply and the privilege display -----------------------------
// The opening's two persons (choices with `tiles`): a tap on a tile opens the menu of the
// pairs it is in and marks the tiles that pair with it; a tap on one of those plays the pair.
let firstTile = null;  // { target, node } of the tile tapped first, while its menu is open

function bindPair(node, target, ctx) {
  const pairs = ctx.choices.filter((c) => c.tiles && c.tiles.includes(target));
  if (!pairs.length || !ctx.menu) return;
  bindMenu(node, pairs, ctx);
  node.addEventListener("click", (e) => {
    const menuOpen = !document.getElementById("choice-menu")?.hidden;
    const pair = firstTile && menuOpen && firstTile.node !== node
      && pairs.find((c) => c.tiles.includes(firstTile.target));
    for (const n of document.querySelectorAll("#board .partner, #board .chosen")) n.classList.remove("partner", "chosen");
    if (pair) {
      e.stopImmediatePropagation();
      firstTile = null;
      closeMenu();
      ctx.act(pair.action);
      return;
    }
    firstTile = { target, node };
    node.classList.add("chosen");
    const partners = new Set(pairs.flatMap((c) => c.tiles).filter((t) => t !== target));
    for (const n of document.querySelectorAll("#board [data-target]")) {
      if (partners.has(n.getAttribute("data-target"))) n.classList.add("partner");
    }
  }, { capture: true });
}

function supply(view, x0, y0, width, S, ctx, narrow) {
  const g = svg("g", { class: "supply" });
  g.append(heading(x0, y0 + 16, t("board.dragon.tiles"), width * (narrow ? 1 : 0.75), S));
  const tiles = Object.keys(view.supply).sort((a, b) => TYPES.indexOf(a[0]) - TYPES.indexOf(b[0]) || (a[1] < b[1] ? 1 : -1));
  const privW = narrow ? width : 2 * (S.tileW + 30) + 12;
  const room = narrow ? width : width - privW - 16;
  const step = S.tileW + S.gap;
  const cols = Math.max(1, Math.floor((room + S.gap) / step));
  const taken = new Set(view.sunrise_taken || []);
  tiles.forEach((tile, k) => {
    const x = x0 + (k % cols) * step;
    const y = y0 + 26 + Math.floor(k / cols) * (S.tileH + S.gap);
    const left = view.supply[tile];
    const node = personTile(x, y, S.tileW, S.tileH, tile, S, { count: left, dim: !left || taken.has(tile[0]) });
    tip(node, tileTip(tile, left), "persons");
    if (!bind(node, targetId("supply", tile), ctx)) bindPair(node, targetId("supply", tile), ctx);
    g.append(node);
  });
  const tileRows = Math.ceil(tiles.length / cols);
  let h = 26 + tileRows * (S.tileH + S.gap);
  const px = narrow ? x0 : x0 + width - privW;
  const py = narrow ? y0 + h + 4 : y0;
  g.append(heading(px, py + 16, t("board.dragon.privileges_display"), privW, S));
  const large = LARGE_PRIVILEGE.get(Number(view.options.edition)) || 7;
  [["small", 1, SMALL_PRIVILEGE], ["large", 2, large]].forEach(([size, symbols, cost], k) => {
    const w = S.tileW + 30;
    const x = px + k * (w + 12);
    const y = py + 26;
    const node = svg("g", { class: "privilege" });
    node.append(svg("rect", { class: "face", x, y, width: w, height: S.tileH, rx: 6, fill: "#fbe3d6", stroke: INK }));
    for (let s = 0; s < symbols; s++) node.append(icon("dragon-privilege", x + 6 + s * 22, y + 6, 20));
    node.append(icon("coin", x + 6, y + S.tileH - 24, 18));
    node.append(text(x + 28, y + S.tileH - 10, String(cost), { "font-size": S.font + 1, "font-weight": 700 }));
    node.append(text(x + w - 6, y + S.tileH - 10, `+${symbols}`, { "text-anchor": "end", "font-size": S.font,
      "font-weight": 700, fill: PALETTE.vermilion }));
    tip(node, t("board.dragon.tip.privilege", { n: symbols, yuan: cost }), "scoring");
    bind(node, targetId("privilege", size), ctx);
    g.append(node);
  });
  if (narrow) h += 30 + S.tileH + 8;
  return { g, h: Math.max(h, 26 + S.tileH + 8) };
}

// -- the person track and the turn order --------------------------------------------------
function personTrack(view, names, x0, y0, width, S) {
  const g = svg("g", { class: "person-track" });
  g.append(heading(x0, y0 + 16, t("board.dragon.person_track"), width, S));
  const players = view.players;
  const max = Math.max(30, ...players.map((p) => p.pt + 2));
  const x1 = x0 + width - 10;
  const at = (pt) => x0 + 10 + ((x1 - x0 - 10) * pt) / max;
  const y = y0 + 50;
  g.append(svg("line", { x1: at(0), y1: y, x2: x1, y2: y, stroke: "#9aa0a6", "stroke-width": 3, "stroke-linecap": "round" }));
  const every = width < 500 ? 10 : 5;
  for (let pt = 0; pt <= max; pt += every) {
    g.append(svg("line", { x1: at(pt), y1: y - 5, x2: at(pt), y2: y + 5, stroke: "#9aa0a6" }));
    g.append(text(at(pt), y + 20, String(pt), { "text-anchor": "middle", "font-size": S.small, fill: MUTED }));
  }
  for (const p of players) {
    g.append(title(seatMarker(at(p.pt), y - 14 * (p.pt_stack - 1), p.seat, S.marker),
      t("board.dragon.on_track", { name: seatName(names, p.seat), pt: p.pt })));
  }
  const order = view.turn_order.map((s) => seatName(names, s)).join("  →  ");
  const line = fitText(x0, y + 44, t("board.dragon.turn_order", { order }), width, { "font-size": S.font },
    { lines: 2, minSize: S.small });
  g.append(tip(svg("g", {}, line), t("board.dragon.tip.turn_order")));
  tip(g, t("board.dragon.tip.person_track"), "turn-order");
  return { g, h: 112 };
}

// -- player areas -------------------------------------------------------------------------
// A counter: an icon and a number, with its rule as a tip.
function stat(x, y, name, value, words, S) {
  const g = svg("g", { class: "stat" });
  g.append(icon(name, x, y, S.stat));
  g.append(text(x + S.stat + 4, y + S.stat * 0.78, String(value), { "font-size": S.font + 1, "font-weight": 700 }));
  return tip(g, words);
}

function stats(p, x, y, width, S) {
  const g = svg("g", { class: "stats" });
  const items = [
    ["points", p.vp, t("board.dragon.tip.vp", { n: p.vp })],
    ["coin", p.yuan, t("board.dragon.tip.yuan", { n: p.yuan })],
    ["dragon-rice", p.rice, t("board.dragon.tip.rice", { n: p.rice })],
    ["dragon-fireworks", p.fireworks, t("board.dragon.tip.fireworks", { n: p.fireworks })],
    ["dragon-track", p.pt, t("board.dragon.tip.pt", { n: p.pt })],
    ["dragon-privilege", p.privileges.small + 2 * p.privileges.large,
      t("board.dragon.tip.privileges", { small: p.privileges.small, large: p.privileges.large,
        n: p.privileges.small + 2 * p.privileges.large })],
  ];
  const step = S.stat + 34;
  const cols = Math.max(1, Math.floor(width / step));
  items.forEach(([name, value, words], k) => {
    g.append(stat(x + (k % cols) * step, y + Math.floor(k / cols) * (S.stat + 8), name, value, words, S));
  });
  return { g, h: Math.ceil(items.length / cols) * (S.stat + 8) };
}

// A wall tile of a player's, not built yet: what it gives (icon, +n).
function wallTile(x, y, w, h, tile, seat, S) {
  const g = svg("g", { class: "wall-tile" });
  g.append(svg("rect", { class: "face", x, y, width: w, height: h, rx: 4, fill: "#e9dfcf", stroke: INK }));
  g.append(svg("rect", { x, y, width: w, height: 5, rx: 2, fill: seatColour(seat) }));
  const size = Math.min(h - 12, w * 0.5, 20);
  g.append(icon(WALL_ICON.get(tile), x + 4, y + (h - size) / 2 + 2, size));
  g.append(text(x + w - 4, y + h / 2 + S.small * 0.4 + 2, `+${WALL_BONUS.get(tile)}`, { "text-anchor": "end",
    "font-size": S.small, "font-weight": 700 }));
  return tip(g, sentences(t(WALL_TIP.get(tile)), t("board.dragon.tip.walltile")));
}

function wallTiles(p, x, y, width, S, ctx) {
  const g = svg("g", { class: "wall-tiles" });
  const w = Math.max(S.target, 44), h = S.target;
  const cols = Math.max(1, Math.floor((width + 4) / (w + 4)));
  const tiles = WALL_TILES.filter((tile) => p.wall_tiles.includes(tile));
  tiles.forEach((tile, k) => {
    const node = wallTile(x + (k % cols) * (w + 4), y + Math.floor(k / cols) * (h + 4), w, h, tile, p.seat, S);
    bind(node, targetId("walltile", tile), ctx);
    g.append(node);
  });
  return { g, h: tiles.length ? Math.ceil(tiles.length / cols) * (h + 4) : 0 };
}

// A person card: the type's colour and symbol; a joker, a question mark.
function personCard(x, y, w, h, card, S) {
  const g = svg("g", { class: "person-card" });
  const joker = card === JOKER;
  g.append(svg("rect", { class: "face", x, y, width: w, height: h, rx: 5, fill: joker ? "#fff" : TYPE_TINT.get(card),
    stroke: INK }));
  g.append(svg("rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: 3, fill: "none", stroke: PALETTE.vermilion,
    "stroke-width": 0.8 }));
  const size = Math.min(w - 10, h - 12, 26);
  g.append(icon(joker ? "unknown" : TYPE_ICON.get(card), x + (w - size) / 2, y + (h - size) / 2, size));
  return tip(g, sentences(word(card), t(joker ? "board.dragon.tip.joker" : "board.dragon.tip.card_type")), "persons");
}

function hand(p, x, y, width, S, ctx) {
  const g = svg("g", { class: "hand" });
  if (!p.hand) {
    const node = svg("g", {}, icon("dragon-card", x, y, S.stat),
      text(x + S.stat + 4, y + S.stat * 0.78, String(p.hand_size), { "font-size": S.font + 1, "font-weight": 700 }));
    g.append(tip(node, t("board.dragon.hand_size", { n: p.hand_size })));
    return { g, h: S.stat + 6 };
  }
  const step = S.cardW + 4;
  const cols = Math.max(1, Math.floor((width + 4) / step));
  p.hand.forEach((card, k) => {
    const node = personCard(x + (k % cols) * step, y + Math.floor(k / cols) * (S.cardH + 4), S.cardW, S.cardH, card, S);
    if (p.hand.indexOf(card) === k) bind(node, targetId("hand", card), ctx);  // two jokers: the first
    g.append(node);
  });
  return { g, h: Math.max(1, Math.ceil(p.hand.length / cols)) * (S.cardH + 4) };
}

// A palace: its floors bottom up, each a room with its resident (a person tile) or empty, and
// a roof; the whole palace is the target palace:<n>, a resident resident:<n>:<tile>.
function palace(x, base, pal, index, S, ctx) {
  const n = index + 1;
  const fw = S.floorW, fh = S.floorH;
  const top = base - pal.floors * fh - 12;
  const g = svg("g", { class: "palace" });
  g.append(svg("rect", { class: "face", x: x - 2, y: top - 2, width: fw + 4, height: base - top + 4, rx: 3,
    fill: "none", stroke: "none" }));
  for (let f = 0; f < pal.floors; f++) {
    const fy = base - (f + 1) * fh;
    const who = pal.residents[f];
    const room = svg("g", { class: "room" });
    room.append(svg("rect", { class: "face", x, y: fy, width: fw, height: fh - 2, rx: 2, fill: "#fbf8f2", stroke: "#9aa0a6" }));
    if (who) {
      room.append(personTile(x + 2, fy + 2, fw - 4, fh - 6, who, S));
      tip(room, tileTip(who));
      room.addEventListener("click", (e) => { if (room.classList.contains("legal")) e.stopPropagation(); });
      if (pal.residents.indexOf(who) === f) bind(room, targetId("resident", n, who), ctx);  // two alike: the first
    }
    g.append(room);
  }
  g.append(svg("path", { d: `M${x - 5} ${base - pal.floors * fh} Q${x + fw * 0.3} ${top + 8} ${x + fw / 2} ${top}`
    + ` Q${x + fw * 0.7} ${top + 8} ${x + fw + 5} ${base - pal.floors * fh} Z`, fill: PALETTE.vermilion, stroke: INK }));
  tip(g, t("board.dragon.tip.palace", { id: n, floors: pal.floors, n: pal.residents.length }), "scoring");
  bind(g, targetId("palace", n), ctx);
  return g;
}

function newPalace(x, base, S, ctx) {
  const g = svg("g", { class: "palace new" },
    svg("rect", { class: "face", x, y: base - S.floorH, width: S.floorW, height: S.floorH - 2, rx: 2, fill: "#fff",
      stroke: "#9aa0a6", "stroke-dasharray": "3 2" }),
    icon("dragon-floor", x + (S.floorW - 22) / 2, base - S.floorH + (S.floorH - 24) / 2, 22));
  tip(g, t("board.dragon.new_palace"));
  return bind(g, targetId("palace", "new"), ctx) ? g : null;
}

function palaces(p, x, y, width, S, ctx) {
  const g = svg("g", { class: "palaces" });
  const step = S.floorW + 12;
  const cols = Math.max(1, Math.floor((width + 12) / step));
  const tallest = Math.max(1, ...p.palaces.map((pal) => pal.floors));
  const height = tallest * S.floorH + 16;  // room for the tallest palace and its roof
  const slots = [...p.palaces.map((pal, i) => ({ pal, i })), { add: true }];
  let rows = 0;
  slots.forEach((slot, k) => {
    const px = x + 6 + (k % cols) * step;
    const base = y + (Math.floor(k / cols) + 1) * height;
    if (slot.add) {
      const extra = newPalace(px, base, S, ctx);
      if (extra) { g.append(extra); rows = Math.floor(k / cols) + 1; }
      return;
    }
    g.append(palace(px, base, slot.pal, slot.i, S, ctx));
    rows = Math.floor(k / cols) + 1;
  });
  if (!rows) {
    g.append(text(x, y + 20, t("board.dragon.no_palaces"), { fill: MUTED, "font-size": S.font }));
    return { g, h: 30 };
  }
  return { g, h: rows * height + 4 };
}

// A player's area: name, counters, wall tiles, hand and palaces, stacked; returns its height.
function playerArea(p, view, names, mySeat, x, y, width, S, ctx) {
  const current = view.current_player === p.seat;
  const g = svg("g", { class: "player" });
  const frame = svg("rect", { x, y, width, height: 10, rx: 8, fill: "#fff", stroke: current ? INK : LINE,
    "stroke-width": current ? 3 : 1 });
  g.append(frame, svg("rect", { x, y, width, height: 8, rx: 3, fill: seatColour(p.seat) }));
  g.append(seatMarker(x + 18, y + 26, p.seat, 10));
  const name = p.seat === mySeat ? t("board.you", { name: seatName(names, p.seat) }) : seatName(names, p.seat);
  g.append(fitText(x + 34, y + 31, name + (current ? `  ${t("board.to_move")}` : ""), width - 42 - (current &&
    view.prompt && view.prompt.tile ? S.tileW + 10 : 0),
    { "font-weight": 700, "font-size": S.head }, { minSize: S.small }));
  const placing = current && view.prompt && view.prompt.tile;
  if (placing) {  // the person tile this seat is placing now
    const tile = personTile(x + width - S.tileW - 10, y + 12, S.tileW, S.tileH * 0.8, view.prompt.tile, S);
    g.append(tip(tile, tileTip(view.prompt.tile)));
  }
  const own = p.seat === mySeat ? ctx : NOT_MINE;  // palaces, hands, wall tiles: only mine to click
  const inner = width - 20;
  const first = y + 44 + (placing ? S.tileH * 0.8 - 28 : 0);
  let cy = first;
  for (const part of [
    stats(p, x + 10, cy, inner, S),
    view.options.great_wall !== "off" ? wallTiles(p, x + 10, 0, inner, S, own) : null,
    hand(p, x + 10, 0, inner, S, own),
    palaces(p, x + 10, 0, inner, S, own),
  ]) {
    if (!part) continue;
    if (cy !== first) part.g.setAttribute("transform", `translate(0 ${cy})`);
    g.append(part.g);
    cy += part.h + 8;
  }
  return { g, frame, h: cy - y };
}

// -- the whole board ----------------------------------------------------------------------
export function drawDragon(view, names, mySeat, rawCtx) {
  const ctx = context(rawCtx);
  const narrow = boardWidth(rawCtx) < NARROW_BELOW;
  const W = narrow ? Math.max(320, Math.floor(boardWidth(rawCtx))) : WIDE;
  const S = narrow ? SIZES.narrow : SIZES.wide;
  const pad = narrow ? 8 : 10;
  const width = W - 2 * pad;
  const root = svg("svg", { viewBox: `0 0 ${W} 100`, role: "img", class: `board board-dragon ${narrow ? "narrow" : "wide"}`,
    "aria-label": t("board.dragon.label", { month: view.round }) });
  if (narrow) root.setAttribute("width", W);
  let y = 6;
  const add = (part) => { root.append(part.g); y += part.h + 10; };
  add(eventTrack(view, pad, y, width, S, narrow));
  add(actionGroups(view, names, pad, y, width, S, ctx, narrow));
  add(supply(view, pad, y, width, S, ctx, narrow));
  add(personTrack(view, names, pad, y, width, S));
  // Player areas: side by side when wide, one under another (mine first) when narrow.
  const seats = [...view.players];
  if (narrow && mySeat !== null && mySeat !== undefined) seats.sort((a, b) => (b.seat === mySeat) - (a.seat === mySeat));
  if (narrow) {
    for (const p of seats) {
      const area = playerArea(p, view, names, mySeat, pad, y, width, S, ctx);
      area.frame.setAttribute("height", area.h);
      root.append(area.g);
      y += area.h + 10;
    }
  } else {
    const w = width / seats.length;
    const areas = seats.map((p, i) => playerArea(p, view, names, mySeat, pad + i * w, y, w - 8, S, ctx));
    const h = Math.max(...areas.map((a) => a.h));
    for (const a of areas) { a.frame.setAttribute("height", h); root.append(a.g); }
    y += h + 10;
  }
  root.setAttribute("viewBox", `0 0 ${W} ${Math.ceil(y)}`);
  if (narrow) root.setAttribute("height", Math.ceil(y));
  markRecent(root, rawCtx);
  return root;
}

// What boards.js calls for this game.
export { drawDragon as draw };
