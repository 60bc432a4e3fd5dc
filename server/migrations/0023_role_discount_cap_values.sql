-- The built-in roles' discount caps at the counter (issue #11): a database made before this migration has
-- its roles already; new ones get the same values from the seed (server/src/db/seed/roles.ts).
UPDATE "roles" SET "max_discount_percent" = 100 WHERE "name" = 'owner' AND "built_in";--> statement-breakpoint
UPDATE "roles" SET "max_discount_percent" = 50 WHERE "name" = 'manager' AND "built_in";--> statement-breakpoint
UPDATE "roles" SET "max_discount_percent" = 10 WHERE "name" = 'cashier' AND "built_in";
