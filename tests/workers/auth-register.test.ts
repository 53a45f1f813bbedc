import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BY_EMAIL, BY_PHONE, Browser, FAST, FULL, PASSWORD, US_PLAYER, registerPlayer, uid, uniqueName, withAuthTypes } from "./auth-helpers";
import { data, failure } from "./helpers";

const adultBirthDate = `${new Date().getUTCFullYear() - 30}-04-15`;
/** What the seeded site's forms require of a US player besides the login or email and the password. */
const US = { terms: "1", ...US_PLAYER };

const noAccount = async (login: string) => expect(await env.DB.prepare("SELECT 1 FROM users WHERE login = ?1").bind(login).first()).toBeNull();

describe("auth.register", () => {
  it("stores every registration value and signs the player in", async () => {
    const b = new Browser();
    const login = uniqueName("full");
    const info = await data(
      b.post("auth/register", {
        login,
        email: `${login.toUpperCase()}@Example.COM`,
        password: PASSWORD,
        locale: "pt",
        currency: "BRL",
        phone: "+5511987654321",
        phone_country_code: "BR",
        country_code: "BR",
        region: "SP",
        document_type: "cpf",
        document_number: "123.456.789-09",
        first_name: "João",
        middle_name: "Pedro",
        last_name: "Silva2",
        birth_date: "15.04.1990",
        sex: "1",
        postcode: "01310100",
        home_town: "São Paulo",
        address: "Av. Paulista, 1000",
        fakename: `Lucky${login.slice(-6)}`,
        promo_code: " WELCOME50 ",
        terms: "1",
        notify: "0",
        is_betting: "1",
        character_id: "3",
      }),
    );
    expect(info).toMatchObject({
      login,
      first_name: "João",
      locale: "pt",
      country_code: "BR",
      is_subscribed: false,
      is_registration_completed: true,
      balance_main: { amount: 0, currency: "BRL" },
      email: { type: "email", contact: `${login.toLowerCase()}@example.com`, is_confirmed: false, is_subscribed: false },
      mobile: { type: "phone", contact: "11987654321", phone_country_code: "BR", is_confirmed: false, is_subscribed: false },
    });
    expect(Math.abs(info.reg_time - Date.now() / 1000)).toBeLessThan(60);
    expect(await uid(b)).toBe(info.uid);
    const row = await env.DB.prepare("SELECT * FROM users WHERE uid = ?1").bind(info.uid).first<Record<string, unknown>>();
    expect(row).toMatchObject({ birth_date: "1990-04-15", sex: 1, is_betting: 1, notify: 0, character_id: 3, middle_name: "Pedro", postcode: "01310100" });
    const promo = await env.DB.prepare("SELECT promo_code FROM registration_promo WHERE uid = ?1").bind(info.uid).first();
    expect(promo).toEqual({ promo_code: "WELCOME50" });
  });

  it("takes the email as the login when no login is sent, and the site's defaults", async () => {
    // A site registering with the email form only, which asks for no currency.
    await withAuthTypes([BY_EMAIL], async () => {
      const email = `${uniqueName("fast")}@example.com`;
      const info = await data(new Browser().post("auth/register", { email, password: PASSWORD, terms: "1" }));
      expect(info).toMatchObject({ login: email, locale: "en", balance_main: { amount: 0, currency: "USD" }, mobile: null });
      const inEs = await data(new Browser().post("auth/register", { email: `es-${email}`, password: PASSWORD, locale: "es", terms: "1" }));
      expect(inEs.locale).toBe("es");
    });
  });

  it("refuses taken login, email, phone and fake name, case-insensitively, keyed by field", async () => {
    const p = await registerPlayer({ phone: "447700900123", phone_country_code: "GB", fakename: "TakenName" });
    const e = await failure(
      new Browser().post("auth/register", {
        login: p.login.toUpperCase(),
        email: p.email.toUpperCase(),
        phone: "+447700900123",
        phone_country_code: "GB",
        fakename: "takenname",
        password: PASSWORD,
        ...US,
      }),
      400,
      "InvalidParameterException",
    );
    expect(e.invalid_parameters).toEqual({
      login: ["Already registered"],
      email: ["Already registered"],
      phone: ["Already registered"],
      fakename: ["This name is taken"],
    });
    // Someone's email is no one else's login.
    const asLogin = await failure(
      new Browser().post("auth/register", { login: p.email, email: `${uniqueName()}@example.com`, password: PASSWORD, ...US }),
      400,
      "InvalidParameterException",
    );
    expect(asLogin.invalid_parameters).toEqual({ login: ["Already registered"] });
  });

  it("keeps a phone as the national number of its own country; one that does not fit that country's mask is refused on the field", async () => {
    // A US player's British mobile, typed with or without the code: the account holds +44 7700 900xxx.
    const tail = String(100 + Math.floor(Math.random() * 900));
    for (const phone of [`7700900${tail}`, `+447700900${tail}`]) {
      const p = await registerPlayer({ phone, phone_country_code: "GB", login: uniqueName("abroad") });
      const info = await data(p.browser.get("account/getInfo"));
      expect(info.mobile).toMatchObject({ contact: `7700900${tail}`, phone_country_code: "GB" });
      await env.DB.prepare("DELETE FROM contacts WHERE uid = ?1 AND type = 'phone'").bind(p.uid).run();
    }
    for (const [phone, phone_country_code] of [
      ["202555012", "US"], // a digit short of America's mask
      ["+33612345678", "GB"], // a French number for a British phone
    ]) {
      const e = await failure(
        new Browser().post("auth/register", {
          login: uniqueName(),
          email: `${uniqueName()}@example.com`,
          password: PASSWORD,
          phone,
          phone_country_code,
          ...US,
        }),
        400,
        "InvalidParameterException",
      );
      expect(e.invalid_parameters).toEqual({ phone: ["Wrong phone number"] });
    }
  });

  it("checks currency and locale against the site's, and the country against real ones", async () => {
    const e = await failure(
      new Browser().post("auth/register", {
        login: uniqueName(),
        email: `${uniqueName()}@example.com`,
        password: PASSWORD,
        terms: "1",
        currency: "GBP",
        locale: "de",
        country_code: "XX",
        phone_country_code: "QQ",
      }),
      400,
      "InvalidParameterException",
    );
    expect(e.invalid_parameters).toEqual({
      currency: ["This currency is not available"],
      locale: ["This language is not available"],
      country_code: ["Unknown country"],
      phone_country_code: ["Unknown country"],
    });
  });

  it.each([
    [{}, ["country_code", "currency", "email", "login", "password", "region", "terms"]],
    [{ login: "", email: "" }, ["email", "login"]],
    [{ password: "12345" }, ["password"]],
    [{ password: "x".repeat(21) }, ["password"]],
    [{ password: "has space1" }, ["password"]],
    [{ login: "a b c d" }, ["login"]],
    [{ login: "x".repeat(101) }, ["login"]],
    [{ email: "not-an-email" }, ["email"]],
    [{ email: "a@b.c.d.e" }, ["email"]],
    [{ phone: "12-34" }, ["phone"]],
    [{ terms: "0" }, ["terms"]],
    [{ hasPromocode: "1" }, ["hasPromocode"]],
    [{ notify: "yes" }, ["notify"]],
    [{ is_betting: "2" }, ["is_betting"]],
    [{ sex: "3" }, ["sex"]],
    [{ first_name: "R2D2" }, ["first_name"]],
    [{ last_name: "O'Brien" }, ["last_name"]],
    [{ first_name: "x".repeat(51) }, ["first_name"]],
    [{ address: "me@home" }, ["address"]],
    [{ postcode: "123456789" }, ["postcode"]],
    [{ birth_date: "1990/01/01" }, ["birth_date"]],
    [{ birth_date: "1990-02-30" }, ["birth_date"]],
    [{ birth_date: `${new Date().getUTCFullYear() - 10}-01-01` }, ["birth_date"]],
    [{ birth_date: "2999-01-01" }, ["birth_date"]],
    [{ fakename: "abc" }, ["fakename"]],
    [{ fakename: "with space" }, ["fakename"]],
    [{ currency: "usd" }, ["currency"]],
    [{ country_code: "Brazil" }, ["country_code"]],
    [{ document_number: "1234567" }, ["document_number"]],
    [{ character_id: "three" }, ["character_id"]],
    [{ character_id: "999" }, ["character_id"]],
    [{ promo_code: "P".repeat(51) }, ["promo_code"]],
  ])("refuses %j with 400 on exactly those fields", async (fields, keys) => {
    const login = uniqueName();
    const base: Record<string, string> = { login, email: `${login}@example.com`, password: PASSWORD, ...US };
    const sent = Object.keys(fields).length ? { ...base, ...fields } : {};
    const e = await failure(new Browser().post("auth/register", sent), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {}).sort()).toEqual(keys);
    expect(JSON.stringify(e)).not.toContain(PASSWORD);
  });

  it("refuses a registration that leaves the terms out while the site's terms option is active: a terms field error, no account", async () => {
    const login = uniqueName("noterms");
    const { terms: _, ...withoutTerms } = US;
    const e = await failure(
      new Browser().post("auth/register", { login, email: `${login}@example.com`, password: PASSWORD, ...withoutTerms }),
      400,
      "InvalidParameterException",
    );
    expect(e.invalid_parameters).toEqual({ terms: ["Please accept the terms"] });
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE login = ?1").bind(login).first()).toBeNull();
  });

  it("accepts the document rules of SPEC §5: the dotted pattern, a Luhn number and 'new'", async () => {
    for (const document_number of ["123456...7890", "79927398713", "new"]) {
      const login = uniqueName();
      await data(
        new Browser().post("auth/register", { login, email: `${login}@example.com`, password: PASSWORD, ...US, document_number, birth_date: adultBirthDate }),
      );
    }
  });

  it("answers with the account, never with the password or its hash", async () => {
    const login = uniqueName();
    const res = await new Browser().post("auth/register", { login, email: `${login}@example.com`, password: PASSWORD, ...US });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/pbkdf2|password/);
  });
});

describe("auth.register mails the email's confirmation code", () => {
  it("sends a 6-digit code to the new email, which confirms it", async () => {
    const login = uniqueName("confirm");
    const email = `${login}@example.com`;
    const b = new Browser();
    await data(b.post("auth/register", { login, email, password: PASSWORD, ...US }));
    const mail = await env.DB.prepare("SELECT text FROM outbox WHERE recipient = ?1").bind(email).all<{ text: string }>();
    expect(mail.results).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(mail.results[0]!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(await data(b.post("account/confirmContact", { contact: email, code }))).toBe(1);
    const info = await data(b.get("account/getInfo"));
    expect(info.email).toMatchObject({ contact: email, is_confirmed: true });
  });

  it("registers without an email and sends nothing", async () => {
    const login = uniqueName("nomail");
    // A site registering with the phone form only: no email asked for.
    await withAuthTypes([BY_PHONE], () => data(new Browser().post("auth/register", { login, phone: "+12025550143", password: PASSWORD, terms: "1" })));
    const mail = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient LIKE ?1").bind(`${login}%`).first<{ n: number }>();
    expect(mail?.n).toBe(0);
  });
});

describe("auth.register checks postcode and document by country", () => {
  const base = (country: Record<string, string> = US) => {
    const login = uniqueName("geo");
    return { login, email: `${login}@example.com`, password: PASSWORD, ...country };
  };
  /** What GB's form requires besides the postcode (migrations/seed/personal-data.json). */
  const GB = {
    terms: "1",
    currency: "USD",
    country_code: "GB",
    first_name: "Ann",
    last_name: "Lee",
    birth_date: adultBirthDate,
    home_town: "London",
    address: "1 High Street",
  };
  it("takes a GB postcode and a US ZIP+4, refuses ones that do not fit the country", async () => {
    await data(new Browser().post("auth/register", { ...base(GB), postcode: "SW1A 1AA" }));
    await data(new Browser().post("auth/register", { ...base(), postcode: "12345-6789" }));
    const wrong = await failure(new Browser().post("auth/register", { ...base(GB), postcode: "12345" }), 400, "InvalidParameterException");
    expect(wrong.invalid_parameters).toEqual({ postcode: ["Wrong postcode"] });
  });
  it("checks the document number against the country's document type", async () => {
    await data(new Browser().post("auth/register", { ...base(), country_code: "US", document_type: "passport", document_number: "X1234567" }));
    const bad = await failure(
      new Browser().post("auth/register", { ...base(), country_code: "US", document_type: "passport", document_number: "12" }),
      400,
      "InvalidParameterException",
    );
    expect(bad.invalid_parameters).toEqual({ document_number: ["Wrong document number"] });
  });
});

describe("auth.register requires what every registration form of the site requires (SPEC §4)", () => {
  const complete = () => {
    const login = uniqueName("req");
    return { login, email: `${login}@example.com`, password: PASSWORD, ...US };
  };

  it.each(["country_code", "region", "currency", "email"] as const)("refuses a registration without %s: that field's error, no account", async (left) => {
    const { [left]: _, ...sent } = complete();
    const e = await failure(new Browser().post("auth/register", sent), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ [left]: ["Field is required"] });
    await noAccount(sent.login);
  });

  it("takes the complete registration, and asks each country's own fields (GB: the name, birth date and address)", async () => {
    const info = await data(new Browser().post("auth/register", complete()));
    expect(info).toMatchObject({ country_code: "US", balance_main: { currency: "USD" } });
    const { region: _, ...british } = { ...complete(), country_code: "GB" };
    const e = await failure(new Browser().post("auth/register", british), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {}).sort()).toEqual(["address", "birth_date", "first_name", "home_town", "last_name", "postcode"]);
    await noAccount(british.login);
  });

  it("enforces the fields every offered form type requires: full alone asks every visible field, fast with full only fast's", async () => {
    // The US's visible fields beyond fast's: the phone, names, birth date, town, address and ZIP.
    const fullOnly = ["address", "birth_date", "first_name", "home_town", "last_name", "phone", "postcode"];
    const sent = complete();
    await withAuthTypes([FULL], async () => {
      const e = await failure(new Browser().post("auth/register", sent), 400, "InvalidParameterException");
      expect(Object.keys(e.invalid_parameters ?? {}).sort()).toEqual(fullOnly);
      expect(e.invalid_parameters?.first_name).toEqual(["Field is required"]);
      await noAccount(sent.login);
    });
    await withAuthTypes([FAST, FULL], () => data(new Browser().post("auth/register", sent)));
  });

  it("asks only the email and password when the site also offers the email form", async () => {
    await withAuthTypes([FAST, BY_EMAIL], async () => {
      const login = uniqueName("byemail");
      await data(new Browser().post("auth/register", { email: `${login}@example.com`, password: PASSWORD, terms: "1" }));
      const e = await failure(new Browser().post("auth/register", { login, password: PASSWORD, terms: "1" }), 400, "InvalidParameterException");
      expect(e.invalid_parameters).toEqual({ email: ["Field is required"] });
    });
  });
});
