import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';

/** A named, idempotent piece of demo (or reference) data; runs once per database (see db/seed.ts). */
export interface Seeder {
  /** Unique and never renamed: `<module>.<what>` (recorded in `seed_runs`). */
  name: string;
  run(tx: Tx, env: { config: Config }): Promise<void>;
}

/** Something that refers to a location and stops its deletion (409 naming it). */
export interface LocationReference {
  /** The referring table: a foreign-key violation from it is answered with `label`. */
  table: string;
  /** Russian reason, e.g. «у него есть склады»; with a count it reads «у него есть склады (2)». */
  label: string;
  /** Counts the rows that refer to the location, inside the delete's transaction; without it only the foreign key speaks. */
  count?: (tx: Tx | Db, locationId: string) => Promise<number>;
}

export interface ModuleDefinition {
  /** Code name (`location`, `releases`). */
  name: string;
  /** Mount point under `/api` (`/location`); '' mounts the routes at `/api` itself. */
  prefix: string;
  /** The module's Fastify plugin with its API routes. */
  routes: FastifyPluginAsyncZod;
  /** OpenAPI tag of its routes. */
  tag?: { name: string; description: string };
  /** Demo and reference data, in order; each runs once per database. */
  seeders?: Seeder[];
  /** What must be counted before a location may be deleted. */
  locationReferences?: LocationReference[];
  /** Routes outside `/api` (e.g. `/remotes.json`), registered when the app serves a build (`DIST_DIR`). */
  siteRoutes?: FastifyPluginAsyncZod;
  /** Runs once at start after the seeders, before the app listens (e.g. adopting a new build). */
  onStart?: (app: FastifyInstance) => Promise<void>;
}

/** Declares a server module; `modules/index.ts` lists them and `app.ts` mounts them in that order. */
export function defineModule(definition: ModuleDefinition): ModuleDefinition {
  return definition;
}
