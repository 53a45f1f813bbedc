import type { MiddlewareHandler } from "hono";

export type SecurityVars = { nonce: string };

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}

/** The Content-Security-Policy of an HTML response: scripts only with this response's nonce. */
export function contentSecurityPolicy(n: string, frameAncestors: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${n}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "media-src 'self' data: blob:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/**
 * Per-response nonce and the security headers every answer carries. HTML gets the enforced CSP;
 * local runs mark HTML `content-encoding: identity` so wrangler dev streams it instead of gzipping.
 */
export function securityHeaders(): MiddlewareHandler<{ Bindings: Env; Variables: SecurityVars }> {
  return async (c, next) => {
    const n = nonce();
    c.set("nonce", n);
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    const frameAncestors = c.env.FRAME_ANCESTORS || "'self'";
    if ((h.get("content-type") ?? "").startsWith("text/html")) {
      h.set("Content-Security-Policy", contentSecurityPolicy(n, frameAncestors));
      if (c.env.APP_ENV === "local") h.set("Content-Encoding", "identity");
    } else if (!h.has("Content-Security-Policy")) {
      h.set("Content-Security-Policy", `default-src 'none'; frame-ancestors ${frameAncestors}`);
    }
    if (c.env.APP_ENV !== "local") h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard: a state-changing request from a browser must come from our
 * own origin. Browsers always send Origin (or Sec-Fetch-Site) on POST; clients that send neither
 * are not browsers and cannot carry a victim's cookies across sites.
 */
export function originCheck(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const own = new URL(c.req.url).origin;
    const allowed = new Set([own, c.env.PUBLIC_ORIGIN].filter(Boolean));
    const site = c.req.header("sec-fetch-site");
    const ok = origin ? origin !== "null" && allowed.has(origin) : !site || site === "same-origin" || site === "none";
    if (ok) return next();
    const message = "Cross-site request refused: the Origin of this request is not this site";
    if (new URL(c.req.url).pathname.startsWith("/api/")) {
      return c.json({ error: { type: "AccessDeniedException", message } }, 403);
    }
    return c.text(message, 403);
  };
}
