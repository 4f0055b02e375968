import { useTranslation } from 'react-i18next';
import type { AdminMemberRow } from '../../../api/adminMembers';
import { avatarSrc } from '../../../models/Viewer';
import { formatDate } from '../../../utils/dates';
import type { AdminColumn } from '../common/AdminTable';
import { MemberBadges } from './MemberBadges';

/** A member's avatar, name and slug, as the first cell of their row and the top of their panel. */
export function MemberIdentity({ member, large = false }: { member: AdminMemberRow; large?: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <img
        src={avatarSrc(member.avatar.url, member.slug || member.databaseId)}
        alt=""
        className={`${large ? 'size-14' : 'size-9'} shrink-0 rounded-full bg-zinc-100 object-cover dark:bg-zinc-800`}
      />
      <span className="min-w-0">
        <span className={`block truncate font-medium ${large ? 'text-lg' : ''}`}>{member.name}</span>
        <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
          #{member.databaseId}
          {member.slug && ` · @${member.slug}`}
        </span>
      </span>
    </span>
  );
}

/** The members table's columns. */
export function useMemberColumns(): AdminColumn<AdminMemberRow>[] {
  const { t, i18n } = useTranslation();
  return [
    { key: 'member', header: t('admin.members.column.member'), width: 'minmax(0,2fr)', bare: true, cell: (row) => <MemberIdentity member={row} /> },
    {
      key: 'contact',
      header: t('admin.members.column.contact'),
      width: 'minmax(0,1.6fr)',
      cell: (row) => <span className="block truncate text-zinc-600 dark:text-zinc-300">{row.email || row.phone || '—'}</span>,
    },
    {
      key: 'level',
      header: t('admin.members.column.level'),
      width: 'minmax(0,1fr)',
      cell: (row) => <span className="truncate">{row.levelName || row.level || '—'}</span>,
    },
    { key: 'roles', header: t('admin.members.column.roles'), width: 'minmax(0,1.4fr)', cell: (row) => <MemberBadges member={row} /> },
    {
      key: 'joined',
      header: t('admin.members.column.joined'),
      width: '7rem',
      cell: (row) => <span className="tabular-nums text-zinc-500 dark:text-zinc-400">{formatDate(row.createdAt, i18n.language)}</span>,
    },
  ];
}
