import { and, inArray, isNull } from 'drizzle-orm';
import { categoriesResource } from '@huodong/domain';
import { categories, questions } from '../../db/schema.js';
import { bind } from '../binding.js';

/** The declaration is the family; a deleted category leaves the public bank's questions in it without one. */
export const categoriesBinding = bind({
  def: categoriesResource,
  table: categories,
  async after(action, rows, ctx) {
    if (action !== 'delete' || rows.length === 0) return;
    await ctx.tx
      .update(questions)
      .set({ category_id: null })
      .where(and(isNull(questions.org_id), inArray(questions.category_id, rows.map((r) => r.id))));
  },
});
