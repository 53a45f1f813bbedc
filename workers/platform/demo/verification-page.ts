import type { DocumentType } from "../../../core/api/contract-verification";
import { escapeMarkup } from "../../../core/markup";
import { htmlPage } from "../auth/oauth-html";
import { DEMO_VERIFICATION_PATH } from "./verification-provider";
import { requiredKinds, type ApplicantRow, type DocumentKind, type DocumentRow } from "./verification-store";

/**
 * The demo verification provider's hosted page, embeddable in the site's frame: plain HTML forms
 * (no scripts), one step at a time — the document, its sides, a selfie, then "Submit for review".
 * Texts are the provider's own, in English, as a real hosted page's.
 */

export const DOCUMENT_NAMES: Record<DocumentType, string> = { passport: "Passport", id_card: "ID card", driving_licence: "Driving licence" };
export const KIND_NAMES: Record<DocumentKind, string> = { front: "Front side", back: "Back side", selfie: "Selfie" };
const DOCUMENT_ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";
const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";
const BRAND = `<div class="brand"><span aria-hidden="true">ID</span>Playfront ID</div>`;

export const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

const action = (token: string) => `${DEMO_VERIFICATION_PATH}?token=${encodeURIComponent(token)}`;

function errorsHtml(errors: string[]): string {
  return errors.length
    ? `<div role="alert" class="error" data-testid="verification-errors"><ul>${errors.map((e) => `<li>${escapeMarkup(e)}</li>`).join("")}</ul></div>`
    : "";
}

function uploadedHtml(documents: DocumentRow[], kinds: DocumentKind[]): string {
  const shown = documents.filter((d) => kinds.includes(d.kind));
  if (!shown.length) return "";
  return `<ul data-testid="verification-uploaded">${shown.map((d) => `<li>${KIND_NAMES[d.kind]}: uploaded (${escapeMarkup(formatSize(d.size))})</li>`).join("")}</ul>`;
}

function fileInput(kind: DocumentKind, accept: string, present: boolean): string {
  return `<label for="${kind}">${KIND_NAMES[kind]}${present ? " (uploaded: choose a file to replace it)" : ""}</label>
    <input id="${kind}" name="${kind}" type="file" accept="${accept}"${present ? "" : " required"}>`;
}

const form = (token: string, step: string, inner: string, multipart = false) =>
  `<form method="post" action="${escapeMarkup(action(token))}"${multipart ? ` enctype="multipart/form-data"` : ""}>
    <input type="hidden" name="step" value="${step}">${inner}</form>`;

function chooseDocument(token: string): string {
  const options = (Object.keys(DOCUMENT_NAMES) as DocumentType[])
    .map(
      (t, i) =>
        `<label style="font-weight:400"><input type="radio" name="document_type" value="${t}"${i === 0 ? " checked" : ""}> ${DOCUMENT_NAMES[t]}</label>`,
    )
    .join("");
  return `<h1>Step 1 of 3: your document</h1><p>Which document will you show?</p>
  ${form(token, "document_type", `<fieldset style="border:0;padding:0">${options}</fieldset><div class="actions"><button class="primary" type="submit">Continue</button></div>`)}`;
}

function uploadSides(token: string, a: ApplicantRow, docs: DocumentRow[]): string {
  const sides = requiredKinds(a.document_type).filter((k) => k !== "selfie");
  const has = (k: DocumentKind) => docs.some((d) => d.kind === k);
  return `<h1>Step 2 of 3: ${escapeMarkup(DOCUMENT_NAMES[a.document_type!])}</h1>
  <p>Upload a photo or a PDF scan of ${sides.length > 1 ? "both sides" : "the photo page"} (JPEG, PNG, WebP or PDF, at most 5 MB each).</p>
  ${uploadedHtml(docs, sides)}
  ${form(token, "documents", `${sides.map((k) => fileInput(k, DOCUMENT_ACCEPT, has(k))).join("")}<div class="actions"><button class="primary" type="submit">Upload</button></div>`, true)}
  ${form(token, "change_document", `<div class="actions"><button class="secondary" type="submit">Choose another document</button></div>`)}`;
}

function uploadSelfie(token: string, docs: DocumentRow[]): string {
  return `<h1>Step 3 of 3: a selfie</h1><p>Take a clear photo of your face (JPEG, PNG or WebP, at most 5 MB).</p>
  ${uploadedHtml(docs, ["front", "back"])}
  ${form(token, "selfie", `${fileInput("selfie", IMAGE_ACCEPT, false)}<div class="actions"><button class="primary" type="submit">Upload</button></div>`, true)}`;
}

function readyToSubmit(token: string, a: ApplicantRow, docs: DocumentRow[]): string {
  return `<h1>Ready to submit</h1><p>${escapeMarkup(DOCUMENT_NAMES[a.document_type!])} and selfie are uploaded.</p>
  ${uploadedHtml(docs, ["front", "back", "selfie"])}
  ${form(token, "submit", `<div class="actions"><button class="primary" type="submit">Submit for review</button></div>`)}`;
}

const STATUS_TEXT: Record<Exclude<ApplicantRow["status"], "init">, [string, string]> = {
  pending: ["Submitted for review", "Thank you. Your documents are being checked; the site will tell you the result."],
  approved: ["Verified", "Your identity is verified."],
  rejected_retry: ["Not accepted", "Your documents were not accepted. Start a new verification from the site."],
  rejected_final: ["Verification refused", "Your identity could not be verified. Contact the site's support."],
};

/** Where the last screen leads back: the site's verification page (the whole tab, also from a frame). */
export const SITE_VERIFICATION_PATH = "/profile/verification";

/**
 * Tells the site's page that frames this one that the documents are submitted, as Sumsub's SDK
 * does: to the site's own origin only (the page is served from it), and only when framed.
 */
const SUBMITTED_SCRIPT = `parent!==window&&parent.postMessage({type:"playfront:verification",status:"pending"},location.origin)`;

function statusBody(a: ApplicantRow, nonce: string | null): string {
  const [title, text] = STATUS_TEXT[a.status as Exclude<ApplicantRow["status"], "init">];
  const comment = a.review_comment ? `<p>Reviewer's note: ${escapeMarkup(a.review_comment)}</p>` : "";
  const script = a.status === "pending" && nonce ? `<script nonce="${escapeMarkup(nonce)}">${SUBMITTED_SCRIPT}</script>` : "";
  return `<h1 data-testid="verification-status" data-status="${a.status}">${title}</h1><p>${text}</p>${comment}
  <div class="actions"><a class="button secondary" href="${SITE_VERIFICATION_PATH}" target="_top">Back to the site</a></div>${script}`;
}

/** The page of an attempt, at the step its uploads have reached; `nonce`: the response's CSP nonce, for the submitted screen's script. */
export function verificationPage(
  token: string,
  a: ApplicantRow,
  docs: DocumentRow[],
  errors: string[] = [],
  status = 200,
  nonce: string | null = null,
): Response {
  let body: string;
  if (a.status !== "init") {
    body = statusBody(a, nonce);
  } else {
    const missing = requiredKinds(a.document_type).filter((k) => !docs.some((d) => d.kind === k));
    if (!a.document_type) body = chooseDocument(token);
    else if (missing.some((k) => k !== "selfie")) body = uploadSides(token, a, docs);
    else if (missing.length) body = uploadSelfie(token, docs);
    else body = readyToSubmit(token, a, docs);
  }
  return htmlPage("Verify your identity", `${BRAND}${errorsHtml(errors)}${body}<small>Playfront ID is a demo verification service.</small>`, status);
}

/** An unknown (404) or expired (410) link: the site gives a new one. */
export function tokenProblemPage(state: "unknown" | "expired"): Response {
  const [status, title, text] =
    state === "expired"
      ? [410, "This verification link has expired", "Links are valid for 10 minutes. Open the verification again from the site."]
      : [404, "Verification link not found", "This link is not valid. Open the verification again from the site."];
  return htmlPage(title, `${BRAND}<h1>${title}</h1><p>${text}</p>`, status);
}
