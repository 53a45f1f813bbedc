/**
 * Game covers, drawn as SVG from the game's sysname (decision 0015): the sysname's hash picks two
 * hues, a background pattern and where its shapes sit, so every game gets its own cover without
 * storing a single image. Same sysname and title, same bytes: covers are cached for good.
 */

/** Bump when the drawing changes, so cached covers (and their ETags) are replaced. */
const COVER_VERSION = 1;
export const WIDTH = 300;
export const HEIGHT = 400;

export const coverPath = (sysname: string) => `/platform/covers/${sysname}.svg`;

/** FNV-1a, 32 bits: small, fast and stable across runtimes. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A stream of deterministic numbers from a seed (xorshift32). */
function numbers(seed: number) {
  let x = seed || 1;
  return (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Splits a title into at most three lines of about 14 characters. */
function titleLines(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && (last + " " + word).length <= 14) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 3 ? [...lines.slice(0, 2), lines.slice(2).join(" ")] : lines;
}

function pattern(kind: number, next: (n: number) => number, color: string): string {
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = next(WIDTH);
    const y = next(HEIGHT - 120);
    const s = 20 + next(70);
    const o = (0.15 + next(35) / 100).toFixed(2);
    if (kind === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${s}" fill="${color}" fill-opacity="${o}"/>`);
    else if (kind === 1) shapes.push(`<rect x="${x - s}" y="${y - s}" width="${s * 2}" height="${s * 2}" transform="rotate(45 ${x} ${y})" fill="${color}" fill-opacity="${o}"/>`);
    else if (kind === 2) shapes.push(`<path d="M${x} ${y - s}L${x + s} ${y + s}L${x - s} ${y + s}Z" fill="${color}" fill-opacity="${o}"/>`);
    else shapes.push(`<rect x="0" y="${y}" width="${WIDTH}" height="${Math.round(s / 3)}" fill="${color}" fill-opacity="${o}" transform="rotate(${next(40) - 20} ${WIDTH / 2} ${y})"/>`);
  }
  return shapes.join("");
}

export interface CoverInput {
  sysname: string;
  title: string;
  providerName: string;
}

export function coverSvg({ sysname, title, providerName }: CoverInput): string {
  const next = numbers(hash32(sysname));
  const hue = next(360);
  const hue2 = (hue + 90 + next(180)) % 360;
  const from = `hsl(${hue} 70% 38%)`;
  const to = `hsl(${hue2} 75% 18%)`;
  const accent = `hsl(${(hue + 180) % 360} 90% 70%)`;
  const lines = titleLines(title);
  const top = HEIGHT - 70 - lines.length * 30;
  const text = lines
    .map((l, i) => `<text x="20" y="${top + i * 30}" font-size="26" font-weight="700">${escapeXml(l)}</text>`)
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(title)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${next(2)}" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>` +
    pattern(next(4), next, accent) +
    `<rect y="${top - 40}" width="${WIDTH}" height="${HEIGHT - top + 40}" fill="#000" fill-opacity="0.35"/>` +
    `<g fill="#fff" font-family="system-ui,sans-serif">${text}` +
    `<text x="20" y="${HEIGHT - 24}" font-size="14" fill-opacity="0.8">${escapeXml(providerName)}</text></g>` +
    `</svg>`
  );
}

/** Strong validator of one cover: its drawing version and inputs. */
export const coverEtag = (c: CoverInput) => `"cover-${COVER_VERSION}-${hash32(`${c.sysname}\u0000${c.title}\u0000${c.providerName}`).toString(36)}"`;
