import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { CarouselDoc, FooterDoc, HeaderDoc } from '../../models/builder';
import type { HeaderAttr } from '../../models/settings';
import { useBuilder } from './context';
import { Checkbox, ColorInput, LangTextField, NumberInput, Section, TextInput } from './fields';
import { MenuItemsEditor } from './MenuItemsEditor';

const HEADER_ATTRS: HeaderAttr[] = ['logo', 'menu', 'search', 'download', 'darkMode', 'locale', 'user'];

/** Background, text colour, width and text size: what header and footer share. */
function LookFields({ look, set }: { look: HeaderDoc | FooterDoc; set: (next: Partial<HeaderDoc & FooterDoc>, key: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <ColorInput label={t('page.builder.field.background')} value={look.backgroundColor} onChange={(backgroundColor) => set({ backgroundColor }, 'backgroundColor')} />
        <ColorInput label={t('page.builder.field.textColor')} value={look.textColor} onChange={(textColor) => set({ textColor }, 'textColor')} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <TextInput label={t('page.builder.field.width')} value={look.width} placeholder="80rem" onChange={(width) => set({ width }, 'width')} />
        <TextInput label={t('page.builder.field.textSize')} value={look.textSize} placeholder="14px" onChange={(textSize) => set({ textSize }, 'textSize')} />
      </div>
    </>
  );
}

/** The header settings of the current device. */
export const HeaderInspector = observer(function HeaderInspector() {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const header = builder.deviceDoc?.header;
  if (!header) return null;
  const set = (next: Partial<HeaderDoc>, key = '') => builder.editDevice((settings) => Object.assign(settings.header, next), key && `header.${key}`);
  const toggle = (attr: HeaderAttr, on: boolean) => set({ attrsPicked: on ? HEADER_ATTRS.filter((held) => held === attr || header.attrsPicked.includes(held)) : header.attrsPicked.filter((held) => held !== attr) });
  return (
    <div data-testid="header-inspector">
      <Section title={t('page.builder.header.parts')}>
        <div className="grid grid-cols-2 gap-2">
          {HEADER_ATTRS.map((attr) => (
            <Checkbox key={attr} label={t(`page.builder.header.attrs.${attr}`)} checked={header.attrsPicked.includes(attr)} onChange={(on) => toggle(attr, on)} />
          ))}
        </div>
      </Section>
      <Section title={t('page.builder.header.menus')}>
        <MenuItemsEditor nested label={t('page.builder.header.menus')} items={header.menus} onChange={(menus) => set({ menus }, 'menus')} />
      </Section>
      <Section title={t('page.builder.header.userList')}>
        <MenuItemsEditor label={t('page.builder.header.userList')} items={header.userList} onChange={(userList) => set({ userList }, 'userList')} />
      </Section>
      <Section title={t('page.builder.field.look')}>
        <LookFields look={header} set={set} />
        <div className="grid grid-cols-2 gap-2">
          <TextInput label={t('page.builder.header.logo')} value={header.logo} placeholder="/media/logo.png" onChange={(logo) => set({ logo }, 'logo')} />
          <NumberInput label={t('page.builder.header.logoWidth')} value={header.logoWidth} min={0} max={400} onChange={(logoWidth) => set({ logoWidth }, 'logoWidth')} />
        </div>
      </Section>
    </div>
  );
});

/** The footer settings of the current device. */
export const FooterInspector = observer(function FooterInspector() {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const footer = builder.deviceDoc?.footer;
  if (!footer) return null;
  const set = (next: Partial<FooterDoc>, key = '') => builder.editDevice((settings) => Object.assign(settings.footer, next), key && `footer.${key}`);
  const create = footer.createMenu;
  const setCreate = (next: Partial<FooterDoc['createMenu']>, key = '') => set({ createMenu: { ...create, ...next } }, key && `create.${key}`);
  const setSlide = (index: number, slide: CarouselDoc | null) => {
    const carousel = [...create.carousel];
    if (slide) carousel[index] = slide;
    else carousel.splice(index, 1);
    setCreate({ carousel }, 'carousel');
  };
  return (
    <div data-testid="footer-inspector">
      <Section title={t('page.builder.footer.menus')}>
        <MenuItemsEditor nested label={t('page.builder.footer.menus')} items={footer.menus} onChange={(menus) => set({ menus }, 'menus')} />
      </Section>
      <Section title={t('page.builder.footer.lastRow')}>
        <LangTextField label={t('page.builder.footer.lastRowHtml')} value={footer.textHtmlLastRow} multiline maxLength={4000} onChange={(textHtmlLastRow) => set({ textHtmlLastRow }, 'lastRow')} />
      </Section>
      <Section title={t('page.builder.field.look')}>
        <LookFields look={footer} set={set} />
      </Section>
      <Section title={t('page.builder.footer.createMenu')}>
        <div className="flex gap-4">
          <Checkbox label={t('page.builder.footer.joinChat')} checked={create.joinChat} onChange={(joinChat) => setCreate({ joinChat })} />
          <Checkbox label={t('page.builder.footer.showShare')} checked={create.showShare} onChange={(showShare) => setCreate({ showShare })} />
        </div>
        <MenuItemsEditor label={t('page.builder.footer.createMenus')} items={create.menus} onChange={(menus) => setCreate({ menus }, 'menus')} />
        <div className="space-y-2">
          <p className="text-xs font-medium text-zinc-600 dark:text-zinc-300">{t('page.builder.footer.carousel')}</p>
          {create.carousel.map((slide, index) => (
            <div key={index} className="space-y-1.5 rounded-lg bg-zinc-50 p-2 ring-1 ring-zinc-200/70 dark:bg-zinc-800/40 dark:ring-zinc-700">
              <TextInput label={t('page.builder.field.image')} value={slide.url} onChange={(url) => setSlide(index, { ...slide, url })} />
              <TextInput label={t('page.builder.field.link')} value={slide.link ?? ''} onChange={(link) => setSlide(index, { ...slide, link: link || undefined })} />
              <LangTextField label={t('page.builder.field.caption')} value={slide.caption} onChange={(caption) => setSlide(index, { ...slide, caption })} />
              <button type="button" className="text-xs text-rose-600 hover:underline" onClick={() => setSlide(index, null)}>
                {t('page.builder.image.remove')}
              </button>
            </div>
          ))}
          <button type="button" className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-400" onClick={() => setCreate({ carousel: [...create.carousel, { url: '', caption: {} }] })}>
            + {t('page.builder.image.add')}
          </button>
        </div>
      </Section>
    </div>
  );
});
