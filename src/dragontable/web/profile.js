// A player's profile: games played and rating per game, recent tables with their replays;
// on one's own profile, the language and e-mail settings and the password.
import { el, seatColour } from "/static/util.js";
import { LANGUAGES, lang, setLang, t } from "/static/i18n.js";
import { loadMe, me, mountAccount, profileLink, ratingNode, ratingTitle, send } from "/static/account.js";
import { mountPasswordForm } from "/static/profile-password.js";

const name = decodeURIComponent(location.pathname.split("/").pop());
let GAMES = {};
const showPasswordUser = mountPasswordForm();

async function load() {
  GAMES = Object.fromEntries((await (await fetch(`/api/games?lang=${lang}`)).json()).map((g) => [g.name, g]));
  const resp = await fetch(`/api/users/${encodeURIComponent(name)}?lang=${lang}`);
  const data = await resp.json();
  const error = document.getElementById("error");
  error.textContent = resp.ok ? "" : data.error || t("lobby.error", { status: resp.status });
  if (!resp.ok) return;
  document.getElementById("name").textContent = data.name;
  document.title = `dragontable — ${data.name}`;
  const since = data.created_at ? new Date(data.created_at).toLocaleDateString(lang) : "";
  document.getElementById("since").textContent = t("profile.since", { date: since });
  showRatings(data);
  showRecent(data.recent);
  showSettings(data);
}

function showRatings(data) {
  const games = [...new Set([...Object.keys(data.games), ...Object.keys(data.ratings)])].sort();
  const rows = games.map((g) => {
    const r = data.ratings[g];
    return el("tr", { "data-game": g }, el("td", {}, GAMES[g]?.label || g),
      el("td", { class: "num" }, String(data.games[g] || 0)),
      el("td", { class: "num", title: r ? ratingTitle(r) : "" }, r ? r.ordinal.toFixed(1) : "–"),
      el("td", { class: "num" }, r ? `± ${r.sigma.toFixed(1)}` : "–"),
      el("td", { class: "num" }, String(r ? r.games : 0)));
  });
  if (!rows.length) rows.push(el("tr", {}, el("td", { colspan: "5", class: "muted" }, t("profile.no_games"))));
  document.getElementById("ratings").replaceChildren(...rows);
}

function players(tb) {
  return tb.seats.map((s) => el("div", {},
    el("span", { class: "seat-dot", style: `background:${seatColour(s.seat)}` }),
    s.account ? profileLink(s.account) : s.name, ...(s.rating ? [" ", ratingNode(s.rating)] : [])));
}

function showRecent(recent) {
  const rows = recent.map((tb) => {
    const links = [el("a", { href: tb.url }, t(tb.status === "finished" ? "lobby.results" : "lobby.play"))];
    if (tb.replay) links.push(" · ", el("a", { href: tb.replay, class: "replay" }, t("lobby.replay")));
    return el("tr", { "data-table": tb.id }, el("td", {}, el("code", {}, tb.id)),
      el("td", {}, `${GAMES[tb.game]?.label || tb.title} (${tb.players})`), el("td", {}, ...players(tb)),
      el("td", { class: `status-${tb.status}` }, t(`status.${tb.status}`, {}, tb.status)),
      el("td", {}, tb.place ? t("profile.place", { place: tb.place, players: tb.players }) : ""),
      el("td", {}, ...links));
  });
  if (!rows.length) rows.push(el("tr", {}, el("td", { colspan: "6", class: "muted" }, t("profile.no_tables"))));
  document.getElementById("recent").replaceChildren(...rows);
}

function showSettings(data) {
  const mine = me && me.name === data.name;
  document.getElementById("settings-section").hidden = !mine;
  if (!mine) return;
  const select = document.getElementById("pref-lang");
  select.replaceChildren(...Object.entries(LANGUAGES).map(([code, label]) => new Option(label, code)));
  select.value = me.lang;
  document.getElementById("pref-email").value = me.email || "";
  document.getElementById("pref-mail").checked = !me.email_opt_out;
  showPasswordUser(me);
  showEmailState();
  document.getElementById("pref-handover").value = me.handover_rating || "unrated";
}

// Whether the address is confirmed; a button to mail the confirmation link again.
function showEmailState() {
  const state = document.getElementById("email-state");
  state.textContent = !me.email ? "" : t(me.email_verified ? "profile.email_confirmed" : "profile.email_unconfirmed");
  state.dataset.verified = String(Boolean(me.email_verified));
  document.getElementById("resend").hidden = !me.email || me.email_verified;
}

const CONFIRMATION = {
  sent: "profile.confirmation.sent",
  later: "profile.confirmation.later",
  suppressed: "profile.confirmation.suppressed",
  no_mail: "profile.confirmation.no_mail",
};

// What became of a confirmation mail, in the page's language.
function confirmationText(c) {
  const time = c.retry_at ? new Date(c.retry_at).toLocaleString(lang) : "";
  return t(CONFIRMATION[c.status] || "profile.confirmation.no_mail", { email: c.to, time });
}

async function resend() {
  const { ok, status, data } = await send("/api/me/confirm-email");
  const done = document.getElementById("settings-done");
  done.textContent = data.confirmation ? confirmationText(data.confirmation)
    : ok ? "" : data.error || t("lobby.error", { status });
}

async function save(event) {
  event.preventDefault();
  const body = {
    lang: document.getElementById("pref-lang").value,
    email: document.getElementById("pref-email").value.trim() || null,
    email_opt_out: !document.getElementById("pref-mail").checked,
    handover_rating: document.getElementById("pref-handover").value,
  };
  const { ok, status, data } = await send("/api/me", body);
  const done = document.getElementById("settings-done");
  const saved = data.confirmation ? `${t("profile.saved")} ${confirmationText(data.confirmation)}` : t("profile.saved");
  done.textContent = ok ? saved : data.error || t("lobby.error", { status });
  if (ok) {
    await loadMe();
    showEmailState();
    if (body.lang !== lang) await setLang(body.lang);
  }
}

document.getElementById("settings").addEventListener("submit", save);
document.getElementById("resend").addEventListener("click", resend);
document.addEventListener("langchange", load);
await loadMe();
mountAccount(document.getElementById("account"), load);
load();
