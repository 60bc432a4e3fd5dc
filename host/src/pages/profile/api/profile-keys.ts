/**
 * Query keys of the profile screen, from one factory so invalidation cannot miss a spelling.
 * The session list starts with the realtime entity name (`session`): signing in or out on another
 * device refreshes it through shared-core's realtime invalidation.
 */
export const profileKeys = {
  sessions: () => ['session', 'list'] as const,
};
