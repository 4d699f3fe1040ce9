import { evaluationConfigProblems } from '@huodong/domain';
import { validationError } from '../../http/errors.js';
import type { Row } from '../../resources/binding.js';

type Config = Record<string, unknown>;

/**
 * A voting activity's config as it will be stored, checked whole (the vote rules against the
 * activity's window, the comment rules): 422 naming `config.<key>`. `config.comments` is patched
 * key by key (the machinery merges `config` one level deep), so a form sending one comment
 * setting keeps the others.
 */
export function preparedEvaluationConfig(values: Record<string, unknown>, existing?: Row): Config {
  const stored = (existing?.config ?? {}) as Config;
  const config: Config = { ...((values.config as Config | undefined) ?? stored) };
  const patch = (values.config as Config | undefined)?.comments;
  if (patch && typeof patch === 'object' && stored.comments && typeof stored.comments === 'object') config.comments = { ...(stored.comments as Config), ...(patch as Config) };
  const window = {
    start_at: (values.start_at ?? existing?.start_at) as number | undefined,
    end_at: (values.end_at ?? existing?.end_at) as number | undefined,
  };
  const problems = evaluationConfigProblems(config, window);
  if (problems.length) throw validationError(problems);
  return config;
}
