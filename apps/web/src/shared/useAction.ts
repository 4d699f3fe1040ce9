import { useCallback, useState } from 'react';

/**
 * A form's submit outside the back office's query client (an expert's or a reader's own page):
 * `busy` while `work` runs, its failure's message as `error` (cleared on the next run), and
 * `onError` for what else a failure undoes (a used captcha).
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = useCallback(async (work: () => Promise<void>, onError?: () => void) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
      onError?.();
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
