import fp from 'fastify-plugin';
import { hasRule, idSchema, messages, missingRuleMessage } from '@repo/contracts';
import { forbidden, unauthenticated } from '../lib/errors';

function shopHeader(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value ?? '').trim();
}

/** The `Shop` header as a location id: the contracts' uuid type, lower-cased (ids compare in any case), or null. */
function shopLocationId(shop: string): string | null {
  const parsed = idSchema.safeParse(shop);
  return parsed.success ? parsed.data : null;
}

/** The `Shop` header's location when the employee may work there, else null (the plugin's check, and the start-up's). */
export function allowedShop(auth: { locationIds: readonly string[] }, header: string | string[] | undefined): string | null {
  const shopId = shopLocationId(shopHeader(header));
  return shopId !== null && auth.locationIds.includes(shopId) ? shopId : null;
}

/**
 * Enforces what a route declares, before its body is validated and before the handler runs:
 * `config.rule` (any scope of it; services narrow rows by scope) and `config.location` (the `Shop` header
 * must name a location this employee may work in). Runs in preValidation, after auth's onRequest.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const { rule, location } = request.routeOptions.config ?? {};
      const auth = request.auth;
      if (!auth) {
        // A public route cannot declare a rule or a location: fail closed rather than skip the check.
        if (rule || location) throw unauthenticated();
        return;
      }
      if (rule && !hasRule(auth.rules, rule)) throw forbidden(missingRuleMessage(rule));
      const shopId = allowedShop(auth, request.headers.shop);
      if (location) {
        if (!shopHeader(request.headers.shop)) throw forbidden(messages.locationRequired);
        if (!shopId) throw forbidden(messages.locationForbidden);
      }
      // Routes outside a location still record a valid Shop in the audit context.
      request.locationId = shopId;
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
