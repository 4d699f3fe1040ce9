import { Suspense, lazy } from 'react';
import { Spin } from 'antd';
import { useApiQuery } from '../../shared/api';
import { useScope } from '../../shared/session';
import { rulesKey, rulesPath } from './homeApi';

// The editor and its form load beside the page's data.
const loadForm = import('./RulesForm');
const RulesForm = lazy(() => loadForm);

/**
 * 规则设置 (`adminSystem/adminRule`, `GET/POST /v1/{org}/rule`): the organisation's rules text,
 * written with the shared rich-text editor and sanitised by the server when saved; readers see it
 * on their home.
 */
export default function AdminRulePage() {
  const { scope: org } = useScope();
  const rules = useApiQuery<{ content: string; updated_at: number | null }>(rulesKey(org), rulesPath(org));
  if (!rules.data) return <Spin />;
  return (
    <Suspense fallback={<Spin />}>
      <RulesForm org={org} initial={rules.data} />
    </Suspense>
  );
}
