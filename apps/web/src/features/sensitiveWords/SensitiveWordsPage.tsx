import { Suspense, lazy, useState } from 'react';
import { Alert, Button } from 'antd';
import { useScope } from '../../shared/session';
// The resource modules themselves, not the barrel: its chunk carries the detail tabs.
import { ResourcePage } from '../../resources/ResourcePage';
import { findDeclaration } from '../../resources/listModel';
import * as T from './texts';

const BatchWordsDialog = lazy(() => import('./BatchWordsDialog'));

/**
 * 敏感词 (`system/sensitiveWord` for the platform, `adminSystem/adminSensitiveWord` for an
 * organisation): the declared list of words with their level, and 批量添加 (one word per line).
 */
export default function SensitiveWordsPage() {
  const { scope, isSuper } = useScope();
  const def = findDeclaration(isSuper ? 'sensitiveWords' : 'orgSensitiveWords');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert type="info" showIcon title={isSuper ? T.PLATFORM_HINT : T.ORG_HINT} style={{ marginBottom: 16 }} />
      <ResourcePage
        def={def}
        org={isSuper ? undefined : scope}
        toolbar={({ controls }) =>
          controls.create && (
            <Button onClick={() => setOpen(true)} data-testid="batch-words">
              {T.BATCH_ADD}
            </Button>
          )
        }
      />
      {open && (
        <Suspense fallback={null}>
          <BatchWordsDialog def={def} org={isSuper ? undefined : scope} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
