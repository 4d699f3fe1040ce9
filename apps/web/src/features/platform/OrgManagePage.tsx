import { useMemo, useState } from 'react';
import { Button, Cascader } from 'antd';
import { organizationTypesResource, organizationsResource, type OrgTreeNode } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { ResourcePage, resourceQueryKey, type CustomInput } from '../resources';
import { ORG_ROW_ACTIONS } from './orgRowActions';
import { lastOfPath, treePath, withoutSubtree } from './orgTree';
import { ORG_TYPES } from './texts';

const TREE_PATH = `${organizationsResource.path}/list`;

/** 上级机构 as a cascader over the organisation tree; the form keeps the single parent_id. */
function useParentInput(): CustomInput {
  const tree = useApiQuery<OrgTreeNode[]>([...resourceQueryKey(organizationsResource), 'tree'], TREE_PATH);
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  return {
    render: ({ row }) => (
      <Cascader
        options={withoutSubtree(nodes, row?.id)}
        changeOnSelect
        allowClear
        showSearch
        loading={tree.isPending}
        placeholder="请选择上级机构"
      />
    ),
    itemProps: {
      getValueProps: (v: unknown) => ({ value: treePath(nodes, v) }),
      normalize: (path: unknown) => lastOfPath(path),
    },
  };
}

/** Organisation types, managed in a dialog from the organisation page. */
function OrgTypesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{ORG_TYPES}</Button>
      <AppModal title={ORG_TYPES} open={open} onCancel={() => setOpen(false)} footer={null} width={800} destroyOnHidden>
        <ResourcePage def={organizationTypesResource} />
      </AppModal>
    </>
  );
}

/** /super/orgManage: organisations (spec §2, §7 /v1/organizations). */
export default function OrgManagePage() {
  const parent = useParentInput();
  return (
    <ResourcePage
      def={organizationsResource}
      inputs={{ parent_id: parent }}
      rowActions={ORG_ROW_ACTIONS}
      toolbar={({ controls }) => (controls.create ? <OrgTypesButton /> : null)}
    />
  );
}
