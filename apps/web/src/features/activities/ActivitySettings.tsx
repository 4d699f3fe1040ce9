import { Suspense, lazy, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, theme } from 'antd';
import { EDIT } from '@huodong/domain';
import { useSelf } from '../../shared/session';
import { callerFromSelf, fieldCell, resourceControls, useFieldsOptions, useResourceActions, type Declaration, type Row } from '../../resources';
import { NONE } from './texts';

// The edit dialog loads when it first opens, with the form machinery and the schemas (zod).
const ResourceFormModal = lazy(() => import('../../resources/forms').then((m) => ({ default: m.ResourceFormModal })));

/**
 * The 设置 tab of an activity: every declared field of its type as the list and the form read it
 * (cells from the domain, China time), and 编辑 opening the type's own form dialog. A save
 * refreshes the type's lists and `refresh` (the detail page's reads of the activity).
 */
export function ActivitySettings({ def, row, org, refresh }: { def: Declaration; row: Row; org: string; refresh: readonly unknown[] }) {
  const self = useSelf();
  const client = useQueryClient();
  const { token } = theme.useToken();
  const controls = resourceControls(def, callerFromSelf(self.data));
  const actions = useResourceActions(def, org);
  const fields = def.fields.filter((f) => f.name !== 'id' && f.kind !== 'password');
  // Options read from a path of this activity (`/v1/{org}/activity/{id}/…`) are this row's.
  const options = useFieldsOptions(
    fields.map((f) => (f.optionsFrom?.path.includes('{id}') ? { ...f, optionsFrom: { ...f.optionsFrom, path: f.optionsFrom.path.replace('{id}', String(row.id)) } } : f)),
    org,
  );
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (it animates closing).
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);

  return (
    <div data-testid="activity-settings">
      {controls.edit && (
        <Flex justify="end" style={{ marginBottom: 16 }}>
          <Button type="primary" onClick={() => setOpen(true)}>
            {EDIT}
          </Button>
        </Flex>
      )}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={fields.map((f, i) => ({ key: f.name, label: f.label, children: fieldCell(f, row, options[i], token.colorLink) || NONE }))}
      />
      {loaded && (
        <Suspense fallback={null}>
          <ResourceFormModal
            def={def}
            mode="update"
            open={open}
            row={row}
            org={org}
            submit={async (body) => {
              await actions.update(row.id, body);
              await client.invalidateQueries({ queryKey: refresh });
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
