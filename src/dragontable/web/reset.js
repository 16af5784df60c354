// The password-reset link: its token is in the URL's fragment; the form posts it with the
// new password. Every session of the account ends; the player then signs in anew.
import { el } from "/static/util.js";
import { t } from "/static/i18n.js";
import { send } from "/static/account.js";
import { linkToken } from "/static/links.js";

const token = linkToken();
const form = document.getElementById("reset");
const result = document.getElementById("result");
if (!token) {
  result.textContent = t("account.link_incomplete");
  document.getElementById("save").disabled = true;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const password = document.getElementById("password").value;
  if (password !== document.getElementById("again").value) {
    result.textContent = t("account.reset.mismatch");
    return;
  }
  const { ok, status, data } = await send("/api/account/reset", { token, password });
  if (ok) {
    form.hidden = true;
    result.replaceChildren(t("account.reset.done", { name: data.name }), " ",
      el("a", { href: "/", id: "to-sign-in" }, t("account.reset.sign_in")));
  } else {
    result.textContent = data.error || t("lobby.error", { status });
  }
  document.dispatchEvent(new CustomEvent("linkdone", { detail: { ok } }));
});
