import { sql } from '../../db/sql.js';
import { modulesResource } from '@huodong/domain';
import { modules, organizations } from '../../db/schema.js';
import { bind } from '../binding.js';

/** Modules. A deleted module is also taken out of every organisation's authorisation (same transaction). */
export const modulesBinding = bind({
  def: modulesResource,
  table: modules,
  async after(action, rows, { tx }) {
    if (action !== 'delete' || rows.length === 0) return;
    const ids = sql.raw(`array[${rows.map((r) => Number(r.id)).join(',')}]::int[]`);
    await tx.execute(sql`
      update ${organizations}
      set module_ids = coalesce((select jsonb_agg(m) from jsonb_array_elements(${organizations.module_ids}) m where (m)::int <> all(${ids})), '[]'::jsonb)
      where exists (select 1 from jsonb_array_elements(${organizations.module_ids}) m where (m)::int = any(${ids}))`);
  },
});
