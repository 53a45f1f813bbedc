/**
 * A game's theme, read from its title and kind (decision 0033): the catalogue's titles are an
 * adjective and a noun and perhaps a kind word ("Golden Phoenix Megaways", "Frozen Koi Live
 * Roulette"), so the noun picks the hero motif, the adjective the accent motifs and the palette,
 * the kind word a corner badge. A title with none of the words (an operator's own game) falls
 * back to its kind's motif over a palette from its sysname's hash, so every game still gets a
 * themed cover. Pure data and one function: the cover drawing (covers.ts) does the rest.
 */
import type { MotifName } from "./motifs.generated";

/** Title noun → the cover's hero motif. */
const HEROES: Record<string, MotifName> = {
  phoenix: "fire",
  tiger: "tiger-face",
  treasure: "money-bag",
  fruits: "grapes",
  gems: "gem-stone",
  riches: "coin",
  temple: "hindu-temple",
  legends: "crossed-swords",
  kingdom: "castle",
  quest: "compass",
  spins: "slot-machine",
  bonanza: "party-popper",
  empire: "classical-building",
  wolves: "wolf",
  buffalo: "water-buffalo",
  eagle: "eagle",
  lion: "lion",
  panda: "panda",
  koi: "tropical-fish",
  scarabs: "beetle",
  pyramids: "desert",
  sevens: "keycap-7",
  cherries: "cherries",
  diamonds: "ring",
  nuggets: "rock",
  crown: "crown",
  horseshoe: "horse-face",
  clovers: "four-leaf-clover",
  lanterns: "red-paper-lantern",
  orchids: "hibiscus",
  comets: "comet",
  galaxy: "milky-way",
  volcano: "volcano",
  reef: "coral",
  harbor: "anchor",
  saloon: "cowboy-hat-face",
  carnival: "carousel-horse",
  circus: "circus-tent",
  orchard: "red-apple",
  oasis: "palm-tree",
  // Words operators' own titles often carry.
  dragon: "dragon",
  fruit: "grapes",
  gold: "coin",
  star: "glowing-star",
  stars: "glowing-star",
  fire: "fire",
  wolf: "wolf",
  pirate: "pirate-flag",
  ocean: "water-wave",
  jungle: "palm-tree",
};

/** Title adjective → the accent motif scattered around the hero, and the palette's hue. */
const MOODS: Record<string, { accent: MotifName; hue: number }> = {
  golden: { accent: "coin", hue: 42 },
  wild: { accent: "paw-prints", hue: 28 },
  lucky: { accent: "four-leaf-clover", hue: 128 },
  royal: { accent: "crown", hue: 272 },
  mystic: { accent: "crystal-ball", hue: 262 },
  crystal: { accent: "gem-stone", hue: 188 },
  blazing: { accent: "fire", hue: 14 },
  frozen: { accent: "snowflake", hue: 200 },
  ancient: { accent: "amphora", hue: 34 },
  sacred: { accent: "sun", hue: 46 },
  savage: { accent: "paw-prints", hue: 18 },
  electric: { accent: "high-voltage", hue: 54 },
  cosmic: { accent: "ringed-planet", hue: 250 },
  shadow: { accent: "crescent-moon", hue: 238 },
  silver: { accent: "star", hue: 216 },
  emerald: { accent: "sparkles", hue: 146 },
  ruby: { accent: "sparkles", hue: 350 },
  sapphire: { accent: "sparkles", hue: 222 },
  neon: { accent: "sparkles", hue: 300 },
  thunder: { accent: "high-voltage", hue: 228 },
  jungle: { accent: "palm-tree", hue: 118 },
  desert: { accent: "cactus", hue: 36 },
  ocean: { accent: "water-wave", hue: 198 },
  dragon: { accent: "dragon", hue: 2 },
  viking: { accent: "shield", hue: 208 },
  pharaoh: { accent: "amphora", hue: 44 },
  samurai: { accent: "japanese-castle", hue: 354 },
  pirate: { accent: "pirate-flag", hue: 212 },
  fortune: { accent: "money-bag", hue: 46 },
  magic: { accent: "magic-wand", hue: 282 },
  midnight: { accent: "crescent-moon", hue: 234 },
  sunny: { accent: "sun", hue: 50 },
  fiery: { accent: "fire", hue: 8 },
  starry: { accent: "glowing-star", hue: 244 },
  hidden: { accent: "old-key", hue: 30 },
  mighty: { accent: "trophy", hue: 16 },
  secret: { accent: "locked", hue: 258 },
  burning: { accent: "fire", hue: 4 },
  jolly: { accent: "party-popper", hue: 322 },
  glorious: { accent: "trophy", hue: 44 },
  rising: { accent: "rocket", hue: 24 },
  wandering: { accent: "compass", hue: 162 },
  twin: { accent: "sparkles", hue: 186 },
  hyper: { accent: "high-voltage", hue: 296 },
};

/** Kind words in a title → the corner badge (live tables, card games, crash games, features). */
const BADGES: [RegExp, MotifName][] = [
  [/\broulette$/i, "bullseye"],
  [/\blive$/i, "video-camera"],
  [/\bblackjack$/i, "spade-suit"],
  [/\bbaccarat$/i, "heart-suit"],
  [/\b(crash|dash)$/i, "rocket"],
  [/\bmegaways$/i, "slot-machine"],
  [/\bhold and win$/i, "money-bag"],
  [/\bdeluxe$/i, "gem-stone"],
];

/** The hero when the title names none: by the game's kind. */
const KIND_HEROES: Record<string, MotifName> = {
  slot: "slot-machine",
  live: "video-camera",
  table: "joker",
  fast: "rocket",
  sport: "soccer-ball",
};

export interface CoverTheme {
  /** The words that chose it ("golden+phoenix"), or "kind:slot": tests and docs read it. */
  id: string;
  hero: MotifName;
  accent: MotifName | null;
  badge: MotifName | null;
  hue: number;
}

/** The theme of one game. `seed` (the sysname's hash) only picks a hue when no word gives one. */
export function coverTheme(title: string, kind: string, seed: number): CoverTheme {
  const words = title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const noun = words.find((w) => HEROES[w] && !(MOODS[w] && words.indexOf(w) === 0 && words.length > 1 && words.slice(1).some((x) => HEROES[x])));
  const mood = words.find((w) => MOODS[w] && w !== noun);
  const badge = BADGES.find(([re]) => re.test(title.trim()))?.[1] ?? null;
  const hero = noun ? HEROES[noun]! : (KIND_HEROES[kind] ?? "slot-machine");
  const hue = mood ? MOODS[mood]!.hue : seed % 360;
  return {
    id: [mood, noun].filter(Boolean).join("+") || `kind:${kind}`,
    hero,
    accent: mood ? MOODS[mood]!.accent : null,
    badge: badge === hero ? null : badge,
    hue,
  };
}

/** Every motif a theme can name: the generator's list (motif-names.json) must equal it (tested). */
export const THEME_MOTIFS: ReadonlySet<MotifName> = new Set<MotifName>([
  ...Object.values(HEROES),
  ...Object.values(MOODS).map((m) => m.accent),
  ...BADGES.map(([, m]) => m),
  ...Object.values(KIND_HEROES),
]);
