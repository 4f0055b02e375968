import FileText from 'lucide-react/icons/file-text';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../routing/useDocumentTitle';
import type { ReadyPage } from '../../stores/PagesStore';
import { useStores } from '../../stores/StoresContext';
import { EmptyState } from '../Feedback/EmptyState';
import { DocsFrame } from '../Layout/DocsLayout';
import { BlockList, pageBlocks } from './Blocks/BlockList';

/**
 * A custom page (/{name}) of the page builder: its title and its blocks
 * for the device, in the docs layout when it asks for it.
 */
export const CustomPage = observer(function CustomPage({ state }: { state: ReadyPage }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const title = state.page.title || t('page.page.title');
  useDocumentTitle(title);
  const blocks = pageBlocks(state.blocks, ui.device);
  const body = (
    <>
      <h1 data-testid="page-title" className="mb-8 text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h1>
      {blocks.length > 0 ? <BlockList blocks={blocks} titled /> : <EmptyState icon={FileText} title={t('page.page.empty')} />}
    </>
  );
  if (state.page.layout === 'docs') return <DocsFrame nav={[]}>{body}</DocsFrame>;
  return <section className="mx-auto w-full max-w-[var(--site-width)] px-4 py-8 sm:px-5 sm:py-10">{body}</section>;
});
