// `npm run bench [-- --pg --duration 5 --browser]`: every benchmark of this folder in turn, each in
// its own process, with the same arguments (each script ignores the ones it does not know).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
for (const script of ['managers-list.ts', 'imports.ts', 'export.ts', 'activities.ts', 'works.ts', 'questions.ts', 'zip.ts', 'survey.ts']) {
  console.log(`\n######## ${script} ########`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script), ...process.argv.slice(2)], { stdio: 'inherit', cwd: here });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
