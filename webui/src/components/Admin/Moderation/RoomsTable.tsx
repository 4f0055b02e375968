import { MessagesSquare } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AdminChatRoom } from '../../../api/adminContent';
import type { ModerationStore } from '../../../stores/admin/ModerationStore';
import { formatDateTime } from '../../../utils/dates';
import { AdminTable, type AdminColumn } from '../common/AdminTable';

/** The chat rooms with their members, messages and last message; a click opens a room's messages. */
export const RoomsTable = observer(function RoomsTable({ store }: { store: ModerationStore }) {
  const { t, i18n } = useTranslation();
  const columns: AdminColumn<AdminChatRoom>[] = [
    {
      key: 'room',
      header: t('admin.moderation.rooms.room'),
      width: 'minmax(0,2fr)',
      bare: true,
      cell: (room) => (
<span className="truncate font-medium">#{room.name}</span>
      ),
    },
    { key: 'members', header: t('admin.moderation.rooms.members'), width: '6rem', cell: (room) => room.members.toLocaleString(i18n.language) },
    { key: 'messages', header: t('admin.moderation.rooms.messages'), width: '6rem', cell: (room) => room.messages.toLocaleString(i18n.language) },
    {
      key: 'last',
      header: t('admin.moderation.rooms.lastMessage'),
      width: '10rem',
      cell: (room) => <span className="text-xs text-zinc-500">{room.lastMessageAt ? formatDateTime(room.lastMessageAt, i18n.language) : '—'}</span>,
    },
  ];
  return (
    <AdminTable<AdminChatRoom>
      label={t('admin.moderation.rooms.title')}
      rows={store.rooms}
      rowKey={(room) => room.name}
      columns={columns}
      loading={!store.roomsLoaded}
      hasMore={store.hasMoreRooms}
      onEndReached={() => void store.loadRooms(true)}
      onRowClick={(room) => store.openRoom(room.name)}
      activeKey={store.room ?? undefined}
      emptyIcon={MessagesSquare}
      emptyTitle={t('admin.moderation.rooms.empty')}
      testId="rooms-table"
      rowTestId="room-row"
    />
  );
});
