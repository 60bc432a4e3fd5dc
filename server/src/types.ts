import type { RequiredRule } from '@repo/contracts';
import type { Database, Db } from './db/client';
import type { Config } from './config';

/** Who is calling: set by the auth plugin for every authenticated request. */
export interface AuthContext {
  employeeId: string;
  sessionId: string;
  name: string;
  roleName: string;
  rules: string[];
  /** Locations this employee may work in. */
  locationIds: string[];
  /** Signed in with a temporary password not changed yet: the auth plugin lets only a few routes through (server/docs/people.md). */
  mustChangePassword?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The current location from the `Shop` header, checked by the location-scope plugin on routes that declare `location: true`. */
    locationId: string | null;
  }
  interface FastifyContextConfig {
    /** false for public routes (login, health, check-token); every other /api route requires a valid token. */
    auth?: boolean;
    /** The rule the employee must hold (any scope); enforced before the handler. */
    rule?: RequiredRule;
    /** The route works inside the current location (the `Shop` header). */
    location?: boolean;
    /**
     * Also accept the `token` cookie. Only for reads that cannot send a header (`<img src>`) and the
     * start-up token check; mutations take the Bearer header alone, so a cross-site form cannot act
     * with the cookie. The WebSocket handshake accepts the cookie by itself.
     */
    cookieAuth?: boolean;
  }
}
