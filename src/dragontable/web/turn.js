// The decision in front of the seat: pickers for the choices that have no place on the board,
// the menu for a board element that carries several choices, and rule bubbles on tap.
//
// Every word comes from the server's choices (label, detail) or t(): the page never shows
// notation. A choice is on the board when the board bound an element to it (data-action, or
// data-actions for an element with a menu); every other choice gets a picker button.
import { moreLink } from "/static/rules-link.js";
import { el, svg } from "/static/util.js";
import { icon } from "/static/icons.js";
import { t } from "/static/i18n.js";

// What the drawn board offers: the actions its elements play (single-choice elements and
// menu elements) and the target ids of every element it draws.
function onBoard(board) {
  const actions = new Set();
  for (const node of board.querySelectorAll(".legal[data-action]")) actions.add(node.getAttribute("data-action"));
  for (const node of board.querySelectorAll(".legal[data-actions]")) {
    for (const a of node.getAttribute("data-actions").split("\n")) actions.add(a);
  }
  const targets = new Set([...board.querySelectorAll("[data-target]")].map((n) => n.getAttribute("data-target")));
  return { actions, targets };
}

// A picker button: the icon, the label and, smaller, what the choice gives and costs.
function pickerButton(choice, act) {
  const attrs = { type: "button", class: "pick", "data-action": choice.action, "data-kind": choice.kind };
  const parts = [];
  if (choice.icon) {
    parts.push(svg("svg", { class: "pick-icon", viewBox: "0 0 24 24", width: 24, height: 24, "aria-hidden": "true" },
      icon(choice.icon, 2, 2, 20)));
  }
  const words = el("span", { class: "pick-words" }, el("span", { class: "pick-label" }, choice.label));
  if (choice.detail) words.append(el("span", { class: "pick-detail" }, choice.detail));
  parts.push(words);
  const b = el("button", attrs, ...parts);
  b.addEventListener("click", () => act(choice.action));
  return b;
}

// The pickers for the choices the board does not show, grouped by kind.
export function showPickers(box, choices, board, act) {
  const drawn = onBoard(board);
  const groups = new Map();
  for (const c of choices) {
    // On the board: bound to an element, or at an element the board draws (it offers that
    // element's other choices its own way, e.g. Chang Cheng's mode chips).
    // A choice of two elements (Dragon's pair of persons, `tiles`) keeps its picker too.
    if (!c.tiles && (drawn.actions.has(c.action) || (c.target && drawn.targets.has(c.target)))) continue;
    if (!groups.has(c.kind)) groups.set(c.kind, []);
    groups.get(c.kind).push(c);
  }
  box.replaceChildren(...[...groups.values()].map((list) =>
    el("div", { class: "group", role: "group" }, ...list.map((c) => pickerButton(c, act)))));
  const hint = choices.length && !groups.size ? t("table.click_board") : "";
  box.dataset.hint = hint;
  if (hint) box.append(el("p", { class: "muted board-hint" }, hint));
}

// When it is my turn and none of the decision's targets (its pickers, the board's elements)
// can be tapped where it is, scroll them into the part of the window below the sticky turn
// bar: all of them if they fit there, else the first one at the top of it.
const DECISIONS = "#actions button.pick, #board .legal";

function tappable(node) {
  const r = node.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width === 0 || x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return Boolean(hit && (hit === node || node.contains(hit)));
}

export function bringIntoView() {
  const targets = [...document.querySelectorAll(DECISIONS)];
  if (!targets.length || targets.some(tappable)) return;
  targets[0].scrollIntoView({ block: "nearest", inline: "center" });  // sideways inside the board
  for (let k = 0; k < 3; k++) {  // the bar sticks only once the page has scrolled past it
    const top = document.getElementById("turn").getBoundingClientRect().bottom + 8;
    const rects = targets.map((n) => n.getBoundingClientRect());
    const first = rects[0];
    const union = { top: Math.min(...rects.map((r) => r.top)), bottom: Math.max(...rects.map((r) => r.bottom)) };
    const room = window.innerHeight - top;
    const dy = union.bottom - union.top <= room ? union.top - top - (room - (union.bottom - union.top)) / 2 : first.top - top;
    if (Math.abs(dy) < 1) break;
    window.scrollBy(0, dy);
  }
}

// -- the menu of several choices on one board element ----------------------------------
let menuOwner = null;

export function closeMenu() {
  hideConfirm();
  const menu = document.getElementById("choice-menu");
  if (!menu || menu.hidden) return;
  menu.hidden = true;
  menu.replaceChildren();
  if (menuOwner && document.contains(menuOwner)) menuOwner.focus?.();
  menuOwner = null;
}

function place(menu, node) {
  const box = node.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  menu.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + window.innerWidth - width - 8));
  menu.style.left = `${left}px`;
  menu.style.top = `${box.bottom + window.scrollY + 6}px`;
}

// Opens the menu of `choices` under board element `node`; picking one plays it.
export function makeMenu(act) {
  return (node, choices) => {
    const menu = document.getElementById("choice-menu");
    menuOwner = node;
    const items = choices.map((c) => {
      const b = el("button", { type: "button", role: "menuitem", "data-action": c.action }, c.label);
      b.addEventListener("click", (e) => { e.stopPropagation(); closeMenu(); act(c.action); });
      return b;
    });
    const cancel = el("button", { type: "button", role: "menuitem", class: "secondary" }, t("table.cancel"));
    cancel.addEventListener("click", (e) => { e.stopPropagation(); closeMenu(); });
    menu.replaceChildren(...items, cancel);
    menu.hidden = false;
    place(menu, node);
    items[0]?.focus();
  };
}

function menuKeys(e) {
  const menu = document.getElementById("choice-menu");
  if (menu.hidden) return;
  const items = [...menu.querySelectorAll("button")];
  const at = items.indexOf(document.activeElement);
  if (e.key === "Escape") { e.preventDefault(); closeMenu(); } else if (e.key === "ArrowDown") {
    e.preventDefault(); items[(at + 1) % items.length].focus();
  } else if (e.key === "ArrowUp") {
    e.preventDefault(); items[(at - 1 + items.length) % items.length].focus();
  }
}

// -- a tap on a touch screen: the first shows the element's label and rule, Play plays it ---
let lastPointer = "mouse";

// Whether the tap that is being handled came from a finger (and the player wants to confirm).
export function confirmsTap(playsAtOnce) {
  return lastPointer === "touch" && !playsAtOnce;
}

function hideConfirm() {
  const box = document.getElementById("tap-confirm");
  if (box) box.hidden = true;
}

export function confirmTap(node, choice, act) {
  const box = document.getElementById("tap-confirm");
  const play = el("button", { type: "button", id: "tap-play" }, t("table.play"));
  play.addEventListener("click", (e) => { e.stopPropagation(); hideConfirm(); act(choice.action); });
  const cancel = el("button", { type: "button", class: "secondary", id: "tap-cancel" }, t("table.cancel"));
  cancel.addEventListener("click", (e) => { e.stopPropagation(); hideConfirm(); });
  const rule = node.getAttribute("data-tip");
  box.replaceChildren(el("p", { class: "tap-label" }, choice.label),
    ...(rule ? [el("p", { class: "tap-rule" }, rule)] : []), el("div", { class: "tap-buttons" }, play, cancel));
  box.hidden = false;
  place(box, node);
  play.focus();
}

// -- rule bubbles: a tap (or click) on a board element with data-tip shows its rule --------
function showTip(node) {
  const bubble = document.getElementById("tip-bubble");
  bubble.textContent = node.getAttribute("data-tip");
  const more = moreLink(node);  // the rule's section of the rules page, if it names one
  if (more) bubble.append(" ", more);
  bubble.hidden = false;
  place(bubble, node);
}

function hideTip() {
  const bubble = document.getElementById("tip-bubble");
  if (bubble) bubble.hidden = true;
}

// Wires the menu's keys, closing on an outside click, and the rule bubbles of the board.
export function setupTurn(board) {
  document.addEventListener("keydown", menuKeys);
  document.addEventListener("pointerdown", (e) => { lastPointer = e.pointerType; }, { capture: true });
  document.addEventListener("keydown", () => { lastPointer = "keyboard"; }, { capture: true });
  document.addEventListener("click", (e) => {
    const menu = document.getElementById("choice-menu");
    if (!menu.hidden && !menu.contains(e.target)) closeMenu();
    const confirm = document.getElementById("tap-confirm");
    if (!confirm.hidden && !confirm.contains(e.target)) hideConfirm();
    const tipped = e.target.closest && e.target.closest("[data-tip]");
    if (tipped && board.contains(tipped) && !tipped.closest(".legal")) showTip(tipped);
    else hideTip();
  });
  window.addEventListener("scroll", hideTip, { passive: true });
}
