import type { ActivityRow } from '../kind.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import {
  gateRefusal,
  idParam,
  SURVEY_REFUSAL,
  surveyConfigOf,
  surveyResponseBodySchema,
  type GateActivity,
  type SurveyResponseBody,
  type SurveyQuestion,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, activityJoins, readers, surveyResponses } from '../../db/schema.js';
import { chinaDayOf } from '../../db/chinaDay.js';
import { orgOf, readerOf, settleReader } from '../../auth/access.js';
import { activeBan, GatePassed, passGate, seenBy, type LastParts } from '../../participation/gate.js';
import { idempotent, keptFrom } from '../../participation/idempotency.js';
import { latestVersion } from './store.js';
import { countersOf, editResponse, type KnownVersion, type NewResponse, perReaderRefusal, quotaCounter, saveDraft, submitLock, submitResponse, submittedBy, TOTAL_COUNTER } from './responses.js';
import { submitAtOnce } from './submitAtOnce.js';
import { rememberedPointsConfig } from '../../points/ledger.js';
import { refused } from '../../http/errors.js';
import { nowSec } from '../../participation/clock.js';
import { actParams } from '../../participation/params.js';

const SURVEY_TYPE = 4;


/** The questions as readers get them: hidden options and rows left out, a full option marked, no quota figures. */
function forReaders(questions: SurveyQuestion[], counters: Map<string, number>) {
  return questions.map((q) => ({
    ...q,
    options: q.options
      .filter((o) => !o.hidden)
      .map(({ quota, hidden: _h, ...o }) => ({ ...o, ...(quota ? { full: (counters.get(quotaCounter(q.id, o.id)) ?? 0) >= quota } : {}) })),
    rows: q.rows.filter((r) => !r.hidden),
  }));
}

/**
 * The participant API of questionnaires (type 4, design §15): the questionnaire's current version
 * with the reader's own state, the draft, the response and its edit. Writes go through the
 * participation gate (blacklist action `submit`) and are idempotent by `request_id`.
 */
export async function surveyReaderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'reader' as const };

  const readerRow = async (id: number, tx: Db | Tx = db) => (await tx.select().from(readers).where(eq(readers.id, id)))[0];
  const surveyOf = async (request: FastifyRequest, id: number, tx: Db | Tx = db): Promise<ActivityRow | undefined> =>
    (await tx.select().from(activities).where(and(eq(activities.id, id), eq(activities.org_id, orgOf(request).id), eq(activities.type, SURVEY_TYPE))))[0];

  /**
   * `GET /client/activities/{id}/survey`: the current version (questions as readers get them), the
   * settings readers need, and the reader's own state: responses made, what a new one would meet,
   * the draft to resume, the last response to edit.
   */
  r.get('/v1/:org/client/activities/:id/survey', { config, schema: { params: actParams } }, async (request) => {
    const reader = await readerRow(readerOf(request).id);
    const { act, reader: gateReader } = await seenBy(db, reader, await surveyOf(request, request.params.id));
    const version = await latestVersion(db, act.id);
    if (!version) throw refused(SURVEY_REFUSAL.noQuestions);
    const settings = surveyConfigOf(act.config);
    const now = nowSec();
    const [counters, mine, [draft], [last]] = await Promise.all([
      countersOf(db, act),
      submittedBy(db, act.id, reader.id, chinaDayOf(now)),
      settings.resume_draft
        ? db.select().from(surveyResponses).where(and(eq(surveyResponses.act_id, act.id), eq(surveyResponses.reader_id, reader.id), eq(surveyResponses.status, 0)))
        : Promise.resolve([]),
      settings.edit_after_submit
        ? db.select().from(surveyResponses).where(and(eq(surveyResponses.act_id, act.id), eq(surveyResponses.reader_id, reader.id), eq(surveyResponses.status, 1))).orderBy(desc(surveyResponses.id)).limit(1)
        : Promise.resolve([]),
    ]);
    const [joined] = await db.select().from(activityJoins).where(and(eq(activityJoins.act_id, act.id), eq(activityJoins.reader_id, reader.id), eq(activityJoins.status, 1)));
    const gate = gateRefusal(act as GateActivity, gateReader, { now, accessCode: act.access_code, ban: await activeBan(db, reader.id, act.type, 'submit') });
    const total = counters.get(TOTAL_COUNTER) ?? 0;
    const refusal = gate ?? perReaderRefusal(settings, mine) ?? (settings.total_limit && total >= settings.total_limit ? SURVEY_REFUSAL.full : null);
    return {
      activity: { id: act.id, title: act.title, profile: act.profile, start_at: act.start_at, end_at: act.end_at, needs_access_code: act.access_code !== '' && !joined },
      version: version.version,
      questions: forReaders(version.questions, counters),
      settings: { per_user: settings.per_user, per_user_n: settings.per_user_n, edit_after_submit: settings.edit_after_submit, resume_draft: settings.resume_draft, anonymous: settings.anonymous, total_left: settings.total_limit ? Math.max(0, settings.total_limit - total) : null },
      mine: {
        submitted: mine.total,
        submitted_today: mine.today,
        refusal: refusal && { code: refusal.gate, message: refusal.message },
        draft: draft ? { version: draft.version, answers: draft.answers, started_at: draft.started_at, saved_at: draft.updated_at } : null,
        last: last ? { response_id: last.id, version: last.version, answers: last.answers, submitted_at: last.submitted_at } : null,
      },
    };
  });

  /**
   * The questionnaires this instance's submissions last passed the gate on, by id, and the versions
   * they checked answers against, by questionnaire and version (at most 10,000 each): a submission
   * on them whose gate asks nothing of the reader but the blacklist is one statement (submitAtOnce).
   */
  const gateActs = new GatePassed();
  const versions = new Map<string, KnownVersion>();
  const rememberVersion = (v: KnownVersion) => {
    if (versions.size >= 10_000) versions.clear();
    versions.set(`${v.act_id}:${v.version}`, v);
  };
  /** A submission in one statement on a remembered questionnaire and version (submitAtOnce), or null: the long way answers. */
  const submitPlain = async (request: FastifyRequest<{ Params: { id: number }; Body: SurveyResponseBody }>) => {
    const known = gateActs.known(request, request.params.id, SURVEY_TYPE);
    if (!known) return null;
    const version = versions.get(`${known.id}:${request.body.version}`);
    if (!version) return null;
    return submitAtOnce(db, request, known, version, await rememberedPointsConfig(app.database, known.org_id), request.body, nowSec());
  };

  /**
   * A reader's write: idempotent by `request_id`, through the participation gate (blacklist action
   * `submit`; `join` records the participation), then `run` with the body and the caller's address.
   */
  const write = <T>(
    request: FastifyRequest,
    id: number,
    body: SurveyResponseBody,
    join: boolean,
    run: (tx: Tx, act: ActivityRow, reader: { id: number; unit_id: number | null }, response: NewResponse, last: LastParts, now: number) => Promise<T>,
  ) => {
    const { request_id, access_code, ...rest } = body;
    // A submission (`join`, issue 22) holds the reader's lock from the gate's statement on
    // (submitResponse), joins and keeps its answer in its one write statement, and does not read
    // a kept answer first: a replay's every write is undone (the limit, or the kept answer's key).
    return idempotent(
      db,
      request,
      request_id,
      async (tx) => {
        const { act, reader, joinPart, now } = await passGate(tx, request, id, SURVEY_TYPE, {
          action: 'submit',
          accessCode: access_code,
          join: join ? 'last' : false,
          lock: join ? submitLock(id, readerOf(request).id) : undefined,
        });
        if (join) gateActs.remember(act);
        return run(tx, act, reader, { ...rest, ip: request.ip ?? '' }, { join: joinPart, keep: (answer, from) => keptFrom(request, request_id, answer, from) }, now);
      },
      { readKeptFirst: !join, keptByRun: join },
    );
  };

  /** `PUT /client/activities/{id}/responses/draft {request_id, version, answers, started_at?}`: the reader's one draft. */
  r.put('/v1/:org/client/activities/:id/responses/draft', { config, schema: { params: actParams, body: surveyResponseBodySchema } }, async (request) =>
    write(request, request.params.id, request.body, false, (tx, act, reader, body, _last, now) => saveDraft(tx, act, reader.id, body, now)),
  );

  /**
   * `POST /client/activities/{id}/responses {request_id, version, answers, started_at?, access_code?}`:
   * submit. On a questionnaire and version remembered, first as one statement (submitPlain, the
   * token checked in it: `tokenInWrite`); anything not plain takes the long way (submitResponse).
   */
  r.post('/v1/:org/client/activities/:id/responses', { config: { ...config, tokenInWrite: true }, schema: { params: actParams, body: surveyResponseBodySchema } }, async (request) =>
    (await submitPlain(request)) ??
    // The token the statement checked (or the one left unchecked) resolved as the access hook would, refusals included.
    (await settleReader(request),
    write(request, request.params.id, request.body, true, (tx, act, reader, body, last, now) => submitResponse(tx, act, reader, body, now, last, rememberVersion))),
  );

  /** `PUT /client/activities/{id}/responses/{rid}`: edit a submitted response, when the questionnaire allows it and is open. */
  r.put('/v1/:org/client/activities/:id/responses/:rid', { config, schema: { params: actParams.extend({ rid: idParam }), body: surveyResponseBodySchema } }, async (request) =>
    write(request, request.params.id, request.body, false, (tx, act, reader, body, _last, now) => editResponse(tx, act, reader.id, request.params.rid, body, now)),
  );
}
