import { Modal, type ModalProps } from 'antd';
import { MODAL_WIDTH } from '@huodong/domain/constants';

/** antd Modal with the spec's default width (520, spec §9); pass `width` to override. */
export function AppModal(props: ModalProps) {
  return <Modal width={MODAL_WIDTH} {...props} />;
}
