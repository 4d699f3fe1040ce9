/**
 * The voters of bench/works.ts, in a process of their own (as autocannon is for the lists), so
 * that the figures are the server's, not the load generator's: reads its task as JSON on stdin,
 * casts one warm-up ballot per reader (joining the activity), then each reader casts 3-source
 * ballots in turn for the duration, and prints every timed outcome as JSON on stdout.
 */
export interface VotersTask {
  /** `…/client/activities/{id}/ballots`. */
  url: string;
  tokens: string[];
  /** X-Forwarded-For of each reader's ballots (null: none, the loopback address). */
  addresses: (string | null)[];
  sourceIds: number[];
  seconds: number;
  /** Makes each ballot's request_id unique to the run. */
  prefix: string;
}
export interface Outcome {
  status: number;
  gate?: number;
  ms: number;
}

const task = JSON.parse(await new Response(process.stdin as unknown as ReadableStream).text()) as VotersTask;
const pick = () => {
  const chosen = new Set<number>();
  while (chosen.size < 3) chosen.add(task.sourceIds[Math.floor(Math.random() * task.sourceIds.length)]);
  return [...chosen];
};
const cast = async (i: number, n: number): Promise<Outcome> => {
  const started = performance.now();
  const address = task.addresses[i];
  const res = await fetch(task.url, {
    method: 'POST',
    headers: { authorization: `Bearer ${task.tokens[i]}`, 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ request_id: `${task.prefix}-${i}-${n}`, source_ids: pick() }),
  });
  const answer = (await res.json()) as { data?: { gate?: number } };
  return { status: res.status, gate: answer.data?.gate, ms: performance.now() - started };
};
await Promise.all(task.tokens.map((_, i) => cast(i, 0)));
const outcomes: Outcome[] = [];
const started = performance.now();
const until = started + task.seconds * 1000;
await Promise.all(
  task.tokens.map(async (_, i) => {
    for (let n = 1; performance.now() < until; n++) outcomes.push(await cast(i, n));
  }),
);
process.stdout.write(JSON.stringify({ outcomes, seconds: (performance.now() - started) / 1000 }));
