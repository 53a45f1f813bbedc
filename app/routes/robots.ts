import type { Route } from "./+types/robots";

/** robots.txt: everything public is crawlable; player areas and embedded forms are not. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Disallow: /cashier",
    "Disallow: /profile",
    "Disallow: /bets",
    "Disallow: /forms/",
    "Disallow: /api/",
    "Disallow: /_icons",
    "Allow: /",
    `Host: ${origin}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
