// The page's language: UI strings from /static/locales/<lang>.json, t(), the switcher.
//
// The language is ?lang= if given (every link of the site carries it, and the browser keeps
// it), else the one chosen before (localStorage), else the browser's, else English; a
// signed-in player's account keeps it too (account.js). setLang() loads a locale,
// retranslates every element marked data-i18n (text), data-i18n-placeholder,
// data-i18n-title or data-i18n-aria-label, sets <html lang>, keeps the choice (firing
// "langchosen") and fires a "langchange" event on document for what the page draws itself.

export const LANGUAGES = { en: "English", pl: "Polski", uk: "Українська", zh: "中文" };
const STORE = "dragontable.lang";
const HTML_LANG = { en: "en", pl: "pl", uk: "uk", zh: "zh-Hans" };

let english = {};
let strings = {};
export let lang = pickLang();

function remembered() {
  try { return localStorage.getItem(STORE); } catch { return null; }
}

function keep(code) {
  try { localStorage.setItem(STORE, code); } catch { /* private mode: the links keep it */ }
}

// The language this browser chose (or was given by a link of the site), or null.
export function chosenLang() {
  const code = remembered();
  return code in LANGUAGES ? code : null;
}

function pickLang() {
  const given = new URLSearchParams(location.search).get("lang");
  if (given in LANGUAGES) { keep(given); return given; }
  const wanted = [remembered(), ...(navigator.languages || [navigator.language])];
  for (const w of wanted) {
    const code = String(w || "").slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

async function fetchLocale(code) {
  const resp = await fetch(`/static/locales/${code}.json`);
  return resp.ok ? resp.json() : {};
}

// Which of the language's plural forms (one, few, many) goes with n; as core/messages.py.
function pluralForm(n) {
  n = Math.abs(n);
  if (lang === "pl" || lang === "uk") {
    if (n === 1 || (lang === "uk" && n % 10 === 1 && n % 100 !== 11)) return 0;
    return n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14) ? 1 : 2;
  }
  return n === 1 ? 0 : 1;
}

// t("table.you_are", {name: "Ann"}) -> "you are Ann"; {n[one|few|many]} gives a number its
// noun ("3 akcje"). A missing key falls back to English, then to `fallback` (default: the key).
export function t(key, params = {}, fallback = key) {
  const text = strings[key] ?? english[key] ?? fallback;
  return String(text).replace(/\{(\w+)(?:\[([^\]]*)\])?\}/g, (m, name, forms) => {
    if (!(name in params)) return m;
    if (forms === undefined) return String(params[name]);
    const words = forms.split("|");
    return `${params[name]} ${words[Math.min(pluralForm(Number(params[name])), words.length - 1)]}`;
  });
}

// A bot level in the page's language: "mcts:300" -> "looks ahead, quickly"; a level
// without words of its own -> its kind's name and budget ("MCTS 5s").
export function botName(level) {
  const words = t(`bot.level.${level}`, {}, "");
  if (words) return words;
  const [kind, budget] = String(level).split(":");
  const name = t(`bot.${kind}`, {}, kind);
  return budget ? `${name} ${budget}` : name;
}

export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) {
    node.placeholder = t(node.dataset.i18nPlaceholder);
  }
  for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
  for (const node of root.querySelectorAll("[data-i18n-aria-label]")) {
    node.setAttribute("aria-label", t(node.dataset.i18nAriaLabel));
  }
}

// Switch to `code` (en, pl, uk, zh): load, retranslate, remember, announce.
export async function setLang(code, { remember = true } = {}) {
  if (!(code in LANGUAGES)) code = "en";
  strings = code === "en" ? english : await fetchLocale(code);
  lang = code;
  document.documentElement.lang = HTML_LANG[code];
  translatePage();
  const select = document.getElementById("lang");
  if (select) select.value = code;
  langLinks(document);
  if (remember) {
    keep(code);
    const url = new URL(location.href);
    url.searchParams.set("lang", code);
    history.replaceState(history.state, "", url);
    document.dispatchEvent(new CustomEvent("langchosen", { detail: code }));
  }
  document.dispatchEvent(new CustomEvent("langchange", { detail: code }));
}

// Every link to a page of the site carries the page's language (?lang=), so that what it
// opens speaks it too, in this tab or another; /api/ and /static/ are no pages.
const PAGE_PATH = /^\/(?!api\/|static\/)/;

export function withLang(href) {
  if (!href || href.startsWith("#")) return href;
  const url = new URL(href, location.href);
  if (url.origin !== location.origin || !PAGE_PATH.test(url.pathname)) return href;
  url.searchParams.set("lang", lang);
  return /^[a-z]+:/i.test(href) ? url.href : url.pathname + url.search + url.hash;
}

function langLink(a) {
  const href = a.getAttribute("href");
  const carried = withLang(href);
  if (carried !== href) a.setAttribute("href", carried);
}

function langLinks(root) {
  if (root.tagName === "A" && root.hasAttribute("href")) langLink(root);
  for (const a of root.querySelectorAll?.("a[href]") || []) langLink(a);
}

// Links drawn later (lists, invitations, the end screen) get the language as they come.
new MutationObserver((records) => {
  for (const r of records) {
    if (r.type === "attributes") langLinks(r.target);
    for (const node of r.addedNodes) if (node.nodeType === 1) langLinks(node);
  }
}).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["href"] });

function mountSwitcher() {
  const select = document.getElementById("lang");
  if (!select) return;
  select.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => new Option(name, code)));
  select.value = lang;
  select.addEventListener("change", () => setLang(select.value));
}

english = await fetchLocale("en");
mountSwitcher();
await setLang(lang, { remember: false });
