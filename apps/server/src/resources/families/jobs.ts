import { sql } from '../../db/sql.js';
import { jobsResource } from '@huodong/domain';
import { jobs } from '../../db/schema.js';
import { bind, type Row } from '../binding.js';
import { withOrgName } from './platformActivities.js';

/**
 * The platform's list of background jobs (the one runner's `jobs` table). 重新执行 queues a failed
 * job again with its attempts from zero (the row rule `jobRetry` refuses any other state); the
 * runner of any instance takes it on its next look, this one's at once.
 */
export const jobsBinding = bind({
  def: jobsResource,
  table: jobs,
  present: withOrgName,
  commands: {
    async retry(row, { tx, request }) {
      const [queued] = (await tx
        .update(jobs)
        .set({ status: 'queued', attempts: 0, error: '', run_at: Date.now(), locked_until: null, locked_by: null, finished_at: null, updated_at: sql`extract(epoch from now())::bigint` })
        .where(sql`${jobs.id} = ${row.id} and ${jobs.status} = 'failed'`)
        .returning()) as Row[];
      request.server.jobs.kickAfter(request); // once committed, so the runner sees the row
      return queued;
    },
  },
});
