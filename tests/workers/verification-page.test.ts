import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { data, ORIGIN, send } from "./helpers";
import { accessToken, applicantOf, disguisedGif, fakeFile, flagsOf, jpeg, openPage, pdf, postStep, stepOk, verifiablePlayer } from "./verification-helpers";

/** The demo provider's hosted page: its steps, the upload checks, and tokens that no longer open it. */

const MB = 1024 * 1024;
const documentsOf = async (applicantId: string) =>
  (await env.DB.prepare("SELECT kind, content_type, size FROM demo_verification_documents WHERE applicant_id = ?1 ORDER BY kind").bind(applicantId).all())
    .results;

describe("GET /platform/demo/verification", () => {
  it("goes document → sides → selfie → submit, without scripts, framable by the site only", async () => {
    const p = await verifiablePlayer();
    const t = await accessToken(p);
    const page = await openPage(t.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toMatch(/frame-ancestors 'self'/);
    const html = await page.text();
    expect(html).toContain("Step 1 of 3");
    expect(html).not.toContain("<script");
    for (const type of ["passport", "id_card", "driving_licence"]) expect(html).toContain(`value="${type}"`);

    await stepOk(postStep(t.url, "document_type", { document_type: "driving_licence" }));
    const step2 = await (await openPage(t.url)).text();
    expect(step2).toContain("Step 2 of 3");
    expect(step2).toContain('enctype="multipart/form-data"');
    expect(step2).toContain('name="front"');
    expect(step2).toContain('name="back"');

    await stepOk(postStep(t.url, "documents", { front: pdf(), back: jpeg(3000) }));
    expect(await (await openPage(t.url)).text()).toContain("Step 3 of 3");
    await stepOk(postStep(t.url, "selfie", { selfie: jpeg() }));
    const ready = await (await openPage(t.url)).text();
    expect(ready).toContain("Submit for review");
    const applicant = (await applicantOf(p.uid))!;
    expect(await documentsOf(applicant.id)).toEqual([
      { kind: "back", content_type: "image/jpeg", size: 3000 },
      { kind: "front", content_type: "application/pdf", size: 2048 },
      { kind: "selfie", content_type: "image/jpeg", size: 2048 },
    ]);
    expect((await flagsOf(p.uid))!.is_on_verification).toBe(0);

    await stepOk(postStep(t.url, "submit"));
    expect((await applicantOf(p.uid))!.status).toBe("pending");
    expect((await flagsOf(p.uid))!.is_on_verification).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).is_on_verification).toBe(true);
    const submitted = await openPage(t.url);
    const last = await submitted.text();
    expect(last).toContain('data-status="pending"');
    // Its last screen leads the whole tab back to the site, and tells a framing site page (same origin only).
    expect(last).toContain('href="/profile/verification" target="_top"');
    const nonce = /'nonce-([^']+)'/.exec(submitted.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(last).toContain(`<script nonce="${nonce}">`);
    expect(last).toContain('postMessage({type:"playfront:verification",status:"pending"},location.origin)');
    // A submitted attempt takes no more uploads.
    await stepOk(postStep(t.url, "selfie", { selfie: jpeg(5000) }));
    expect((await documentsOf(applicant.id)).find((d) => d.kind === "selfie")).toMatchObject({ size: 2048 });
  });

  it("a passport needs its front only; a submit before everything is uploaded is refused", async () => {
    const p = await verifiablePlayer();
    const t = await accessToken(p);
    await stepOk(postStep(t.url, "document_type", { document_type: "passport" }));
    expect(await (await openPage(t.url)).text()).not.toContain('name="back"');
    await stepOk(postStep(t.url, "documents", { front: jpeg() }));
    const early = await postStep(t.url, "submit");
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("before submitting");
    expect((await applicantOf(p.uid))!.status).toBe("init");
  });

  it("re-renders the step with a clear message for a file over 5 MB, a wrong type or an empty one, keeping what was uploaded", async () => {
    const p = await verifiablePlayer();
    const t = await accessToken(p);
    await stepOk(postStep(t.url, "document_type", { document_type: "id_card" }));
    const applicant = (await applicantOf(p.uid))!;

    // Front fine, back too large: the front is kept, the step shows again with the reason.
    const big = await postStep(t.url, "documents", { front: jpeg(), back: jpeg(5 * MB + 1) });
    expect(big.status).toBe(400);
    const bigHtml = await big.text();
    expect(bigHtml).toContain("Back side: The file is 5.0 MB; at most 5 MB is accepted.");
    expect(bigHtml).toContain("Step 2 of 3");
    expect(bigHtml).toContain("Front side: uploaded");
    expect((await documentsOf(applicant.id)).map((d) => d.kind)).toEqual(["front"]);

    // A GIF calling itself a JPEG, and an empty file, are refused by their bytes.
    const gif = await postStep(t.url, "documents", { back: disguisedGif() });
    expect(gif.status).toBe(400);
    expect(await gif.text()).toContain("A document must be a JPEG, PNG or WebP photo, or a PDF scan.");
    const empty = await postStep(t.url, "documents", { back: fakeFile("empty.jpg", 0) });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Back side: The file is empty.");
    expect((await documentsOf(applicant.id)).map((d) => d.kind)).toEqual(["front"]);

    // Exactly 5 MB passes (stored in chunks), and a PDF is no selfie.
    await stepOk(postStep(t.url, "documents", { back: jpeg(5 * MB) }));
    expect((await documentsOf(applicant.id)).find((d) => d.kind === "back")).toMatchObject({ size: 5 * MB });
    const chunks = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM demo_verification_document_chunks c JOIN demo_verification_documents d ON d.id = c.document_id WHERE d.applicant_id = ?1 AND d.kind = 'back'",
    )
      .bind(applicant.id)
      .first<{ n: number }>();
    expect(chunks!.n).toBeGreaterThan(1);
    const pdfSelfie = await postStep(t.url, "selfie", { selfie: pdf() });
    expect(pdfSelfie.status).toBe(400);
    expect(await pdfSelfie.text()).toContain("A selfie must be a JPEG, PNG or WebP photo.");
  });

  it("refuses a missing document type, an unknown step and a step without its file", async () => {
    const p = await verifiablePlayer();
    const t = await accessToken(p);
    expect((await postStep(t.url, "document_type", { document_type: "library_card" })).status).toBe(400);
    expect((await postStep(t.url, "documents", { front: jpeg() })).status).toBe(400);
    expect((await postStep(t.url, "dance")).status).toBe(400);
    await stepOk(postStep(t.url, "document_type", { document_type: "passport" }));
    const none = await postStep(t.url, "documents", { note: "no file" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose a file for the front side.");
  });

  it("an expired token shows 410, an unknown or malformed one 404, for GET and POST alike", async () => {
    const p = await verifiablePlayer();
    const t = await accessToken(p);
    await env.DB.prepare("UPDATE demo_verification_tokens SET expires_at = ?1, created_at = ?1 - 600000")
      .bind(Date.now() - 1)
      .run();
    const expired = await openPage(t.url);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This verification link has expired");
    expect((await postStep(t.url, "document_type", { document_type: "passport" })).status).toBe(410);
    expect((await applicantOf(p.uid))!.document_type).toBeNull();

    const unknown = await openPage(`/platform/demo/verification?token=${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Verification link not found");
    expect((await openPage("/platform/demo/verification")).status).toBe(404);
    expect((await openPage("/platform/demo/verification?token=%3Cscript%3E")).status).toBe(404);
    expect((await send(`${ORIGIN}/platform/demo/verification?token=x`, { method: "PUT", headers: { origin: ORIGIN } })).status).toBe(405);
  });
});
