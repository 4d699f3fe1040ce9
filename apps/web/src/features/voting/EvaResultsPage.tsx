import { Suspense, lazy, useState } from 'react';
import { Alert, Button } from 'antd';
import { evaluationResultsFigures } from '@huodong/domain/figures';
import type { VoteResultsAnswer } from '@huodong/domain';
import FiguresPage, { type FiguresContext, type FiguresSlots } from '../../figures/FiguresPage';
import * as T from './texts';

// The dialogs load when opened.
const VoidVotesDialog = lazy(() => import('./VoidVotesDialog'));
const ImportWorksDialog = lazy(() => import('./ImportWorksDialog'));

/** 导入作品 and 作废投票 beside the declared links, with their dialogs (voting's own). */
function VotingActions({ data, org, act }: FiguresContext) {
  const [dialog, setDialog] = useState<'void' | 'import' | null>(null);
  const rows = (data as VoteResultsAnswer).rows;
  return (
    <>
      <Button onClick={() => setDialog('import')}>{T.IMPORT_WORKS}</Button>
      <Button danger onClick={() => setDialog('void')}>
        {T.VOID_VOTES}
      </Button>
      <Suspense fallback={null}>
        {dialog === 'void' && <VoidVotesDialog org={org} actId={act} sources={rows} onClose={() => setDialog(null)} />}
        {dialog === 'import' && <ImportWorksDialog org={org} actId={act} onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}

/** Frozen with its version and hash once voting ended, else live. */
function FrozenNotice({ data }: FiguresContext) {
  const { snapshot } = data as VoteResultsAnswer;
  return <Alert style={{ marginBottom: 16 }} type={snapshot ? 'success' : 'info'} title={snapshot ? T.FROZEN(snapshot.version, snapshot.hash) : T.LIVE} />;
}

const slots: FiguresSlots = { actions: (ctx) => <VotingActions {...ctx} />, top: (ctx) => <FrozenNotice {...ctx} /> };

/**
 * 投票评论统计 (`adminCount/adminActCount/actCountEva?actID=`, design §3): the declared figures
 * (packages/domain/src/figures/voting.ts) with voting's own parts — the frozen/live notice,
 * voiding by rule and importing works.
 */
export default function EvaResultsPage() {
  return <FiguresPage def={evaluationResultsFigures} slots={slots} />;
}
