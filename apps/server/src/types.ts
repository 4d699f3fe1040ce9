import type { Caller } from '@huodong/domain';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { ColumnLabel } from './http/errors.js';

/**
 * Who may call a route. Every route declares one; the access hook (auth/access.ts) enforces it,
 * and a test fails when a route has none.
 * - public: no token; `publicOrg`: no token, but the `{org}` in the path must exist;
 * - authenticated: any valid administrator token; super: a super token; org: super, or a manager of `{org}`;
 * - reader: a reader token of `{org}` (the participant API); administrator tokens never act as readers;
 * - expert: an expert token of `{org}` (`/v1/{org}/client/expert/...`); no other token acts as an expert, nor an expert as anyone else.
 */
export type Access = 'public' | 'publicOrg' | 'authenticated' | 'super' | 'org' | 'reader' | 'expert';

export interface OrgRow {
  id: number;
  key: string;
  name: string;
  is_pause: number;
}

/** A signed-in reader (participant) of the path's organisation. */
export interface ReaderCaller {
  id: number;
  orgId: number;
  account: string;
  tokenId: number;
  /** The password was set by an administrator: only the password change is allowed until then. */
  mustChangePassword: boolean;
}

/** A signed-in expert (judge) of the path's organisation. */
export interface ExpertCaller {
  id: number;
  orgId: number;
  account: string;
  tokenId: number;
}

export interface RequestCaller extends Caller {
  tokenId: number;
  account: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** Labels of columns for constraint messages, from the bound declarations (resources/register.ts). */
    columnLabel?: ColumnLabel;
  }
  interface FastifyRequest {
    caller: RequestCaller | null;
    /** The signed-in reader of a `reader` route (set by the access hook). */
    reader: ReaderCaller | null;
    /** The signed-in expert of an `expert` route (set by the access hook). */
    expert: ExpertCaller | null;
    /** The organisation of the `{org}` path segment, resolved and checked by the access hook. */
    org: OrgRow | null;
    /**
     * A `tokenInWrite` route's bearer token the access hook left unresolved (not remembered): the
     * write checks it in its own statement (`readerIdSql`), or `settleReader` resolves it as the hook would.
     */
    deferredToken: string | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** A reader route open to a reader who still has to change the first password. */
    initialPassword?: boolean;
    /**
     * A reader write that checks a token not remembered in its own one statement (issue 23: a
     * reader's first call pays no round trip of its own for the token); the route must call
     * `readerIdSql` in that statement and `settleReader` before anything else.
     */
    tokenInWrite?: boolean;
    /** The handler sends its own body (files); the envelope is not applied. */
    rawBody?: boolean;
  }
}
