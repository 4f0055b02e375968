import type { AdminMemberRow, AuditEntry, MemberDetail } from '../api/adminMembers';
import { T0 } from './inbox';

/** Member `n` as the console lists them (ids and join times grow with n). */
export function memberRow(n: number, overrides: Partial<AdminMemberRow> = {}): AdminMemberRow {
  return {
    databaseId: String(100 + n),
    name: `Member ${n}`,
    slug: `member${n}`,
    email: `member${n}@example.com`,
    phone: '',
    avatar: { url: '' },
    level: 'lv1',
    levelName: 'Newcomer',
    vip: '',
    vipName: '',
    vipExpiresAt: 0,
    isAdmin: false,
    canBuilder: false,
    banned: false,
    bannedUntil: 0,
    createdAt: T0 + n * 60_000,
    ...overrides,
  };
}

/** A page of admin.members. */
export function membersPage(rows: AdminMemberRow[], endCursor = '', hasNextPage = false) {
  return { edges: rows.map((node) => ({ node })), pageInfo: { hasNextPage, endCursor } };
}

/** admin.member's answer for member `n`: one live session, a balance, two levels and a VIP tier. */
export function memberDetail(n: number, overrides: Partial<MemberDetail> = {}): MemberDetail {
  return {
    member: memberRow(n),
    description: 'Likes tea.',
    ban: null,
    sessions: [{ id: '77', createdAt: T0, lastUsedAt: T0 + 1000, expiresAt: T0 + 86_400_000 }],
    wallet: { balances: [{ currency: 'CNY', amount: '12.50' }], credit: 30 },
    levels: [
      { key: 'lv1', name: 'Newcomer' },
      { key: 'lv2', name: 'Regular' },
    ],
    vipTiers: [{ key: 'gold', name: 'Gold' }],
    ...overrides,
  };
}

/** Audit entry `n` (ids and times grow with n): admin 1 banned member 107. */
export function auditEntry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: String(5000 + n),
    at: T0 + n * 1000,
    actor: { databaseId: '1', name: 'Admin Ada', slug: 'ada' },
    action: 'admin.ban',
    target: 'user:107',
    outcome: 'ok',
    status: 200,
    before: '{"bannedAt":0,"banReason":""}',
    after: '{"bannedAt":1,"banReason":"spam"}',
    input: '{"userId":"107","reason":"spam","minutes":60}',
    ip: '203.0.113.9',
    userAgent: 'Chromium',
    ...overrides,
  };
}

/** A page of admin.audit. */
export function auditPage(entries: AuditEntry[], endCursor = '', hasNextPage = false) {
  return { edges: entries.map((node) => ({ node })), pageInfo: { hasNextPage, endCursor } };
}
