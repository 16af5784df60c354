// The confirmation link of an e-mail address: its token is in the URL's fragment (never
// sent to the server by the browser, so in no log); one click posts it.
import { t } from "/static/i18n.js";
import { send } from "/static/account.js";
import { linkToken } from "/static/links.js";

const token = linkToken();
const button = document.getElementById("confirm");
const result = document.getElementById("result");
if (!token) {
  result.textContent = t("account.link_incomplete");
  button.disabled = true;
}

button.addEventListener("click", async () => {
  const { ok, status, data } = await send("/api/account/confirm", { token });
  result.textContent = ok ? t("account.confirm.done", { email: data.email, name: data.name })
    : data.error || t("lobby.error", { status });
  button.disabled = true;
  document.dispatchEvent(new CustomEvent("linkdone", { detail: { ok } }));
});
