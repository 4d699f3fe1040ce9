import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { LEAVE_TITLE, leaveConfirmText } from '@huodong/domain/messages';
import { feedback } from '../../shared/feedback';
import { clearLeaveWarning, getLeaveWarning, shouldConfirmLeave } from '../../shared/leaveWarning';

/**
 * Spec §2 route guard: leaving a contest question page while a leave warning is set asks
 * 题目数不足 / "<warning>确定离开当前页面？". Confirm clears the warning and continues.
 */
export function useLeaveGuard(): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    shouldConfirmLeave(currentLocation.pathname, nextLocation.pathname, getLeaveWarning()),
  );
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    feedback.modal.confirm({
      title: LEAVE_TITLE,
      content: leaveConfirmText(getLeaveWarning()),
      onOk: () => {
        asking.current = false;
        clearLeaveWarning();
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker]);
}
