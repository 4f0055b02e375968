import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AdminMemberRow } from '../../../api/adminMembers';
import { BADGE } from '../common/styles';

/** The roles and states of a member that an admin looks for: admin, builder, VIP, banned. */
export const MemberBadges = observer(function MemberBadges({ member }: { member: AdminMemberRow }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1">
      {member.isAdmin && <span className={`${BADGE} bg-zinc-900 text-white dark:bg-white dark:text-zinc-900`}>{t('admin.members.role.admin')}</span>}
      {member.canBuilder && <span className={`${BADGE} bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300`}>{t('admin.members.role.builder')}</span>}
      {member.vip && <span className={`${BADGE} bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300`}>{member.vipName || member.vip}</span>}
      {member.banned && (
        <span data-testid="member-banned" className={`${BADGE} bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300`}>
          {t('admin.members.banned')}
        </span>
      )}
    </span>
  );
});
