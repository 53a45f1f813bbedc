import { Hono, type Context } from "hono";
import { demoOnly } from "./switches";
import { deliverVerificationWebhooks } from "./verification-outbox";
import { decide, DECISIONS, pendingApplicants, type Decision } from "./verification-review";
import { KYC_BLOCK_PATH, REVIEW_PATH, reviewPage } from "./verification-review-page";
import { findApplicant, readDocument } from "./verification-store";

/**
 * The demo verification provider's review console (`/platform/demo/verification/review`): open
 * like the demo mailbox, and like it not found in production, where a real provider reviews.
 * A decision is recorded with its webhook, then the due webhooks are delivered at once.
 */
export const verificationReviewRoutes = new Hono<{ Bindings: Env }>();

const ID = /^[0-9a-f]{32}$/;

verificationReviewRoutes.use(REVIEW_PATH, demoOnly("verification"));
verificationReviewRoutes.use(`${REVIEW_PATH}/*`, demoOnly("verification"));

/** A console form's trimmed text fields, and the console again with a notice for a refusal. */
async function consoleForm(c: Context<{ Bindings: Env }>) {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return {
    text: (k: string) => (typeof form[k] === "string" ? (form[k] as string).trim() : ""),
    refuse: async (status: number, notice: string) => reviewPage(await pendingApplicants(c.env.DB), notice, status),
  };
}

const backToConsole = () => new Response(null, { status: 303, headers: { location: REVIEW_PATH, "cache-control": "no-store" } });

verificationReviewRoutes.get(REVIEW_PATH, async (c) => reviewPage(await pendingApplicants(c.env.DB)));

verificationReviewRoutes.post(REVIEW_PATH, async (c) => {
  const { text, refuse } = await consoleForm(c);
  const [id, decision, comment, country] = [text("applicant_id"), text("decision"), text("comment"), text("country").toUpperCase()];
  if (!ID.test(id)) return refuse(400, "Choose an applicant from the list.");
  if (!DECISIONS.includes(decision as Decision)) return refuse(400, "Choose Approve, Reject (may retry) or Reject (final).");
  if (decision !== "approve" && !comment) return refuse(400, "A rejection needs a comment for the player.");
  if (comment.length > 500) return refuse(400, "A comment may be at most 500 characters.");
  if (country && !/^[A-Z]{2}$/.test(country)) return refuse(400, "The document's country is a two-letter code (GB, SE, …).");
  const applicant = await findApplicant(c.env.DB, id);
  if (!applicant) return refuse(404, "This applicant does not exist.");
  if (!(await decide(c.env.DB, applicant, decision as Decision, comment, Date.now(), country || null)))
    return refuse(409, "This applicant was already reviewed.");
  await deliverVerificationWebhooks(c.env, Date.now(), { waitUntil: (p) => c.executionCtx.waitUntil(p) });
  return backToConsole();
});

/**
 * The operator's KYC switch for one player (`users.is_kyc_block_enabled`): withdrawals wait for a
 * verified identity. A real operator sets it from its back office or a risk rule; the demo console
 * is this deployment's back office. `login`: the player's login or email; `enabled`: 1 (default) or 0.
 */
verificationReviewRoutes.post(KYC_BLOCK_PATH, async (c) => {
  const { text, refuse } = await consoleForm(c);
  const login = text("login");
  const enabled = text("enabled") || "1";
  if (!login || login.length > 254) return refuse(400, "Name the player by login or email.");
  if (enabled !== "1" && enabled !== "0") return refuse(400, "The switch is 1 (on) or 0 (off).");
  const row = await c.env.DB.prepare(
    `UPDATE users SET is_kyc_block_enabled = ?2
     WHERE uid = (SELECT uid FROM users WHERE login = ?1 UNION ALL SELECT uid FROM contacts WHERE type = 'email' AND contact = lower(?1) LIMIT 1)
     RETURNING uid`,
  )
    .bind(login, Number(enabled))
    .first<{ uid: number }>();
  if (!row) return refuse(404, "No player has this login or email.");
  return backToConsole();
});

verificationReviewRoutes.get(`${REVIEW_PATH}/documents/:id`, async (c) => {
  const id = c.req.param("id");
  const found = ID.test(id) ? await readDocument(c.env.DB, id) : null;
  if (!found) return c.text("Not found", 404);
  const ext = found.doc.content_type.split("/")[1]!.replace("jpeg", "jpg");
  return new Response(found.bytes, {
    headers: {
      "content-type": found.doc.content_type,
      "content-disposition": `inline; filename="${found.doc.kind}.${ext}"`,
      "cache-control": "no-store",
    },
  });
});
