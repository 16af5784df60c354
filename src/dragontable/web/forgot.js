// Asking for a password-reset link: the answer is the same whether or not the account
// exists; the link goes only to the account's confirmed address.
import { t } from "/static/i18n.js";
import { send } from "/static/account.js";

const form = document.getElementById("forgot");
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = document.getElementById("who").value.trim();
  const { ok, status, data } = await send("/api/account/reset-request", { name });
  document.getElementById("result").textContent = ok ? t("account.forgot.sent")
    : data.error || t("lobby.error", { status });
});
