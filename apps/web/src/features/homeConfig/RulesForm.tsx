import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { canWrite, formatSeconds } from '@huodong/domain';
import { api, useApiMutation } from '../../shared/api';
import { PagePanel } from '../../shared/PagePanel';
import { RichTextEditor } from '../../shared/RichTextEditor';
import { useSelf } from '../../shared/session';
import { callerFromSelf, findDeclaration } from '../../resources';
import { rulesKey, rulesPath } from './homeApi';
import * as T from './texts';

type Rules = { content: string; updated_at: number | null };
const MODULES = findDeclaration('homeModules');

/** The rules text's editor and 保存: the server's sanitised text replaces what was typed. */
export default function RulesForm({ org, initial }: { org: string; initial: Rules }) {
  const [text, setText] = useState(initial.content);
  const [saved, setSaved] = useState(initial);
  const self = useSelf();
  const caller = callerFromSelf(self.data);
  const writable = !!caller && canWrite(MODULES, caller);
  const save = useApiMutation((content: string) => api.post<Rules>(rulesPath(org), { content }), {
    successMessage: T.RULES_SAVED,
    invalidate: [rulesKey(org)],
    onSuccess: (r) => {
      setSaved(r);
      setText(r.content);
    },
  });
  return (
    <PagePanel>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{T.RULES_HINT}</Typography.Text>
        <RichTextEditor label={T.RULES_LABEL} placeholder={T.RULES_PLACEHOLDER} value={text} onChange={setText} />
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">{saved.updated_at ? T.RULES_UPDATED(formatSeconds(saved.updated_at)) : ''}</Typography.Text>
          <Button type="primary" loading={save.isPending} disabled={!writable} onClick={() => save.mutate(text)}>
            {T.SAVE}
          </Button>
        </Flex>
      </Flex>
    </PagePanel>
  );
}
