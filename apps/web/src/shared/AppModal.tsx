import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from 'antd/es/modal';
import { MODAL_WIDTH } from '@huodong/domain/constants';

/**
 * antd's Modal, loaded when a dialog first opens: no page shows one on arrival, and Modal with
 * its dialog machinery is not part of a page's first load (budget in e2e/budgets.test.ts).
 */
const Modal = lazy(() => import('antd/es/modal'));

/**
 * antd Modal with the spec's default width (520, spec §9); pass `width` to override. Renders
 * nothing until first opened (or `forceRender`), as antd's Modal renders no content before; once
 * shown it stays mounted, so closing animates and `destroyOnHidden` behaves as usual.
 */
export function AppModal(props: ModalProps) {
  const [shown, setShown] = useState(false);
  if (!shown && (props.open || props.forceRender)) setShown(true);
  if (!shown && !props.open && !props.forceRender) return null;
  return (
    <Suspense fallback={null}>
      <Modal width={MODAL_WIDTH} {...props} />
    </Suspense>
  );
}
