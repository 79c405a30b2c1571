import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getUserDataOptions, loginMutation } from '../../generated/http/@tanstack/react-query.gen.ts';
import { setAccessToken } from '../api/client.ts';

export function ContractLoopPage() {
  const [signedIn, setSignedIn] = useState(false);
  const login = useMutation({
    ...loginMutation(),
    onSuccess: (answer) => {
      setAccessToken(answer.access_token);
      setSignedIn(Boolean(answer.access_token));
    },
  });
  const userData = useQuery({ ...getUserDataOptions(), enabled: signedIn });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    login.mutate({ body: { username: String(form.get('username')), password: String(form.get('password')) } });
  }

  const user = userData.data?.user;
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 420, margin: '0 auto', padding: 24 }}>
      <h1 style={{ color: '#4819e3' }}>ESS Workplace</h1>
      {!signedIn && (
        <form onSubmit={submit} aria-label="Sign in">
          <p>
            <label>
              Username <input name="username" autoComplete="username" required />
            </label>
          </p>
          <p>
            <label>
              Password <input name="password" type="password" autoComplete="current-password" required />
            </label>
          </p>
          <button type="submit" disabled={login.isPending}>
            {login.isPending ? 'Signing in…' : 'Sign in'}
          </button>
          {login.isError && <p role="alert">Sign-in failed: {describeError(login.error)}</p>}
        </form>
      )}
      {signedIn && userData.isPending && <p>Loading...</p>}
      {userData.isError && <p role="alert">Could not load your data: {describeError(userData.error)}</p>}
      {user && (
        <section aria-label="Your account">
          <p>
            Welcome, {user.first_name} {user.last_name}
          </p>
          <p>Employee number {user.employee_number}</p>
          <p>{userData.data?.changed_password === 1 ? 'Password changed' : 'Password change required'}</p>
        </section>
      )}
    </main>
  );
}

function describeError(error: unknown): string {
  if (error && typeof error === 'object' && 'error_message' in error) return String(error.error_message);
  return error instanceof Error ? error.message : 'Sorry, something went wrong. Please try again later.';
}
