import { Users } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MEMBER_FILTERS, type AdminMemberRow } from '../../api/adminMembers';
import { AdminTable } from '../../components/Admin/common/AdminTable';
import { FilterTabs } from '../../components/Admin/common/FilterTabs';
import { SearchBox } from '../../components/Admin/common/SearchBox';
import { SectionHeader } from '../../components/Admin/common/SectionHeader';
import { MemberDrawer } from '../../components/Admin/Members/MemberDrawer';
import { useMemberColumns } from '../../components/Admin/Members/columns';
import { MembersStore } from '../../stores/admin/MembersStore';
import { useStores } from '../../stores/StoresContext';

/** The search parameter naming the member whose panel is open (the back button closes it). */
const MEMBER_PARAM = 'member';

/**
 * /admin (members): find members by id, email, phone, slug or name, filter them (admins, builders,
 * banned, VIP), and open one in a panel to act on them.
 */
const Members = observer(function Members() {
  const root = useStores();
  const { t } = useTranslation();
  const [members] = useState(() => new MembersStore(root));
  const [params, setParams] = useSearchParams();
  const openId = params.get(MEMBER_PARAM);
  const columns = useMemberColumns();

  useEffect(() => {
    void members.loadLatest();
  }, [members]);

  const open = (row: AdminMemberRow | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (row) next.set(MEMBER_PARAM, row.databaseId);
        else next.delete(MEMBER_PARAM);
        return next;
      },
      { replace: row === null ? false : openId !== null },
    );

  return (
    <div className="flex flex-col gap-4" data-testid="admin-members">
      <SectionHeader title={t('admin.members.title')} description={t('admin.members.description')} />
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchBox value={members.query} onSearch={(query) => members.search(query)} placeholder={t('admin.members.search')} testId="admin-members-search" />
        <FilterTabs
          label={t('admin.members.filterLabel')}
          options={MEMBER_FILTERS.map((value) => ({ value, label: t(`admin.members.filter.${value}`) }))}
          value={members.filter}
          onChange={(filter) => members.setFilter(filter)}
          testId="admin-members-filter"
        />
      </div>
      <AdminTable<AdminMemberRow>
        label={t('admin.members.list')}
        rows={members.ordered}
        rowKey={(row) => row.databaseId}
        columns={columns}
        loading={!members.isLoaded}
        hasMore={members.hasNewer}
        onEndReached={() => void members.loadMore()}
        onRowClick={(row) => open(row)}
        activeKey={openId ?? undefined}
        emptyIcon={Users}
        emptyTitle={members.query ? t('admin.members.noMatch') : t('admin.members.empty')}
        testId="admin-members-table"
        rowTestId="admin-member-row"
      />
      {openId && <MemberDrawer key={openId} userId={openId} onClose={() => open(null)} onChange={(row) => members.updateRow(row)} />}
    </div>
  );
});

export default Members;
