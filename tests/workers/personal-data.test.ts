import { describe, expect, it } from "vitest";
import { ContactPhoneSettings, PersonalData } from "../../core/api/entities-contacts";
import { phone } from "../../core/validation/phone";
import { data, failure, get, post } from "./helpers";

type Data = import("../../core/api/entities-contacts").PersonalData;
const fieldOf = (d: Data, sysname: string) => d.fields.find((f) => f.sysname === sysname)!;
const matches = (regex: string | undefined, value: string) => new RegExp(regex!).test(value);

describe("account.getPersonalDataFields", () => {
  it("answers the default country's form in the exact shape, fields in display order", async () => {
    const d = await data<Data>(get("account/getPersonalDataFields"));
    expect(PersonalData.safeParse(d).error).toBeUndefined();
    expect(Object.keys(d)).toEqual(["country_code", "countries", "fields", "regions", "document_types", "currency"]);
    expect(d.country_code).toBe("US");
    expect(d.fields.map((f) => f.sysname)).toEqual([
      "email",
      "mobile",
      "phone_country_code",
      "password",
      "currency",
      "first_name",
      "last_name",
      "birth_date",
      "sex",
      "country_code",
      "region",
      "home_town",
      "address",
      "postcode",
      "document_type",
      "document_number",
      "fakename",
      "promo_code",
    ]);
    for (const f of d.fields) {
      expect(Object.keys(f), f.sysname).toEqual(["sysname", "type", "attrs", "options", "params"]);
      expect(f.attrs.label, f.sysname).toMatch(/^auth\.fields\.\w+$/);
    }
    expect(d.countries.map((c) => c.code)).toEqual(expect.arrayContaining(["US", "CA", "GB", "DE", "FR", "ES", "PT", "BR", "MX", "AR", "AE", "EG"]));
    expect(d.countries.find((c) => c.code === "US")?.name).toBe("United States");
    expect(fieldOf(d, "email")).toMatchObject({ type: "input", params: { is_visible: true, is_required: true } });
    expect(fieldOf(d, "password")).toMatchObject({ type: "password", params: { is_visible: true, is_required: true } });
    expect(fieldOf(d, "birth_date").type).toBe("date");
    expect(fieldOf(d, "country_code").type).toBe("country_code");
    expect(fieldOf(d, "sex").options.list).toEqual([
      { id: "0", name: "auth.sexOptions.unspecified" },
      { id: "1", name: "auth.sexOptions.male" },
      { id: "2", name: "auth.sexOptions.female" },
    ]);
  });

  it("gives the US a phone mask, required states and a ZIP regex, in US dollars", async () => {
    const d = await data<Data>(get("account/getPersonalDataFields", { country_code: "US" }));
    const mobile = fieldOf(d, "mobile");
    expect(mobile).toMatchObject({ type: "phone", options: { mask: "(###) ###-####" } });
    expect(phone("5551234567", { mask: mobile.options.mask })).toBeNull();
    expect(fieldOf(d, "region")).toMatchObject({ type: "region", attrs: { label: "auth.fields.state" }, params: { is_visible: true, is_required: true } });
    expect(d.regions).toContainEqual({ id: "CA", name: "California" });
    expect(d.regions.length).toBe(51);
    const zip = fieldOf(d, "postcode").options.regex;
    expect(matches(zip, "90210")).toBe(true);
    expect(matches(zip, "SW1A 1AA")).toBe(false);
    expect(d.currency).toEqual({ rule: "first", list: [{ id: "USD", name: "US Dollar" }] });
    expect(fieldOf(d, "currency").options.list).toEqual(d.currency.list);
  });

  it("makes Brazil ask for a CPF, in reais first, and Britain for an alphanumeric postcode", async () => {
    const br = await data<Data>(get("account/getPersonalDataFields", { country_code: "BR" }));
    expect(br.country_code).toBe("BR");
    expect(br.document_types.map((t) => t.id)).toEqual(["cpf"]);
    const doc = fieldOf(br, "document_number");
    expect(doc.params).toEqual({ is_visible: true, is_required: true });
    expect(matches(doc.options.regex, "123.456.789-09")).toBe(true);
    expect(matches(doc.options.regex, "12345")).toBe(false);
    expect(fieldOf(br, "mobile").options.mask).toEqual(["(##) ####-####", "(##) #####-####"]);
    expect(fieldOf(br, "phone_country_code").params.is_required).toBe(true);
    expect(br.currency.list.map((c) => c.id)).toEqual(["BRL", "USD"]);
    expect(br.regions).toContainEqual({ id: "SP", name: "São Paulo" });

    const gb = await data<Data>(get("account/getPersonalDataFields", { country_code: "gb" }));
    expect(gb.country_code).toBe("GB");
    const postcode = fieldOf(gb, "postcode");
    expect(postcode.params).toEqual({ is_visible: true, is_required: true });
    expect(matches(postcode.options.regex, "SW1A 1AA")).toBe(true);
    expect(matches(postcode.options.regex, "12345")).toBe(false);
    expect(fieldOf(gb, "region").params.is_visible).toBe(false);
    // No pounds on this site: the site's currencies only.
    expect(gb.currency.list.map((c) => c.id)).toEqual(["USD", "EUR"]);
  });

  it("gives Spain DNI, NIE and passport with their patterns", async () => {
    const es = await data<Data>(get("account/getPersonalDataFields", { country_code: "ES" }));
    expect(es.document_types.map((t) => t.id)).toEqual(["dni", "nie", "passport"]);
    expect(es.document_types[0]!.name).toBe("auth.documentTypes.dni");
    expect(matches(es.document_types[0]!.regex, "12345678Z")).toBe(true);
    expect(matches(es.document_types[1]!.regex, "X1234567L")).toBe(true);
    expect(fieldOf(es, "document_type").options.list).toEqual(es.document_types.map(({ id, name }) => ({ id, name })));
    expect(fieldOf(es, "document_type").params.is_required).toBe(true);
    expect(es.currency.list[0]!.id).toBe("EUR");
  });

  it("names countries in the request locale", async () => {
    const es = await data<Data>(get("account/getPersonalDataFields", { country_code: "DE", locale: "es" }));
    expect(es.countries.find((c) => c.code === "DE")?.name).toBe("Alemania");
    const names = es.countries.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("es").compare));
  });

  it("refuses an unknown or malformed country with 400 and POST with 405", async () => {
    const unknown = await failure(get("account/getPersonalDataFields", { country_code: "JP" }), 400, "InvalidParameterException");
    expect(unknown.invalid_parameters).toEqual({ country_code: ["Unknown country"] });
    for (const bad of ["USA", "1", "", "u$"]) {
      const e = await failure(get("account/getPersonalDataFields", { country_code: bad }), 400, "InvalidParameterException");
      expect(Object.keys(e.invalid_parameters ?? {}), bad).toEqual(["country_code"]);
    }
    await failure(post("account/getPersonalDataFields", { country_code: "US" }), 405, "InvalidRequestException");
  });
});

describe("account.getContactPhoneSettings", () => {
  it("lists every country with its phone code and mask, US first", async () => {
    const d = await data(get("account/getContactPhoneSettings"));
    expect(ContactPhoneSettings.safeParse(d).error).toBeUndefined();
    expect(d.default_country).toBe("US");
    expect(d.items[0]).toEqual({ country_code: "US", phone_code: "1", name: "United States", mask: "(###) ###-####" });
    expect(d.items.map((i: { country_code: string }) => i.country_code)).toEqual(
      expect.arrayContaining(["CA", "GB", "DE", "FR", "ES", "PT", "BR", "MX", "AR", "AE", "EG"]),
    );
    for (const item of d.items) expect(String(item.mask).length, item.country_code).toBeGreaterThan(0);
  });

  it("names countries in the request locale and refuses POST with 405", async () => {
    const d = await data(get("account/getContactPhoneSettings", { locale: "pt" }));
    expect(d.items.find((i: { country_code: string }) => i.country_code === "DE").name).toBe("Alemanha");
    await failure(post("account/getContactPhoneSettings"), 405, "InvalidRequestException");
  });
});
