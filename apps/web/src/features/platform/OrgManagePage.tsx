import { useMemo } from 'react';
import { Cascader } from 'antd';
import { organizationTypesResource, organizationsResource, type OrgTreeNode } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { ResourceDialogButton, ResourcePage, resourceQueryKey, type CustomInput } from '../../resources';
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

/** /super/orgManage: organisations (spec §2, §7 /v1/organizations). */
export default function OrgManagePage() {
  const parent = useParentInput();
  return (
    <ResourcePage
      def={organizationsResource}
      inputs={{ parent_id: parent }}
      rowActions={ORG_ROW_ACTIONS}
      toolbar={({ controls }) => (controls.create ? <ResourceDialogButton def={organizationTypesResource} label={ORG_TYPES} /> : null)}
    />
  );
}
