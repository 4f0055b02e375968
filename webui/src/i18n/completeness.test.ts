import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Lang } from './languages';
import en from './locales/en.json';
import es from './locales/es.json';
import zhHans from './locales/zh-hans.json';

/**
 * Every message file must hold the same keys, none empty, with the same `{{placeholders}}`.
 * Plural forms (`key_one`, `key_other`, …) differ by language, so they are compared as one key.
 */

type Messages = { [key: string]: string | Messages };

const PLURAL_SUFFIX = /_(?:zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([^,}\s]+)[^}]*\}\}/g;

const MESSAGES: Record<Lang, Messages> = { 'zh-hans': zhHans, en, es };

/** Flattens nested messages into dotted keys; a leaf that is not a string is kept as its JSON. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [name, value] of Object.entries(messages)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [nested, text] of flatten(value, key)) flat.set(nested, text);
    } else {
      flat.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return flat;
}

/** Groups a language's messages by key with any plural suffix removed. */
function byBaseKey(flat: Map<string, string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const [key, text] of flat) {
    const base = key.replace(PLURAL_SUFFIX, '');
    groups.set(base, [...(groups.get(base) ?? []), text]);
  }
  return groups;
}

function placeholders(texts: string[]): string {
  const names = new Set(texts.flatMap((text) => Array.from(text.matchAll(PLACEHOLDER), (match) => match[1])));
  return [...names].sort().join(', ');
}

const flatByLang = new Map(LANGUAGES.map((lang) => [lang, flatten(MESSAGES[lang])] as const));
const groupsByLang = new Map(LANGUAGES.map((lang) => [lang, byBaseKey(flatByLang.get(lang)!)] as const));
const allBaseKeys = [...new Set([...groupsByLang.values()].flatMap((groups) => [...groups.keys()]))].sort();

describe('translation completeness', () => {
  it('has every key in every language', () => {
    const missing = allBaseKeys.flatMap((key) =>
      LANGUAGES.filter((lang) => !groupsByLang.get(lang)!.has(key)).map((lang) => `${lang} lacks ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('has no empty message', () => {
    const empty = LANGUAGES.flatMap((lang) =>
      [...flatByLang.get(lang)!].filter(([, text]) => text.trim() === '').map(([key]) => `${lang} ${key} is empty`),
    );
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders for a key in every language', () => {
    const mismatched = allBaseKeys.flatMap((key) => {
      const sets = LANGUAGES.filter((lang) => groupsByLang.get(lang)!.has(key)).map(
        (lang) => `${lang}: {${placeholders(groupsByLang.get(lang)!.get(key)!)}}`,
      );
      const distinct = new Set(sets.map((set) => set.slice(set.indexOf(':'))));
      return distinct.size > 1 ? [`${key} → ${sets.join('; ')}`] : [];
    });
    expect(mismatched).toEqual([]);
  });
});
