/**
 * Zod compiles object parsers with `new Function` when it may, and finds out whether it may by
 * trying once. Under this site's CSP (no 'unsafe-eval') that try is refused and reported as a
 * CSP violation — once per page that parses a form or feed in the browser, a report per page view
 * on a site with CSP reporting (issue 35). Zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (shared by every copy of Zod in the page) and skips the try
 * under `jitless`, so the document's head sets it before any chunk runs: no bytes in any chunk.
 * zod-jitless.test.ts fails if a Zod upgrade stops reading it there.
 */
export const ZOD_JITLESS_SCRIPT = ";(function(g){g.__zod_globalConfig=g.__zod_globalConfig||{};g.__zod_globalConfig.jitless=true})(globalThis)";
