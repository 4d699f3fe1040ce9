import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { NavLink, Outlet, useMatches, useParams } from 'react-router';
import { READER_TEXTS, readerClient } from '../shared/readerClient';
import { ReaderSessionContext } from './reader';
import { H5_TEXTS as T } from './texts';
import './h5.css';

/** The sign-in (antd-mobile, its logic shared with the QR pages) loads only for a reader not signed in. */
const SignIn = lazy(() => import('./SignIn'));

const TABS = [
  { to: '', label: T.home, end: true },
  { to: 'activities', label: T.activities, end: false },
  { to: 'points', label: T.points, end: false },
  { to: 'me', label: T.me, end: false },
];

/** A route's `handle` for a page anyone may read without a reader's sign-in (the reading cases). */
export const OPEN = { open: true } as const;

/**
 * The reader app's frame: the sign-in until the reader is signed in (an `OPEN` page shows at once),
 * then the page and the tab bar.
 */
export function H5Shell() {
  const org = useParams().org!;
  const open = useMatches().some((m) => (m.handle as typeof OPEN | undefined)?.open);
  const [signedIn, setSignedIn] = useState(() => !!readerClient.token.get(org));
  const signOut = useCallback(() => {
    readerClient.token.clear(org);
    setSignedIn(false);
  }, [org]);
  const session = useMemo(() => ({ org, signOut }), [org, signOut]);
  if (!signedIn && !open)
    return (
      <Suspense fallback={<p className="h5-muted">{READER_TEXTS.loading}</p>}>
        <SignIn org={org} onSignedIn={() => setSignedIn(true)} />
      </Suspense>
    );
  return (
    <ReaderSessionContext.Provider value={session}>
      <Outlet />
      <nav className="h5-tabbar" aria-label={T.appTitle}>
        <ul>
          {TABS.map((t) => (
            <li key={t.label}>
              <NavLink to={`/${org}/h5${t.to ? `/${t.to}` : ''}`} end={t.end}>
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </ReaderSessionContext.Provider>
  );
}
