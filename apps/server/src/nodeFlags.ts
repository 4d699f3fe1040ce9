/**
 * The V8 flags the server runs with: `npm start` (apps/server's start script, kept in step by a
 * test), the browser tests' server and the benchmarks'. Semi-spaces of 64 MB instead of Node 20's
 * 16 MB: a request's garbage (rows, statements, JSON) dies young, and with the default the
 * scavenges took 11 % of the server's CPU under 50 readers at once; with these, 20 % more contest
 * flows a second (bench/README.md, stop 47), at the cost of up to about 150 MB more memory.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
