import { Hono } from "hono";
import { coverRoutes } from "../games/cover-routes";
import { cashbackDemoRoutes } from "./cashback-routes";
import { exportRoutes } from "./export-routes";
import { offerDemoRoutes } from "./offer-routes";
import { tournamentDemoRoutes } from "./tournament-routes";
import { sportsbookDemoRoutes } from "./sportsbook-routes";
import { vpnDemoRoutes } from "./vpn-routes";
import { gameRoutes } from "./game-routes";
import { mailboxRoutes } from "./mailbox";
import { supportInboxRoutes } from "./support-inbox";
import { chatConsoleRoutes } from "./chat-console";
import { analyticsViewRoutes } from "./analytics-view";
import { beaconRoutes } from "../analytics/beacon";
import { oauthRoutes } from "./oauth";
import { paymentRoutes } from "./payment-routes";
import { verificationWebhookRoutes } from "../verification/webhook-routes";
import { verificationPageRoutes } from "./verification-routes";
import { verificationReviewRoutes } from "./verification-review-routes";

/**
 * The platform's pages outside /api: `/oauth/*` (social sign-in: init and callback) and
 * `/platform/*` (the demo providers' own pages: OAuth authorize, mailbox, later payments and games).
 * They are served where the platform is: embedded here, or at PLATFORM_ORIGIN when one is set.
 */
const pages = new Hono<{ Bindings: Env }>();
pages.route("/", oauthRoutes);
pages.route("/", mailboxRoutes);
pages.route("/", paymentRoutes);
pages.route("/", coverRoutes);
pages.route("/", gameRoutes);
pages.route("/", exportRoutes);
pages.route("/", verificationReviewRoutes);
pages.route("/", verificationPageRoutes);
pages.route("/", verificationWebhookRoutes);
pages.route("/", cashbackDemoRoutes);
pages.route("/", offerDemoRoutes);
pages.route("/", tournamentDemoRoutes);
pages.route("/", sportsbookDemoRoutes);
pages.route("/", vpnDemoRoutes);
pages.route("/", supportInboxRoutes);
pages.route("/", chatConsoleRoutes);
pages.route("/", analyticsViewRoutes);
pages.route("/", beaconRoutes);
pages.notFound((c) => c.text("Not found", 404));

export function handlePlatformPages(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> | Response {
  return pages.fetch(request, env, ctx);
}
