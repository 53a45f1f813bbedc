// node scripts/gen-art.mjs — writes the seed's loyalty pictures (public/images/loyalty/*.svg: the
// shop's products, the programme, its characters and quests) and tournament cards
// (public/images/tournaments/*.svg) from Fluent Emoji Flat motifs (MIT,
// @iconify-json/fluent-emoji-flat, a devDependency; docs/credits.md), in the look of the game
// covers (decision 0033) — and the home hero's decoration (public/images/hero-art.svg): a gradient in the theme's hue, a faint sunburst, the hero motif with a glow,
// accents around it. Static files, committed: run it again after changing a picture below.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SET = JSON.parse(readFileSync(join(ROOT, "node_modules/@iconify-json/fluent-emoji-flat/icons.json"), "utf8"));

/** One motif as a symbol (its ids prefixed, so motifs in one picture never clash). */
function symbol(name) {
  const icon = SET.icons[name];
  if (!icon) throw new Error(`${name}: not in @iconify-json/fluent-emoji-flat`);
  const body = icon.body.replace(/id="([^"]+)"/g, `id="${name}-$1"`).replace(/url\(#([^)]+)\)/g, `url(#${name}-$1)`);
  return `<symbol id="m-${name}" viewBox="0 0 32 32">${body}</symbol>`;
}

const use = (name, x, y, size, extra = "") => `<use href="#m-${name}" x="${x}" y="${y}" width="${size}" height="${size}"${extra}/>`;
const hsl = (h, s, l) => `hsl(${h} ${s}% ${l}%)`;

/** A round badge 64×64: the motif on a plate of its hue (products, characters, quests, the programme). */
function badge({ motif, hue, label }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${label}"><defs><radialGradient id="p" cx=".35" cy=".3" r=".85"><stop offset="0" stop-color="${hsl(hue, 80, 62)}"/><stop offset="1" stop-color="${hsl(hue, 70, 30)}"/></radialGradient>${symbol(motif)}</defs><circle cx="32" cy="32" r="31" fill="url(#p)"/><circle cx="32" cy="32" r="29" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/><ellipse cx="32" cy="50" rx="17" ry="4" fill="#000" opacity=".22"/>${use(motif, 12, 10, 40)}</svg>\n`;
}

/** A tournament card 640×360: the hero motif large with a glow, accents around it, a sunburst. */
function scene({ hero, accents, hue, label }) {
  const rays = Array.from({ length: 16 }, (_, i) => {
    const a = (i * 22.5 * Math.PI) / 180;
    const b = ((i * 22.5 + 11.25) * Math.PI) / 180;
    const p = (t) => `${(320 + 700 * Math.cos(t)).toFixed(1)} ${(180 + 700 * Math.sin(t)).toFixed(1)}`;
    return `M320 180L${p(a)}L${p(b)}Z`;
  }).join("");
  const spots = [
    [70, 60, 56, -12],
    [520, 40, 64, 14],
    [90, 240, 48, 8],
    [540, 250, 52, -8],
    [200, 28, 34, 0],
    [430, 290, 38, 0],
  ];
  const placed = spots.map(([x, y, s, r], i) => use(accents[i % accents.length], x, y, s, ` transform="rotate(${r} ${x + s / 2} ${y + s / 2})" opacity=".95"`));
  const defs = [...new Set([hero, ...accents])].map(symbol).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img" aria-label="${label}"><defs><radialGradient id="bg" cx=".5" cy=".45" r=".8"><stop offset="0" stop-color="${hsl(hue, 75, 48)}"/><stop offset=".6" stop-color="${hsl(hue, 70, 28)}"/><stop offset="1" stop-color="${hsl((hue + 20) % 360, 60, 14)}"/></radialGradient><radialGradient id="gl" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>${defs}</defs><rect width="640" height="360" fill="url(#bg)"/><path d="${rays}" fill="#fff" opacity=".07"/>${placed.join("")}<circle cx="320" cy="180" r="150" fill="url(#gl)"/><ellipse cx="320" cy="300" rx="110" ry="18" fill="#000" opacity=".25"/>${use(hero, 210, 60, 220)}</svg>\n`;
}

/**
 * The home hero's decoration 480×240, transparent (the hero's gradient shows through): a slot
 * machine with coins, a gem and sparkles, placed at the hero's far edge by CSS.
 */
function heroArt() {
  const motifs = ["slot-machine", "coin", "gem-stone", "sparkles", "money-bag"];
  const parts = [
    use("sparkles", 40, 30, 44, ' opacity=".9"'),
    use("coin", 90, 150, 54, ' transform="rotate(-14 117 177)"'),
    use("gem-stone", 380, 20, 64, ' transform="rotate(12 412 52)"'),
    use("money-bag", 360, 150, 78),
    use("coin", 20, 120, 36, ' opacity=".85"'),
    use("sparkles", 410, 110, 36, ' opacity=".8"'),
    `<ellipse cx="250" cy="222" rx="100" ry="12" fill="#000" opacity=".18"/>`,
    use("slot-machine", 150, 30, 200),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 240" width="480" height="240" aria-hidden="true"><defs>${motifs.map(symbol).join("")}</defs>${parts.join("")}</svg>\n`;
}

const BADGES = {
  bonus: { motif: "wrapped-gift", hue: 150, label: "bonus" },
  cash: { motif: "money-bag", hue: 42, label: "cash" },
  spins: { motif: "slot-machine", hue: 275, label: "free spins" },
  club: { motif: "crown", hue: 48, label: "club" },
  fox: { motif: "fox", hue: 22, label: "fox" },
  owl: { motif: "owl", hue: 200, label: "owl" },
  panda: { motif: "panda", hue: 120, label: "panda" },
  tiger: { motif: "tiger-face", hue: 32, label: "tiger" },
  quest: { motif: "bullseye", hue: 350, label: "quest" },
};

const SCENES = {
  "slots-sprint": { hero: "slot-machine", accents: ["high-voltage", "coin"], hue: 280, label: "Slots Sprint" },
  "high-roller-race": { hero: "gem-stone", accents: ["chequered-flag", "money-with-wings"], hue: 160, label: "High Roller Race" },
  "weekend-wins": { hero: "trophy", accents: ["party-popper", "sparkles"], hue: 35, label: "Weekend Wins" },
  "spring-rounds": { hero: "cherry-blossom", accents: ["four-leaf-clover", "tulip"], hue: 330, label: "Spring Rounds" },
  "round-duel": { hero: "crossed-swords", accents: ["boxing-glove", "high-voltage"], hue: 220, label: "Round Duel" },
  "real-cup": { hero: "1st-place-medal", accents: ["glowing-star", "coin"], hue: 5, label: "Real Cup" },
  "matchday-race": { hero: "soccer-ball", accents: ["stadium", "chequered-flag"], hue: 120, label: "Matchday Race" },
  "daily-race": { hero: "sun", accents: ["rocket", "coin"], hue: 45, label: "Daily Race" },
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, b] of Object.entries(BADGES)) writeFileSync(join(ROOT, `public/images/loyalty/${name}.svg`), badge(b));
  for (const [name, s] of Object.entries(SCENES)) writeFileSync(join(ROOT, `public/images/tournaments/${name}.svg`), scene(s));
  writeFileSync(join(ROOT, "public/images/hero-art.svg"), heroArt());
  console.log(`wrote ${Object.keys(BADGES).length} loyalty pictures, ${Object.keys(SCENES).length} tournament cards and the home hero's art`);
}
