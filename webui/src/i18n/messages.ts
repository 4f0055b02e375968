import { readStorage, writeStorage } from '../platform/storage';
import type { Lang } from './languages';

export type Messages = Record<string, unknown>;

/** Translations are cached for 24 hours, and only for the build that cached them. */
export const MESSAGES_TTL_MS = 24 * 60 * 60 * 1000;

interface CachedMessages {
  buildId: string;
  savedAt: number;
  messages: Messages;
}

const cacheKey = (lang: Lang) => `souk:messages:${lang}`;

/**
 * Loads the message file of a language from /_i18n/{lang}/messages.json, using
 * the cached copy while fresh. On failure it logs a warning and falls back to
 * any cached copy, or to no messages (keys show) rather than no page.
 */
export async function loadMessages(lang: Lang, buildId: string, now = Date.now()): Promise<Messages> {
  const cached = readCache(lang);
  if (cached && cached.buildId === buildId && now - cached.savedAt < MESSAGES_TTL_MS) return cached.messages;
  try {
    // The build id in the query keeps the HTTP cache (24 hours) from serving an older build's file.
    const query = buildId ? `?v=${encodeURIComponent(buildId)}` : '';
    const response = await fetch(`/_i18n/${lang}/messages.json${query}`, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const messages = (await response.json()) as Messages;
    writeStorage(cacheKey(lang), JSON.stringify({ buildId, savedAt: now, messages } satisfies CachedMessages));
    return messages;
  } catch (error) {
    console.warn(`could not load the ${lang} messages`, error);
    return cached?.messages ?? {};
  }
}

function readCache(lang: Lang): CachedMessages | null {
  const raw = readStorage(cacheKey(lang));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as CachedMessages;
    return parsed && typeof parsed === 'object' && parsed.messages ? parsed : null;
  } catch {
    return null;
  }
}
