import { z } from 'zod';

export const remoteAreas = ['stock', 'sales-orders', 'crm-finance', 'shop-content'] as const;
export type RemoteArea = (typeof remoteAreas)[number];

/** `/remotes.json`: which immutable build of each remote is live. */
export const remoteEntrySchema = z.object({
  /** The federation name (`stock`, `salesOrders`, ...). */
  name: z.string(),
  version: z.string(),
  /** URL of the remote's `mf-manifest.json` or `remoteEntry.js`. */
  entry: z.string(),
});
export const remotesManifestSchema = z.record(z.enum(remoteAreas), remoteEntrySchema);
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
