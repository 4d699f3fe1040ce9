import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canWrite, orgSensitiveWordsResource, SENSITIVE_BATCH_MAX, SENSITIVE_WORD_MAX, sensitiveBatchBody, sensitiveWordsResource, wordsOfBatch, normaliseForScreen, WORD_EMPTY_MESSAGE, type ResourceDef } from '@huodong/domain';
import { orgSensitiveWords, sensitiveWords } from '../../db/schema.js';
import { forbidden, validationError } from '../../http/errors.js';
import { callerOf, orgOf } from '../../auth/access.js';
import { audit } from '../audit.js';
import { bind } from '../binding.js';

/** The words of a batch add, checked like one word each; 422 naming the first bad line. */
function batchWords(text: string): string[] {
  const words = wordsOfBatch(text);
  if (words.length > SENSITIVE_BATCH_MAX) throw validationError([{ field: 'words', message: `一次最多添加${SENSITIVE_BATCH_MAX}个敏感词` }]);
  for (const w of words) {
    if ([...w].length > SENSITIVE_WORD_MAX) throw validationError([{ field: 'words', message: `“${w.slice(0, 10)}…”超过${SENSITIVE_WORD_MAX}个字符` }]);
    if (normaliseForScreen(w) === '') throw validationError([{ field: 'words', message: `“${w}”：${WORD_EMPTY_MESSAGE}` }]);
  }
  return words;
}

/**
 * `POST {base}/batchCreate {words, level}`: words one per line (or comma separated) added at one
 * level in one statement; words already in the list are skipped (answers added and skipped).
 */
function batchRoute(def: ResourceDef, table: typeof sensitiveWords | typeof orgSensitiveWords) {
  return (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const org = def.scope === 'org';
    const url = org ? '/v1/:org/sensitiveWords/batchCreate' : '/v1/sensitiveWords/batchCreate';
    r.post(url, { config: { access: org ? 'org' : 'super' }, schema: { params: org ? z.object({ org: z.string() }) : z.object({}), body: sensitiveBatchBody } }, async (request) => {
      if (!canWrite(def, callerOf(request))) throw forbidden();
      const words = batchWords(request.body.words);
      const orgId = org ? orgOf(request).id : null;
      return db.transaction(async (tx) => {
        const rows = words.map((word) => ({ word, level: request.body.level, ...(orgId !== null ? { org_id: orgId } : {}) }));
        const made = await tx
          .insert(table)
          .values(rows as never)
          .onConflictDoNothing()
          .returning({ id: table.id });
        await audit(tx, request, 'batchCreate', def.name, made.map((m) => m.id));
        return { added: made.length, skipped: words.length - made.length };
      });
    });
  };
}

/** The platform's list (super) and each organisation's (its managers): declared CRUD, plus the batch add. */
export const sensitiveWordsBinding = bind({ def: sensitiveWordsResource, table: sensitiveWords, routes: batchRoute(sensitiveWordsResource, sensitiveWords) });
export const orgSensitiveWordsBinding = bind({ def: orgSensitiveWordsResource, table: orgSensitiveWords, routes: batchRoute(orgSensitiveWordsResource, orgSensitiveWords) });
