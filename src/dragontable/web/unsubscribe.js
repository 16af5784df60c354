// One click stops the "your turn" e-mails: the link's token names the account.
import { t } from "/static/i18n.js";

const token = decodeURIComponent(location.pathname.split("/").pop());

document.getElementById("unsubscribe").addEventListener("click", async () => {
  const resp = await fetch(`/api/unsubscribe/${encodeURIComponent(token)}`, { method: "POST" });
  const data = await resp.json();
  const result = document.getElementById("result");
  result.textContent = resp.ok ? t("unsubscribe.done", { name: data.name }) : data.error || t("lobby.error", { status: resp.status });
  document.getElementById("unsubscribe").disabled = resp.ok;
});
