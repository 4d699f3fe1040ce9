import { commentRulesSchema, defaultCommentRules, defaultVoteRules, voteRulesSchema, voteWindow, type CommentRules, type VoteRules, type VoteWindow } from '@huodong/domain';

/** An activity row as the voting code reads it. */
export interface VotingActivity {
  id: number;
  org_id: number;
  type: number;
  title: string;
  start_at: number;
  end_at: number;
  config: Record<string, unknown>;
}

/**
 * The vote rules stored in a voting activity's config (checked on every write of the activity);
 * a stored value that does not parse reads as the defaults, as the check config does.
 */
export function voteRulesOf(act: Pick<VotingActivity, 'config'>): VoteRules {
  const parsed = voteRulesSchema().safeParse(act.config ?? {});
  return parsed.success ? parsed.data : defaultVoteRules();
}

export const windowOf = (act: Pick<VotingActivity, 'config' | 'start_at' | 'end_at'>, rules = voteRulesOf(act)): VoteWindow => voteWindow(rules, act);

export function commentRulesOf(act: Pick<VotingActivity, 'config'>): CommentRules {
  const parsed = commentRulesSchema.safeParse((act.config ?? {}).comments ?? {});
  return parsed.success ? parsed.data : defaultCommentRules();
}
