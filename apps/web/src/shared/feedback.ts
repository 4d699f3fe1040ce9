import { App, message, Modal, notification } from 'antd';
import type { ModalFuncProps } from 'antd';
import { MESSAGE_DURATION_S, NOTIFICATION_DURATION_S, NOTIFICATION_TOP } from '@huodong/domain';

/**
 * The message, notification and modal functions code outside React (the API client, guards)
 * uses. They start as antd's static functions, configured with the spec §9 defaults, and are
 * replaced by the context-aware instances of antd's `<App>` once it mounts (see app/providers),
 * so they follow the theme and locale.
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

message.config(MESSAGE_CONFIG);
notification.config(NOTIFICATION_CONFIG);

export const feedback: Feedback = {
  message,
  notification,
  modal: Modal,
};

export function bindFeedback(next: Feedback): void {
  feedback.message = next.message;
  feedback.notification = next.notification;
  feedback.modal = next.modal;
}
