import { useState } from 'react';
import { Input } from 'antd';
import { AppModal } from '../../shared/AppModal';
import * as T from './texts';

/** 拒绝预约: the reason a pending booking is rejected (the review queue asks for one). */
export default function RejectDialog({ onOk, onClose }: { onOk: (reason: string) => void; onClose: () => void }) {
  const [reason, setReason] = useState('');
  return (
    <AppModal title={T.REJECT_TITLE} open okButtonProps={{ disabled: !reason.trim() }} onOk={() => onOk(reason.trim())} onCancel={onClose} destroyOnHidden>
      <Input.TextArea aria-label={T.REJECT_REASON} placeholder={T.REJECT_REASON} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
    </AppModal>
  );
}
