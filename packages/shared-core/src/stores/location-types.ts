import type { Location } from '@repo/contracts';

/**
 * The current location. After sign-in only the profile's `{ id, name }` is known, so the other
 * fields arrive later (from `GET location` or `location/current/:id`); a full Location fits.
 */
export type CurrentLocation = Pick<Location, '_id' | 'id' | 'name'> & Partial<Omit<Location, '_id' | 'id' | 'name'>>;

/** What `setLocation` accepts: anything, because the seed wants a missing `_id` reported, not a type error. */
export type LocationInput = Partial<Location> | null | undefined;
