import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaResponse } from '@huodong/domain/api';
import { newNonce, READER_TEXTS, readerClient } from './readerClient';
import type { SubjectApiError } from './subjectClient';
import { useAction } from './useAction';

/**
 * The reader's writes and sign-in without any UI library: the reader app (antd-mobile, src/h5) draws
 * its forms on these hooks, so no chunk of the reader app loads antd (issue 27).
 */

/** The colours of a write's outcome on the pages a QR opens (trainSign, scan): done, nothing new, refused. */
export const RESULT_COLOUR = { ok: '#389e0d', soft: '#d46b08', refused: '#cf1322' } as const;

/**
 * One reader's write, tried once by itself when `ready`, again on the button: `send` gets the
 * nonce of the attempt under way (a retry after a lost answer sends it again, so the write counts
 * once; a new one after an answer or a refusal) and gives the answer, or a text why it was not sent
 * (the same attempt next time). 401 signs the reader out.
 */
export function useReaderAttempt<A extends object>(send: (nonce: string) => Promise<A | string>, onSignedOut: () => void, ready = true) {
  const [answer, setAnswer] = useState<A | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const nonce = useRef<string | null>(null);
  const tried = useRef(false);
  const attempt = useCallback(async () => {
    setBusy(true);
    setFailure('');
    nonce.current ??= newNonce();
    try {
      const got = await send(nonce.current);
      if (typeof got === 'string') return setFailure(got);
      nonce.current = null; // answered: the next attempt is a new one
      setAnswer(got);
    } catch (e) {
      const err = e as SubjectApiError;
      if (err.status === 401) return onSignedOut();
      if (err.status) nonce.current = null; // refused by the server: a new attempt next time
      setFailure(err.status ? err.message : READER_TEXTS.networkRetry);
    } finally {
      setBusy(false);
    }
  }, [send, onSignedOut]);
  useEffect(() => {
    if (ready && !tried.current) {
      tried.current = true;
      void attempt();
    }
  }, [ready, attempt]);
  return { answer, failure, busy, attempt };
}

/** Where the reader's sign-in stands: the form, the first password's change, or through. */
export type ReaderGateStage = 'signIn' | 'change' | 'through';

/**
 * Until the reader is signed in (the reader account, never an administrator's): the sign-in, then
 * the first password's change when the server asks for it. `oldPassword` is the first password,
 * which the change sends back.
 */
export function useReaderGate(org: string) {
  const [signedIn, setSignedIn] = useState(() => !!readerClient.token.get(org));
  const [mustChange, setMustChange] = useState<string | null>(null);
  const signOut = useCallback(() => {
    readerClient.token.clear(org);
    setSignedIn(false);
  }, [org]);
  const stage: ReaderGateStage = mustChange !== null ? 'change' : signedIn ? 'through' : 'signIn';
  const signedInAs = useCallback((first: boolean, password: string) => {
    setSignedIn(true);
    if (first) setMustChange(password);
  }, []);
  const changed = useCallback(() => setMustChange(null), []);
  return { stage, oldPassword: mustChange ?? '', signedInAs, changed, signOut };
}

/**
 * The reader's sign-in (`POST /client/login` with the captcha): the captcha's picture (`refresh`
 * for another), `signIn` (a used code is void: a new picture after a failure, `onFailed` clears
 * the field), the server's refusal as `error`.
 */
export function useReaderSignIn(org: string, onDone: (mustChange: boolean, password: string) => void) {
  const [captcha, setCaptcha] = useState<CaptchaResponse>();
  const [round, setRound] = useState(0);
  const { busy, error, run } = useAction();
  useEffect(() => {
    readerClient.call<CaptchaResponse>(org, 'POST', '/login/verificationCode').then(setCaptcha, () => undefined);
  }, [org, round]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  const signIn = (v: { account: string; password: string; code?: string }, onFailed?: () => void) =>
    run(
      async () => {
        const data = await readerClient.call<{ access_token: string; must_change_password?: boolean }>(org, 'POST', '/login', { account: v.account, password: v.password, key: captcha?.key ?? '', code: v.code ?? '' });
        readerClient.token.set(org, data.access_token);
        onDone(!!data.must_change_password, v.password);
      },
      () => {
        onFailed?.();
        refresh();
      },
    );
  return { captcha, refresh, busy, error, signIn };
}

/** The first password's change (`PUT /client/me/password`). */
export function useReaderPasswordChange(org: string, oldPassword: string, onDone: () => void) {
  const { busy, error, run } = useAction();
  const change = (password: string) =>
    run(async () => {
      await readerClient.call(org, 'PUT', '/me/password', { old_password: oldPassword, password });
      onDone();
    });
  return { busy, error, change };
}
