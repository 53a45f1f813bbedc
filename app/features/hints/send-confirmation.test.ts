import { describe, expect, it } from "vitest";
import { sendConfirmationToContact } from "./send-confirmation";

function fakeFetch(status: number, body: unknown) {
  const calls: Request[] = [];
  const fetch = async (request: Request) => {
    calls.push(request);
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  };
  return { calls, fetch };
}

const ORIGIN = "https://playfront.test";

describe("sendConfirmationToContact", () => {
  it("posts the contact as multipart form data with same-origin credentials", async () => {
    const { calls, fetch } = fakeFetch(200, { data: { resend_time: 60 } });
    expect(await sendConfirmationToContact("ana@example.com", { locale: "es", fetch, origin: ORIGIN })).toEqual({ ok: true, resendTime: 60 });
    const request = calls[0]!;
    expect(request.url).toBe(`${ORIGIN}/api/account/sendconfirmationtocontact?v=1&locale=es`);
    expect(request.method).toBe("POST");
    expect(request.credentials).toBe("same-origin");
    expect((await request.formData()).get("contact")).toBe("ana@example.com");
  });
  it("accepts a success without resend_time", async () => {
    expect(await sendConfirmationToContact("x", { origin: ORIGIN, fetch: fakeFetch(200, { data: true }).fetch })).toEqual({ ok: true, resendTime: null });
  });
  it("returns the platform's message, a field message first", async () => {
    const tooMany = { error: { type: "TooManyRequestsException", message: "Try again in 45 seconds", params: { resend_time: 45 } } };
    expect(await sendConfirmationToContact("x", { origin: ORIGIN, fetch: fakeFetch(429, tooMany).fetch })).toEqual({
      ok: false,
      message: "Try again in 45 seconds",
    });
    const invalid = { error: { type: "InvalidParameterException", message: "Invalid parameters", invalid_parameters: { contact: ["Unknown contact"] } } };
    expect(await sendConfirmationToContact("x", { origin: ORIGIN, fetch: fakeFetch(400, invalid).fetch })).toEqual({ ok: false, message: "Unknown contact" });
  });
  it("has no message of its own for answers without JSON or a failed network", async () => {
    expect(await sendConfirmationToContact("x", { origin: ORIGIN, fetch: fakeFetch(502, "<html>").fetch })).toEqual({ ok: false, message: null });
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as (r: Request) => Promise<Response>;
    expect(await sendConfirmationToContact("x", { origin: ORIGIN, fetch: offline })).toEqual({ ok: false, message: null });
  });
});
