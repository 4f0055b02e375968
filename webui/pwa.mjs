// The installable app's static files, written by build.mjs into webui/dist:
// the icons (drawn here, in the brand colours of src/styles.css), one web
// app manifest and one offline page per language (their texts from the
// message files). The server serves them (transport/web); the service
// worker precaches the offline pages.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/** brand-600 and brand-50 of src/styles.css (oklch(0.58 0.13 165), oklch(0.97 0.02 165)) in sRGB. */
export const BRAND = [0x00, 0x92, 0x67];
/** The page backgrounds of the light and dark colour modes (white, zinc-950): the browser's bar matches them. */
export const THEME_LIGHT = '#ffffff';
export const THEME_DARK = '#09090b';

/** The languages, their path prefix and their manifest's URL; the first has no prefix. */
export const LANGUAGES = [
  { code: 'zh-hans', prefix: '' },
  { code: 'en', prefix: '/en' },
  { code: 'es', prefix: '/es' },
];

/** The icons: file, size, and whether it is full bleed (maskable, Apple) or a rounded tile. */
const ICONS = [
  { file: 'icon-192.png', size: 192, bleed: false, glyph: 1 },
  { file: 'icon-512.png', size: 512, bleed: false, glyph: 1 },
  // A maskable icon may be cut to any shape inside the middle 80 %: the glyph shrinks into it.
  { file: 'maskable-512.png', size: 512, bleed: true, glyph: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, bleed: true, glyph: 0.9 },
];

/** Writes icons/, manifest/<lang>.webmanifest and offline/<lang>.html into dist. */
export async function writeAppFiles(dist, localesDir) {
  await Promise.all(['icons', 'manifest', 'offline'].map((dir) => mkdir(path.join(dist, dir), { recursive: true })));
  await Promise.all(ICONS.map((icon) => writeFile(path.join(dist, 'icons', icon.file), drawIcon(icon))));
  for (const lang of LANGUAGES) {
    const messages = JSON.parse(await readFile(path.join(localesDir, `${lang.code}.json`), 'utf8'));
    const t = (key) => {
      const text = key.split('.').reduce((node, part) => node?.[part], messages);
      if (typeof text !== 'string') throw new Error(`webui build: no message ${lang.code} ${key}`);
      return text;
    };
    await writeFile(path.join(dist, 'manifest', `${lang.code}.webmanifest`), JSON.stringify(manifest(lang, t), null, 2));
    await writeFile(path.join(dist, 'offline', `${lang.code}.html`), offlinePage(lang, t));
  }
}

/** The web app manifest of a language: its names, its home as start and scope. */
export function manifest(lang, t) {
  const home = lang.prefix || '/';
  return {
    id: home,
    lang: lang.code,
    name: t('pwa.manifest.name'),
    short_name: t('pwa.manifest.shortName'),
    description: t('pwa.manifest.description'),
    start_url: home,
    scope: `${lang.prefix}/`,
    display: 'standalone',
    theme_color: hex(BRAND),
    background_color: THEME_LIGHT,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * The page the service worker shows for a page it cannot fetch nor has: self-contained (no
 * script, its style inline), in the brand colours, light or dark as the device is. Its link
 * reloads the address asked for.
 */
export function offlinePage(lang, t) {
  const escape = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  return `<!doctype html>
<html lang="${lang.code}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${escape(t('pwa.offline.title'))}</title>
    <style>
      :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; }
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fff; color: #18181b; }
      main { max-width: 26rem; padding: 2rem; text-align: center; }
      img { width: 4rem; height: 4rem; border-radius: 1rem; }
      h1 { font-size: 1.25rem; margin: 1.25rem 0 0.5rem; }
      p { color: #52525b; line-height: 1.5; margin: 0 0 1.5rem; }
      a { display: inline-block; padding: 0.6rem 1.4rem; border-radius: 999px; background: ${hex(BRAND)}; color: #fff; text-decoration: none; font-weight: 600; }
      @media (prefers-color-scheme: dark) { body { background: ${THEME_DARK}; color: #f4f4f5; } p { color: #a1a1aa; } }
    </style>
  </head>
  <body>
    <main data-testid="offline-page">
      <img src="/icons/icon-192.png" alt="" />
      <h1>${escape(t('pwa.offline.title'))}</h1>
      <p>${escape(t('pwa.offline.body'))}</p>
      <a href="">${escape(t('pwa.offline.retry'))}</a>
    </main>
  </body>
</html>
`;
}

function hex(rgb) {
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Draws an icon: a white speech bubble with three dots on brand green, on a rounded tile or full
 * bleed, 4×4 samples a pixel for smooth edges.
 */
export function drawIcon({ size, bleed, glyph }) {
  const samples = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let tile = 0;
      let white = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = (x + (sx + 0.5) / samples) / size;
          const v = (y + (sy + 0.5) / samples) / size;
          if (!bleed && !inRoundBox(u, v, 0.5, 0.5, 0.5, 0.5, 0.22)) continue;
          tile++;
          // The glyph's own coordinates: scaled about the centre.
          const gu = 0.5 + (u - 0.5) / glyph;
          const gv = 0.5 + (v - 0.5) / glyph;
          if (inBubble(gu, gv) && !inDots(gu, gv)) white++;
        }
      }
      const n = samples * samples;
      const i = (y * size + x) * 4;
      const w = tile ? white / tile : 0;
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.round(BRAND[c] * (1 - w) + 255 * w);
      rgba[i + 3] = Math.round((255 * tile) / n);
    }
  }
  return png(size, size, rgba);
}

function inRoundBox(u, v, cx, cy, hw, hh, r) {
  const dx = Math.max(Math.abs(u - cx) - (hw - r), 0);
  const dy = Math.max(Math.abs(v - cy) - (hh - r), 0);
  return dx * dx + dy * dy <= r * r;
}

function inBubble(u, v) {
  if (inRoundBox(u, v, 0.5, 0.46, 0.27, 0.2, 0.09)) return true;
  // The tail: a triangle under the bubble's lower left.
  const [ax, ay, bx, by, cx, cy] = [0.33, 0.6, 0.47, 0.6, 0.3, 0.76];
  const side = (px, py, qx, qy) => (u - qx) * (py - qy) - (px - qx) * (v - qy);
  const d1 = side(ax, ay, bx, by);
  const d2 = side(bx, by, cx, cy);
  const d3 = side(cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

function inDots(u, v) {
  return [0.39, 0.5, 0.61].some((cx) => (u - cx) ** 2 + (v - 0.46) ** 2 <= 0.035 ** 2);
}

function png(width, height, rgba) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}
