import { ArrowDown, ArrowUp, CornerDownRight, Plus, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { MenuItemDoc } from '../../models/builder';
import { useBuilder } from './context';
import { ICON_BUTTON, INPUT, LangMarkers, SMALL_BUTTON } from './fields';

/** The most entries a menu holds (the server refuses more). */
export const MENU_MAX = 30;

/**
 * Edits a list of menu entries (label per language, URL) with one level of sub-menus when
 * nested. Changes go back whole through onChange.
 */
export const MenuItemsEditor = observer(function MenuItemsEditor({
  items,
  onChange,
  nested = false,
  label,
}: {
  items: MenuItemDoc[];
  onChange: (items: MenuItemDoc[]) => void;
  nested?: boolean;
  label: string;
}) {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const lang = builder.lang;
  const replace = (index: number, item: MenuItemDoc | null) => {
    const next = [...items];
    if (item) next[index] = item;
    else next.splice(index, 1);
    onChange(next);
  };
  const swap = (index: number, other: number) => {
    const next = [...items];
    [next[index], next[other]] = [next[other]!, next[index]!];
    onChange(next);
  };
  return (
    <div className="space-y-2" role="group" aria-label={label}>
      {items.map((item, index) => (
        <div key={index} className="space-y-1.5 rounded-lg bg-zinc-50 p-2 ring-1 ring-zinc-200/70 dark:bg-zinc-800/40 dark:ring-zinc-700">
          <div className="flex items-center gap-1">
            <input
              aria-label={t('page.builder.menu.label')}
              lang={lang}
              placeholder={t('page.builder.menu.label')}
              value={item.label?.[lang] ?? ''}
              onChange={(event) => replace(index, { ...item, label: { ...item.label, [lang]: event.target.value } })}
              className={INPUT}
            />
            <LangMarkers text={item.label} />
          </div>
          <div className="flex items-center gap-1">
            <input
              aria-label={t('page.builder.menu.url')}
              placeholder="/community"
              value={item.url}
              onChange={(event) => replace(index, { ...item, url: event.target.value.trim() })}
              className={INPUT}
            />
            <button type="button" className={ICON_BUTTON} disabled={index === 0} onClick={() => swap(index, index - 1)} aria-label={t('page.builder.block.moveUp')}>
              <ArrowUp className="size-3.5" aria-hidden />
            </button>
            <button type="button" className={ICON_BUTTON} disabled={index === items.length - 1} onClick={() => swap(index, index + 1)} aria-label={t('page.builder.block.moveDown')}>
              <ArrowDown className="size-3.5" aria-hidden />
            </button>
            <button type="button" className={ICON_BUTTON} onClick={() => replace(index, null)} aria-label={t('page.builder.menu.remove')}>
              <Trash2 className="size-3.5" aria-hidden />
            </button>
          </div>
          {nested && (
            <div className="ml-3 border-l border-zinc-200 pl-2 dark:border-zinc-700">
              {item.children?.length ? (
                <MenuItemsEditor
                  label={t('page.builder.menu.children')}
                  items={item.children}
                  onChange={(children) => replace(index, { ...item, children: children.length ? children : undefined })}
                />
              ) : (
                <button type="button" className={`${SMALL_BUTTON} ring-0`} onClick={() => replace(index, { ...item, children: [{ label: {}, url: '/' }] })}>
                  <CornerDownRight className="size-3.5" aria-hidden />
                  {t('page.builder.menu.addChild')}
                </button>
              )}
            </div>
          )}
        </div>
      ))}
      <button type="button" className={SMALL_BUTTON} disabled={items.length >= MENU_MAX} onClick={() => onChange([...items, { label: {}, url: '/' }])}>
        <Plus className="size-3.5" aria-hidden />
        {t('page.builder.menu.add')}
      </button>
    </div>
  );
});
