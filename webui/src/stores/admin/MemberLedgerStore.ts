import { MEMBER_LEDGER_PAGE_SIZE } from '../../api/adminMembers';
import type { EntriesReply } from '../../api/wallet';
import type { RootStore } from '../RootStore';
import { LedgerPages } from '../LedgerStore';

/** A member's wallet ledger as the console reads it (admin.memberLedger), newest first. */
export class MemberLedgerStore extends LedgerPages {
  constructor(
    root: RootStore,
    readonly userId: string,
  ) {
    super(root, 'MemberLedgerStore');
  }

  protected fetchEntries(after: string): Promise<EntriesReply | null> {
    return this.root.client.request('admin.memberLedger', {
      userId: this.userId,
      first: MEMBER_LEDGER_PAGE_SIZE,
      ...(after ? { after } : {}),
    });
  }
}
