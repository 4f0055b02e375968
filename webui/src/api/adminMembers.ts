/**
 * The members' administration and the audit log (admin.members, admin.member, admin.memberLedger,
 * admin.revokeSession(s), admin.setLevel, admin.setVip, admin.setRoles, admin.ban, admin.unban,
 * admin.audit, and the older admin.walletAdjust, admin.sendNotification, admin.loginToken): the
 * generated wire types under the names the console uses, and the values the server documents as text.
 */
import type { ActionInput, ActionOutput } from './client';

export type MembersInput = ActionInput<'admin.members'>;
export type MembersReply = ActionOutput<'admin.members'>;
/** A member as the console lists them. */
export type AdminMemberRow = MembersReply['edges'][number]['node'];

/** admin.member: the row, the ban in force, live sessions, balances and the pickers' choices. */
export type MemberDetail = ActionOutput<'admin.member'>;
export type MemberSession = MemberDetail['sessions'][number];
export type MemberBan = NonNullable<MemberDetail['ban']>;
export type LevelChoice = MemberDetail['levels'][number];

export type MemberLedgerInput = ActionInput<'admin.memberLedger'>;
export type MemberLedgerReply = ActionOutput<'admin.memberLedger'>;

export type SetVipInput = ActionInput<'admin.setVip'>;
export type SetRolesInput = ActionInput<'admin.setRoles'>;
export type BanInput = ActionInput<'admin.ban'>;
export type WalletAdjustInput = ActionInput<'admin.walletAdjust'>;
export type SendNotificationInput = ActionInput<'admin.sendNotification'>;
export type LoginTokenReply = ActionOutput<'admin.loginToken'>;

export type AuditInput = ActionInput<'admin.audit'>;
export type AuditReply = ActionOutput<'admin.audit'>;
/** One entry of the audit log; before, after and input are JSON text, empty when there is none. */
export type AuditEntry = AuditReply['edges'][number]['node'];

/** The members list's filters, in the order the screen offers them. */
export const MEMBER_FILTERS = ['all', 'admins', 'builders', 'banned', 'vip'] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];

/** What admin.setVip does with the member's tier. */
export type VipOp = 'grant' | 'extend' | 'revoke';

/** How an audited call ended. */
export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Page sizes the console asks for (the server allows up to 100; the ledger up to 50). */
export const MEMBERS_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE = 50;
export const MEMBER_LEDGER_PAGE_SIZE = 20;

/** The longest ban the server accepts, in minutes (ten years); 0 bans for good. */
export const MAX_BAN_MINUTES = 5_256_000;
/** A ban's reason: 1 to 500 characters. */
export const MAX_BAN_REASON = 500;
