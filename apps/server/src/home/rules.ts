import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { canWrite, homeModulesResource, RULES_LABEL, RULES_TEXT_MAX, rulesBody, type RulesText } from '@huodong/domain';
import type { Db } from '../db/client.js';
import { orgSettings } from '../db/schema.js';
import { callerOf, orgOf } from '../auth/access.js';
import { forbidden } from '../http/errors.js';
import { richText } from '../http/richText.js';
import { audit } from '../resources/audit.js';
import { nowSec } from '../participation/clock.js';
import { orgParams } from '../participation/params.js';

/** The organisation's rules text (活动规则, page adminSystem/adminRule): `org_settings` `rules`, sanitised HTML. */
export const RULES_KEY = 'rules';

export async function rulesOf(db: Db, orgId: number): Promise<RulesText> {
  const [row] = await db.select({ value: orgSettings.value, updated_at: orgSettings.updated_at }).from(orgSettings).where(and(eq(orgSettings.org_id, orgId), eq(orgSettings.key, RULES_KEY)));
  return { content: (row?.value as { content?: string } | undefined)?.content ?? '', updated_at: row?.updated_at ?? null };
}

/** `GET/POST /v1/{org}/rule {content}`: the rules text, sanitised on the server (http/richText.ts) before it is kept. */
export function rulesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  r.get('/v1/:org/rule', { config, schema: { params: orgParams } }, (request) => rulesOf(db, orgOf(request).id));
  r.post('/v1/:org/rule', { config, schema: { params: orgParams, body: rulesBody } }, async (request) => {
    if (!canWrite(homeModulesResource, callerOf(request))) throw forbidden();
    const org = orgOf(request);
    const value = { content: richText(request.body.content, 'content', RULES_LABEL, RULES_TEXT_MAX) };
    await db.transaction(async (tx) => {
      await tx
        .insert(orgSettings)
        .values({ org_id: org.id, key: RULES_KEY, value })
        .onConflictDoUpdate({ target: [orgSettings.org_id, orgSettings.key], set: { value, updated_at: nowSec() } });
      await audit(tx, request, 'rule', homeModulesResource.name, []);
    });
    return rulesOf(db, org.id);
  });
}
