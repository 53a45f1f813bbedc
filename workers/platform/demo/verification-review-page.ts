import { escapeMarkup } from "../../../core/markup";
import { htmlPage } from "../auth/oauth-html";
import { DOCUMENT_NAMES, formatSize } from "./verification-page";
import type { PendingApplicant } from "./verification-review";

/**
 * The demo verification provider's operator console: the applicants waiting for review, each
 * with its uploads (links to view them) and three decisions. Plain forms, no scripts.
 */

export const REVIEW_PATH = "/platform/demo/verification/review";
export const documentPath = (id: string) => `${REVIEW_PATH}/documents/${id}`;
export const KYC_BLOCK_PATH = `${REVIEW_PATH}/kyc-block`;

const name = (a: PendingApplicant) => [a.first_name, a.last_name].filter(Boolean).join(" ") || a.login;

function applicantHtml(a: PendingApplicant): string {
  const uploads = a.documents
    .map((d) => `<li><a href="${documentPath(d.id)}">${d.kind}</a> — ${escapeMarkup(d.content_type)}, ${escapeMarkup(formatSize(d.size))}</li>`)
    .join("");
  const decision = (value: string, label: string, withComment: boolean) => `
    <form method="post" action="${REVIEW_PATH}" style="margin:8px 0">
      <input type="hidden" name="applicant_id" value="${a.id}">
      <input type="hidden" name="decision" value="${value}">
      ${withComment ? `<label for="c-${value}-${a.id}">Comment</label><input type="text" id="c-${value}-${a.id}" name="comment" maxlength="500" required>` : ""}
      ${
        value === "approve"
          ? `<label for="k-${a.id}">Document's country</label><input type="text" id="k-${a.id}" name="country" value="${escapeMarkup(a.country_code ?? "")}" maxlength="2" pattern="[A-Za-z]{2}" style="width:4em">`
          : ""
      }
      <button class="${value === "approve" ? "primary" : "secondary"}" type="submit">${label}</button>
    </form>`;
  return `<article data-testid="review-applicant" data-applicant="${a.id}" style="border-top:1px solid #ccd;padding:12px 0">
    <h2 style="font-size:1.1rem;margin:0 0 4px">${escapeMarkup(name(a))} <small style="display:inline">(${escapeMarkup(a.login)})</small></h2>
    <p>${a.document_type ? escapeMarkup(DOCUMENT_NAMES[a.document_type]) : "No document"} · submitted ${new Date(a.submitted_at ?? a.updated_at).toISOString().slice(0, 16).replace("T", " ")} UTC</p>
    <ul>${uploads}</ul>
    ${decision("approve", "Approve", false)}
    ${decision("retry", "Reject (may retry)", true)}
    ${decision("final", "Reject (final)", true)}
  </article>`;
}

export function reviewPage(applicants: PendingApplicant[], notice = "", status = 200): Response {
  const list = applicants.length ? applicants.map(applicantHtml).join("") : `<p data-testid="review-empty">No applicant is waiting for review.</p>`;
  const body = `<style>main{max-width:760px}</style>
  <div class="brand"><span aria-hidden="true">ID</span>Playfront ID — review</div>
  <h1>Applicants waiting for review</h1>
  <p>The demo verification provider's operator console (not shown in production). A decision is sent to the site by a signed webhook.</p>
  ${notice ? `<p role="status" class="error">${escapeMarkup(notice)}</p>` : ""}
  ${list}
  <h2>Require verification before withdrawals</h2>
  <form method="post" action="${KYC_BLOCK_PATH}">
    <label for="kyc-login">Player's login or email</label><input type="text" id="kyc-login" name="login" maxlength="254" required>
    <label for="kyc-enabled">Switch</label><select id="kyc-enabled" name="enabled"><option value="1">On</option><option value="0">Off</option></select>
    <button class="secondary" type="submit">Set</button>
  </form>`;
  return htmlPage("Verification review", body, status);
}
