import type { ReportData, ReportsReply } from '../api/reports';
import type { Item, Summary } from '../api/wire.gen';
import type { Settings } from '../models/settings';
import { T0 } from './inbox';

/** Settings with the demo's report reasons (in English). */
export const reportSettings = {
  report: {
    post: ['Spam or advertising', 'Other'],
    user: ['Impersonation', 'Harassment', 'Other'],
    chat: ['Flooding', 'Abuse', 'Advertising', 'Other'],
  },
} as unknown as Settings;

export function member(id: string, name = `Member ${id}`): Summary {
  return { id, databaseId: id, name, gqSlug: `member${id}`, avatar: { url: '' } };
}

/** An image of the viewer's library. */
export function image(n: number, overrides: Partial<Item> = {}): Item {
  return {
    id: String(500 + n),
    databaseId: String(500 + n),
    title: `shot-${n}.png`,
    caption: '',
    altText: '',
    mediaType: 'image',
    mimeType: 'image/png',
    sourceUrl: `/api/media/${500 + n}/shot-${n}.png`,
    mediaItemUrl: `/api/media/${500 + n}/shot-${n}.png`,
    fileName: `shot-${n}.png`,
    fileSize: 1000,
    width: 40,
    height: 30,
    progress: 100,
    createdAt: T0,
    ...overrides,
  };
}

/** Open report `n` (ids and times grow with n) about a chat message by member 7, filed by member 8. */
export function report(n: number, overrides: Partial<ReportData> = {}): ReportData {
  return {
    id: String(900 + n),
    type: 'Abuse',
    content: `report ${n}`,
    imgs: [],
    postType: 'chatMessage',
    postId: String(1000 + n),
    target: { excerpt: `bad message ${n}`, deleted: false },
    reporter: member('8', 'Reporter Rita'),
    author: member('7', 'Author Al'),
    status: 'open',
    resolution: '',
    createdAt: T0 + n * 60_000,
    resolvedAt: 0,
    resolvedBy: null,
    note: '',
    ...overrides,
  };
}

/** A page of admin.reports. */
export function reportsPage(reports: ReportData[], hasNextPage = false): ReportsReply {
  return {
    reports: {
      edges: reports.map((node) => ({ cursor: node.id, node })),
      pageInfo: { endCursor: reports.at(-1)?.id ?? '', hasNextPage },
    },
  };
}
