import { ArrowDown, ArrowUp, ImagePlus, Music, Plus, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Block, CarouselDoc, ImageProps, NodesProps } from '../../models/builder';
import { useStores } from '../../stores/StoresContext';
import { RichEditor } from '../Create/RichEditor';
import { useBuilder } from './context';
import { Checkbox, ColorInput, ICON_BUTTON, INPUT, Labeled, LangMarkers, LangTextField, NumberInput, SMALL_BUTTON, Section, SelectInput, TextInput } from './fields';
import { ListBlockFields } from './ListBlockFields';
import { pickAudio, pickImages } from './mediaPick';
import { MenuItemsEditor } from './MenuItemsEditor';

const IMAGES_MAX = 10;
const AUDIO_MAX = 20;
const NODES_MAX = 30;

/** The inspector of the selected block: a form for its type's props. */
export const BlockInspector = observer(function BlockInspector({ block }: { block: Block }) {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const change = <P extends object>(next: Partial<P>, key = '') =>
    builder.editBlock(block.id, (target) => Object.assign(target.props, next), key);
  return (
    <div data-testid="block-inspector" data-block-type={block.type}>
      <Section title={t(`page.builder.blocks.${block.type}`)}>
        <BlockFields block={block} change={change} />
      </Section>
    </div>
  );
});

type Change = <P extends object>(next: Partial<P>, key?: string) => void;

const BlockFields = observer(function BlockFields({ block, change }: { block: Block; change: Change }) {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  switch (block.type) {
    case 'hero': {
      const props = block.props;
      return (
        <>
          <LangTextField label={t('page.builder.field.title')} value={props.title} onChange={(title) => change({ title }, 'title')} />
          <LangTextField label={t('page.builder.field.subtitle')} value={props.subtitle} onChange={(subtitle) => change({ subtitle }, 'subtitle')} multiline />
          <ImageUrl label={t('page.builder.field.image')} value={props.image} onChange={(image) => change({ image }, 'image')} />
          <SelectInput
            label={t('page.builder.field.align')}
            value={props.align}
            options={(['left', 'center'] as const).map((align) => ({ value: align, label: t(`page.builder.field.aligns.${align}`) }))}
            onChange={(align) => change({ align })}
          />
          <LangTextField label={t('page.builder.field.ctaLabel')} value={props.cta?.label} onChange={(label) => change({ cta: { url: props.cta?.url ?? '/', label } }, 'ctaLabel')} />
          <TextInput label={t('page.builder.field.ctaUrl')} value={props.cta?.url ?? ''} placeholder="/community" onChange={(url) => change({ cta: { label: props.cta?.label ?? {}, url } }, 'ctaUrl')} />
        </>
      );
    }
    case 'text':
      return (
        <Labeled label={t('page.builder.field.body')} aside={<LangMarkers text={block.props.html} />}>
          <div className="overflow-hidden rounded-lg ring-1 ring-zinc-200 dark:ring-zinc-700">
            <RichEditor
              key={`${block.id}-${builder.lang}`}
              initialContent={block.props.html[builder.lang] ?? ''}
              label={t('page.builder.field.body')}
              placeholder={t('page.builder.field.bodyPlaceholder')}
              onChange={(html) => change({ html: { ...block.props.html, [builder.lang]: html } }, 'html')}
            />
          </div>
        </Labeled>
      );
    case 'image':
      return <ImageFields props={block.props} change={change} />;
    case 'articles':
    case 'topics':
    case 'products':
      return <ListBlockFields kind={block.type} props={block.props} change={change} />;
    case 'menu': {
      const props = block.props;
      return (
        <>
          <MenuItemsEditor label={t('page.builder.menu.items')} items={props.items} onChange={(items) => change({ items }, 'items')} />
          <div className="flex gap-4">
            <Checkbox label={t('page.builder.menu.scrollX')} checked={props.scrollX} onChange={(scrollX) => change({ scrollX })} />
            <Checkbox label={t('page.builder.menu.scrollY')} checked={props.scrollY} onChange={(scrollY) => change({ scrollY })} />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <NumberInput label={t('page.builder.menu.gap')} value={props.gap} min={0} max={64} onChange={(gap) => change({ gap }, 'gap')} />
            <NumberInput label={t('page.builder.menu.padding')} value={props.padding} min={0} max={64} onChange={(padding) => change({ padding }, 'padding')} />
          </div>
          <ColorInput label={t('page.builder.field.background')} value={props.background} onChange={(background) => change({ background }, 'background')} />
        </>
      );
    }
    case 'nodes':
      return <NodesFields props={block.props} change={change} />;
    case 'chat':
      return (
        <>
          <LangTextField label={t('page.builder.field.title')} value={block.props.title} onChange={(title) => change({ title }, 'title')} />
          <LangTextField label={t('page.builder.field.text')} value={block.props.text} onChange={(text) => change({ text }, 'text')} multiline />
          <LangTextField label={t('page.builder.field.button')} value={block.props.button} onChange={(button) => change({ button }, 'button')} />
        </>
      );
    case 'audio':
      return <AudioFields block={block} change={change} />;
    case 'html':
      return <HtmlFields html={block.props.html} change={change} />;
    default:
      return block satisfies never;
  }
});

function ImageUrl({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const root = useStores();
  const id = useId();
  return (
    <Labeled label={label} htmlFor={id}>
      <div className="flex gap-1">
        <input id={id} value={value} placeholder="https://…" onChange={(event) => onChange(event.target.value.trim())} className={INPUT} />
        <button
          type="button"
          className={SMALL_BUTTON}
          title={t('page.builder.field.library')}
          onClick={async () => {
            const [url] = await pickImages(root, 1);
            if (url) onChange(url);
          }}
        >
          <ImagePlus className="size-3.5" aria-hidden />
          <span className="sr-only">{t('page.builder.field.library')}</span>
        </button>
      </div>
    </Labeled>
  );
}

const ImageFields = observer(function ImageFields({ props, change }: { props: ImageProps; change: Change }) {
  const { t } = useTranslation();
  const root = useStores();
  const setImages = (images: CarouselDoc[]) => change<ImageProps>({ images }, 'images');
  const replace = (index: number, slide: CarouselDoc) => setImages(props.images.map((held, at) => (at === index ? slide : held)));
  return (
    <>
      {props.images.map((slide, index) => (
        <div key={index} className="space-y-2 rounded-lg bg-zinc-50 p-2 ring-1 ring-zinc-200/70 dark:bg-zinc-800/40 dark:ring-zinc-700">
          <div className="flex items-center gap-2">
            {slide.url ? <img src={slide.url} alt="" className="size-10 rounded object-cover" /> : <div className="size-10 rounded bg-zinc-200 dark:bg-zinc-700" />}
            <span className="flex-1 text-xs text-zinc-500">{t('page.builder.image.slide', { index: index + 1 })}</span>
            <button type="button" className={ICON_BUTTON} disabled={index === 0} aria-label={t('page.builder.block.moveUp')} onClick={() => setImages(swap(props.images, index, index - 1))}>
              <ArrowUp className="size-3.5" aria-hidden />
            </button>
            <button type="button" className={ICON_BUTTON} disabled={index === props.images.length - 1} aria-label={t('page.builder.block.moveDown')} onClick={() => setImages(swap(props.images, index, index + 1))}>
              <ArrowDown className="size-3.5" aria-hidden />
            </button>
            <button type="button" className={ICON_BUTTON} disabled={props.images.length <= 1} aria-label={t('page.builder.image.remove')} onClick={() => setImages(props.images.filter((_, at) => at !== index))}>
              <Trash2 className="size-3.5" aria-hidden />
            </button>
          </div>
          <ImageUrl label={t('page.builder.field.image')} value={slide.url} onChange={(url) => replace(index, { ...slide, url })} />
          <TextInput label={t('page.builder.field.link')} value={slide.link ?? ''} placeholder="/shop" onChange={(link) => replace(index, { ...slide, link: link || undefined })} />
          <LangTextField label={t('page.builder.field.caption')} value={slide.caption} onChange={(caption) => replace(index, { ...slide, caption })} />
        </div>
      ))}
      <button
        type="button"
        className={SMALL_BUTTON}
        disabled={props.images.length >= IMAGES_MAX}
        onClick={async () => {
          const urls = await pickImages(root, IMAGES_MAX - props.images.length);
          const added = urls.length ? urls.map((url) => ({ url, caption: {} })) : [{ url: '', caption: {} }];
          setImages([...props.images, ...added].slice(0, IMAGES_MAX));
        }}
      >
        <Plus className="size-3.5" aria-hidden />
        {t('page.builder.image.add')}
      </button>
      <SelectInput<ImageProps['aspect']>
        label={t('page.builder.image.aspect')}
        value={props.aspect}
        options={(['16/9', '4/3', '1/1', 'auto'] as const).map((aspect) => ({ value: aspect, label: aspect === 'auto' ? t('page.builder.image.auto') : aspect }))}
        onChange={(aspect) => change<ImageProps>({ aspect })}
      />
      <Checkbox label={t('page.builder.image.autoplay')} checked={props.autoplay} onChange={(autoplay) => change<ImageProps>({ autoplay })} />
    </>
  );
});

const NodesFields = observer(function NodesFields({ props, change }: { props: NodesProps; change: Change }) {
  const { refs } = useBuilder();
  const { t } = useTranslation();
  useEffect(() => {
    void refs.load();
  }, [refs]);
  const toggle = (id: string, on: boolean) =>
    change<NodesProps>({ ids: on ? [...props.ids, id].slice(0, NODES_MAX) : props.ids.filter((held) => held !== id) });
  return (
    <>
      <LangTextField label={t('page.builder.field.title')} value={props.title} onChange={(title) => change<NodesProps>({ title }, 'title')} />
      <fieldset className="space-y-1.5">
        <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">{t('page.builder.nodes.picked')}</legend>
        {refs.options.node.map((node) => (
          <Checkbox key={node.id} label={node.label} checked={props.ids.includes(node.id)} onChange={(on) => toggle(node.id, on)} />
        ))}
      </fieldset>
      {props.ids.length === 0 && <NumberInput label={t('page.builder.list.count')} value={props.count} min={1} max={30} onChange={(count) => change<NodesProps>({ count }, 'count')} />}
    </>
  );
});

const AudioFields = observer(function AudioFields({ block, change }: { block: Extract<Block, { type: 'audio' }>; change: Change }) {
  const { t } = useTranslation();
  const root = useStores();
  const { items, title } = block.props;
  const setItems = (next: typeof items) => change({ items: next }, 'items');
  return (
    <>
      <LangTextField label={t('page.builder.field.title')} value={title} onChange={(next) => change({ title: next }, 'title')} />
      <ol className="space-y-2">
        {items.map((item, index) => (
          <li key={index} className="space-y-1.5 rounded-lg bg-zinc-50 p-2 ring-1 ring-zinc-200/70 dark:bg-zinc-800/40 dark:ring-zinc-700">
            <div className="flex items-center gap-1">
              <input aria-label={t('page.builder.audio.trackTitle')} value={item.title} onChange={(event) => setItems(items.map((held, at) => (at === index ? { ...held, title: event.target.value } : held)))} className={INPUT} />
              <button type="button" className={ICON_BUTTON} disabled={index === 0} aria-label={t('page.builder.block.moveUp')} onClick={() => setItems(swap(items, index, index - 1))}>
                <ArrowUp className="size-3.5" aria-hidden />
              </button>
              <button type="button" className={ICON_BUTTON} aria-label={t('page.builder.audio.remove')} onClick={() => setItems(items.filter((_, at) => at !== index))}>
                <Trash2 className="size-3.5" aria-hidden />
              </button>
            </div>
            <input aria-label={t('page.builder.audio.src')} value={item.src} placeholder="https://…/track.mp3" onChange={(event) => setItems(items.map((held, at) => (at === index ? { ...held, src: event.target.value.trim() } : held)))} className={INPUT} />
          </li>
        ))}
      </ol>
      <div className="flex gap-2">
        <button
          type="button"
          className={SMALL_BUTTON}
          disabled={items.length >= AUDIO_MAX}
          onClick={async () => {
            const picked = await pickAudio(root, AUDIO_MAX - items.length);
            if (picked.length) setItems([...items, ...picked].slice(0, AUDIO_MAX));
          }}
        >
          <Music className="size-3.5" aria-hidden />
          {t('page.builder.audio.fromLibrary')}
        </button>
        <button type="button" className={SMALL_BUTTON} disabled={items.length >= AUDIO_MAX} onClick={() => setItems([...items, { src: '', time: 0, thumb: '', title: '' }])}>
          <Plus className="size-3.5" aria-hidden />
          {t('page.builder.audio.byUrl')}
        </button>
      </div>
    </>
  );
});

const HtmlFields = observer(function HtmlFields({ html, change }: { html: string; change: Change }) {
  const { builder } = useBuilder();
  const { t } = useTranslation();
  const id = useId();
  return (
    <Labeled label={t('page.builder.html.label')} htmlFor={id}>
      <textarea
        id={id}
        rows={10}
        readOnly={!builder.canHtml}
        value={html}
        onChange={(event) => change({ html: event.target.value }, 'html')}
        className={`${INPUT} h-auto py-2 font-mono text-xs`}
      />
      <p className="text-xs text-zinc-500">{builder.canHtml ? t('page.builder.html.hint') : t('page.builder.html.adminOnly')}</p>
    </Labeled>
  );
});

function swap<T>(items: T[], index: number, other: number): T[] {
  const next = [...items];
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}
