import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessagePane } from '../../components/Admin/Moderation/MessagePane';
import { MutesList } from '../../components/Admin/Moderation/MutesList';
import { RoomsTable } from '../../components/Admin/Moderation/RoomsTable';
import { FilterTabs } from '../../components/Admin/common/FilterTabs';
import { SearchBox } from '../../components/Admin/common/SearchBox';
import { SectionHeader } from '../../components/Admin/common/SectionHeader';
import { ModerationStore } from '../../stores/admin/ModerationStore';
import { useStores } from '../../stores/StoresContext';
import ReportsQueue from '../Account/Reports';

/** The moderation screen's parts. */
const PANES = ['reports', 'chat', 'mutes'] as const;
type Pane = (typeof PANES)[number];

/**
 * /admin/moderation: the reports queue (live, private-message abuse included: the queue the
 * account area shows), the chat rooms and their messages (picked and deleted, a member muted from
 * their message), and every room's active mutes.
 */
const Moderation = observer(function Moderation() {
  const root = useStores();
  const { t } = useTranslation();
  const [store] = useState(() => new ModerationStore(root));
  const [pane, setPane] = useState<Pane>('reports');

  useEffect(() => {
    if (pane === 'chat' && !store.roomsLoaded) void store.loadRooms();
    if (pane === 'mutes') {
      store.closeRoom();
    }
  }, [pane, store]);

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-4" data-testid="admin-moderation">
      <SectionHeader title={t('admin.moderation.title')} description={t('admin.moderation.description')} />
      <FilterTabs
        label={t('admin.moderation.title')}
        options={PANES.map((value) => ({ value, label: t(`admin.moderation.pane.${value}`) }))}
        value={pane}
        onChange={setPane}
        testId="moderation-panes"
      />
      {pane === 'reports' && <ReportsQueue />}
      {pane === 'chat' &&
        (store.room ? (
          <MessagePane store={store} />
        ) : (
          <>
            <SearchBox value={store.roomQuery} onSearch={(q) => store.setRoomQuery(q)} placeholder={t('admin.moderation.rooms.search')} testId="rooms-search" />
            <RoomsTable store={store} />
          </>
        ))}
      {pane === 'mutes' && <MutesList store={store} />}
    </div>
  );
});

export default Moderation;
