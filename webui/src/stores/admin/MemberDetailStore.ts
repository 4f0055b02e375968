import { action, makeObservable, observable, runInAction } from 'mobx';
import type { ActionInput, ActionName, ActionOutput } from '../../api/client';
import type { AdminMemberRow, MemberDetail, VipOp } from '../../api/adminMembers';
import { newIdemKey } from '../../api/wallet';
import type { RootStore } from '../RootStore';
import { MemberLedgerStore } from './MemberLedgerStore';

/** The operations of a member's panel; each shows its own failure beside its form. */
export type MemberOp =
  | 'revokeSession'
  | 'revokeSessions'
  | 'setLevel'
  | 'setVip'
  | 'setRoles'
  | 'ban'
  | 'unban'
  | 'walletAdjust'
  | 'sendNotification'
  | 'loginToken';

/**
 * One member as the console's panel shows them (admin.member) and what an admin does to them:
 * sessions, wallet adjustments, level, VIP tier, roles, ban, a notification, a login link. After a
 * change the member is read again and `onChange` gets their new row (the list updates in place).
 * A failure is kept per operation (`errors`), already translated by the server.
 */
export class MemberDetailStore {
  detail: MemberDetail | null = null;
  /** The member could not be read (not found, or the request failed). */
  failed = false;
  /** The operations on their way. */
  readonly busy = observable.set<MemberOp>();
  /** The last failure of each operation, until it is tried again. */
  readonly errors = observable.map<MemberOp, string>();
  /** The latest one-time login link made for the member. */
  loginLink: string | null = null;
  readonly ledger: MemberLedgerStore;

  constructor(
    private readonly root: RootStore,
    readonly userId: string,
    private readonly onChange: (row: AdminMemberRow) => void = () => {},
  ) {
    this.ledger = new MemberLedgerStore(root, userId);
    makeObservable(this, { detail: observable, failed: observable, loginLink: observable, setDetail: action });
  }

  setDetail(detail: MemberDetail) {
    this.detail = detail;
    this.failed = false;
    this.onChange(detail.member);
  }

  /** Reads the member (again). */
  async load() {
    const result = await this.root.client.call('admin.member', { userId: this.userId });
    if (result.ok) this.setDetail(result.data);
    else runInAction(() => (this.failed = this.detail === null));
    if (!result.ok && this.detail) this.root.client.showError(result.error);
  }

  /**
   * Performs an operation: marks it busy, keeps its failure for the form, and on success reads
   * the member again and says it is done. Null when it failed.
   */
  private async run<K extends ActionName>(op: MemberOp, name: K, input: ActionInput<K>, reload = true): Promise<ActionOutput<K> | null> {
    if (this.busy.has(op)) return null;
    runInAction(() => {
      this.busy.add(op);
      this.errors.delete(op);
    });
    // The reply's type named, so that one generic path serves every operation's action.
    const result = await this.root.client.call<ActionOutput<K>, string>(name, input);
    runInAction(() => {
      this.busy.delete(op);
      if (!result.ok) this.errors.set(op, result.error.messages.join(' '));
    });
    if (!result.ok) return null;
    if (reload) await this.load();
    this.root.toasts.success(this.root.t(`admin.members.done.${op}`));
    return result.data;
  }

  revokeSession(session: string) {
    return this.run('revokeSession', 'admin.revokeSession', { userId: this.userId, session });
  }

  revokeSessions() {
    return this.run('revokeSessions', 'admin.revokeSessions', { userId: this.userId });
  }

  setLevel(levelKey: string) {
    return this.run('setLevel', 'admin.setLevel', { userId: this.userId, levelKey });
  }

  /** grant: the tier for days (0: never ends); extend: the current tier by days; revoke: none. */
  setVip(op: VipOp, vipKey = '', days = 0) {
    const input = op === 'revoke' ? { userId: this.userId, op } : op === 'extend' ? { userId: this.userId, op, days } : { userId: this.userId, op, vipKey, days };
    return this.run('setVip', 'admin.setVip', input);
  }

  setRoles(admin: boolean, builder: boolean) {
    return this.run('setRoles', 'admin.setRoles', { userId: this.userId, admin, builder });
  }

  /** Bans for minutes (0: for good): their sessions end and their sockets close at once. */
  ban(reason: string, minutes: number) {
    return this.run('ban', 'admin.ban', { userId: this.userId, reason: reason.trim(), minutes });
  }

  unban() {
    return this.run('unban', 'admin.unban', { userId: this.userId });
  }

  /** Adds (positive) or removes (negative) an amount of a currency or credit, with a memo the member sees. */
  async adjustWallet(currency: string, amount: string, memo: string): Promise<boolean> {
    const reply = await this.run('walletAdjust', 'admin.walletAdjust', {
      userId: this.userId,
      currency,
      amount: amount.trim(),
      memo: memo.trim(),
      idemKey: newIdemKey('admin-adjust'),
    });
    // The adjustment is the newest entry: the ledger is read again from its first page.
    if (reply) this.ledger.reload();
    return reply !== null;
  }

  async sendNotification(title: string, text: string, url: string): Promise<boolean> {
    const reply = await this.run(
      'sendNotification',
      'admin.sendNotification',
      { toId: this.userId, title: title.trim(), ...(text.trim() ? { text: text.trim() } : {}), ...(url.trim() ? { url: url.trim() } : {}), clientId: newIdemKey('admin-notify') },
      false,
    );
    return reply !== null;
  }

  /** Makes a one-time login link for the member (valid 24 hours), as a full address. */
  async makeLoginLink(): Promise<string | null> {
    const reply = await this.run('loginToken', 'admin.loginToken', { userId: this.userId }, false);
    if (!reply) return null;
    const link = new URL(reply.loginToken.link, window.location.origin).toString();
    runInAction(() => (this.loginLink = link));
    return link;
  }
}
