import type { AudioItem } from '../../models/builder';

/** A track's title, else its file's name, else "Untitled track". */
export function trackTitle(item: Pick<AudioItem, 'title' | 'src'>, t: (key: string) => string): string {
  if (item.title.trim()) return item.title.trim();
  const file = item.src.split(/[?#]/)[0].split('/').pop() ?? '';
  try {
    return decodeURIComponent(file) || t('common.player.untitled');
  } catch {
    return file || t('common.player.untitled');
  }
}
