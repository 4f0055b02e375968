import type { Plugin } from 'esbuild';

export const reactI18nextParts: Plugin;
