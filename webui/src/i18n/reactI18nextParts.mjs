// An esbuild plugin for the client's bundle (webui/build.mjs) and the first-load guard
// (webui/src/routing/firstLoad.test.ts): `react-i18next` resolves to the package's parts the
// client uses, one by one. Through the package's index, esbuild puts every part some chunk takes
// through it into the chunks of every entry importing the index: the login form's Trans and its
// HTML parser (about 11 KB minified) were in the first load. A part not listed here fails the build;
// the login form takes Trans from `react-i18next/TransWithoutContext`.
import { createRequire } from 'node:module';
import path from 'node:path';

const PARTS = {
  useTranslation: 'useTranslation.js',
  I18nextProvider: 'I18nextProvider.js',
  initReactI18next: 'initReactI18next.js',
};

export const reactI18nextParts = {
  name: 'react-i18next-parts',
  setup(build) {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('react-i18next/package.json')), 'dist/es');
    build.onResolve({ filter: /^react-i18next$/ }, () => ({ path: 'react-i18next', namespace: 'react-i18next-parts' }));
    build.onLoad({ filter: /.*/, namespace: 'react-i18next-parts' }, () => ({
      contents: Object.entries(PARTS)
        .map(([name, file]) => `export { ${name} } from ${JSON.stringify(path.join(dir, file))};`)
        .join('\n'),
      resolveDir: dir,
      loader: 'js',
    }));
  },
};
