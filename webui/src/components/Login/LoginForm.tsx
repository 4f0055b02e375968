import { CircleCheck } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
// Trans from its own module, given the i18n instance and t: the first load takes react-i18next's
// parts one by one (webui/src/i18n/reactI18nextParts.mjs), so Trans and its HTML parser stay out of it.
import { Trans } from 'react-i18next/TransWithoutContext';
import { useStores } from '../../stores/StoresContext';
import type { LoginField } from '../../utils/loginValidation';
import { DialCodePicker } from '../common/DialCodePicker';
import { LocalizedLink } from '../common/LocalizedLink';
import { PasswordField, PRIMARY_BUTTON, TextField } from './fields';
import { GetCodeButton } from './GetCodeButton';
import '../../stores/LoginBoxStore'; // builds root's store on first use (stores/lazyStores.ts)

/** The form of the login box's current action (login, signup, forget, repass). */
export const LoginForm = observer(function LoginForm() {
  const { loginBox } = useStores();
  const { t } = useTranslation();
  const { action, type } = loginBox;
  const formRef = useRef<HTMLFormElement>(null);
  const invalid = (field: LoginField) => loginBox.invalidField === field;

  // Take the reader to the field the last check refused.
  useEffect(() => {
    if (!loginBox.invalidField) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [loginBox.invalidField]);

  return (
    <form
      ref={formRef}
      noValidate
      data-action={action}
      onSubmit={(event) => {
        event.preventDefault();
        void loginBox.submit();
      }}
      className="space-y-3"
    >
      {loginBox.notice && (
        <p role="status" className="flex items-center gap-2 rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300">
          <CircleCheck className="size-4 shrink-0" aria-hidden />
          {t(loginBox.notice)}
        </p>
      )}

      {action !== 'repass' && loginBox.types.length > 1 && <TypeSwitch />}

      {action === 'repass' ? (
        <p className="rounded-xl bg-zinc-50 px-3.5 py-2.5 text-sm text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300">
          {t('common.login.repassFor', { account: loginBox.phoneOrEmail })}
        </p>
      ) : (
        <TextField
          key={type}
          label={type === 'phone' ? t('common.login.phonePlaceholder') : t('common.login.emailPlaceholder')}
          type={type === 'phone' ? 'tel' : 'email'}
          inputMode={type === 'phone' ? 'tel' : 'email'}
          autoComplete={type === 'phone' ? 'tel-national' : 'email'}
          name="account"
          value={loginBox.account}
          invalid={invalid('account')}
          onValueChange={(value) => loginBox.setField('account', value)}
          leading={
            type === 'phone' ? (
              <DialCodePicker
                dialCode={loginBox.dialCode}
                isSelected={(entry) => entry.code === loginBox.region}
                onSelect={(entry) => loginBox.setRegion(entry.code)}
                testId="dial-code"
              />
            ) : undefined
          }
        />
      )}

      {(action === 'signup' || action === 'forget') && (
        <TextField
          label={t('common.login.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          name="code"
          value={loginBox.code}
          invalid={invalid('code')}
          onValueChange={(value) => loginBox.setField('code', value.replace(/\D/g, ''))}
          trailing={<GetCodeButton />}
        />
      )}

      {action !== 'forget' && (
        <PasswordField
          label={action === 'repass' ? t('common.login.newPassword') : t('common.login.password')}
          autoComplete={action === 'login' ? 'current-password' : 'new-password'}
          name="password"
          value={loginBox.password}
          invalid={invalid('password')}
          onValueChange={(value) => loginBox.setField('password', value)}
        />
      )}

      {action === 'repass' && (
        <PasswordField
          label={t('common.login.confirmPassword')}
          autoComplete="new-password"
          name="passwordConfirm"
          value={loginBox.passwordConfirm}
          invalid={invalid('passwordConfirm')}
          onValueChange={(value) => loginBox.setField('passwordConfirm', value)}
        />
      )}

      {action === 'login' && (
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => loginBox.setAction('forget')}
            className="text-sm text-zinc-500 underline-offset-4 hover:text-brand-700 hover:underline dark:text-zinc-400 dark:hover:text-brand-400"
          >
            {t('common.login.forget')}
          </button>
        </div>
      )}

      {action === 'signup' && <Terms invalid={invalid('agreed')} />}

      <button type="submit" className={`${PRIMARY_BUTTON} mt-1`} disabled={loginBox.isSubmitting}>
        {t(`common.login.submit.${action}`)}
      </button>
    </form>
  );
});

const TypeSwitch = observer(function TypeSwitch() {
  const { loginBox } = useStores();
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('common.login.signInType')} className="grid grid-flow-col gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800/70">
      {loginBox.types.map((type) => (
        <button
          key={type}
          type="button"
          role="radio"
          aria-checked={loginBox.type === type}
          onClick={() => loginBox.setType(type)}
          className="h-8 rounded-lg text-sm font-medium text-zinc-500 transition aria-checked:bg-white aria-checked:text-zinc-900 aria-checked:shadow-sm dark:text-zinc-400 dark:aria-checked:bg-zinc-900 dark:aria-checked:text-zinc-100"
        >
          {t(`common.login.type.${type}`)}
        </button>
      ))}
    </div>
  );
});

const Terms = observer(function Terms({ invalid }: { invalid: boolean }) {
  const { loginBox, settings } = useStores();
  const { t, i18n } = useTranslation();
  const box = settings.settings?.login_box ?? {};
  const link = 'font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400';
  return (
    <label
      data-invalid={invalid}
      className="flex items-start gap-2.5 rounded-lg text-[0.8125rem] leading-5 text-zinc-600 data-[invalid=true]:text-rose-600 dark:text-zinc-400 dark:data-[invalid=true]:text-rose-400"
    >
      <input
        type="checkbox"
        name="agreement"
        checked={loginBox.agreed}
        aria-invalid={invalid || undefined}
        onChange={(event) => loginBox.setAgreed(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-600"
      />
      <span>
        <Trans
          i18n={i18n}
          t={t}
          i18nKey="common.login.agreeTerms"
          components={{
            agreement: <LocalizedLink to={box.user_agreement_url || '/docs'} target="_blank" className={link} />,
            privacy: <LocalizedLink to={box.privacy_policy_url || '/docs'} target="_blank" className={link} />,
          }}
        />
      </span>
    </label>
  );
});
