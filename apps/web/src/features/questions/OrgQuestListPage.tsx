import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Select, theme } from 'antd';
import type { OrgName } from '@huodong/domain';
import { api, useApiQuery } from '../../shared/api';
import { AppModal } from '../../shared/AppModal';
import { feedback } from '../../shared/feedback';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { confirm } from '../../resources/useResourceActions';
import type { ToolbarContext } from '../../resources/ResourcePage';
import { BankPage } from './BankPage';
import * as T from './texts';

/** 转移到其他机构: another organisation's bank takes the selected questions. */
function MoveDialog({ org, ids, orgs, onDone, onClose }: { org: string; ids: number[]; orgs: OrgName[]; onDone: () => void; onClose: () => void }) {
  const [target, setTarget] = useState<number | undefined>();
  const ok = async () => {
    if (!target) return;
    try {
      const res = await api.post<{ updated: number }>(`/v1/org/${org}/questions/batchUpdateOrg`, { ids, org_id: target });
      feedback.message.success(T.updatedMessage(res.updated));
      onDone();
      onClose();
    } catch {
      // shown by the API client
    }
  };
  return (
    <AppModal title={T.MOVE_ORG_TITLE} open onOk={ok} okButtonProps={{ disabled: !target }} onCancel={onClose}>
      <Select
        aria-label={T.TARGET_ORG}
        placeholder={T.TARGET_ORG}
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        value={target}
        onChange={setTarget}
        options={orgs.filter((o) => o.key !== org).map((o) => ({ value: o.id, label: `${o.name}(ID:${o.id})` }))}
      />
    </AppModal>
  );
}

/**
 * 机构题目 (`questionManage/orgQuestList?org=`): an organisation's bank as the platform manages
 * it, with 批量设置分类, 转移到其他机构 and 转入公共题库.
 */
export default function OrgQuestListPage() {
  const [params] = useSearchParams();
  const { scope } = useScope();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const org = params.get('org') ?? undefined;
  const orgs = useApiQuery<OrgName[]>(['organizationNames'], '/v1/organizations/names');
  const current = orgs.data?.find((o) => o.key === org);
  const [moving, setMoving] = useState<ToolbarContext | null>(null);
  const header = (
    // A plain heading styled like antd's level-5 title (as CountFrame's): antd Typography brings
    // its editable and copyable machinery (TextArea), ~10 KB of the first load.
    <h5 style={{ margin: 0, fontSize: token.fontSizeHeading5, fontWeight: token.fontWeightStrong, color: token.colorTextHeading, lineHeight: token.lineHeightHeading5 }}>
      <Button type="link" onClick={() => navigate(scopeLink(scope, 'questionManage/orgQuestion'))} style={{ paddingLeft: 0 }}>
        {T.BACK}
      </Button>
      {current ? `${current.name}（${current.key}）` : org}
    </h5>
  );
  return (
    <>
      <BankPage
        key={org}
        resource="orgQuestions"
        org={org}
        header={org ? header : undefined}
        needOrg={T.chooseOrg}
        comparePath={org ? `/v1/${org}/contest/compare` : null}
        categoriesPath={org ? `/v1/org/${org}/category` : null}
        extraToolbar={(ctx) =>
          ctx.controls.write && (
            <>
              <Button disabled={ctx.selectedIds.length === 0} onClick={() => setMoving(ctx)}>
                {T.MOVE_ORG}
              </Button>
              <Button
                disabled={ctx.selectedIds.length === 0}
                onClick={() =>
                  confirm(T.transferConfirm(ctx.selectedIds.length), async () => {
                    const res = await api.post<{ updated: number }>(`/v1/org/${org}/questions/transfer`, { ids: ctx.selectedIds });
                    feedback.message.success(T.updatedMessage(res.updated));
                    ctx.clearSelection();
                    await ctx.actions.invalidate();
                  })
                }
              >
                {T.TRANSFER}
              </Button>
            </>
          )
        }
      />
      {moving && org && (
        <MoveDialog
          org={org}
          ids={moving.selectedIds}
          orgs={orgs.data ?? []}
          onDone={() => {
            moving.clearSelection();
            void moving.actions.invalidate();
          }}
          onClose={() => setMoving(null)}
        />
      )}
    </>
  );
}
