/** Calls the API as the first super administrator: demo data goes through the same code paths as real data. */
export interface SeedClient {
  post<T = any>(url: string, body?: unknown): Promise<T>;
  get<T = any>(url: string): Promise<T>;
  put<T = any>(url: string, body?: unknown): Promise<T>;
  del<T = any>(url: string, body?: unknown): Promise<T>;
  /** A multipart upload of one file in the field `file` (what the web's upload control sends). */
  upload<T = any>(url: string, filename: string, content: Buffer, type: string): Promise<T>;
  /**
   * Act as a reader of `org`: sign in through the reader API (the graphical code read as a person
   * would read the picture), change a first password to `newPassword` when asked to. A reader
   * signed in once in a run is remembered: a later call for the same account reuses it.
   */
  reader(org: string, account: string, password: string, newPassword?: string): Promise<SeedClient>;
  /** Act as an expert of `org` (the expert sign-in, `/v1/{org}/client/expert/login`). */
  expert(org: string, account: string, password: string): Promise<SeedClient>;
  /**
   * The same caller at a past (or future) `moment`: its calls run on the seed's clock
   * (`participation/clock.ts` `atSeedTime`), so past records (a finished talk's bookings and
   * sign-ins) are made through the same calls at the time they would have happened.
   */
  at(moment: number): SeedClient;
}

/** A multipart/form-data body with one file in `field`. */
export function multipartBody(filename: string, content: Buffer, type: string, field = 'file'): { body: Buffer; contentType: string } {
  const boundary = `----huodong${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One step of demo data; returns how many rows it made. Families add their steps to demo.ts. */
export interface SeedStep {
  name: string;
  run(client: SeedClient): Promise<number>;
}

export interface Named {
  id: number;
  [k: string]: unknown;
}
/** Every row of a platform list (page size 100 is the server's maximum). */
export async function all(client: SeedClient, path: string): Promise<Named[]> {
  const rows: Named[] = [];
  for (let page = 1; ; page++) {
    const data = await client.get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&page_size=100`);
    rows.push(...data.items);
    if (page >= data._meta.pageCount) return rows;
  }
}

/** Create the rows whose `key` value is not there yet (re-running the seed adds nothing twice). */
export async function ensure(client: SeedClient, path: string, key: string, bodies: Record<string, unknown>[]): Promise<number> {
  const existing = new Set((await all(client, path)).map((r) => r[key]));
  let n = 0;
  for (const body of bodies) {
    if (existing.has(body[key])) continue;
    await client.post(path, body);
    n++;
  }
  return n;
}

export const byName = async (client: SeedClient, path: string, key = 'name') => new Map((await all(client, path)).map((r) => [r[key] as string, r.id]));


/** Noon (China time) of `day` of the month `back` months before the month of `now` (seconds): a moment of the demo's past year. */
export function monthsBack(now: number, back: number, day = 15): number {
  const d = new Date(now * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, day, 4) / 1000;
}
