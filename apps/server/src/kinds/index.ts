import type { ActivityType } from '@huodong/domain';
import type { FastifyInstance } from 'fastify';
import type { ActivityKind } from './kind.js';
import { worksKind } from './works/kind.js';
import { votingKind } from './voting/kind.js';
import { contestsKind } from './contests/kind.js';
import { surveyKind } from './survey/kind.js';
import { thirdKind } from './third/kind.js';
import { judgingKind } from './judging/kind.js';
import { certificatesKind } from './certificates/kind.js';
import { offlineKind } from './offline/kind.js';
import { scanCodesKind } from './scanCodes/kind.js';
import { readClockKind } from './readClock/kind.js';
import { lectureKind } from './lecture/kind.js';

/** Every kind, in one list: adding a kind is its folder and one line here. */
export const KINDS: readonly ActivityKind[] = [worksKind, votingKind, contestsKind, surveyKind, thirdKind, offlineKind, readClockKind, scanCodesKind, lectureKind, judgingKind, certificatesKind];

const BY_TYPE = new Map<number, ActivityKind>(KINDS.flatMap((k) => k.types.map((t) => [t, k] as const)));

/** The kind serving an activity type; undefined for a declared type no kind serves yet. */
export const kindOfType = (type: ActivityType | number): ActivityKind | undefined => BY_TYPE.get(type);

/** Every kind's routes and figures' routes, each encapsulated. */
export async function registerKindRoutes(app: FastifyInstance): Promise<void> {
  for (const kind of KINDS) for (const routes of [...(kind.routes ?? []), ...(kind.figures ? [kind.figures] : [])]) await app.register(routes);
}

/** Every kind's set-up on the app itself (after storage and uploads are registered). */
export async function setUpKinds(app: FastifyInstance): Promise<void> {
  for (const kind of KINDS) await kind.setup?.(app);
}

/** Every kind of reader content the review queue serves, from every kind. */
export const CHECK_KINDS = KINDS.flatMap((k) => k.checkKinds ?? []);

/** Every kind's declared resources' bindings. */
export const KIND_BINDINGS = KINDS.flatMap((k) => k.bindings ?? []);
