import { ScrollText, UserX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMemberRow } from '../../../api/adminMembers';
import { MemberDetailStore } from '../../../stores/admin/MemberDetailStore';
import { useStores } from '../../../stores/StoresContext';
import { formatDateTime } from '../../../utils/dates';
import { profilePath } from '../../../utils/links';
import { EmptyState } from '../../Feedback/EmptyState';
import { LocalizedLink } from '../../common/LocalizedLink';
import { SmallSpinner } from '../../common/SmallSpinner';
import { AdminDrawer } from '../common/AdminDrawer';
import { Fact, Facts } from '../common/Facts';
import { SMALL_BUTTON } from '../common/styles';
import { BanCard } from './BanCard';
import { ContactCard } from './ContactCard';
import { MemberIdentity } from './columns';
import { MemberBadges } from './MemberBadges';
import { RightsCard } from './RightsCard';
import { SessionsCard } from './SessionsCard';
import { WalletCard } from './WalletCard';

/**
 * A member's panel (a drawer on a wide screen, the whole screen on a phone): who they are and
 * everything an admin does to them. It reads the member when it opens; `onChange` gets their row after every change.
 */
export const MemberDrawer = observer(function MemberDrawer({ userId, onClose, onChange }: { userId: string; onClose: () => void; onChange: (row: AdminMemberRow) => void }) {
  const root = useStores();
  const { t, i18n } = useTranslation();
  const [store] = useState(() => new MemberDetailStore(root, userId, onChange));
  useEffect(() => {
    void store.load();
  }, [store]);
  const member = store.detail?.member;

  return (
    <AdminDrawer title={member?.name ?? t('admin.members.panelTitle')} description={t('admin.members.panelDescription')} onClose={onClose} testId="admin-member-panel">
      {store.failed ? (
        <EmptyState icon={UserX} title={t('admin.members.notFound')} />
      ) : !store.detail || !member ? (
        <div className="grid h-40 place-items-center">
          <SmallSpinner />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <MemberIdentity member={member} large />
            <div className="flex flex-wrap gap-2">
              <LocalizedLink to={profilePath({ gqSlug: member.slug, databaseId: member.databaseId })} className={SMALL_BUTTON}>
                {t('admin.members.openProfile')}
              </LocalizedLink>
              <LocalizedLink to={`/admin/audit?target=user:${member.databaseId}`} className={SMALL_BUTTON}>
                <ScrollText className="size-3.5" aria-hidden />
                {t('admin.members.openAudit')}
              </LocalizedLink>
            </div>
          </div>
          <MemberBadges member={member} />
          <Facts>
            <Fact label={t('admin.members.email')} value={member.email} />
            <Fact label={t('admin.members.phone')} value={member.phone} />
            <Fact label={t('admin.members.joined')} value={formatDateTime(member.createdAt, i18n.language)} />
            <Fact label={t('admin.members.level')} value={member.levelName || member.level} />
            {store.detail.description && <Fact label={t('admin.members.about')} value={store.detail.description} wide />}
          </Facts>
          <BanCard store={store} />
          <RightsCard store={store} />
          <SessionsCard store={store} />
          <WalletCard store={store} />
          <ContactCard store={store} />
        </div>
      )}
    </AdminDrawer>
  );
});
