import { useEffect } from 'react';
import { ConfigProvider } from 'antd';
import { antdConfig } from '../app/theme';
import { ReaderGate, ReaderPage } from '../shared/readerSignIn';
import { H5_TEXTS as T } from './texts';

/** The reader's sign-in and first password change (shared/readerSignIn.tsx, in the back office's antd theme: its contrast); done once the gate lets the reader through. */
export default function SignIn({ org, onSignedIn }: { org: string; onSignedIn: () => void }) {
  return (
    <ConfigProvider {...antdConfig}>
      <ReaderPage title={T.appTitle} testId="h5-sign-in">
        <ReaderGate org={org} hint={T.signInHint}>
          {() => <Through onSignedIn={onSignedIn} />}
        </ReaderGate>
      </ReaderPage>
    </ConfigProvider>
  );
}

function Through({ onSignedIn }: { onSignedIn: () => void }) {
  useEffect(onSignedIn, [onSignedIn]);
  return null;
}
