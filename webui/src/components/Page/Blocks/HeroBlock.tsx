import ArrowRight from 'lucide-react/icons/arrow-right';
import type { CSSProperties } from 'react';
import type { HeroProps } from '../../../models/builder';
import { BlockLink, useBlockContext, useBlockText } from './context';

/** A hero: a title, a subtitle and a call to action over a background picture (or the brand's gradient). */
export function HeroBlock({ props }: { props: HeroProps }) {
  const { titled } = useBlockContext();
  const Heading = titled ? 'h2' : 'h1';
  const text = useBlockText();
  const title = text(props.title);
  const subtitle = text(props.subtitle);
  const ctaLabel = props.cta ? text(props.cta.label) : '';
  const centered = props.align === 'center';
  const style: CSSProperties | undefined = props.image
    ? { backgroundImage: `linear-gradient(rgb(0 0 0 / 0.45), rgb(0 0 0 / 0.45)), url(${JSON.stringify(props.image)})` }
    : undefined;
  return (
    <section
      data-testid="block-hero"
      style={style}
      className={`overflow-hidden rounded-3xl bg-cover bg-center px-6 py-14 sm:px-10 sm:py-20 ${
        props.image ? 'text-white' : 'bg-gradient-to-br from-brand-50 to-white ring-1 ring-zinc-900/5 dark:from-brand-700/20 dark:to-zinc-950 dark:ring-white/10'
      } ${centered ? 'text-center' : ''}`}
    >
      {title && <Heading className="text-3xl font-bold tracking-tight sm:text-5xl">{title}</Heading>}
      {subtitle && (
        <p className={`mt-4 max-w-2xl text-base sm:text-lg ${centered ? 'mx-auto' : ''} ${props.image ? 'text-white/85' : 'text-zinc-600 dark:text-zinc-400'}`}>{subtitle}</p>
      )}
      {props.cta && ctaLabel && (
        <BlockLink
          to={props.cta.url}
          className="mt-8 inline-flex items-center gap-2 rounded-full bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700"
        >
          {ctaLabel}
          <ArrowRight className="size-4" aria-hidden />
        </BlockLink>
      )}
    </section>
  );
}
