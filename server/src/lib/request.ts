import type { FastifyRequest } from 'fastify';
import { unauthenticated } from './errors';
import type { Actor } from './audit';
import type { AuthContext } from '../types';

export function actorOf(request: FastifyRequest): Actor {
  return { employeeId: request.auth?.employeeId ?? null, locationId: request.locationId ?? null, ip: request.ip ?? null };
}

/** The signed-in employee; routes behind the auth plugin always have one. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
