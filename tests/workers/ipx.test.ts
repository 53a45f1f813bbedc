import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import { encode } from "../../workers/ipx/codecs";
import { isolateDocuments, RenderGate } from "../../workers/ipx/gate";
import { handleIpx, type IpxDeps } from "../../workers/ipx/route";
import { IMAGE_QUALITIES, IMAGE_WIDTHS } from "../../core/image-ladder";
import { responsiveImage } from "../../app/lib/images";
import { ORIGIN, send } from "./helpers";

// The image proxy (workers/ipx/route.ts) with real Wasm codecs inside workerd and the Cache API of
// Miniflare. Vector sources go through the whole Worker (workers/app.ts), the embedded platform's
// covers as sources; the seeded catalogue has no raster source, so raster draws come from a PNG
// an operator's platform would serve, made here and handed to the proxy as its source.

const COVER = "/platform/covers/golden_phoenix.svg";
const RASTER = "/platform/covers/operator_cover.png";

/** A 300×400 PNG (a gradient, so quality changes the webp's size), as an operator's cover. */
const rasterPng = (async () => {
  const data = new Uint8ClampedArray(300 * 400 * 4);
  for (let i = 0; i < data.length; i += 4) {
    const x = (i / 4) % 300;
    const y = Math.floor(i / 4 / 300);
    data.set([x % 256, y % 256, (x * y) % 256, 255], i);
  }
  return encode({ data, width: 300, height: 400 }, "png", 100);
})();

/** Every cache write the proxy hands to waitUntil, so a test can wait for them. */
const pending: Promise<unknown>[] = [];
const rasterDeps: IpxDeps = {
  waitUntil: (p) => void pending.push(p),
  fetchSource: async (request) =>
    new URL(request.url).pathname === RASTER
      ? new Response(await rasterPng, { headers: { "content-type": "image/png", "cache-control": "public, max-age=31536000, immutable" } })
      : new Response("Not found", { status: 404 }),
};
const proxy = (path: string) => handleIpx(new Request(ORIGIN + path), rasterDeps);
/** Width and height from a WebP file's first chunk (VP8 lossy, VP8L lossless or VP8X extended). */
function webpSize(buffer: ArrayBuffer): { width: number; height: number } {
  const b = new Uint8Array(buffer);
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  expect(ascii(0, 4)).toBe("RIFF");
  expect(ascii(8, 12)).toBe("WEBP");
  const chunk = ascii(12, 16);
  const u16 = (i: number) => b[i]! | (b[i + 1]! << 8);
  const u24 = (i: number) => u16(i) | (b[i + 2]! << 16);
  if (chunk === "VP8 ") return { width: u16(26) & 0x3fff, height: u16(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  expect(chunk).toBe("VP8X");
  return { width: u24(24) + 1, height: u24(27) + 1 };
}

async function image(path: string) {
  const res = await proxy(path);
  if (res.status !== 200) expect.fail(`${path}: ${res.status} ${await res.text()}`);
  return { res, body: await res.arrayBuffer() };
}

describe("/_ipx/{modifiers}/{path}: vector sources, as they are", () => {
  const svgText = async (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    return res.text();
  };

  it("answers an SVG cover as it is at every width, format and quality: nothing is drawn", async () => {
    const cover = await svgText(await send(COVER));
    // The walk of issue 35: each distinct URL used to be one render of Wasm on a cache miss.
    const walk = IMAGE_WIDTHS.flatMap((w) => IMAGE_QUALITIES.map((q) => `/_ipx/f_${q === 75 ? "png" : "webp"},q_${q},w_${w}${COVER}`));
    for (const path of [...walk, `/_ipx/_${COVER}`, `/_ipx/s_200x200,fit_contain,b_000000${COVER}`]) {
      const res = await send(path);
      expect(await svgText(res), path).toBe(cover);
      expect(res.headers.get("x-ipx-vector")).toBe("1");
      // Not kept under the modifiers' key either: no cache entry per URL.
      expect(res.headers.get("x-ipx-cache")).toBeNull();
    }
  });

  it("answers it immutable, unsniffable and unable to run script when opened on its own", async () => {
    const res = await send(`/_ipx/f_webp,q_95,w_160,h_213${COVER}`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
    expect(csp).not.toMatch(/script-src/);
  });

  it("answers the neutral card as it is, briefly cached, when the SVG cover does not exist", async () => {
    const res = await send("/_ipx/w_160&h_213/platform/covers/no_such_game.svg");
    expect(await svgText(res)).toMatch(/^<svg/);
    expect(res.headers.get("x-ipx-fallback")).toBe("1");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("never draws an SVG served under a raster's name either", async () => {
    const svg = await (await send(COVER)).arrayBuffer();
    const disguised: IpxDeps = { waitUntil: () => {}, fetchSource: async () => new Response(svg, { headers: { "content-type": "image/png" } }) };
    const res = await handleIpx(new Request(`${ORIGIN}/_ipx/w_300/platform/covers/disguised.png`), disguised);
    expect(await svgText(res)).toBe(new TextDecoder().decode(svg));
    expect(res.headers.get("x-ipx-cache")).toBeNull();
  });
});

describe("/_ipx/{modifiers}/{path}: raster sources, drawn at the ladder's sizes", () => {
  it("turns a PNG cover into a webp of the asked size, cached for a year", async () => {
    const { res, body } = await image(`/_ipx/w_160&h_213${RASTER}`);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-ipx-fallback")).toBeNull();
    expect(webpSize(body)).toEqual({ width: 160, height: 213 });
  });

  it("defaults to webp at the source's own size, and keeps the aspect when one side is given", async () => {
    expect(webpSize((await image(`/_ipx/_${RASTER}`)).body)).toEqual({ width: 300, height: 400 });
    expect(webpSize((await image(`/_ipx/w_120${RASTER}`)).body)).toEqual({ width: 120, height: 160 });
    expect(webpSize((await image(`/_ipx/h_120${RASTER}`)).body)).toEqual({ width: 90, height: 120 });
  });

  it("fits: cover and contain fill the box, inside and outside keep the aspect", async () => {
    const size = async (mods: string) => webpSize((await image(`/_ipx/${mods}${RASTER}`)).body);
    expect(await size("s_200x200,fit_cover")).toEqual({ width: 200, height: 200 });
    expect(await size("s_200x200,fit_contain,b_000000")).toEqual({ width: 200, height: 200 });
    expect(await size("s_200x200,fit_fill")).toEqual({ width: 200, height: 200 });
    expect(await size("s_200x200,fit_inside")).toEqual({ width: 150, height: 200 });
    expect(await size("s_200x200,fit_outside")).toEqual({ width: 200, height: 267 });
  });

  it("letterboxes contain with transparency, or with the background colour (an opaque webp)", async () => {
    const chunk = (body: ArrayBuffer) => String.fromCharCode(...new Uint8Array(body, 12, 4));
    expect(chunk((await image(`/_ipx/s_200x200,fit_contain${RASTER}`)).body)).toBe("VP8X");
    expect(chunk((await image(`/_ipx/s_200x200,fit_contain,b_ffffff${RASTER}`)).body)).toBe("VP8 ");
  });

  it("encodes png when asked", async () => {
    const { res, body } = await image(`/_ipx/f_png,w_40${RASTER}`);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(body, 0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("lower quality gives a smaller file", async () => {
    const high = (await image(`/_ipx/w_300,q_95${RASTER}`)).body.byteLength;
    const low = (await image(`/_ipx/w_300,q_50${RASTER}`)).body.byteLength;
    expect(low).toBeLessThan(high);
  });

  it("serves the second request from the cache, whatever the modifiers' spelling", async () => {
    const first = await image(`/_ipx/width_120,height_160${RASTER}`);
    expect(first.res.headers.get("x-ipx-cache")).toBe("miss");
    await Promise.all(pending.splice(0));
    const again = await proxy(`/_ipx/h_160&w_120${RASTER}`);
    expect(again.headers.get("x-ipx-cache")).toBe("hit");
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(new Uint8Array(first.body));
  });

  it("answers the neutral card as it is, briefly cached, when the raster source does not exist", async () => {
    const res = await proxy("/_ipx/w_160&h_213/platform/covers/no_such_game.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("x-ipx-fallback")).toBe("1");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    // Never kept under the broken cover's URL: the next request asks the source again.
    expect((await proxy("/_ipx/w_160&h_213/platform/covers/no_such_game.png")).headers.get("x-ipx-fallback")).toBe("1");
  });

  it("refuses a box larger than it draws with a 400", async () => {
    const res = await proxy(`/_ipx/w_2048${RASTER}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/too large/);
  });

  it("serves every image a raster tile's srcset asks for, each as wide as its descriptor says", async () => {
    const tile = responsiveImage(RASTER, { width: 300, height: 400, sizes: { default: "46vw", sm: "33vw", lg: "24vw", xl: "15vw" } });
    expect(tile.srcSet.split(", ").length).toBeGreaterThanOrEqual(4);
    for (const candidate of [`${tile.src} 300w`, ...tile.srcSet.split(", ")]) {
      const [url, descriptor] = candidate.split(" ");
      const { width, height } = webpSize((await image(url!)).body);
      expect(`${width}w`).toBe(descriptor);
      expect(height).toBe(Math.round((width * 4) / 3));
    }
  });
});

describe("/_ipx/{modifiers}/{path}: bad requests", () => {
  it.each([
    [`/_ipx/zoom_2${COVER}`, /unknown modifier/],
    [`/_ipx/w_abc${COVER}`, /width/],
    [`/_ipx/w_0${COVER}`, /width/],
    [`/_ipx/w_5000${COVER}`, /larger than 2048/],
    [`/_ipx/w_301${COVER}`, /width 301 is not served; widths: 40, 60, 80/],
    [`/_ipx/w_150&h_200${COVER}`, /width 150 is not served/],
    [`/_ipx/w_300,h_401${COVER}`, /height 401 does not fit width 300/],
    [`/_ipx/h_1000${COVER}`, /height 1000 is not served alone/],
    [`/_ipx/q_20${COVER}`, /quality must be one of 50, 75, 95/],
    [`/_ipx/w_300,b_ff8800${COVER}`, /background must be one of/],
    [`/_ipx/s_2048x2048,w_10${COVER}`, /conflicts/],
    [`/_ipx/q_0${COVER}`, /quality/],
    [`/_ipx/q_101${COVER}`, /quality/],
    [`/_ipx/f_gif${COVER}`, /format/],
    [`/_ipx/fit_stretch${COVER}`, /fit/],
    [`/_ipx/b_red${COVER}`, /background/],
    [`/_ipx/w_100,w_200${COVER}`, /twice/],
    ["/_ipx/_/platform/covers/%2e%2e%2fapi%2fgames.get", /traversal|same-origin/],
    ["/_ipx/_/images/..%2F..%2Fapi%2Fx", /traversal/],
    ["/_ipx/_/https://evil.example/x.png", /same-origin|path must/],
    ["/_ipx/_//evil.example/x.png", /same-origin/],
    ["/_ipx/_/https%3A%2F%2Fevil.example%2Fx.png", /same-origin/],
    ["/_ipx/_/api/games.get", /path must start/],
    ["/_ipx/w_100", /Expected/],
  ])("refuses %s with a 400 and a short reason", async (path, reason) => {
    const res = await send(path);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(reason);
  });
});

describe("the render bound", () => {
  /** A proxy whose sources answer only when the test lets them: renders that take as long as we like. */
  function slowProxy(gate: RenderGate) {
    const held: (() => void)[] = [];
    const cover = rasterPng;
    const deps: IpxDeps = {
      gate,
      waitUntil: () => {},
      fetchSource: async () => {
        await new Promise<void>((resolve) => held.push(resolve));
        return new Response(await cover, { headers: { "content-type": "image/png" } });
      },
    };
    // Distinct, never-cached sources: every request is a miss.
    const ask = (n: number) => handleIpx(new Request(`${ORIGIN}/_ipx/w_40/platform/covers/gate_${Date.now()}_${n}.png`), deps);
    return { held, ask };
  }
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise((r) => setTimeout(r, 1));
  };

  it("renders two misses at once, queues a few, and refuses the rest at once with 503 and Retry-After", async () => {
    const gate = new RenderGate(2, 1);
    const { held, ask } = slowProxy(gate);
    const running = [ask(1), ask(2), ask(3)];
    await until(() => held.length === 2 && gate.load.waiting === 1);
    // Slots and queue are full: the next miss is refused without waiting for any render.
    const refused = await ask(4);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(gate.load).toEqual({ active: 2, waiting: 1 });
    // A render ends: the queued one takes its slot (its source is asked only now).
    held.shift()!();
    await until(() => held.length === 2);
    expect(gate.load).toEqual({ active: 2, waiting: 0 });
    for (const go of held.splice(0)) go();
    for (const res of await Promise.all(running)) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
    }
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it("serves cached images while every render slot is taken", async () => {
    const path = `/_ipx/w_40,h_53${RASTER}`;
    await image(path);
    await Promise.all(pending.splice(0));
    const gate = new RenderGate(1, 0);
    const { held, ask } = slowProxy(gate);
    const running = ask(1);
    await until(() => held.length === 1);
    expect((await ask(2)).status).toBe(503);
    const hit = await handleIpx(new Request(ORIGIN + path), { gate, waitUntil: () => {}, fetchSource: () => Promise.reject(new Error("not asked")) });
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-ipx-cache")).toBe("hit");
    held.shift()!();
    expect((await running).status).toBe(200);
  });

  it("holds the isolate's renders back while a page streams, until its last byte", async () => {
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" };
    // The home page's banners answer a second late: its document streams them after the shell.
    const slow = { ...env, SIMULATED_LATENCY: "banners:1000" } as Env;
    const page = async (init?: RequestInit) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request("https://documents-first.test/", { headers: browser, ...init }), slow, ctx);
      return { res, ctx };
    };
    // Warm first: in a cold isolate the shell takes longer than the banners.
    await (await app.fetch(new Request("https://documents-first.test/", { headers: browser }), env, createExecutionContext())).text();
    // A document lapses 7 s after it began; a render that slow on a busy machine would lapse out
    // of the count this test reads (it failed so once): the count's clock holds still meanwhile.
    const clock = isolateDocuments.now;
    const still = clock();
    isolateDocuments.now = () => still;
    try {
      const before = isolateDocuments.inFlight;
      const { res, ctx } = await page();
      expect(res.status).toBe(200);
      expect(isolateDocuments.inFlight, "a document is in flight while its banners stream").toBe(before + 1);
      const html = await res.text();
      expect(html).toContain("</html>");
      expect(html).toContain("banners--loading");
      expect(isolateDocuments.inFlight).toBe(before);
      await waitOnExecutionContext(ctx);
      // A client that goes away mid-stream ends the count too.
      const gone = await page();
      expect(isolateDocuments.inFlight, "the second document is in flight").toBe(before + 1);
      await gone.res.body!.cancel();
      expect(isolateDocuments.inFlight).toBe(before);
      await waitOnExecutionContext(gone.ctx);
      // An API answer counts the same way, and is let go once read (a one-chunk body may be
      // through the count's stream before the test reads it: only the release is certain).
      await (await send("/api/banners/get")).arrayBuffer();
      expect(isolateDocuments.inFlight).toBe(before);
    } finally {
      isolateDocuments.now = clock;
    }
  });
});
