import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BY_PHONE, Browser, registerPlayer, uniqueName, withAuthTypes, type Player } from "./auth-helpers";
import { data, failure, get, send } from "./helpers";

interface MailboxItem {
  channel: string;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  created_at: number;
}

const mailbox = async (to: string): Promise<MailboxItem[]> => {
  const res = await send(`/platform/demo/mailbox?format=json&to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: MailboxItem[] }).items;
};

/** The code of the newest message to this address. */
const lastCode = async (to: string): Promise<string> => {
  const [newest] = await mailbox(to);
  const code = /\b(\d{6})\b/.exec(newest?.text ?? "")?.[1];
  expect(code, `a code sent to ${to}`).toBeDefined();
  return code!;
};

const contactsOf = async (p: Player) =>
  (
    await data<{ contacts: { type: string; contact: string; is_confirmed: boolean; is_subscribed: boolean; phone_country_code?: string }[] }>(
      p.browser.get("account/getprofileinfo", { fields: "contacts" }),
    )
  ).contacts;

/** Lets the player ask for another code at once (the 60 s resend wait is the server's). */
const forgetResendWait = (uid: number) => env.DB.prepare("UPDATE contact_codes SET created_at = created_at - 61000 WHERE uid = ?1").bind(uid).run();

const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

async function confirm(p: Player, contact: string, mailboxAddress = contact) {
  expect(await data(p.browser.post("account/sendconfirmationtocontact", { contact }))).toEqual({ resend_time: 60 });
  expect(await data(p.browser.post("account/confirmContact", { contact, code: await lastCode(mailboxAddress) }))).toBe(1);
}

describe("account.addcontact", () => {
  it("adds a phone by the country's mask, masked or international, as national digits", async () => {
    const p = await registerPlayer();
    expect(await data(p.browser.post("account/addcontact", { type: "phone", contact: "(555) 201-0001", phone_country_code: "US" }))).toBe(1);
    expect((await contactsOf(p)).find((c) => c.type === "phone")).toEqual({
      type: "phone",
      contact: "5552010001",
      is_confirmed: false,
      is_subscribed: false,
      phone_country_code: "US",
    });
    // An unconfirmed phone is replaced at once; "+<code>" numbers are understood.
    expect(await data(p.browser.post("account/addcontact", { type: "phone", contact: "+55 11 98765-4321", phone_country_code: "br" }))).toBe(1);
    const phones = (await contactsOf(p)).filter((c) => c.type === "phone");
    expect(phones).toEqual([expect.objectContaining({ contact: "11987654321", phone_country_code: "BR" })]);
    const info = await data(p.browser.get("account/getInfo"));
    expect(info.mobile.contact).toBe("11987654321");
  });

  it("checks the email rule and the phone mask, and needs the phone's country", async () => {
    const p = await registerPlayer();
    const bad = async (fields: Record<string, string>, field: string, message?: string) => {
      const e = await failure(p.browser.post("account/addcontact", fields), 400, "InvalidParameterException");
      expect(Object.keys(e.invalid_parameters ?? {}), JSON.stringify(fields)).toEqual([field]);
      if (message) expect(e.invalid_parameters?.[field]).toEqual([message]);
    };
    await bad({ type: "email", contact: "not an email" }, "contact", "Wrong email address");
    await bad({ type: "email", contact: "a@b" }, "contact", "Wrong email address");
    await bad({ type: "phone", contact: "555 201", phone_country_code: "US" }, "contact", "Wrong phone number");
    await bad({ type: "phone", contact: "(555) 201-00011", phone_country_code: "US" }, "contact", "Wrong phone number");
    await bad({ type: "phone", contact: "+44 5552010001", phone_country_code: "US" }, "contact", "Wrong phone number");
    await bad({ type: "phone", contact: "5552010001" }, "phone_country_code", "Field is required");
    await bad({ type: "phone", contact: "5552010001", phone_country_code: "JP" }, "phone_country_code", "Unknown country");
    await bad({ type: "phone", contact: "5552010001", phone_country_code: "USA" }, "phone_country_code");
    await bad({ type: "fax", contact: "5552010001" }, "type");
    await bad({ contact: "x@example.com" }, "type");
    await bad({ type: "email" }, "contact", "Contact is required");
    await bad({ type: "email", contact: `${"a".repeat(250)}@example.com` }, "contact");
  });

  it("refuses a contact another account holds, as a contact or as a login", async () => {
    const a = await registerPlayer();
    const b = await registerPlayer();
    for (const contact of [a.email, a.email.toUpperCase()]) {
      const e = await failure(b.browser.post("account/addcontact", { type: "email", contact }), 400, "InvalidParameterException");
      expect(e.invalid_parameters).toEqual({ contact: ["Already registered"] });
    }
    // An account whose login is an address it holds no contact for.
    // (Registered on a site registering with the phone form, which asks for no email.)
    const c = await withAuthTypes([BY_PHONE], () =>
      registerPlayer({ login: `${uniqueName("mail")}@example.com`, email: undefined, phone: "5552010077", phone_country_code: "US" }),
    );
    const e = await failure(b.browser.post("account/addcontact", { type: "email", contact: c.login }), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ contact: ["Already registered"] });
    await data(a.browser.post("account/addcontact", { type: "phone", contact: "5552010009", phone_country_code: "US" }));
    const phone = await failure(
      b.browser.post("account/addcontact", { type: "phone", contact: "555-201-0009", phone_country_code: "US" }),
      400,
      "InvalidParameterException",
    );
    expect(phone.invalid_parameters).toEqual({ contact: ["Already registered"] });
    // Adding one's own contact again is fine.
    expect(await data(a.browser.post("account/addcontact", { type: "email", contact: a.email.toUpperCase() }))).toBe(1);
  });

  it("replaces an unconfirmed email at once, freeing the old one", async () => {
    const p = await registerPlayer();
    const next = `${uniqueName("new")}@example.com`;
    expect(await data(p.browser.post("account/addcontact", { type: "email", contact: next.toUpperCase() }))).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).email).toMatchObject({ contact: next, is_confirmed: false });
    const other = await registerPlayer();
    expect(await data(other.browser.post("account/addcontact", { type: "email", contact: p.email }))).toBe(1);
  });

  it("keeps a confirmed email until the new one is confirmed, then swaps them", async () => {
    const p = await registerPlayer();
    await confirm(p, p.email);
    const next = `${uniqueName("moved")}@example.com`;
    expect(await data(p.browser.post("account/addcontact", { type: "email", contact: next }))).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).email).toMatchObject({ contact: p.email, is_confirmed: true });
    // The profile shows the change waiting for its code beside the contact it will replace.
    const waiting = await data<{ contacts: { contact: string }[]; pending_contacts?: { type: string; contact: string; is_confirmed: boolean }[] }>(
      p.browser.get("account/getprofileinfo", { fields: "contacts" }),
    );
    expect(waiting.contacts.map((c) => c.contact)).toEqual([p.email]);
    expect(waiting.pending_contacts).toEqual([{ type: "email", contact: next, is_confirmed: false, is_subscribed: false }]);
    // The waiting address is taken for others.
    const other = await registerPlayer();
    const e = await failure(other.browser.post("account/addcontact", { type: "email", contact: next }), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ contact: ["Already registered"] });

    await confirm(p, next);
    expect((await data(p.browser.get("account/getInfo"))).email).toMatchObject({ contact: next, is_confirmed: true });
    expect(await data(p.browser.get("account/getprofileinfo", { fields: "contacts" }))).not.toHaveProperty("pending_contacts");
    expect((await contactsOf(p)).filter((c) => c.type === "email")).toHaveLength(1);
    // The old address is free again.
    expect(await data(other.browser.post("account/addcontact", { type: "email", contact: p.email }))).toBe(1);
  });

  it("calls off a waiting change when the current contact is added again", async () => {
    const p = await registerPlayer();
    await confirm(p, p.email);
    const next = `${uniqueName("undo")}@example.com`;
    await data(p.browser.post("account/addcontact", { type: "email", contact: next }));
    await data(p.browser.post("account/addcontact", { type: "email", contact: p.email }));
    const e = await failure(p.browser.post("account/sendconfirmationtocontact", { contact: next }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["contact"]);
  });

  it("answers 401 to visitors and 405 to GET", async () => {
    await failure(new Browser().post("account/addcontact", { type: "email", contact: "x@example.com" }), 401, "AuthorizationException");
    await failure(get("account/addcontact", { type: "email", contact: "x@example.com" }), 405, "InvalidRequestException");
  });
});

describe("account.sendconfirmationtocontact and account.confirmContact", () => {
  it("sends a 6-digit code by email, stores only its hash and confirms the contact", async () => {
    const p = await registerPlayer();
    expect(await data(p.browser.post("account/sendconfirmationtocontact", { contact: p.email.toUpperCase() }))).toEqual({ resend_time: 60 });
    const [mail] = await mailbox(p.email);
    expect(mail).toMatchObject({ channel: "email", to: p.email, link: null });
    const code = await lastCode(p.email);
    const row = await env.DB.prepare("SELECT * FROM contact_codes WHERE uid = ?1").bind(p.uid).first<Record<string, string | number>>();
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(15 * 60_000);

    expect(await data(p.browser.post("account/confirmContact", { contact: p.email, code: ` ${code.slice(0, 3)} ${code.slice(3)} ` }))).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).email.is_confirmed).toBe(true);
    const again = await failure(p.browser.post("account/sendconfirmationtocontact", { contact: p.email }), 400, "InvalidParameterException");
    expect(Object.keys(again.invalid_parameters ?? {})).toEqual(["contact"]);
    const twice = await failure(p.browser.post("account/confirmContact", { contact: p.email, code }), 400, "InvalidParameterException");
    expect(Object.keys(twice.invalid_parameters ?? {})).toEqual(["contact"]);
  });

  it("texts phones at their international number", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/addcontact", { type: "phone", contact: "912 345 678", phone_country_code: "PT" }));
    expect(await data(p.browser.post("account/sendconfirmationtocontact", { contact: "+351 912 345 678" }))).toEqual({ resend_time: 60 });
    const [sms] = await mailbox("+351912345678");
    expect(sms).toMatchObject({ channel: "sms", to: "351912345678" });
    expect(await data(p.browser.post("account/confirmContact", { contact: "912345678", code: await lastCode("351912345678") }))).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).mobile).toMatchObject({ contact: "912345678", is_confirmed: true, phone_country_code: "PT" });
  });

  it("waits 60 s between codes (429 with resend_time); a new code voids the old one", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/sendconfirmationtocontact", { contact: p.email }));
    const first = await lastCode(p.email);
    const e = await failure(p.browser.post("account/sendconfirmationtocontact", { contact: p.email }), 429, "TooManyRequestsException");
    expect(e.params?.resend_time).toBeGreaterThan(55);
    expect(e.params?.resend_time).toBeLessThanOrEqual(60);
    expect(e.message).toMatch(/^Resend time is \d+$/);
    expect(await mailbox(p.email)).toHaveLength(1);

    await forgetResendWait(p.uid);
    await data(p.browser.post("account/sendconfirmationtocontact", { contact: p.email }));
    const second = await lastCode(p.email);
    if (second !== first) {
      const old = await failure(p.browser.post("account/confirmContact", { contact: p.email, code: first }), 400, "InvalidParameterException");
      expect(old.invalid_parameters).toEqual({ code: ["Wrong code"] });
    }
    expect(await data(p.browser.post("account/confirmContact", { contact: p.email, code: second }))).toBe(1);
  });

  it("allows 5 wrong tries per code, then voids it", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/sendconfirmationtocontact", { contact: p.email }));
    const code = await lastCode(p.email);
    for (let i = 0; i < 5; i++) {
      const e = await failure(p.browser.post("account/confirmContact", { contact: p.email, code: wrongCodeFor(code) }), 400, "InvalidParameterException");
      expect(e.invalid_parameters).toEqual({ code: ["Wrong code"] });
    }
    const voided = await failure(p.browser.post("account/confirmContact", { contact: p.email, code }), 400, "InvalidParameterException");
    expect(voided.invalid_parameters).toEqual({ code: ["Too many attempts: request a new code"] });
    await forgetResendWait(p.uid);
    await confirm(p, p.email);
  });

  it("refuses an expired code and a contact that is not the player's", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/sendconfirmationtocontact", { contact: p.email }));
    const code = await lastCode(p.email);
    await env.DB.prepare("UPDATE contact_codes SET expires_at = ?2 WHERE uid = ?1")
      .bind(p.uid, Date.now() - 1)
      .run();
    const expired = await failure(p.browser.post("account/confirmContact", { contact: p.email, code }), 400, "InvalidParameterException");
    expect(expired.invalid_parameters).toEqual({ code: ["Time expired"] });

    const other = await registerPlayer();
    for (const method of ["sendconfirmationtocontact", "confirmContact"]) {
      const e = await failure(p.browser.post(`account/${method}`, { contact: other.email, code: "123456" }), 400, "InvalidParameterException");
      expect(Object.keys(e.invalid_parameters ?? {}), method).toEqual(["contact"]);
    }
    const none = await failure(
      p.browser.post("account/confirmContact", { contact: other.email.replace("@", "x@"), code: "123456" }),
      400,
      "InvalidParameterException",
    );
    expect(Object.keys(none.invalid_parameters ?? {})).toEqual(["contact"]);
  });

  it("refuses malformed and missing parameters, visitors and GET", async () => {
    const p = await registerPlayer();
    for (const code of ["12345", "1234567", "12a456", ""]) {
      const e = await failure(p.browser.post("account/confirmContact", { contact: p.email, code }), 400, "InvalidParameterException");
      expect(e.invalid_parameters, code).toEqual({ code: ["the code must contain 6 digits"] });
    }
    const missing = await failure(p.browser.post("account/confirmContact", {}), 400, "InvalidParameterException");
    expect(Object.keys(missing.invalid_parameters ?? {}).sort()).toEqual(["code", "contact"]);
    const noContact = await failure(p.browser.post("account/sendconfirmationtocontact", {}), 400, "InvalidParameterException");
    expect(noContact.invalid_parameters).toEqual({ contact: ["Contact is required"] });
    for (const method of ["sendconfirmationtocontact", "confirmContact"]) {
      await failure(new Browser().post(`account/${method}`, { contact: p.email, code: "123456" }), 401, "AuthorizationException");
      await failure(get(`account/${method}`, { contact: p.email, code: "123456" }), 405, "InvalidRequestException");
    }
  });
});

describe("account.changeSubscription", () => {
  it("subscribes and unsubscribes one of the player's contacts", async () => {
    const p = await registerPlayer();
    expect(await data(p.browser.post("account/changeSubscription", { contact: p.email, subscription: "1" }))).toBe(1);
    expect((await contactsOf(p)).find((c) => c.type === "email")?.is_subscribed).toBe(true);
    expect(await data(p.browser.post("account/changeSubscription", { contact: p.email.toUpperCase(), subscription: "0" }))).toBe(1);
    expect((await contactsOf(p)).find((c) => c.type === "email")?.is_subscribed).toBe(false);
  });

  it("keeps the account's is_subscribed in step: subscribed while any contact is", async () => {
    const p = await registerPlayer({ phone: "447700900456", phone_country_code: "GB" });
    const subscribed = async () => (await data<{ is_subscribed: boolean }>(p.browser.get("account/getInfo"))).is_subscribed;
    expect(await subscribed()).toBe(false);
    await data(p.browser.post("account/changeSubscription", { contact: p.email, subscription: "1" }));
    await data(p.browser.post("account/changeSubscription", { contact: "447700900456", subscription: "1" }));
    expect(await subscribed()).toBe(true);
    await data(p.browser.post("account/changeSubscription", { contact: p.email, subscription: "0" }));
    expect(await subscribed()).toBe(true);
    await data(p.browser.post("account/changeSubscription", { contact: "447700900456", subscription: "0" }));
    expect(await subscribed()).toBe(false);
  });

  it("refuses others' contacts, bad values, visitors and GET", async () => {
    const p = await registerPlayer();
    const other = await registerPlayer();
    const e = await failure(p.browser.post("account/changeSubscription", { contact: other.email, subscription: "1" }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["contact"]);
    for (const subscription of ["2", "yes", ""]) {
      const bad = await failure(p.browser.post("account/changeSubscription", { contact: p.email, subscription }), 400, "InvalidParameterException");
      expect(Object.keys(bad.invalid_parameters ?? {}), subscription).toEqual(["subscription"]);
    }
    const missing = await failure(p.browser.post("account/changeSubscription", {}), 400, "InvalidParameterException");
    expect(Object.keys(missing.invalid_parameters ?? {}).sort()).toEqual(["contact", "subscription"]);
    await failure(new Browser().post("account/changeSubscription", { contact: p.email, subscription: "1" }), 401, "AuthorizationException");
    await failure(get("account/changeSubscription", { contact: p.email, subscription: "1" }), 405, "InvalidRequestException");
  });
});
