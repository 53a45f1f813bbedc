/**
 * Small plain-HTML pages of social sign-in (errors of /oauth/*, the demo provider's consent):
 * no scripts, inline styles only, readable on a phone and in a 640×480 popup.
 */

import { escapeMarkup } from "../../../core/markup";

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
    font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f6;color:#1d2430}
  main{width:100%;max-width:420px;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
  h1{font-size:1.3rem;margin:0 0 8px}
  p{margin:0 0 12px}
  .brand{display:flex;align-items:center;gap:8px;font-weight:600;color:#3756d6;margin-bottom:16px}
  .brand span{display:inline-flex;width:28px;height:28px;border-radius:50%;background:#3756d6;color:#fff;align-items:center;justify-content:center}
  label{display:block;font-size:.9rem;font-weight:600;margin:12px 0 4px}
  input[type=email],input[type=text]{width:100%;padding:10px 12px;font:inherit;border:1px solid #b9c0cc;border-radius:8px}
  ul{margin:0 0 12px;padding-left:20px}
  .error{color:#b3261e;font-size:.9rem;margin:4px 0 0}
  .actions{display:flex;gap:12px;margin-top:20px}
  button,.button{flex:1;padding:11px 12px;font:inherit;font-weight:600;border-radius:8px;border:1px solid #3756d6;text-align:center;text-decoration:none;cursor:pointer}
  .primary{background:#3756d6;color:#fff}
  .secondary{background:#fff;color:#3756d6}
  small{display:block;margin-top:16px;color:#5b6472}
  @media (prefers-color-scheme:dark){body{background:#12151b;color:#e6e9ef}main{background:#1d2230}
    input[type=email],input[type=text]{background:#12151b;color:inherit;border-color:#4a5263}.secondary{background:transparent;color:#aebdff}}
`;

/**
 * The site's icon, named in the head of every plain page the platform serves (sign-in, demo
 * payment, mailbox, demo game): without it a browser asks for `/favicon.ico`, which does not exist.
 */
export const FAVICON_LINK = `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`;

/** A complete HTML document; `body` must already be escaped. */
export function htmlPage(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)}</title>
${FAVICON_LINK}
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** The page of a sign-in request that cannot go on (bad service, bad parameters). */
export function errorPage(status: number, title: string, text: string): Response {
  return htmlPage(title, `<h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(text)}</p><p><a href="/">Back to the site</a></p>`, status);
}
