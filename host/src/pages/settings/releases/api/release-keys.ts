/**
 * Query keys of «Версии разделов». They start with the realtime entity name (`release`): a release
 * or rollback anywhere (the settings tab, `pnpm release`, `pnpm rollback`) publishes a `release` event
 * and shared-core invalidates `['release']`, so the tab shows it without a reload.
 */
export const releaseKeys = {
  all: ['release'] as const,
  list: () => [...releaseKeys.all, 'list'] as const,
};
