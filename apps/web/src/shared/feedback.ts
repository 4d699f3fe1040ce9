import type { App, ModalFuncProps } from 'antd';
import { MESSAGE_DURATION_S, NOTIFICATION_DURATION_S, NOTIFICATION_TOP } from '@huodong/domain/shellConstants';
import { createValueStore } from './store';

/**
 * The message, notification and modal functions code outside React (the API client, guards)
 * uses: antd's context-aware instances (they follow the theme and locale), created by
 * app/FeedbackHost.tsx.
 *
 * antd's message, notification and modal code is not part of the first load (the login page's
 * budget, e2e/budgets.test.ts): the first call asks the providers to mount the host, whose chunk
 * then loads; calls made meanwhile are replayed once it is bound, in order. Callers ignore the
 * return values (a call made before the host is bound returns undefined).
 */
type AppApi = ReturnType<typeof App.useApp>;

type ModalFn = (props: ModalFuncProps) => { destroy: () => void };

export interface Feedback {
  message: AppApi['message'];
  notification: AppApi['notification'];
  modal: Record<'info' | 'success' | 'error' | 'warning' | 'confirm', ModalFn>;
}

export const MESSAGE_CONFIG = { duration: MESSAGE_DURATION_S } as const;
export const NOTIFICATION_CONFIG = { duration: NOTIFICATION_DURATION_S, top: NOTIFICATION_TOP } as const;

/** Set once something was to be shown: the providers then mount the host (app/providers.tsx). */
export const feedbackWanted = createValueStore(false);

let bound: Feedback | null = null;
const waiting: ((f: Feedback) => void)[] = [];

/** One part of the bound feedback, callable before it is bound (the call waits for the host). */
function part<K extends keyof Feedback>(key: K): Feedback[K] {
  return new Proxy({} as Feedback[K], {
    get: (_target, name) =>
      (...args: unknown[]) => {
        const call = (f: Feedback) => (f[key] as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>)[name](...args);
        if (bound) return call(bound);
        waiting.push(call);
        feedbackWanted.set(true);
        return undefined;
      },
  });
}

export const feedback: Feedback = {
  message: part('message'),
  notification: part('notification'),
  modal: part('modal'),
};

/** Called by the host once antd's instances exist; replays what was asked meanwhile. */
export function bindFeedback(next: Feedback): void {
  bound = next;
  for (const call of waiting.splice(0)) call(next);
}
