import { Hono, type MiddlewareHandler } from "hono";
import { deliverVerificationWebhooks } from "./verification-outbox";
import { decide, DECISIONS, pendingApplicants, type Decision } from "./verification-review";
import { REVIEW_PATH, reviewPage } from "./verification-review-page";
import { findApplicant, readDocument } from "./verification-store";

/**
 * The demo verification provider's review console (`/platform/demo/verification/review`): open
 * like the demo mailbox, and like it not found in production, where a real provider reviews.
 * A decision is recorded with its webhook, then the due webhooks are delivered at once.
 */
export const verificationReviewRoutes = new Hono<{ Bindings: Env }>();

const ID = /^[0-9a-f]{32}$/;

const notInProduction: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  if (c.env.APP_ENV === "production") return c.text("Not found", 404);
  await next();
};
verificationReviewRoutes.use(REVIEW_PATH, notInProduction);
verificationReviewRoutes.use(`${REVIEW_PATH}/*`, notInProduction);

verificationReviewRoutes.get(REVIEW_PATH, async (c) => reviewPage(await pendingApplicants(c.env.DB)));

verificationReviewRoutes.post(REVIEW_PATH, async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const text = (k: string) => (typeof form[k] === "string" ? (form[k] as string).trim() : "");
  const refuse = async (status: number, notice: string) => reviewPage(await pendingApplicants(c.env.DB), notice, status);
  const [id, decision, comment] = [text("applicant_id"), text("decision"), text("comment")];
  if (!ID.test(id)) return refuse(400, "Choose an applicant from the list.");
  if (!DECISIONS.includes(decision as Decision)) return refuse(400, "Choose Approve, Reject (may retry) or Reject (final).");
  if (decision !== "approve" && !comment) return refuse(400, "A rejection needs a comment for the player.");
  if (comment.length > 500) return refuse(400, "A comment may be at most 500 characters.");
  const applicant = await findApplicant(c.env.DB, id);
  if (!applicant) return refuse(404, "This applicant does not exist.");
  if (!(await decide(c.env.DB, applicant, decision as Decision, comment, Date.now()))) return refuse(409, "This applicant was already reviewed.");
  await deliverVerificationWebhooks(c.env, Date.now(), { waitUntil: (p) => c.executionCtx.waitUntil(p) });
  return new Response(null, { status: 303, headers: { location: REVIEW_PATH, "cache-control": "no-store" } });
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
