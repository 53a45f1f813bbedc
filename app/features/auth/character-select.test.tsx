import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createT } from "../../lib/i18n/translate";
import { CharacterSelect } from "./character-select";

const t = createT({ auth: { fields: { character: "Choose your character", characterLater: "Later" } } });
const characters = [
  { id: 1, sysname: "fox", title: "Fox", image: "/images/loyalty/fox.svg" },
  { id: 2, sysname: "owl", title: "Owl", image: "/images/loyalty/owl.svg" },
];

describe("registration character selector", () => {
  it("offers each character as a character_id radio, and Later (none) checked by default", () => {
    const html = renderToStaticMarkup(<CharacterSelect characters={characters} value={undefined} t={t} />);
    expect(html).toContain("<legend>Choose your character</legend>");
    expect(html.match(/name="character_id"/g)).toHaveLength(3);
    expect(html).toMatch(/value="1"[^>]*\/>.*Fox/);
    expect(html).toMatch(/checked="" value=""/);
  });

  it("keeps the character the form came back with", () => {
    const html = renderToStaticMarkup(<CharacterSelect characters={characters} value="2" t={t} />);
    expect(html).toMatch(/checked="" value="2"/);
    expect(html).not.toMatch(/checked="" value=""/);
  });
});
