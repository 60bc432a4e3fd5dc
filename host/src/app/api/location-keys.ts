/**
 * Query keys of the location list (the shell's switcher and the settings page share it), from one factory. They start with the realtime entity name
 * (`location`): shared-core invalidates `[event.entity]` when a colleague changes a shop.
 */
export const locationKeys = {
  all: ['location'] as const,
  list: () => [...locationKeys.all, 'list'] as const,
};
