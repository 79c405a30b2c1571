import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { describeError, describeFailure, type UserFacingError } from '../../api/errors.ts';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { useSessionController } from '../../shared/session/session-context.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { useMessageText } from '../../shared/ui/use-message-text.ts';
import styles from './auth-form.module.css';
import { AuthLayout } from './auth-layout.tsx';
import { LoginLanguage } from './login-language.tsx';
import { PasswordField } from './password-field.tsx';

// Messages are i18n keys; the resolver's output is translated where it is shown. zod/mini keeps the
// login screen light: the generated SDK (full zod and every schema) loads only when the form is sent.
const loginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'login.usernameRequired')),
  password: z.string().check(z.minLength(1, 'login.passwordRequired')),
});
type LoginFields = z.infer<typeof loginSchema>;

export function LoginPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const session = useSessionController();
  const [formError, setFormError] = useState<UserFacingError | null>(null);
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFields>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });

  const onSubmit = async (fields: LoginFields) => {
    setFormError(null);
    setSending(true);
    try {
      const { signInWithPassword } = await import('./api.ts');
      const answer = await signInWithPassword(fields);
      if (!answer.access_token) return setFormError(describeFailure('login', { type: 'malformed' }));
      await session.signIn(answer.access_token, answer.user);
    } catch (error) {
      setFormError(describeError('login', error));
    } finally {
      setSending(false);
    }
  };

  const busy = isSubmitting || sending;
  return (
    <AuthLayout>
      <h1 className={styles.title}>{t('login.title')}</h1>
      <p className={styles.subtitle}>{t('login.subtitle')}</p>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={busy}>
        {formError?.message && (
          <p role="alert" className={styles.formError}>
            {messageText(formError.message)}
          </p>
        )}
        <div className={styles.field}>
          <label htmlFor="login-username" className={styles.label}>
            {t('login.username')}
          </label>
          <input
            id="login-username"
            className={styles.input}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.username ? 'true' : 'false'}
            aria-describedby={errors.username ? 'login-username-error' : undefined}
            {...register('username')}
          />
          {errors.username?.message && (
            <p id="login-username-error" className={styles.fieldError}>
              {t(errors.username.message)}
            </p>
          )}
        </div>
        <PasswordField
          id="login-password"
          label={t('login.password')}
          autoComplete="current-password"
          error={errors.password?.message && t(errors.password.message)}
          registration={register('password')}
        />
        <Button type="submit" size="l" block busy={busy} className={styles.submit}>
          {t(busy ? 'login.submitting' : 'login.submit')}
        </Button>
      </form>
      <LoginLanguage />
    </AuthLayout>
  );
}
