import { useState } from 'react';
import { Button } from 'antd';
import type { Declaration } from './declarations';
import { AppModal } from '../shared/AppModal';
import { ResourcePage } from './ResourcePage';

/** A small declared resource managed in a dialog from another page (机构类型, 角色): a button and its ResourcePage. */
export function ResourceDialogButton({ def, label = def.title, width = 800, org }: { def: Declaration; label?: string; width?: number; org?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      <AppModal title={label} open={open} onCancel={() => setOpen(false)} footer={null} width={width} destroyOnHidden>
        <ResourcePage def={def} org={org} />
      </AppModal>
    </>
  );
}
