import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyRealtimeToken } from "../../workers/platform/auth/realtime-token";
import { Browser, registerPlayer, uniqueName } from "./auth-helpers";
import { data, failure } from "./helpers";

describe("account.getInfo for a signed-in player", () => {
  it("answers every field of SPEC §3 Account info with the player's values", async () => {
    const p = await registerPlayer({
      first_name: "Ana",
      country_code: "PT",
      locale: "pt",
      currency: "EUR",
      notify: "1",
      fakename: "AnaWins7",
      phone: "351912345678",
      phone_country_code: "PT",
    });
    await env.DB.prepare("UPDATE users SET is_verified = 1, is_kyc_block_enabled = 1 WHERE uid = ?1").bind(p.uid).run();
    const info = await data(p.browser.get("account/getInfo"));
    const zero = { amount: 0, currency: "EUR" };
    expect(info).toEqual({
      uid: p.uid,
      reg_time: expect.any(Number),
      login: p.login,
      fakename: "AnaWins7",
      first_name: "Ana",
      is_subscribed: true,
      balance_main: zero,
      balance_bonus: zero,
      balance_betting_bonus: zero,
      // Every player gets the demo (fun) balance once, through the wallet (wallet.test.ts).
      balance_fun: { amount: 100000, currency: zero.currency },
      is_on_verification: false,
      is_verified: true,
      is_kyc_block_enabled: true,
      is_registration_completed: true,
      country_code: "PT",
      // Portugal has no profile of its own: the site's (decision 0082).
      jurisdiction: "international",
      locale: "pt",
      two_factor_auth: false,
      email: { type: "email", contact: p.email, is_confirmed: false, is_subscribed: true },
      mobile: { type: "phone", contact: "912345678", phone_country_code: "PT", is_confirmed: false, is_subscribed: true },
    });
  });
});

describe("player-only methods", () => {
  it.each([
    ["GET", "account/getprofileinfo", {}],
    ["GET", "account/getToken", {}],
    ["POST", "account/saveProfileInfo", { first_name: "Ann" }],
    ["POST", "account/changepassword", { old_password: "x", new_password: "newpass1" }],
    ["POST", "account/changelocale", { locale: "es" }],
    ["POST", "account/changefakename", { fakename: "Nobody1" }],
  ] as const)("answers %s %s with 401 Authorization to a visitor", async (verb, path, fields) => {
    const b = new Browser();
    const res = verb === "GET" ? b.get(path, fields) : b.post(path, fields);
    const e = await failure(res, 401, "AuthorizationException");
    expect(e.message).toBe("Sign in to continue");
  });

  it.each(["account/saveProfileInfo", "account/changepassword", "account/changelocale", "account/changefakename"])("answers 405 to GET on %s", async (path) => {
    const p = await registerPlayer();
    await failure(p.browser.get(path), 405, "InvalidRequestException");
  });

  it.each(["account/getprofileinfo", "account/getToken"])("answers 405 to POST on %s", async (path) => {
    const p = await registerPlayer();
    await failure(p.browser.post(path), 405, "InvalidRequestException");
  });
});

describe("account.getprofileinfo and account.saveProfileInfo", () => {
  it("saves profile values (returns 1) and reads them back with contacts and document", async () => {
    const p = await registerPlayer({ phone: "5521999998888", phone_country_code: "BR" });
    const saved = await data(
      p.browser.post("account/saveProfileInfo", {
        first_name: "Maria",
        last_name: "Souza",
        sex: "2",
        birth_date: "1988-12-01",
        country_code: "BR",
        region: "RJ",
        home_town: "Niterói",
        address: "Rua A, 10",
        postcode: "24020-000",
        document_type: "cpf",
        document_number: "123.456.789-09",
        cpf: "123.456.789-09",
      }),
    );
    expect(saved).toBe(1);
    const profile = await data(p.browser.get("account/getprofileinfo", { fields: "contacts,document" }));
    expect(profile).toEqual({
      first_name: "Maria",
      middle_name: "",
      last_name: "Souza",
      sex: 2,
      birth_date: "1988-12-01",
      country: "Brazil",
      country_code: "BR",
      region: "RJ",
      home_town: "Niterói",
      address: "Rua A, 10",
      postcode: "24020-000",
      document: { type: "cpf", number: "123.456.789-09", cpf: "12345678909" },
      contacts: [
        { type: "email", contact: p.email, is_confirmed: false, is_subscribed: false },
        { type: "phone", contact: "21999998888", phone_country_code: "BR", is_confirmed: false, is_subscribed: false },
      ],
    });
    expect((await data(p.browser.get("account/getInfo"))).first_name).toBe("Maria");
  });

  it("gives only the asked-for parts, and the country name in the request locale", async () => {
    const p = await registerPlayer({ country_code: "DE" });
    const bare = await data(p.browser.get("account/getprofileinfo", { fields: "", locale: "es" }));
    expect(bare).not.toHaveProperty("document");
    expect(bare).not.toHaveProperty("contacts");
    expect(bare.country).toBe("Alemania");
    const docs = await data(p.browser.get("account/getprofileinfo", { fields: "document" }));
    expect(docs).toHaveProperty("document");
    expect(docs).not.toHaveProperty("contacts");
    const all = await data(p.browser.get("account/getprofileinfo"));
    expect(all).toHaveProperty("document");
    expect(all).toHaveProperty("contacts");
  });

  it("keeps fields left out and clears fields sent empty", async () => {
    const p = await registerPlayer({ first_name: "Keep", last_name: "Clear", birth_date: "1990-01-01" });
    await data(p.browser.post("account/saveProfileInfo", { last_name: "", birth_date: "" }));
    const profile = await data(p.browser.get("account/getprofileinfo"));
    expect(profile).toMatchObject({ first_name: "Keep", last_name: "", birth_date: null });
  });

  it("locks identity fields once the player is verified", async () => {
    const p = await registerPlayer({ first_name: "Vera", birth_date: "1991-05-05" });
    await env.DB.prepare("UPDATE users SET is_verified = 1 WHERE uid = ?1").bind(p.uid).run();
    const e = await failure(
      p.browser.post("account/saveProfileInfo", { first_name: "Other", birth_date: "1991-05-05", address: "New St 1" }),
      400,
      "InvalidParameterException",
    );
    expect(e.invalid_parameters).toEqual({ first_name: ["This field cannot be changed after verification"] });
    expect(await data(p.browser.post("account/saveProfileInfo", { first_name: "Vera", address: "New St 1" }))).toBe(1);
  });

  it("checks region, postcode and document against the country, as registration does", async () => {
    const p = await registerPlayer({ country_code: "ES" });
    // The country's own formats, which SPEC §5's defaults would refuse: a DNI, a Spanish postcode.
    expect(await data(p.browser.post("account/saveProfileInfo", { region: "MD", postcode: "28013", document_type: "dni", document_number: "12345678Z" }))).toBe(
      1,
    );
    expect(await data(p.browser.get("account/getprofileinfo", { fields: "document" }))).toMatchObject({
      region: "MD",
      postcode: "28013",
      document: { type: "dni", number: "12345678Z" },
    });
    // A new country is checked with the values sent with it: a UK postcode and passport.
    expect(
      await data(
        p.browser.post("account/saveProfileInfo", {
          country_code: "GB",
          region: "ENG",
          postcode: "SW1A 1AA",
          document_type: "passport",
          document_number: "123456789",
        }),
      ),
    ).toBe(1);
    const e = await failure(
      p.browser.post("account/saveProfileInfo", { region: "MD", postcode: "28013", document_type: "dni", document_number: "12345678Z" }),
      400,
      "InvalidParameterException",
    );
    expect(e.invalid_parameters).toEqual({
      region: ["Unknown region"],
      postcode: ["Wrong postcode"],
      document_type: ["Wrong document type"],
      document_number: ["Wrong document number"],
    });
    // A number alone is checked against the stored document type (a UK passport is 9 digits).
    const short = await failure(p.browser.post("account/saveProfileInfo", { document_number: "12345" }), 400, "InvalidParameterException");
    expect(short.invalid_parameters).toEqual({ document_number: ["Wrong document number"] });
    expect(await data(p.browser.get("account/getprofileinfo", { fields: "document" }))).toMatchObject({
      country_code: "GB",
      postcode: "SW1A 1AA",
      document: { type: "passport", number: "123456789" },
    });
  });

  it("refuses identity changes while the identity is being verified, and keeps the rest editable", async () => {
    const p = await registerPlayer({ first_name: "Olga", birth_date: "1990-02-02" });
    await env.DB.prepare("UPDATE users SET is_on_verification = 1 WHERE uid = ?1").bind(p.uid).run();
    const e = await failure(
      p.browser.post("account/saveProfileInfo", { first_name: "Olivia", birth_date: "1990-02-02", address: "Elm St 2" }),
      409,
      "RequisitesOnVerificationException",
    );
    expect(e.invalid_parameters).toEqual({ first_name: ["This field cannot be changed while your identity is being verified"] });
    expect(await data(p.browser.post("account/saveProfileInfo", { first_name: "Olga", address: "Elm St 2" }))).toBe(1);
    expect(await data(p.browser.get("account/getprofileinfo", { fields: "" }))).toMatchObject({ first_name: "Olga", address: "Elm St 2" });
  });

  it.each([
    [{ first_name: "J0hn" }, "first_name"],
    [{ last_name: "a".repeat(51) }, "last_name"],
    [{ sex: "female" }, "sex"],
    [{ birth_date: "31/12/1990" }, "birth_date"],
    [{ birth_date: `${new Date().getUTCFullYear() - 17}-01-01` }, "birth_date"],
    [{ country_code: "XX" }, "country_code"],
    [{ country_code: "bra" }, "country_code"],
    [{ postcode: "ABC" }, "postcode"],
    [{ postcode: "SW1A-1AA/" }, "postcode"],
    [{ region: "Atlantis" }, "region"],
    [{ document_number: "12<script>" }, "document_number"],
    [{ address: 'say "hi"' }, "address"],
    [{ home_town: "x".repeat(101) }, "home_town"],
    [{ document_type: "id card" }, "document_type"],
    [{ document_number: "79927398710" }, "document_number"],
    [{ cpf: "12345" }, "cpf"],
  ])("refuses %j with 400 on %s", async (fields, field) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/saveProfileInfo", fields), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual([field]);
  });

  it("refuses a bad fields list", async () => {
    const p = await registerPlayer();
    const e = await failure(p.browser.get("account/getprofileinfo", { fields: "x".repeat(201) }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["fields"]);
  });
});

describe("account.changelocale", () => {
  it("sets one of the site's locales (returns 1)", async () => {
    const p = await registerPlayer();
    expect(await data(p.browser.post("account/changelocale", { locale: "ar" }))).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).locale).toBe("ar");
  });

  it.each([
    [{}, /required|expected string/],
    [{ locale: "de" }, /not available/],
    [{ locale: "english" }, /look like/],
    [{ locale: "EN" }, /look like/],
  ])("refuses %j with 400 on locale", async (fields, message) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/changelocale", fields), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["locale"]);
    expect(e.invalid_parameters!.locale![0]).toMatch(message);
  });
});

describe("account.changefakename", () => {
  it("sets a unique nickname (returns 1); another player cannot take it in any case", async () => {
    const a = await registerPlayer();
    const b = await registerPlayer();
    const name = `Star${uniqueName("").slice(-8)}`;
    expect(await data(a.browser.post("account/changefakename", { fakename: name }))).toBe(1);
    expect((await data(a.browser.get("account/getInfo"))).fakename).toBe(name);
    expect(await data(a.browser.post("account/changefakename", { fakename: name }))).toBe(1);
    const e = await failure(b.browser.post("account/changefakename", { fakename: name.toLowerCase() }), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ fakename: ["This name is taken"] });
  });

  it.each([{}, { fakename: "abc" }, { fakename: "has space" }, { fakename: "bad!name" }, { fakename: "x".repeat(21) }])(
    "refuses %j with 400 on fakename",
    async (fields) => {
      const p = await registerPlayer();
      const e = await failure(p.browser.post("account/changefakename", fields), 400, "InvalidParameterException");
      expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["fakename"]);
    },
  );
});

describe("account.getToken", () => {
  it("answers a token for the realtime connection, signed over uid and expiry, valid 5 minutes", async () => {
    const p = await registerPlayer();
    const { token, expires_at } = await data(p.browser.get("account/getToken"));
    const now = Date.now() / 1000;
    expect(expires_at - now).toBeGreaterThan(290);
    expect(expires_at - now).toBeLessThanOrEqual(300);
    expect(token).toMatch(new RegExp(`^${p.uid}\\.${expires_at}\\.[A-Za-z0-9_-]{43}$`));
    expect(await verifyRealtimeToken(env.SIGNING_SECRET, token)).toBe(p.uid);
    expect(await verifyRealtimeToken(env.SIGNING_SECRET, token, (expires_at + 1) * 1000)).toBeNull();
    expect(await verifyRealtimeToken("another-secret-of-at-least-32-chars!", token)).toBeNull();
    const forged = token.replace(/^\d+/, String(p.uid + 1));
    expect(await verifyRealtimeToken(env.SIGNING_SECRET, forged)).toBeNull();
  });
});
