import { Hono, type Context } from "hono";
import { DocumentType } from "../../../core/api/contract-verification";
import { publish } from "../../realtime/publish";
import { VERIFICATION_EVENT } from "../verification/webhook";
import { checkUpload, MAX_UPLOAD_BYTES } from "./verification-files";
import { requestNonce } from "./game-page";
import { KIND_NAMES, tokenProblemPage, verificationPage } from "./verification-page";
import { DEMO_VERIFICATION_PATH } from "./verification-provider";
import { demoOnly } from "./switches";
import {
  chooseDocumentType,
  listDocuments,
  requiredKinds,
  resolveToken,
  saveDocument,
  submitApplicant,
  type ApplicantRow,
  type DocumentKind,
} from "./verification-store";

/**
 * The demo verification provider's hosted page, `GET|POST /platform/demo/verification?token=…`:
 * each POST does one step and answers 303 back to the page (which shows the next step), or the
 * same step again with what went wrong (400; uploads already made are kept).
 */
export const verificationPageRoutes = new Hono<{ Bindings: Env }>();

type Ctx = Context<{ Bindings: Env }>;
// Off (production unless named in DEMO_PROVIDERS): the page is not found; the review console under it neither.
verificationPageRoutes.use(DEMO_VERIFICATION_PATH, demoOnly("verification"));
/** Two sides of 5 MB and the form around them; a larger body is refused before it is read. */
const MAX_BODY = 2 * MAX_UPLOAD_BYTES + 64 * 1024;
const KIND_LABEL: Record<DocumentKind, string> = { front: "the front side", back: "the back side", selfie: "the selfie" };

const back = (token: string) =>
  new Response(null, { status: 303, headers: { location: `${DEMO_VERIFICATION_PATH}?token=${encodeURIComponent(token)}`, "cache-control": "no-store" } });

async function showPage(c: Ctx, token: string, applicant: ApplicantRow, errors: string[] = [], status = 200) {
  return verificationPage(token, applicant, await listDocuments(c.env.DB, applicant.id), errors, status, requestNonce(c.req.raw.headers));
}

verificationPageRoutes.get(DEMO_VERIFICATION_PATH, async (c) => {
  const token = c.req.query("token") ?? "";
  const found = await resolveToken(c.env.DB, token, Date.now());
  if (found.state !== "valid") return tokenProblemPage(found.state);
  return showPage(c, token, found.applicant);
});

/** Stores each chosen file of `kinds` that passes; answers what was wrong with the others. */
async function upload(c: Ctx, applicant: ApplicantRow, form: FormData, kinds: DocumentKind[], now: number): Promise<string[]> {
  const errors: string[] = [];
  const present = new Set((await listDocuments(c.env.DB, applicant.id)).map((d) => d.kind));
  for (const kind of kinds) {
    const file = form.get(kind);
    if (!(file instanceof File) || (file.size === 0 && !file.name)) {
      if (!present.has(kind)) errors.push(`Choose a file for ${KIND_LABEL[kind]}.`);
      continue;
    }
    const checked = checkUpload(kind, file.size, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (!checked.ok) {
      errors.push(`${KIND_NAMES[kind]}: ${checked.message}`);
      continue;
    }
    await saveDocument(c.env.DB, applicant.id, { kind, contentType: checked.type, bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }, now);
  }
  return errors;
}

verificationPageRoutes.post(DEMO_VERIFICATION_PATH, async (c) => {
  const token = c.req.query("token") ?? "";
  const now = Date.now();
  const found = await resolveToken(c.env.DB, token, now);
  if (found.state !== "valid") return tokenProblemPage(found.state);
  const applicant = found.applicant;
  if (Number(c.req.header("content-length") ?? 0) > MAX_BODY) {
    return showPage(c, token, applicant, ["The upload is too large: each file may be at most 5 MB."], 413);
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    return showPage(c, token, applicant, ["The form could not be read. Try again."], 400);
  }
  if (applicant.status !== "init") return back(token);
  const step = form.get("step");
  let errors: string[] = [];
  if (step === "document_type") {
    const type = DocumentType.safeParse(form.get("document_type"));
    if (type.success) await chooseDocumentType(c.env.DB, applicant.id, type.data, now);
    else errors = ["Choose a passport, an ID card or a driving licence."];
  } else if (step === "change_document") {
    await chooseDocumentType(c.env.DB, applicant.id, null, now);
  } else if (step === "documents" || step === "selfie") {
    const kinds = requiredKinds(applicant.document_type).filter((k) => (step === "selfie") === (k === "selfie"));
    errors = kinds.length ? await upload(c, applicant, form, kinds, now) : ["Choose your document first."];
  } else if (step === "submit") {
    if (await submitApplicant(c.env.DB, applicant, now)) {
      c.executionCtx.waitUntil(publish(c.env, applicant.uid, VERIFICATION_EVENT, { status: "pending" }));
    } else errors = ["Upload your document and a selfie before submitting."];
  } else {
    errors = ["Unknown step. Use the page's buttons."];
  }
  return errors.length ? showPage(c, token, applicant, errors, 400) : back(token);
});

verificationPageRoutes.all(DEMO_VERIFICATION_PATH, (c) => c.text(`${c.req.method} is not allowed here`, 405, { allow: "GET, POST" }));
