/**
 * Writes the demo catalogue's pictures and comparison PDFs into apps/web/public/demo/: abstract
 * SVG artwork in the agency's loud palette, one icon-like motif per service, page item and
 * industry. Deterministic (the same input gives the same bytes), so re-running it only changes
 * files whose catalogue entry changed. The output is committed; nothing is downloaded.
 *
 *   npx tsx scripts/demo-art/make-demo-art.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMoney, toCents } from '@noise/shared/pricing';
import {
  demoImage,
  demoIndustries,
  demoPages,
  demoServices,
  type DemoService,
  type Motif,
} from '../../apps/server/src/seed/demo-catalogue.ts';
import { makeTextPdf } from './text-pdf.ts';

const INK = '#0e0d12';
const CREAM = '#f6f0e4';
const MAGENTA = '#ff2d87';
const ORANGE = '#ff6a13';
const BLUE = '#2f54ff';
const LIME = '#c6f432';
const VIOLET = '#8a3dff';
/** Gradient pairs whose midpoint stays bright (blue to orange, say, goes grey in the middle). */
const GRADIENTS = [
  [MAGENTA, ORANGE],
  [BLUE, MAGENTA],
  [VIOLET, MAGENTA],
  [ORANGE, LIME],
  [BLUE, VIOLET],
  [MAGENTA, VIOLET],
  [LIME, BLUE],
] as const;
const ACCENTS = [MAGENTA, ORANGE, BLUE, LIME, VIOLET] as const;
const FONT = "'Bricolage Grotesque Variable','Arial Black','Helvetica Neue',Arial,sans-serif";

/** Icons drawn in a 100 x 100 box with round strokes; `F` marks filled parts. */
const ICONS: Record<Motif, string> = {
  pen: '<path d="M50 8 76 46 50 92 24 46Z"/><circle cx="50" cy="52" r="7"/><path d="M50 8V45"/>',
  play: '<rect x="10" y="20" width="80" height="60" rx="12"/><path class="F" d="M41 34 66 50 41 66Z"/>',
  spotlight:
    '<rect x="34" y="10" width="32" height="28" rx="6"/><path d="M38 38 16 88H84L62 38M30 64H70"/>',
  camera:
    '<rect x="8" y="30" width="84" height="56" rx="12"/><path d="M32 30 40 16H60L68 30"/><circle cx="50" cy="58" r="16"/>',
  chat: '<path d="M12 18H88V66H46L26 84V66H12Z"/><circle class="F" cx="32" cy="42" r="5"/><circle class="F" cx="50" cy="42" r="5"/><circle class="F" cx="68" cy="42" r="5"/>',
  magnifier: '<circle cx="42" cy="42" r="28"/><path d="M62 62 88 88"/>',
  star: '<path d="M50 8 61 37 92 39 68 59 76 90 50 73 24 90 32 59 8 39 39 37Z"/>',
  screen: '<rect x="8" y="14" width="84" height="56" rx="8"/><path d="M34 88H66M50 70V88"/>',
  target:
    '<circle cx="50" cy="50" r="40"/><circle cx="50" cy="50" r="24"/><circle class="F" cx="50" cy="50" r="9"/>',
  mic: '<rect x="35" y="8" width="30" height="50" rx="15"/><path d="M22 44A28 28 0 0 0 78 44M50 72V92M34 92H66"/>',
  bars: '<path d="M10 92H90M20 80V60M40 80V38M60 80V50M80 80V14"/>',
  pin: '<path d="M50 92C50 92 18 58 18 38A32 32 0 0 1 82 38C82 58 50 92 50 92Z"/><circle cx="50" cy="38" r="11"/>',
  megaphone:
    '<path d="M12 38V62H28L74 86V14L28 38Z"/><path d="M30 62 38 88H50L44 66M86 38A16 16 0 0 1 86 62"/>',
  cards:
    '<rect x="12" y="28" width="50" height="62" rx="7" transform="rotate(-12 37 59)"/><rect x="38" y="10" width="50" height="62" rx="7" transform="rotate(9 63 41)"/>',
  envelope: '<rect x="8" y="20" width="84" height="60" rx="10"/><path d="M10 24 50 56 90 24"/>',
  browser:
    '<rect x="8" y="14" width="84" height="72" rx="10"/><path d="M8 34H92M26 52H64M26 68H50"/><circle class="F" cx="20" cy="24" r="3"/><circle class="F" cx="31" cy="24" r="3"/>',
  rocket:
    '<path d="M50 6C70 22 74 46 66 68H34C26 46 30 22 50 6Z"/><circle cx="50" cy="36" r="9"/><path d="M33 54 18 74H34M67 54 82 74H66M42 80 50 96 58 80"/>',
  diamond:
    '<path d="M28 14H72L92 40 50 90 8 40Z"/><path d="M8 40H92M28 14 40 40 50 90M72 14 60 40 50 90"/>',
  loop: '<path d="M50 50C38 30 10 30 10 50S38 70 50 50 90 30 90 50 62 70 50 50Z"/>',
  cursor:
    '<path d="M20 12 78 48 54 55 68 84 56 90 42 61 24 78Z"/><path d="M74 12 82 4M84 26 94 24"/>',
  cup: '<path d="M14 32H70V60A24 24 0 0 1 46 84H38A24 24 0 0 1 14 60Z"/><path d="M70 40H78A11 11 0 0 1 78 62H70M32 8C28 14 36 18 32 24M50 8C46 14 54 18 50 24"/>',
  bag: '<path d="M16 34H84L78 90H22Z"/><path d="M35 34V26A15 15 0 0 1 65 26V34"/>',
  wrench:
    '<g transform="rotate(45 50 50)"><path d="M41 6A21 21 0 1 0 59 6V20H41Z"/><path d="M50 46V94"/></g>',
  leaf: '<path d="M16 84C16 42 42 14 88 12C88 58 62 84 16 84Z"/><path d="M16 84 64 36"/>',
  house:
    '<path d="M8 48 50 12 92 48"/><path d="M20 40V88H80V40"/><rect x="41" y="60" width="18" height="28"/>',
  briefcase:
    '<rect x="8" y="28" width="84" height="58" rx="10"/><path d="M36 28V16H64V28M8 52H92"/>',
  book: '<path d="M50 24C38 14 22 14 8 18V84C22 80 38 80 50 88 62 80 78 80 92 84V18C78 14 62 14 50 24ZM50 24V88"/>',
  heart:
    '<path d="M50 88C50 88 10 64 10 36A21 21 0 0 1 50 28 21 21 0 0 1 90 36C90 64 50 88 50 88Z"/>',
  car: '<path d="M6 66V50L22 45 35 26H65L78 45 94 50V66Z"/><circle cx="28" cy="70" r="10"/><circle cx="72" cy="70" r="10"/>',
  sparkle:
    '<path class="F" d="M42 6C46 32 52 38 78 42 52 46 46 52 42 78 38 52 32 46 6 42 32 38 38 32 42 6Z"/><path class="F" d="M78 62C79 73 81 75 92 76 81 77 79 79 78 90 77 79 75 77 64 76 75 75 77 73 78 62Z"/>',
};

// ----------------------------------------------------------------------------------------------
// Deterministic choices: a small PRNG seeded from the entry's name.

function seedFrom(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

function rng(text: string) {
  let a = seedFrom(text);
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

type Rng = ReturnType<typeof rng>;

interface Palette {
  bg: string;
  fg: string;
  a: string;
  b: string;
  c: string;
}

function palette(r: Rng, dark: boolean): Palette {
  const [a, b] = r.pick(GRADIENTS);
  // The third accent sets off the gradient; lime disappears on cream, so dark only.
  const pool = ACCENTS.filter((c) => c !== a && c !== b && (dark || c !== LIME));
  return { bg: dark ? INK : CREAM, fg: dark ? CREAM : INK, a, b, c: r.pick(pool) };
}

// ----------------------------------------------------------------------------------------------
// Building blocks

const n = (v: number) => String(Math.round(v * 10) / 10);

function icon(motif: Motif, cx: number, cy: number, size: number, color: string, weight = 7) {
  const s = size / 100;
  return (
    `<g transform="translate(${n(cx - size / 2)} ${n(cy - size / 2)}) scale(${n(s)})" fill="none" ` +
    `stroke="${color}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round" ` +
    `color="${color}">${ICONS[motif]}</g>`
  );
}

function defs(p: Palette, id: string) {
  return (
    `<defs><linearGradient id="g${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${p.a}"/><stop offset="1" stop-color="${p.b}"/></linearGradient>` +
    `<pattern id="d${id}" width="22" height="22" patternUnits="userSpaceOnUse">` +
    `<circle cx="5" cy="5" r="3.2" fill="${p.fg}"/></pattern>` +
    `<style>.F{fill:currentColor}</style></defs>`
  );
}

/** Concentric arcs: the 'noise' radiating from a point. */
function waves(
  x: number,
  y: number,
  from: number,
  step: number,
  count: number,
  color: string,
  w = 10,
) {
  let out = `<g fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round">`;
  for (let i = 0; i < count; i++) {
    const r = from + i * step;
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" opacity="${n(1 - i / (count + 1))}"/>`;
  }
  return `${out}</g>`;
}

/** An equaliser: a row of rounded bars of random heights. */
function equaliser(
  r: Rng,
  x: number,
  baseY: number,
  count: number,
  gap: number,
  maxH: number,
  color: string,
) {
  let out = `<g fill="${color}">`;
  for (let i = 0; i < count; i++) {
    const h = maxH * (0.2 + 0.8 * r.next());
    out += `<rect x="${n(x + i * gap)}" y="${n(baseY - h)}" width="${n(gap * 0.55)}" height="${n(h)}" rx="${n(gap * 0.27)}"/>`;
  }
  return `${out}</g>`;
}

function stripes(x: number, y: number, w: number, h: number, color: string, gap = 34) {
  let d = '';
  for (let i = -h; i < w; i += gap) d += `M${n(x + i)} ${n(y + h)}L${n(x + i + h)} ${n(y)}`;
  return `<path d="${d}" stroke="${color}" stroke-width="${n(gap * 0.38)}"/>`;
}

function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Splits a title into at most three lines that fit about `max` characters. */
function wrap(title: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 3);
}

function svg(w: number, h: number, body: string, label: string) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" ` +
    `role="img" aria-label="${escapeXml(label)}">${body}</svg>\n`
  );
}

// ----------------------------------------------------------------------------------------------
// Compositions

type Composer = (o: { key: string; motif: Motif; title: string; w: number; h: number }) => string;

/** A poster: title set big on the left, the motif in a gradient disc on the right. */
const poster: Composer = ({ key, motif, title, w, h }) => {
  const r = rng(key);
  const p = palette(r, r.next() < 0.6);
  const cx = w * 0.76;
  const cy = h * 0.5;
  const rad = h * 0.3;
  const lines = wrap(title.toUpperCase(), 11);
  // Heavy sans capitals run about 0.72 em wide: keep the title left of the disc.
  const size = Math.min(112, (w * 0.46) / Math.max(...lines.map((l) => l.length)) / 0.72);
  const text = lines
    .map(
      (line, i) =>
        `<tspan x="${n(w * 0.07)}" dy="${i === 0 ? 0 : n(size * 0.98)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const top = h * 0.52 - ((lines.length - 1) * size * 0.98) / 2;
  return (
    defs(p, 'p') +
    `<rect width="${w}" height="${h}" fill="${p.bg}"/>` +
    `<rect x="${n(w * 0.04)}" y="${n(h * 0.06)}" width="${n(w * 0.3)}" height="${n(h * 0.16)}" fill="url(#dp)" opacity=".35"/>` +
    waves(cx, cy, rad * 1.15, rad * 0.22, 4, p.c, 7) +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}" fill="url(#gp)"/>` +
    icon(motif, cx, cy, rad * 1.05, p.bg, 7.5) +
    `<text y="${n(top)}" font-family="${FONT}" font-weight="800" font-size="${n(size)}" fill="${p.fg}" letter-spacing="-2">${text}</text>` +
    `<rect x="${n(w * 0.07)}" y="${n(h * 0.84)}" width="${n(w * 0.08)}" height="10" fill="${p.c}"/>` +
    `<text x="${n(w * 0.07)}" y="${n(h * 0.8)}" font-family="${FONT}" font-weight="700" font-size="22" fill="${p.fg}" opacity=".7" letter-spacing="4">WE MAKE NOISE.</text>`
  );
};

/** A full gradient field with sound waves and a big motif. */
const field: Composer = ({ key, motif, w, h }) => {
  const r = rng(key);
  const p = palette(r, r.next() < 0.5);
  const ox = r.pick([0, w]);
  return (
    defs(p, 'f') +
    `<rect width="${w}" height="${h}" fill="url(#gf)"/>` +
    waves(ox, h, h * 0.25, h * 0.17, 6, p.bg, 14) +
    `<rect x="${n(w * 0.55)}" y="0" width="${n(w * 0.45)}" height="${n(h * 0.3)}" fill="url(#df)" opacity=".3"/>` +
    `<circle cx="${n(ox === 0 ? w * 0.66 : w * 0.34)}" cy="${n(h * 0.48)}" r="${n(h * 0.3)}" fill="${p.bg}"/>` +
    icon(motif, ox === 0 ? w * 0.66 : w * 0.34, h * 0.48, h * 0.34, p.c, 8) +
    `<circle cx="${n(w * r.next())}" cy="${n(h * 0.12)}" r="${n(h * 0.04)}" fill="${p.fg}"/>`
  );
};

/** A Bauhaus grid of tiles: quarter circles, discs and stripes, one tile holding the motif. */
const grid: Composer = ({ key, motif, w, h }) => {
  const r = rng(key);
  const p = palette(r, r.next() < 0.55);
  const cols = 3;
  const rows = 2;
  const cw = w / cols;
  const ch = h / rows;
  const iconTile = r.int(0, cols * rows - 1);
  let body = defs(p, 'k') + `<rect width="${w}" height="${h}" fill="${p.bg}"/>`;
  const colours = [p.a, p.b, p.c];
  for (let i = 0; i < cols * rows; i++) {
    const x = (i % cols) * cw;
    const y = Math.floor(i / cols) * ch;
    const colour = colours[(i + r.int(0, 2)) % 3]!;
    if (i === iconTile) {
      body += `<rect x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(ch)}" fill="url(#gk)"/>`;
      body += icon(motif, x + cw / 2, y + ch / 2, Math.min(cw, ch) * 0.62, p.bg, 8);
      continue;
    }
    switch (r.int(0, 4)) {
      case 0: {
        const corner = r.int(0, 3);
        const qx = corner % 2 ? x + cw : x;
        const qy = corner > 1 ? y + ch : y;
        body += `<clipPath id="c${i}"><rect x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(ch)}"/></clipPath>`;
        body += `<circle clip-path="url(#c${i})" cx="${n(qx)}" cy="${n(qy)}" r="${n(Math.min(cw, ch))}" fill="${colour}"/>`;
        break;
      }
      case 1:
        body += `<circle cx="${n(x + cw / 2)}" cy="${n(y + ch / 2)}" r="${n(Math.min(cw, ch) * 0.36)}" fill="${colour}"/>`;
        body += `<circle cx="${n(x + cw / 2)}" cy="${n(y + ch / 2)}" r="${n(Math.min(cw, ch) * 0.14)}" fill="${p.bg}"/>`;
        break;
      case 2:
        body += `<clipPath id="c${i}"><rect x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(ch)}"/></clipPath>`;
        body += `<g clip-path="url(#c${i})">${stripes(x, y, cw, ch, colour, 30)}</g>`;
        break;
      case 3:
        body += `<rect x="${n(x + cw * 0.12)}" y="${n(y + ch * 0.12)}" width="${n(cw * 0.76)}" height="${n(ch * 0.76)}" fill="url(#dk)" opacity=".5"/>`;
        body += `<path d="M${n(x)} ${n(y + ch)}L${n(x + cw)} ${n(y)}V${n(y + ch)}Z" fill="${colour}"/>`;
        break;
      default:
        body += equaliser(r, x + cw * 0.12, y + ch * 0.86, 7, (cw * 0.76) / 7, ch * 0.7, colour);
    }
  }
  return body;
};

/** A diagonal stripe band, a ring and the motif, with an equaliser along the bottom. */
const band: Composer = ({ key, motif, w, h }) => {
  const r = rng(key);
  const p = palette(r, r.next() < 0.65);
  const cx = w * (0.3 + 0.4 * r.next());
  const cy = h * 0.44;
  const rad = h * 0.3;
  return (
    defs(p, 'b') +
    `<rect width="${w}" height="${h}" fill="${p.bg}"/>` +
    `<g transform="rotate(-14 ${n(w / 2)} ${n(h / 2)})"><rect x="${n(-w * 0.2)}" y="${n(h * 0.3)}" width="${n(w * 1.4)}" height="${n(h * 0.28)}" fill="${p.a}"/>` +
    `<clipPath id="sb"><rect x="${n(-w * 0.2)}" y="${n(h * 0.62)}" width="${n(w * 1.4)}" height="${n(h * 0.08)}"/></clipPath>` +
    `<g clip-path="url(#sb)">${stripes(-w * 0.2, h * 0.62, w * 1.4, h * 0.08, p.b, 26)}</g></g>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad * 1.22)}" fill="none" stroke="${p.c}" stroke-width="12"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}" fill="url(#gb)"/>` +
    icon(motif, cx, cy, rad * 1.1, p.bg, 8) +
    equaliser(r, w * 0.05, h, 24, (w * 0.9) / 24, h * 0.16, p.fg)
  );
};

/** The service's icon thumbnail: the motif on a gradient disc ringed by waves, square. */
const badge: Composer = ({ key, motif, w, h }) => {
  const r = rng(key);
  const p = palette(r, r.next() < 0.7);
  const c = w / 2;
  let sparks = '';
  for (let i = 0; i < 5; i++) {
    const angle = r.next() * Math.PI * 2;
    const dist = w * (0.4 + 0.06 * r.next());
    const x = c + Math.cos(angle) * dist;
    const y = c + Math.sin(angle) * dist;
    sparks +=
      i % 2
        ? `<circle cx="${n(x)}" cy="${n(y)}" r="${n(w * 0.018)}" fill="${p.c}"/>`
        : `<path d="M${n(x - 14)} ${n(y)}H${n(x + 14)}M${n(x)} ${n(y - 14)}V${n(y + 14)}" stroke="${p.fg}" stroke-width="6" stroke-linecap="round"/>`;
  }
  return (
    defs(p, 'e') +
    `<rect width="${w}" height="${h}" fill="${p.bg}"/>` +
    `<rect x="0" y="${n(h * 0.62)}" width="${w}" height="${n(h * 0.38)}" fill="url(#de)" opacity=".18"/>` +
    waves(c, c, w * 0.31, w * 0.05, 2, p.c, 6) +
    `<circle cx="${c}" cy="${c}" r="${n(w * 0.27)}" fill="url(#ge)"/>` +
    icon(motif, c, c, w * 0.3, p.bg, 7.5) +
    sparks
  );
};

const GALLERY: Composer[] = [poster, field, grid, band];

// ----------------------------------------------------------------------------------------------
// Comparison PDFs: a plain table of each package, for the service page's 'Compare Services'.

function comparisonLines(service: DemoService): string[] {
  const lines = [`${service.title}: compare packages`, ''];
  for (const p of service.packages) {
    const price =
      p.type === 'one-time'
        ? `${formatMoney(toCents(p.baseCost))} ${p.priceSuffix}`
        : `${formatMoney(toCents(p.recurringCost))} ${p.priceSuffix}` +
          (p.baseCost > 0 ? ` + ${formatMoney(toCents(p.baseCost))} set-up` : '');
    lines.push(`${p.title} (${p.type}) - ${price}`);
    for (const feature of p.features) lines.push(`    - ${feature}`);
    lines.push('');
  }
  lines.push('All prices in Australian dollars, excluding GST.');
  return lines;
}

// ----------------------------------------------------------------------------------------------

async function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const publicDir = path.resolve(here, '../../apps/web/public');
  const demoDir = path.join(publicDir, 'demo');
  // The generated folders only: demo/team holds the co-ordinators' portraits, drawn by hand.
  for (const folder of ['services', 'pages', 'industries', 'pdf']) {
    rmSync(path.join(demoDir, folder), { recursive: true, force: true });
  }
  let files = 0;
  let bytes = 0;
  const write = (url: string, content: string | Buffer) => {
    const file = path.join(publicDir, url);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    files += 1;
    bytes += Buffer.byteLength(content);
  };

  for (const s of demoServices) {
    write(
      demoImage.serviceFeature(s.id),
      svg(
        800,
        800,
        badge({ key: `${s.id}:feature`, motif: s.motif, title: s.title, w: 800, h: 800 }),
        s.title,
      ),
    );
    for (let i = 1; i <= s.galleryCount; i++) {
      const compose = GALLERY[(i - 1) % GALLERY.length]!;
      const body = compose({
        key: `${s.id}:${i}`,
        motif: s.motif,
        title: s.title,
        w: 1200,
        h: 800,
      });
      write(demoImage.serviceGallery(s.id, i), svg(1200, 800, body, s.title));
    }
    if (s.comparisonPdf) {
      write(
        demoImage.comparisonPdf(s.id),
        await makeTextPdf(`${s.title} packages`, comparisonLines(s)),
      );
    }
  }
  const tiles: Composer[] = [field, grid, band];
  for (const page of demoPages) {
    page.items.forEach((item, index) => {
      const compose = tiles[(index + page.id.length) % tiles.length]!;
      const body = compose({
        key: `${page.id}:${index}`,
        motif: item.motif,
        title: item.title,
        w: 900,
        h: 600,
      });
      write(demoImage.pageItem(page.id, index + 1), svg(900, 600, body, item.title));
    });
  }
  demoIndustries.forEach((industry, index) => {
    const compose = tiles[index % tiles.length]!;
    const body = compose({
      key: industry.id,
      motif: industry.motif,
      title: industry.title,
      w: 900,
      h: 600,
    });
    write(demoImage.industry(industry.id), svg(900, 600, body, industry.title));
  });
  console.log(
    `wrote ${files} files, ${Math.round(bytes / 1024)} KB, into ${path.relative(process.cwd(), demoDir)}`,
  );
}

await main();
