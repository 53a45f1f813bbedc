import { Hono } from "hono";
import { coverRoutes } from "../games/cover-routes";
import { backofficeDemoRoutes } from "./backoffice-routes";
import { registerDemoRoutes } from "./exclusion-register";
import { cashbackDemoRoutes } from "./cashback-routes";
import { exportRoutes } from "./export-routes";
import { offerDemoRoutes } from "./offer-routes";
import { tournamentDemoRoutes } from "./tournament-routes";
import { sportsbookDemoRoutes } from "./sportsbook-routes";
import { vpnDemoRoutes } from "./vpn-routes";
import { pushRelayRoutes } from "./push-relay";
import { gameRoutes } from "./game-routes";
import { mailboxRoutes } from "./mailbox";
import { supportInboxRoutes } from "./support-inbox";
import { chatConsoleRoutes } from "./chat-console";
import { analyticsViewRoutes } from "./analytics-view";
import { vitalsViewRoutes } from "./vitals-view";
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
 * Exported for the test that walks its routes (tests/workers/demo-production.test.ts).
 */
export const platformPages = new Hono<{ Bindings: Env }>();
platformPages.route("/", oauthRoutes);
platformPages.route("/", mailboxRoutes);
platformPages.route("/", paymentRoutes);
platformPages.route("/", coverRoutes);
platformPages.route("/", gameRoutes);
platformPages.route("/", exportRoutes);
platformPages.route("/", verificationReviewRoutes);
platformPages.route("/", verificationPageRoutes);
platformPages.route("/", verificationWebhookRoutes);
platformPages.route("/", cashbackDemoRoutes);
platformPages.route("/", backofficeDemoRoutes);
platformPages.route("/", registerDemoRoutes);
platformPages.route("/", offerDemoRoutes);
platformPages.route("/", tournamentDemoRoutes);
platformPages.route("/", sportsbookDemoRoutes);
platformPages.route("/", vpnDemoRoutes);
platformPages.route("/", pushRelayRoutes);
platformPages.route("/", supportInboxRoutes);
platformPages.route("/", chatConsoleRoutes);
platformPages.route("/", analyticsViewRoutes);
platformPages.route("/", vitalsViewRoutes);
platformPages.route("/", beaconRoutes);
platformPages.notFound((c) => c.text("Not found", 404));

export function handlePlatformPages(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> | Response {
  return platformPages.fetch(request, env, ctx);
}
