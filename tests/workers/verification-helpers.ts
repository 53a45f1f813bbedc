import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { registerPlayer, type Player } from "./auth-helpers";
import { data, ORIGIN, send } from "./helpers";

/** Shared by the verification*.test.ts files: the demo provider's hosted page and review console, as a browser uses them. */

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];
const PDF_HEAD = [...Array.from("%PDF-1.7\n", (c) => c.charCodeAt(0))];

/** A file of `size` bytes that starts like a JPEG (or `head`). */
export function fakeFile(name: string, size = 2048, head: number[] = JPEG_HEAD, type = "image/jpeg"): File {
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  for (let i = head.length; i < size; i++) bytes[i] = i % 251;
  return new File([bytes], name, { type });
}
export const jpeg = (size?: number) => fakeFile("photo.jpg", size);
export const pdf = (size?: number) => fakeFile("scan.pdf", size, PDF_HEAD, "application/pdf");
/** A GIF named and typed as a JPEG: only the first bytes tell. */
export const disguisedGif = () =>
  fakeFile(
    "photo.jpg",
    1024,
    Array.from("GIF89a", (c) => c.charCodeAt(0)),
    "image/jpeg",
  );

export interface PageToken {
  token: string;
  expires_at: number;
  url: string;
}

export const accessToken = (p: Player, fields: Record<string, string> = {}) => data<PageToken>(p.browser.post("sumsub/getAccessToken", fields));

/** GETs the hosted page of a token (from the site's origin, as its frame does). */
export const openPage = (url: string) => send(new URL(url, ORIGIN).href, { redirect: "manual" });

/** POSTs one step of the hosted page: urlencoded fields, or multipart when files are given. */
export function postStep(url: string, step: string, fields: Record<string, string | File> = {}): Promise<Response> {
  const hasFile = Object.values(fields).some((v) => typeof v !== "string");
  let body: FormData | URLSearchParams;
  if (hasFile) {
    const form = new FormData();
    form.set("step", step);
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    body = form;
  } else body = new URLSearchParams({ step, ...(fields as Record<string, string>) });
  return send(new URL(url, ORIGIN).href, { method: "POST", body, redirect: "manual", headers: { origin: ORIGIN } });
}

/** Asserts a step went through (303 back to the page). */
export async function stepOk(res: Response | Promise<Response>): Promise<void> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(303);
  expect(r.headers.get("location")).toMatch(/^\/platform\/demo\/verification\?token=/);
}

/** Takes a player from a new token to a submitted attempt: an ID card (two sides) and a selfie. */
export async function submitDocuments(p: Player): Promise<PageToken> {
  const t = await accessToken(p);
  await stepOk(postStep(t.url, "document_type", { document_type: "id_card" }));
  await stepOk(postStep(t.url, "documents", { front: jpeg(), back: pdf() }));
  await stepOk(postStep(t.url, "selfie", { selfie: jpeg() }));
  await stepOk(postStep(t.url, "submit"));
  return t;
}

export const REVIEW = `${ORIGIN}/platform/demo/verification/review`;

/** Submits a decision of the review console. */
export const review = (applicantId: string, decision: string, comment = "", extra: Record<string, string> = {}) =>
  send(REVIEW, {
    method: "POST",
    body: new URLSearchParams({ applicant_id: applicantId, decision, comment, ...extra }),
    redirect: "manual",
    headers: { origin: ORIGIN },
  });

export const applicantOf = (uid: number) =>
  env.DB.prepare("SELECT * FROM demo_verification_applicants WHERE uid = ?1 ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(uid)
    .first<Record<string, any>>();

export const flagsOf = (uid: number) =>
  env.DB.prepare("SELECT is_verified, is_on_verification, is_kyc_block_enabled, is_verification_blocked FROM users WHERE uid = ?1")
    .bind(uid)
    .first<Record<string, number>>();

export const outboxOf = async (applicantId: string) =>
  (await env.DB.prepare("SELECT * FROM demo_verification_outbox WHERE applicant_id = ?1").bind(applicantId).all<Record<string, any>>()).results;

/** The name and date of birth identity verification checks the document against (KycUserProfile without them). */
export const IDENTITY = { first_name: "Ann", last_name: "Lee", birth_date: "1990-01-02" };

/** A new signed-in player who may start verifying: the identity fields filled in at registration. */
export const verifiablePlayer = (fields: Record<string, string> = {}) => registerPlayer({ ...IDENTITY, ...fields });
