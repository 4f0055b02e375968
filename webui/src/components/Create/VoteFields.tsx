import { Plus, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateForm } from './CreateForm';
import { DeadlineField } from './DeadlineField';
import { errorId, FieldMessage, TEXT_INPUT } from './FormParts';
import { MAX_VOTE_OPTIONS, VOTE_OPTION_MAX } from './submission';

/** A vote's options (at least two, each with text; add and remove) and its deadline. */
export const VoteFields = observer(function VoteFields({ form }: { form: CreateForm }) {
  const { t } = useTranslation();
  const id = useId();
  const { vote } = form.draft;
  const error = form.errors.voteOptions;
  return (
    <fieldset className="space-y-4 rounded-2xl bg-sky-50/60 p-4 ring-1 ring-sky-200/70 dark:bg-sky-400/5 dark:ring-sky-400/20" data-testid="vote-fields">
      <legend className="sr-only">{t('page.create.vote.title')}</legend>
      <div>
        <p id={`${id}-options`} className="mb-1.5 text-sm font-medium">
          {t('page.create.vote.options')} <span className="text-rose-600" aria-hidden>*</span>
        </p>
        <ol className="space-y-2" aria-labelledby={`${id}-options`} aria-describedby={error ? errorId(`${id}-options`) : undefined}>
          {vote.options.map((option, index) => {
            const blank = Boolean(error) && option.trim() === '';
            return (
              <li key={index} className="flex items-center gap-2">
                <span className="w-5 shrink-0 text-right text-sm tabular-nums text-zinc-400" aria-hidden>
                  {index + 1}.
                </span>
                <input
                  type="text"
                  value={option}
                  maxLength={VOTE_OPTION_MAX}
                  onChange={(event) => form.setOption(index, event.target.value)}
                  aria-label={t('page.create.vote.option', { number: index + 1 })}
                  placeholder={t('page.create.vote.option', { number: index + 1 })}
                  aria-invalid={blank || undefined}
                  data-testid="create-vote-option"
                  className={TEXT_INPUT}
                />
                <button
                  type="button"
                  onClick={() => form.removeOption(index)}
                  disabled={vote.options.length <= 1}
                  aria-label={t('page.create.vote.remove', { number: index + 1 })}
                  className="grid size-9 shrink-0 place-items-center rounded-lg text-zinc-400 transition hover:bg-zinc-100 hover:text-zinc-700 disabled:invisible dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            );
          })}
        </ol>
        <FieldMessage id={`${id}-options`} error={error} />
        <button
          type="button"
          onClick={() => form.addOption()}
          disabled={!form.canAddOption}
          data-testid="vote-add-option"
          className="mt-2 inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-brand-700 transition hover:bg-brand-50 disabled:opacity-50 dark:text-brand-400 dark:hover:bg-brand-400/10"
        >
          <Plus className="size-4" aria-hidden />
          {form.canAddOption ? t('page.create.vote.add') : t('page.create.vote.max', { max: MAX_VOTE_OPTIONS })}
        </button>
      </div>
      <DeadlineField
        id={`${id}-deadline`}
        label={t('page.create.vote.deadline')}
        value={vote.deadline}
        onChange={(deadline) => form.setVoteDeadline(deadline)}
        error={form.errors.voteDeadline}
      />
    </fieldset>
  );
});
