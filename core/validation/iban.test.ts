import { describe, expect, it } from "vitest";
import { iban, ibanCheckDigits, ibanChecksumValid, isValidIban, normalizeIban } from "./iban";
import { IBAN_BBAN_FORMATS, ibanSpec, SEPA_COUNTRIES } from "./iban-countries";

/** Registry examples: each checks the table's length and structure and the checksum at once. */
const EXAMPLES = [
  "AD1200012030200359100100",
  "AE070331234567890123456",
  "AL47212110090000000235698741",
  "AT611904300234573201",
  "AZ21NABZ00000000137010001944",
  "BA391290079401028494",
  "BE68539007547034",
  "BG80BNBG96611020345678",
  "BH67BMAG00001299123456",
  "BR1800360305000010009795493C1",
  "BY13NBRB3600900000002Z00AB00",
  "CH9300762011623852957",
  "CR05015202001026284066",
  "CY17002001280000001200527600",
  "CZ6508000000192000145399",
  "DE89370400440532013000",
  "DK5000400440116243",
  "DO28BAGR00000001212453611324",
  "EE382200221020145685",
  "ES9121000418450200051332",
  "FI2112345600000785",
  "FO6264600001631634",
  "FR1420041010050500013M02606",
  "GB29NWBK60161331926819",
  "GE29NB0000000101904917",
  "GI75NWBK000000007099453",
  "GL8964710001000206",
  "GR1601101250000000012300695",
  "GT82TRAJ01020000001210029690",
  "HR1210010051863000160",
  "HU42117730161111101800000000",
  "IE29AIBK93115212345678",
  "IL620108000000099999999",
  "IQ98NBIQ850123456789012",
  "IS140159260076545510730339",
  "IT60X0542811101000000123456",
  "JO94CBJO0010000000000131000302",
  "KW81CBKU0000000000001234560101",
  "KZ86125KZT5004100100",
  "LB62099900000001001901229114",
  "LC55HEMM000100010012001200023015",
  "LI21088100002324013AA",
  "LT121000011101001000",
  "LU280019400644750000",
  "LV80BANK0000435195001",
  "MC5811222000010123456789030",
  "MD24AG000225100013104168",
  "ME25505000012345678951",
  "MK07250120000058984",
  "MR1300020001010000123456753",
  "MT84MALT011000012345MTLCAST001S",
  "MU17BOMM0101101030300200000MUR",
  "NL91ABNA0417164300",
  "NO9386011117947",
  "PK36SCBL0000001123456702",
  "PL61109010140000071219812874",
  "PS92PALS000000000400123456702",
  "PT50000201231234567890154",
  "QA58DOHB00001234567890ABCDEFG",
  "RO49AAAA1B31007593840000",
  "RS35260005601001611379",
  "SA0380000000608010167519",
  "SC18SSCB11010000000000001497USD",
  "SE4550000000058398257466",
  "SI56263300012039086",
  "SK3112000000198742637541",
  "SM86U0322509800000000270100",
  "ST32000200010192194210112",
  "SV62CENR00000000000000700025",
  "TL380080012345678910157",
  "TN5910006035183598478831",
  "TR330006100519786457841326",
  "UA213223130000026007233566001",
  "VA59001123000012345678",
  "VG96VPVG0000012345678901",
  "XK051212012345678906",
];

describe("IBAN", () => {
  it("accepts the valid examples of DE, GB, FR and BR, typed any way", () => {
    expect(iban("DE89370400440532013000")).toBeNull();
    expect(iban("GB29 NWBK 6016 1331 9268 19")).toBeNull();
    expect(iban("fr14 2004 1010 0505 0001 3m02 606")).toBeNull();
    expect(iban("BR18-0036-0305-0000-1000-9795-493C-1")).toBeNull();
    expect(normalizeIban(" gb29 nwbk-6016 ")).toBe("GB29NWBK6016");
  });

  it("accepts the registry example of every country in the table", () => {
    const covered = new Set(EXAMPLES.map((e) => e.slice(0, 2)));
    expect([...covered].sort()).toEqual(Object.keys(IBAN_BBAN_FORMATS).sort());
    for (const example of EXAMPLES) {
      expect(isValidIban(example), example).toBe(true);
      expect(ibanSpec(example.slice(0, 2))?.length, example).toBe(example.length);
    }
  });

  it("covers every SEPA country and the other required ones", () => {
    for (const country of [...SEPA_COUNTRIES, "BR", "TR", "SA", "AE", "GB"]) expect(ibanSpec(country), country).not.toBeNull();
  });

  it("rejects a wrong checksum", () => {
    expect(iban("DE88370400440532013000")).toEqual({ key: "iban" });
    expect(iban("GB29NWBK60161331926818")).toEqual({ key: "iban" });
    expect(ibanChecksumValid("DE89370400440532013000")).toBe(true);
  });

  it("rejects a wrong length even with a correct checksum", () => {
    const bban = "37040044053201300"; // one digit short of Germany's 18
    const short = `DE${ibanCheckDigits("DE", bban)}${bban}`;
    expect(ibanChecksumValid(short)).toBe(true);
    expect(iban(short)).toEqual({ key: "iban" });
    expect(iban("DE8937040044053201300012")).toEqual({ key: "iban" });
  });

  it("rejects a wrong structure even with a correct checksum", () => {
    const bban = "1234601613319268"; // GB wants four letters (the bank) first
    const wrong = `GB${ibanCheckDigits("GB", `12${bban}`)}12${bban}`;
    expect(wrong).toHaveLength(22);
    expect(ibanChecksumValid(wrong)).toBe(true);
    expect(iban(wrong)).toEqual({ key: "iban" });
  });

  it("rejects unknown countries and, when asked, other countries", () => {
    expect(iban("XX89370400440532013000")).toEqual({ key: "iban" });
    expect(iban("DE89370400440532013000", { countries: ["FR"] })).toEqual({ key: "iban" });
    expect(iban("DE89370400440532013000", { countries: ["DE", "FR"] })).toBeNull();
  });

  it("regenerates the check digits of the examples", () => {
    for (const example of EXAMPLES) expect(ibanCheckDigits(example.slice(0, 2), example.slice(4)), example).toBe(example.slice(2, 4));
  });

  it("is required unless optional", () => {
    expect(iban(" ")).toEqual({ key: "required" });
    expect(iban("", { isRequired: false })).toBeNull();
  });
});
