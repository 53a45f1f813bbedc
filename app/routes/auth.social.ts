import type { Route } from "./+types/auth.social";
import { workerContext } from "../lib/context.server";
import { inlineJson } from "../lib/inline-json.server";

const STATUS = /^(success|error)$/;
const REASON = /^[a-z_]{1,32}$/;

/**
 * Where the social sign-in popup lands (/oauth/init's redirect_url): it tells the page that
 * opened it how sign-in went and closes. Opened without an opener (a blocked popup, a copied
 * link) it continues to the home page, which shows the same result as a toast.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = STATUS.test(url.searchParams.get("social_auth") ?? "") ? url.searchParams.get("social_auth")! : "error";
  const reason = REASON.test(url.searchParams.get("reason") ?? "") ? url.searchParams.get("reason")! : undefined;
  const message = inlineJson({ type: "social_auth", status, ...(reason ? { reason } : {}) });
  const fallback = `/?social_auth=${status}${reason ? `&reason=${reason}` : ""}`;
  const { nonce } = context.get(workerContext);
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>…</title></head><body>
<noscript><a href="${fallback}">Continue</a></noscript>
<script nonce="${nonce}">
if (window.opener && window.opener !== window) { window.opener.postMessage(${message}, location.origin); window.close(); }
else location.replace(${JSON.stringify(fallback)});
</script></body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
