import { useEffect, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { READER_TEXTS } from '../shared/readerClient';
import { RESULT_COLOUR } from '../shared/readerAttempt';

/** A page of the reader app: its one h1, the document title, the load's state (loading, the server's message). */
export function H5Page({ title, testId, error, loading, children }: { title: string; testId: string; error?: string; loading?: boolean; children?: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main className="h5-page" data-testid={testId}>
      <h1 className="h5-title">{title}</h1>
      {error ? (
        <p role="alert" className="h5-refusal">
          {error}
        </p>
      ) : loading ? (
        <p className="h5-muted">{READER_TEXTS.loading}</p>
      ) : (
        children
      )}
    </main>
  );
}

/**
 * The outcome of the reader's last write: the server's refusal (or the network's) as an alert, else
 * `done` (what was done, in words) as a status; `doneRefused` shows a done write that was turned
 * down (a comment the screen rejected) in the refusal's colour.
 */
export function WriteOutcome({ failure, done, doneRefused }: { failure: string; done?: string | null; doneRefused?: boolean }) {
  if (failure)
    return (
      <p role="alert" className="h5-refusal">
        {failure}
      </p>
    );
  return done ? (
    <p role="status" className={doneRefused ? 'h5-refusal' : 'h5-ok'}>
      {done}
    </p>
  ) : null;
}

/**
 * A form of the reader app: its fields, the server's refusal (naming the field) shown as it is
 * (through `WriteOutcome`, the one way a refusal is shown), then cancel and submit (busy while the write is under way).
 */
export function H5Form({ label, failure, busy, submitText, cancelText, onSubmit, onCancel, children }: { label: string; failure: string; busy: boolean; submitText: string; cancelText: string; onSubmit: () => void; onCancel: () => void; children: ReactNode }) {
  return (
    <form
      className="h5-form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <WriteOutcome failure={failure} />
      <div className="h5-actions">
        <Button type="button" onClick={onCancel}>
          {cancelText}
        </Button>
        <Button type="submit" color="primary" loading={busy}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}

/**
 * The outcome of a write a QR's link makes by itself (a training sign-in, a scan code's points): the
 * answer's `result` in its text and colour (done, nothing new, refused), the failure, or 加载中; then
 * `extra` under an answer and the page's button (`action`) in the same panel.
 */
export function LinkOutcome({ testId, result, text, tone, failure, extra, action }: { testId: string; result?: string; text?: string; tone?: keyof typeof RESULT_COLOUR; failure: string; extra?: ReactNode; action?: ReactNode }) {
  return (
    <section className="h5-panel h5-result" aria-live="polite">
      {result ? (
        <>
          <p data-testid={testId} data-result={result} className="h5-result-text" style={{ color: RESULT_COLOUR[tone ?? 'refused'] }}>
            {text}
          </p>
          {extra}
        </>
      ) : failure ? (
        <p data-testid={testId} data-result="error" className="h5-result-text h5-result-small" style={{ color: RESULT_COLOUR.refused }}>
          {failure}
        </p>
      ) : (
        <p className="h5-muted">{READER_TEXTS.loading}</p>
      )}
      {action}
    </section>
  );
}
