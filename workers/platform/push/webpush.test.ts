import { describe, expect, it } from "vitest";
import { b64uDecode, b64uEncode, decryptPayload, encryptPayload, generateKeyPair, isB64uOfLength, vapidAuthorization, vapidProblem } from "./webpush";

// RFC 8291 Appendix A.
const V = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  message:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

describe("RFC 8291 message encryption", () => {
  it("encrypts the appendix's plaintext to the appendix's message, byte for byte", async () => {
    const body = await encryptPayload(
      new TextEncoder().encode(V.plaintext),
      { p256dh: V.uaPublic, auth: V.auth },
      { salt: b64uDecode(V.salt), asKeys: { publicKey: V.asPublic, privateKey: V.asPrivate } },
    );
    expect(b64uEncode(body)).toBe(V.message);
  });

  it("decrypts the appendix's message with the user agent's keys", async () => {
    const plain = await decryptPayload(b64uDecode(V.message), { publicKey: V.uaPublic, privateKey: V.uaPrivate, auth: V.auth });
    expect(new TextDecoder().decode(plain)).toBe(V.plaintext);
  });

  it("round-trips with fresh keys, and a wrong auth secret does not open it", async () => {
    const ua = await generateKeyPair();
    const auth = b64uEncode(crypto.getRandomValues(new Uint8Array(16)));
    const body = await encryptPayload(new TextEncoder().encode('{"title":"Hi"}'), { p256dh: ua.publicKey, auth });
    expect(new TextDecoder().decode(await decryptPayload(body, { ...ua, auth }))).toBe('{"title":"Hi"}');
    const other = b64uEncode(crypto.getRandomValues(new Uint8Array(16)));
    await expect(decryptPayload(body, { ...ua, auth: other })).rejects.toThrow();
  });

  it("checks key shapes", () => {
    expect(isB64uOfLength(V.uaPublic, 65)).toBe(true);
    expect(isB64uOfLength(V.auth, 16)).toBe(true);
    expect(isB64uOfLength(V.auth, 65)).toBe(false);
    expect(isB64uOfLength("not base64!", 16)).toBe(false);
  });
});

describe("RFC 8292 VAPID", () => {
  const now = Date.UTC(2026, 0, 1);
  it("signs a JWT the push service verifies, for its origin only, until it expires", async () => {
    const keys = await generateKeyPair();
    const vapid = { ...keys, subject: "mailto:ops@example.com" };
    const header = await vapidAuthorization("https://push.example.com/send/abc", vapid, now);
    expect(header).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(await vapidProblem(header, keys.publicKey, "https://push.example.com", now)).toBeNull();
    expect(await vapidProblem(header, keys.publicKey, "https://other.example.com", now)).toMatch(/aud/);
    expect(await vapidProblem(header, keys.publicKey, "https://push.example.com", now + 13 * 3600_000)).toMatch(/exp/);
    const stranger = await generateKeyPair();
    expect(await vapidProblem(header, stranger.publicKey, "https://push.example.com", now)).toMatch(/key/);
    const forged = header.replace(/k=.*$/, `k=${stranger.publicKey}`);
    expect(await vapidProblem(forged, stranger.publicKey, "https://push.example.com", now)).toMatch(/signature/);
    expect(await vapidProblem(null, keys.publicKey, "https://push.example.com", now)).toMatch(/header/);
  });
});
