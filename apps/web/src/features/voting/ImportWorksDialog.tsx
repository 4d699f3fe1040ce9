import { useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { feedback } from '../../shared/feedback';
import { resourceQueryKey } from '../../resources/resourcePaths';
import { importPath } from './votingApi';
import { FIGURES_KEY } from '../../figures/figuresKey';
import * as T from './texts';

const SOURCES = { name: 'evaluationSources' };

/** 导入作品: the approved works of one original-works activity (type 1 or 9) of the organisation become sources. */
export default function ImportWorksDialog({ org, actId, onClose }: { org: string; actId: number; onClose: () => void }) {
  const [from, setFrom] = useState<number>();
  const [keyword, setKeyword] = useState('');
  const names = useApiQuery<{ id: number; title: string; type: number }[]>(['activityNames', org], `/v1/${org}/activity/names`, { keyword });
  const run = useApiMutation(() => api.post<{ imported: number; skipped: number }>(importPath(org, actId), { from_act_id: from }), {
    invalidate: [[FIGURES_KEY], resourceQueryKey(SOURCES)],
    onSuccess: (a) => {
      feedback.message.success(T.IMPORT_DONE(a.imported, a.skipped));
      onClose();
    },
  });
  const options = (names.data ?? []).filter((a) => a.type === 1 || a.type === 9).map((a) => ({ value: a.id, label: a.title }));
  return (
    <Modal open title={T.IMPORT_WORKS} okText={T.OK} cancelText={T.CANCEL} okButtonProps={{ disabled: !from, loading: run.isPending }} onOk={() => run.mutate()} onCancel={onClose}>
      <p>{T.IMPORT_HINT}</p>
      <Form layout="vertical">
        <Form.Item label={T.IMPORT_FROM} required>
          <Select showSearch filterOption={false} onSearch={setKeyword} loading={names.isFetching} value={from} onChange={setFrom} options={options} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
