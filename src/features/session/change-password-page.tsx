import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { ApiError } from '../../api/api-error.ts';
import { describeError, type UserFacingError } from '../../api/errors.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useMessageText } from '../../shared/ui/use-message-text.ts';
import { useChangePassword } from './api.ts';
import styles from './auth-form.module.css';

export const MIN_PASSWORD_LENGTH = 8;

const changePasswordSchema = z
  .object({
    current_password: z.string().check(z.minLength(1, 'changePassword.currentRequired')),
    new_password: z.string().check(z.minLength(MIN_PASSWORD_LENGTH, 'changePassword.newTooShort')),
    new_password_confirmation: z.string(),
  })
  .check(
    z.refine((fields) => fields.new_password !== fields.current_password, {
      path: ['new_password'],
      message: 'changePassword.sameAsCurrent',
    }),
    z.refine((fields) => fields.new_password === fields.new_password_confirmation, {
      path: ['new_password_confirmation'],
      message: 'changePassword.mismatch',
    }),
  );
type ChangePasswordFields = z.infer<typeof changePasswordSchema>;

const FIELDS = [
  { name: 'current_password', label: 'changePassword.current', autoComplete: 'current-password' },
  { name: 'new_password', label: 'changePassword.new', autoComplete: 'new-password' },
  { name: 'new_password_confirmation', label: 'changePassword.confirm', autoComplete: 'new-password' },
] as const;

/** Laravel's 422 answer: `errors: { field: [message] }`; shown under the fields, as received. */
function serverFieldErrors(error: unknown): Partial<Record<keyof ChangePasswordFields, string>> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  const found: Partial<Record<keyof ChangePasswordFields, string>> = {};
  for (const { name } of FIELDS) {
    const messages = errors[name];
    if (Array.isArray(messages) && typeof messages[0] === 'string') found[name] = messages[0];
  }
  return found;
}

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { controller } = useSession();
  const [formError, setFormError] = useState<UserFacingError | null>(null);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFields>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '', new_password_confirmation: '' },
  });

  const onSubmit = async (fields: ChangePasswordFields) => {
    setFormError(null);
    try {
      await change.mutateAsync({ body: fields });
      await controller.completePasswordChange();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      const names = Object.keys(fieldErrors) as Array<keyof ChangePasswordFields>;
      if (names.length > 0) return names.forEach((name) => setError(name, { message: fieldErrors[name] }));
      setFormError(describeError('general', error));
    }
  };

  const busy = isSubmitting || change.isPending;
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>{t('app.name')}</p>
        <h1 className={styles.title}>{t('changePassword.title')}</h1>
        <p className={styles.subtitle}>{t('changePassword.intro')}</p>
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={busy}>
          {formError?.message && (
            <p role="alert" className={styles.formError}>
              {messageText(formError.message)}
            </p>
          )}
          {FIELDS.map((field) => {
            const message = errors[field.name]?.message;
            const id = `change-password-${field.name}`;
            return (
              <div className={styles.field} key={field.name}>
                <label htmlFor={id} className={styles.label}>
                  {t(field.label)}
                </label>
                <input
                  id={id}
                  type="password"
                  className={styles.input}
                  autoComplete={field.autoComplete}
                  aria-invalid={message ? 'true' : 'false'}
                  aria-describedby={message ? `${id}-error` : undefined}
                  {...register(field.name)}
                />
                {message && (
                  <p id={`${id}-error`} className={styles.fieldError}>
                    {/* Client-side messages are i18n keys; the server's arrive as text. */}
                    {t(message, { defaultValue: message })}
                  </p>
                )}
              </div>
            );
          })}
          <button type="submit" className={styles.submit} disabled={busy}>
            {busy && <Spinner inline label={t('changePassword.submitting')} />}
            {t(busy ? 'changePassword.submitting' : 'changePassword.submit')}
          </button>
        </form>
        <button type="button" className={styles.secondary} onClick={() => void controller.signOut()}>
          {t('common.logout')}
        </button>
      </div>
    </main>
  );
}
