import { useLayoutEffect } from 'react';
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import notification from 'antd/es/notification';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG, bindFeedback } from '../shared/feedback';

/**
 * antd's message, notification and modal instances, inside the ConfigProvider (theme, locale),
 * handed to shared/feedback. Loaded on the first message, not with the first page.
 */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage(MESSAGE_CONFIG);
  const [notificationApi, notificationHolder] = notification.useNotification(NOTIFICATION_CONFIG);
  const [modalApi, modalHolder] = Modal.useModal();
  useLayoutEffect(() => bindFeedback({ message: messageApi, notification: notificationApi, modal: modalApi }), [messageApi, notificationApi, modalApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {modalHolder}
    </>
  );
}
