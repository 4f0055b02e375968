// @vitest-environment node
import { build } from 'esbuild';
import { reactI18nextParts } from '../i18n/reactI18nextParts.mjs';
import { LAZY_STORE_MODULES } from '../stores/lazyStores';

/** The repository's folder (this file is webui/src/routing/firstLoad.test.ts). */
const root = decodeURIComponent(new URL('../../../', import.meta.url).pathname);

/** The inputs that end up in the scripts the entry imports statically (what the first paint waits for). */
async function firstLoadInputs() {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: { main: 'webui/src/main.tsx' },
    outdir: 'webui/dist/first-load-test',
    write: false,
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    metafile: true,
    jsx: 'automatic',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    // As webui/build.mjs bundles it.
    plugins: [reactI18nextParts],
  });
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint?.endsWith('src/main.tsx') && file.endsWith('.js'))!;
  const files = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') queue.push(imported.path);
  }
  const inputs = new Set<string>();
  for (const file of files) for (const [input, { bytesInOutput }] of Object.entries(outputs[file].inputs)) if (bytesInOutput > 0) inputs.add(input);
  return { inputs, graph: metafile.inputs };
}

describe('the first load', () => {
  it('imports no icon through lucide’s index and none of Radix (menus, popover, dialog, toasts load on idle or use)', async () => {
    const { inputs, graph } = await firstLoadInputs();
    // A first-load file importing the index brings every icon any lazy chunk uses through it.
    const throughIndex = [...inputs].filter(
      (input) => input.startsWith('webui/src/') && graph[input].imports.some((i) => i.path.endsWith('lucide-react/dist/esm/lucide-react.mjs')),
    );
    expect(throughIndex).toEqual([]);
    expect([...inputs].filter((input) => input.includes('@radix-ui/'))).toEqual([]);
    expect([...inputs].some((input) => input.includes('lucide-react/dist/esm/icons/'))).toBe(true);
  }, 60_000);

  it('builds none of the stores only later screens read, and takes no Trans (nor its HTML parser)', async () => {
    const { inputs, graph } = await firstLoadInputs();
    // The lazy stores' modules (stores/lazyStores.ts): every name listed there, and only those.
    const lazyFiles: Record<keyof typeof LAZY_STORE_MODULES, string> = {
      loginBox: 'LoginBoxStore',
      topUp: 'TopUpStore',
      ledger: 'LedgerStore',
      memberships: 'MembershipsStore',
      growth: 'GrowthStore',
      reports: 'ReportsStore',
      reportDialog: 'ReportDialogStore',
      drafts: 'DraftsStore',
      media: 'MediaStore',
      uploads: 'UploadStore',
      chat: 'ChatStore',
      messages: 'MessagesStore',
      conversations: 'ConversationsStore',
      addresses: 'account/AddressesStore',
      coupons: 'account/CouponsStore',
      tickets: 'account/TicketsStore',
      checkout: 'shop/CheckoutStore',
      orders: 'shop/OrdersStore',
    };
    expect(Object.keys(lazyFiles).sort()).toEqual(Object.keys(LAZY_STORE_MODULES).sort());
    const files = Object.values(lazyFiles).map((name) => `webui/src/stores/${name}.ts`);
    expect(files.filter((file) => !graph[file])).toEqual([]);
    expect(files.filter((file) => inputs.has(file))).toEqual([]);
    expect([...inputs].filter((input) => /react-i18next\/dist\/es\/(Trans|TransWithoutContext)\.js|html-parse-stringify/.test(input))).toEqual([]);
  }, 60_000);
});
