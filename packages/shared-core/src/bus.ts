import mitt, { type Emitter } from 'mitt';
import type { RealtimeEvent } from '@repo/contracts';
import type { CurrentLocation } from './stores/location-types';

/** What one area tells another; areas never import each other, so this is their only channel. */
export interface AreaMessage {
  /** The sending area (`stock`, `salesOrders`, `host` ...). */
  from: string;
  type: string;
  payload?: unknown;
}

export type BusEvents = {
  /** A mutation event from the server, re-emitted by the realtime connection. */
  'realtime:event': RealtimeEvent;
  'auth:signed-out': undefined;
  /** The server closed the socket because the session is gone (close code 4401). */
  'realtime:unauthorized': undefined;
  'location:changed': CurrentLocation;
  'area:message': AreaMessage;
};

/**
 * The one bus of the whole shell. It lives here, in the federated singleton, so the host and
 * every remote get the same instance as long as they import `@repo/shared-core` by its bare name.
 */
export const bus: Emitter<BusEvents> = mitt<BusEvents>();
