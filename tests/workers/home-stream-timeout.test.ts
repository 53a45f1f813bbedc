import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";

/*
 * The home page streams its banners, and every page its sidebar banner, behind a placeholder when
 * the platform is slow (decision 0019, issue 39). An answer later than the stream allows (React gives up a second after React Router's
 * 5 s streamTimeout) used to leave the boundary to the client: React error #419 in the browser,
 * "Switched to client rendering because the server rendering aborted", and a placeholder that
 * stayed "Loading…" for good, since the data never reached the page. The section must end on the
 * server, as "no banners", and the page stay whole.
 */
const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" };

describe("home banners later than the stream allows", () => {
  it("end their section on the server, empty, and the page streams whole", async () => {
    const slowEnv = { ...env, SIMULATED_LATENCY: "banners:8000" } as Env;
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request("https://stream-timeout.test/", { headers: BROWSER }), slowEnv, ctx);
    expect(res.status).toBe(200);
    const html = await res.text();
    await waitOnExecutionContext(ctx);
    // The shell came with the placeholders (the sidebar banner's and the home banners'), then the rest of the page.
    const home = /<template id="B:(\d+)"><\/template><div class="banners banners--loading"/.exec(html);
    expect(home).not.toBeNull();
    expect(html).toContain('<section class="promo promo--loading"');
    expect(html).toContain("</html>");
    // No boundary handed to the browser ($RX: client rendering), none failed, no router timeout.
    expect(html).not.toContain("$RX(");
    expect(html).not.toContain("Server Timeout");
    // The home banners' placeholder is swapped for the section's end on the server: an empty segment.
    const completed = [...html.matchAll(new RegExp(`\\$RC\\("B:${home![1]}","S:(\\d+)"\\)`, "g"))];
    expect(completed).toHaveLength(1);
    expect(html).toContain(`<div hidden id="S:${completed[0]![1]}"></div>`);
    // The sidebar's ends as the content configuration's banner.
    expect(html).toMatch(/<div hidden id="S:\d+"><section class="promo">/);
  }, 20_000);
});
