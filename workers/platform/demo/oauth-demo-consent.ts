import { escapeMarkup } from "../../../core/markup";
import { htmlPage } from "../auth/oauth-html";
import { DEMO_AUTHORIZE_PATH } from "./oauth-demo-client";

/** The authorization request the consent form carries through, unchanged, to its POST. */
export interface ConsentRequest {
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
  scope: string;
}

export interface ConsentForm {
  email: string;
  name: string;
  errors?: { email?: string; name?: string };
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeMarkup(value)}">`;

/**
 * The demo provider's consent page: the person types the email and display name of their demo
 * identity (no password: it is a demo) and allows or denies. A plain form: works without scripts; Allow
 * comes first in the form, so Enter allows.
 */
export function consentPage(req: ConsentRequest, form: ConsentForm, status = 200): Response {
  const { errors = {} } = form;
  const field = (name: "email" | "name", label: string, type: string, autocomplete: string, required: boolean) => `
    <label for="${name}">${label}</label>
    <input id="${name}" name="${name}" type="${type}" value="${escapeMarkup(form[name])}" autocomplete="${autocomplete}"
      maxlength="${name === "email" ? 254 : 50}"${required ? " required" : ""}${errors[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ""}>
    ${errors[name] ? `<p class="error" id="${name}-error">${escapeMarkup(errors[name])}</p>` : ""}`;
  const body = `
  <div class="brand"><span aria-hidden="true">P</span>Playfront ID</div>
  <h1>Sign in to Playfront Casino</h1>
  <p>Playfront Casino will receive:</p>
  <ul><li>your email address</li><li>your name</li></ul>
  <form method="post" action="${DEMO_AUTHORIZE_PATH}" novalidate>
    ${Object.entries(req)
      .map(([k, v]) => hidden(k, v))
      .join("")}
    ${field("email", "Email", "email", "email", true)}
    ${field("name", "Display name", "text", "name", false)}
    <div class="actions" style="flex-direction:row-reverse">
      <button class="primary" type="submit" name="decision" value="allow">Allow</button>
      <button class="secondary" type="submit" name="decision" value="deny" formnovalidate>Deny</button>
    </div>
  </form>
  <small>Playfront ID is a demo identity provider: any email works and no password is asked. The same email is always the same identity.</small>`;
  return htmlPage("Sign in with Playfront ID", body, status);
}
