import { describe, expect, it } from "vitest";
import { address, cardHolder, firstName, lastName, middleName, NAME_FORBIDDEN_CHARS } from "./rules-names";

const wrong = { key: "wrongField" };

describe("first and last name", () => {
  it("accept Latin, Cyrillic and Latvian letters with . and -", () => {
    for (const name of ["Anna", "Анна", "Ёлка", "Jānis", "Ēriks", "Ķēniņš", "Žaņa", "Šūpulis", "Ģirts", "Īrisa", "Ļena", "Jean-Luc", "J.", "José", "Müller"]) {
      expect(firstName(name), name).toBeNull();
      expect(lastName(name), name).toBeNull();
    }
  });

  it("count a letter typed with a combining accent as one letter", () => {
    expect(firstName("Jānis".normalize("NFD"))).toBeNull();
  });

  it("differ on digits: the first name forbids them, the last name allows them", () => {
    expect(firstName("Anna2")).toEqual(wrong);
    expect(lastName("Smith2")).toBeNull();
    expect(middleName("Maria3")).toEqual(wrong);
  });

  it("reject every special character of SPEC's list", () => {
    expect(NAME_FORBIDDEN_CHARS).toHaveLength(30);
    for (const ch of NAME_FORBIDDEN_CHARS) {
      expect(firstName(`An${ch}na`), ch).toEqual(wrong);
      expect(lastName(`Sm${ch}ith`), ch).toEqual(wrong);
    }
  });

  it("reject other scripts, emoji and names without a letter", () => {
    expect(firstName("李")).toEqual(wrong);
    expect(firstName("Αλέξης")).toEqual(wrong);
    expect(firstName("Anna😀")).toEqual(wrong);
    expect(lastName("-.")).toEqual(wrong);
    expect(lastName("123")).toEqual(wrong);
  });

  it("give required when empty, unless optional", () => {
    expect(firstName("")).toEqual({ key: "required" });
    expect(lastName("   ")).toEqual({ key: "required" });
    expect(middleName("", { isRequired: false })).toBeNull();
    expect(firstName(" Anna ")).toBeNull();
  });
});

describe("address", () => {
  it("allows ordinary address text", () => {
    expect(address("Brīvības iela 1-5, Rīga")).toBeNull();
    expect(address("Apt #5, 12/3 Main St. (rear)")).toBeNull();
    expect(address("ул. Ленина, д. 5")).toBeNull();
  });

  it("rejects @, underscore and quotes", () => {
    for (const bad of ["a@b", "Main_St", 'O"Hare', "O'Hare", "`x`", "«Дом»"]) expect(address(bad), bad).toEqual({ key: "address" });
  });

  it("is required unless optional", () => {
    expect(address("")).toEqual({ key: "required" });
    expect(address("", { isRequired: false })).toBeNull();
  });
});

describe("card holder", () => {
  it("takes letters, spaces, dot, apostrophe and hyphen", () => {
    expect(cardHolder("JOHN O'NEIL-SMITH JR.")).toBeNull();
    expect(cardHolder("Jānis Bērziņš")).toBeNull();
    expect(cardHolder("John2")).toEqual({ key: "name" });
    expect(cardHolder("John_Smith")).toEqual({ key: "name" });
    expect(cardHolder(". -")).toEqual({ key: "name" });
    expect(cardHolder("")).toEqual({ key: "required" });
  });
});
