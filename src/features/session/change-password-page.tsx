import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { ApiError } from '../../api/api-error.ts';
import { describeError, type UserFacingError } from '../../api/errors.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { LogOutIcon } from '../../shared/ui/icons.tsx';
import { useMessageText } from '../../shared/ui/use-message-text.ts';
import { useChangePassword } from './api.ts';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField } from './password-field.tsx';

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
    <AuthLayout>
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
          return (
            <PasswordField
              key={field.name}
              id={`change-password-${field.name}`}
              label={t(field.label)}
              autoComplete={field.autoComplete}
              // Client-side messages are i18n keys; the server's arrive as text.
              error={message && t(message, { defaultValue: message })}
              registration={register(field.name)}
            />
          );
        })}
        <Button type="submit" size="l" block busy={busy} className={styles.submit}>
          {t(busy ? 'changePassword.submitting' : 'changePassword.submit')}
        </Button>
      </form>
      <Button variant="ghost" block icon={LogOutIcon} className={styles.secondary} onClick={() => void controller.signOut()}>
        {t('common.logout')}
      </Button>
    </AuthLayout>
  );
}
