// Builds the web client into webui/dist: the esbuild bundle (code split, content
// hashed), the Tailwind stylesheet, index.html written from the metafile, the
// build manifests under builds/, the service worker (sw.js, knowing the build
// and its app shell) and the installable app's manifests, icons and offline
// pages (pwa.mjs). Run from anywhere: `node webui/build.mjs`.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writeAppFiles } from './pwa.mjs';
import { reactI18nextParts } from './src/i18n/reactI18nextParts.mjs';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const dist = path.join(here, 'dist');
const assets = path.join(dist, 'assets');
const require = createRequire(import.meta.url);
const run = promisify(execFile);

const started = Date.now();
const production = process.env.NODE_ENV !== 'development';

await rm(dist, { recursive: true, force: true });
await mkdir(assets, { recursive: true });

const [bundle, css] = await Promise.all([bundleScripts(), buildStyles()]);
const inlineScript = await colorModeScript();

const buildId = await hashOutputs();
const timestamp = Date.now();
const shell = await writeIndex(bundle, css, inlineScript, buildId);
await writeManifests(buildId, timestamp);
await Promise.all([buildWorker(buildId, shell), writeAppFiles(dist, path.join(here, 'src/i18n/locales'))]);
const packed = await precompress();

const files = Object.keys(bundle.metafile.outputs).filter((f) => f.endsWith('.js')).length;
console.log(`webui: build ${buildId}, ${files} scripts + ${path.basename(css)}, ${packed} precompressed, in ${Date.now() - started} ms`);

async function bundleScripts() {
  return build({
    absWorkingDir: root,
    entryPoints: { main: path.join(here, 'src/main.tsx') },
    outdir: assets,
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    minify: production,
    sourcemap: true,
    metafile: true,
    jsx: 'automatic',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    plugins: [reactI18nextParts],
    logLevel: 'warning',
  });
}

async function buildStyles() {
  const manifest = require.resolve('@tailwindcss/cli/package.json');
  const cli = path.join(path.dirname(manifest), require(manifest).bin.tailwindcss);
  const tmp = path.join(assets, 'styles.tmp.css');
  const args = [cli, '--input', path.join(here, 'src/styles.css'), '--output', tmp];
  if (production) args.push('--minify');
  await run(process.execPath, args, { cwd: here });
  const text = await readFile(tmp);
  await rm(tmp);
  const name = `styles-${shortHash(text)}.css`;
  await writeFile(path.join(assets, name), text);
  return `assets/${name}`;
}

async function colorModeScript() {
  const source = await readFile(path.join(here, 'src/colorModeInline.js'), 'utf8');
  const { code } = await transform(source, { minify: true, target: 'es2015' });
  return code.trim();
}

// The build id hashes every output and the message files (served at
// /_i18n/... and cached by the client per build), so any change yields a new id.
async function hashOutputs() {
  const hash = createHash('sha256');
  for (const dir of [assets, path.join(here, 'src/i18n/locales')]) {
    for (const name of (await readdir(dir)).sort()) {
      hash.update(name);
      hash.update(await readFile(path.join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

async function writeIndex(result, cssHref, inline, buildId) {
  const outputs = result.metafile.outputs;
  // Lazy chunks (import()) carry an entryPoint too: pick the output of src/main.tsx itself.
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint?.endsWith('src/main.tsx') && file.endsWith('.js'));
  if (!entry) throw new Error('webui build: no entry script in the metafile');
  const entryHref = path.relative(dist, path.join(root, entry)).split(path.sep).join('/');
  // Preload the chunks the entry imports statically, so they download in parallel.
  const preloads = outputs[entry].imports
    .filter((i) => i.kind === 'import-statement')
    .map((i) => path.relative(dist, path.join(root, i.path)).split(path.sep).join('/'));

  const template = await readFile(path.join(here, 'index.html'), 'utf8');
  const html = template
    .replace('%BUILD_ID%', buildId)
    .replace('%COLOR_MODE_SCRIPT%', () => inline)
    .replace('%STYLES%', `<link rel="stylesheet" href="/${cssHref}" />`)
    .replace(
      '%SCRIPTS%',
      [
        ...preloads.map((href) => `<link rel="modulepreload" href="/${href}" />`),
        `<script type="module" src="/${entryHref}"></script>`,
      ].join('\n    '),
    );
  await writeFile(path.join(dist, 'index.html'), html);
  // The app shell the service worker precaches: what the first paint loads.
  return [entryHref, ...preloads, cssHref].map((href) => `/${href}`);
}

// The service worker, one file at the site's root; its bytes change with
// every build (the id and the shell are in it), so browsers install the
// new one when the client asks for an update.
async function buildWorker(id, shell) {
  await build({
    absWorkingDir: root,
    entryPoints: [path.join(here, 'src/sw/sw.ts')],
    outfile: path.join(dist, 'sw.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
    minify: production,
    legalComments: 'none',
    define: { __SOUK_BUILD__: JSON.stringify({ id, shell }) },
    logLevel: 'warning',
  });
}

async function writeManifests(id, timestamp) {
  await mkdir(path.join(dist, 'builds/meta'), { recursive: true });
  await writeFile(path.join(dist, 'builds/latest.json'), JSON.stringify({ id, timestamp }));
  await writeFile(
    path.join(dist, 'builds/meta', `${id}.json`),
    JSON.stringify({ id, timestamp, matcher: {}, prerendered: [] }),
  );
}

// Every script and stylesheet is also written brotli- and gzip-compressed
// (name.br, name.gz) at the highest levels, once per build: the server
// sends the variant the browser accepts with no work per request. Written
// after the build id is hashed, so the id is the same with or without them.
async function precompress() {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const names = (await readdir(assets)).filter((name) => /\.(js|css)$/.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(assets, name);
      const body = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gz(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
  return names.length;
}

function shortHash(data) {
  return createHash('sha256').update(data).digest('hex').slice(0, 8).toUpperCase();
}
