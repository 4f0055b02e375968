import type { AudioItem } from '../../models/builder';
import type { RootStore } from '../../stores/RootStore';

/** Pictures picked in the media library (up to limit), as their URLs; empty when closed. */
export async function pickImages(root: RootStore, limit: number): Promise<string[]> {
  const media = await root.load('media');
  const result = await media.open({ type: 'image', limit, tabs: ['upload', 'library'] });
  if (result?.kind !== 'media') return [];
  return result.items.map((item) => item.mediaItemUrl || item.sourceUrl).filter(Boolean);
}

/** Audio picked in the media library or linked from outside, as playlist items. */
export async function pickAudio(root: RootStore, limit: number): Promise<AudioItem[]> {
  const media = await root.load('media');
  const result = await media.open({ type: 'audio', limit });
  if (result?.kind === 'media') {
    return result.items.map((item) => ({ src: item.mediaItemUrl || item.sourceUrl, time: 0, thumb: '', title: item.title || item.fileName }));
  }
  if (result?.kind === 'external') return [{ src: result.url, time: 0, thumb: '', title: result.title }];
  return [];
}
