import fp from 'fastify-plugin';
import { hasRule, messages, missingRuleMessage } from '@repo/contracts';
import { forbidden, unauthenticated } from '../lib/errors';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function shopHeader(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value ?? '').trim();
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
      const shop = shopHeader(request.headers.shop);
      const allowed = uuidPattern.test(shop) && auth.locationIds.includes(shop.toLowerCase());
      if (location) {
        if (!shop) throw forbidden(messages.locationRequired);
        if (!allowed) throw forbidden(messages.locationForbidden);
      }
      // Routes outside a location still record a valid Shop in the audit context.
      request.locationId = allowed ? shop.toLowerCase() : null;
    });
  },
  { name: 'access', dependencies: ['auth'] },
);
