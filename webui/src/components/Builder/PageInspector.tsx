import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, NATIVE_NAME } from '../../i18n/languages';
import type { PageDoc } from '../../models/builder';
import { useBuilder } from './context';
import { Section, SelectInput, TextInput } from './fields';

/** The current page's own fields: its address (fixed once made), titles per language and layout. */
export const PageInspector = observer(function PageInspector() {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const page = builder.page;
  if (!page || page.kind === 'home') return null;
  const index = builder.pageIndex;
  const set = (next: Partial<PageDoc>, key = '') => builder.edit((doc) => Object.assign(doc.pages[index]!, next), key && `page.${index}.${key}`);
  return (
    <div data-testid="page-inspector">
      <Section title={t(`page.builder.pageKinds.${page.kind}`)}>
        <p className="rounded-lg bg-zinc-50 px-2.5 py-2 font-mono text-xs text-zinc-600 dark:bg-zinc-800/50 dark:text-zinc-300">
          {page.kind === 'docs' ? `/docs/${page.name}` : `/${page.name}`}
        </p>
        {LANGUAGES.map((lang) => (
          <TextInput
            key={lang}
            label={t('page.builder.addPage.titleIn', { lang: NATIVE_NAME[lang] })}
            value={page.titles[lang] ?? ''}
            onChange={(title) => set({ titles: { ...page.titles, [lang]: title } }, `title.${lang}`)}
          />
        ))}
        {page.kind === 'custom' && (
          <SelectInput<PageDoc['layout']>
            label={t('page.builder.pageLayout')}
            value={page.layout}
            options={(['default', 'docs'] as const).map((layout) => ({ value: layout, label: t(`page.builder.pageLayouts.${layout}`) }))}
            onChange={(layout) => set({ layout })}
          />
        )}
      </Section>
    </div>
  );
});
