// The change-password form of one's own profile: the current password and the new one
// twice; the server ends the account's other sessions and keeps this one.
import { t } from "/static/i18n.js";
import { me, send } from "/static/account.js";

async function change(form, done) {
  const values = Object.fromEntries(new FormData(form));
  if (values.password !== values.repeat) {
    done.textContent = t("password.differ");
    return;
  }
  const body = { current: values.current, password: values.password };
  const { ok, status, data } = await send("/api/me/password", body);
  if (!ok) {
    done.textContent = data.error || t("lobby.error", { status });
    return;
  }
  form.reset();
  form.elements.username.value = me?.name || "";
  done.textContent = t("password.changed", { n: data.sessions_ended });
}

// Wire the form (#password-form) and its status line (#password-done) once.
export function mountPasswordForm() {
  const form = document.getElementById("password-form");
  const done = document.getElementById("password-done");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    done.textContent = "";
    change(form, done);
  });
  return (user) => { form.elements.username.value = user?.name || ""; };
}
