// The player's account in every page's header: sign up, sign in, sign out; the session's
// CSRF token for every state-changing request (send() adds it); ratings as shown text.
import { el } from "/static/util.js";
import { chosenLang, lang, setLang, t } from "/static/i18n.js";

export let me = null;
let csrf = null;

// The signed-in account ({name, email, email_verified, lang, email_opt_out}) or null.
export async function loadMe() {
  const resp = await fetch("/api/me");
  const data = resp.ok ? await resp.json() : { user: null };
  me = data.user;
  csrf = data.csrf || null;
  // A browser that never chose a language takes the account's.
  if (me && !chosenLang() && me.lang && me.lang !== lang) await setLang(me.lang);
  return me;
}

// The language follows the player: one chosen on any page is kept in the account too.
document.addEventListener("langchosen", (event) => {
  if (!me || me.lang === event.detail) return;
  me.lang = event.detail;
  send("/api/me", { lang: event.detail });
});

// A state-changing request with a JSON body; signed in, it carries the CSRF token.
// Returns { ok, status, data } (data.error says why a refusal was made).
export async function send(url, body = null) {
  const headers = { "content-type": "application/json" };
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const resp = await fetch(url, { method: "POST", headers, body: JSON.stringify(body ?? {}) });
  let data = {};
  try { data = await resp.json(); } catch { /* no JSON body */ }
  return { ok: resp.ok, status: resp.status, data };
}

// A rating as pages show it: the conservative rating (mu - 3 sigma) and its uncertainty.
export function ratingText(r) {
  return t("account.rating_value", { ordinal: r.ordinal.toFixed(1), sigma: r.sigma.toFixed(1) });
}

export function ratingTitle(r) {
  return t("account.rating_title", { mu: r.mu.toFixed(1), sigma: r.sigma.toFixed(1), n: r.games });
}

export function ratingNode(r) {
  return el("span", { class: "rating", title: ratingTitle(r) }, ratingText(r));
}

export function profileLink(name) {
  return el("a", { href: `/profile/${encodeURIComponent(name)}`, class: "account" }, name);
}

function field(key, attrs) {
  return el("label", {}, t(key), el("input", attrs));
}

function signedOut(box, onChange) {
  const error = el("p", { class: "error", role: "alert", id: "account-error" });
  const form = el("form", { id: "account-form", class: "account-form" },
    field("account.name", { name: "name", autocomplete: "username", required: "", maxlength: "32" }),
    field("account.password", { name: "password", type: "password", autocomplete: "current-password", required: "" }),
    field("account.email", { name: "email", type: "email", autocomplete: "email" }),
    el("button", { type: "submit", value: "signin", id: "sign-in" }, t("account.sign_in")),
    el("button", { type: "submit", value: "signup", id: "sign-up", class: "secondary" }, t("account.sign_up")),
    el("a", { href: "/account/forgot", id: "forgot-link" }, t("account.forgot")),
    error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(form));
    const up = event.submitter?.value === "signup";
    const body = up ? { ...values, lang } : { name: values.name, password: values.password };
    const { ok, status, data } = await send(`/api/account/${up ? "signup" : "signin"}`, body);
    if (!ok) { error.textContent = data.error || t("lobby.error", { status }); return; }
    await loadMe();
    if (me && !up) await setLang(me.lang);
    onChange();
  });
  box.replaceChildren(el("details", { class: "account-box" },
    el("summary", { id: "account-open" }, t("account.sign_in_or_up")), form));
}

function signedIn(box, onChange) {
  const out = el("button", { type: "button", class: "secondary", id: "sign-out" }, t("account.sign_out"));
  out.addEventListener("click", async () => {
    await send("/api/account/signout");
    await loadMe();
    onChange();
  });
  box.replaceChildren(el("span", { id: "signed-in" }, t("account.signed_in_as"), " ", profileLink(me.name)),
    " · ", el("a", { href: "/mine", id: "mine-link" }, t("account.my_tables")), " ", out);
}

// Draw the header's account box into `box`; `onChange()` runs after signing in or out.
export function mountAccount(box, onChange = () => {}) {
  const draw = () => (me ? signedIn(box, redraw) : signedOut(box, redraw));
  const redraw = () => { draw(); onChange(); };
  draw();
  document.addEventListener("langchange", draw);
}
