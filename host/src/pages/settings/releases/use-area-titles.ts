import type { RemoteArea } from '@repo/contracts';
import { useAreaRegistry } from '../../../federation/area-registry';

/**
 * The areas' Russian titles («Склад и товары»), from their own metadata in `/remotes.json` (the area
 * registry the shell loads), so each title is stated once, in its area's `area.ts`. An area the
 * registry does not describe (never released, or an old manifest) is named by its code.
 */
export function useAreaTitle(): (area: RemoteArea) => string {
  const { entries } = useAreaRegistry();
  return (area) => entries[area]?.meta?.title ?? area;
}
