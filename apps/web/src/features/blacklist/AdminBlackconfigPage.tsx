import { Suspense, lazy } from 'react';
import { Spin } from 'antd';
import { canWrite, type BlacklistConfig } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { useScope, useSelf } from '../../shared/session';
import { callerFromSelf, findDeclaration } from '../../resources';
import { configKey, configPath } from './configPath';

// Asked for at once, beside the page's data.
const loadForm = import('./BlackconfigForm');
const ConfigForm = lazy(() => loadForm);
const BLACKLISTS = findDeclaration('blacklists');

/**
 * 黑名单设置 (`adminBlacklist/adminBlackconfig`, `GET/POST /v1/{org}/blacklist/config`): one
 * automatic rule per kind of offence — on or off, how many offences within how many days, how
 * long and what the reader is then refused in which activity types — plus whether the first time
 * only warns and whether the count restarts after a warning or an entry.
 */
export default function AdminBlackconfigPage() {
  const { scope: org } = useScope();
  const self = useSelf();
  const caller = callerFromSelf(self.data);
  const config = useApiQuery<BlacklistConfig>(configKey(org), configPath(org));
  if (!config.data) return <Spin />;
  return (
    <Suspense fallback={<Spin />}>
      <ConfigForm org={org} initial={config.data} writable={!!caller && canWrite(BLACKLISTS, caller)} />
    </Suspense>
  );
}

