-- counterparties.phone_digits (0016) = the digits of the client's phones, space-separated in their order:
-- a phone search matches it on the clients' own table. Kept here, by statement-level triggers on
-- counterparty_phones, so that every writer (the clients module, merges, seeds, bulk loads) keeps it.
CREATE FUNCTION "counterparty_phone_digits_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "counterparties" c SET "phone_digits" = coalesce((SELECT string_agg(p."digits", ' ' ORDER BY p."position", p."phone") FROM "counterparty_phones" p WHERE p."counterparty_id" = c."id"), '')
    WHERE c."id" IN (SELECT "counterparty_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "counterparties" c SET "phone_digits" = coalesce((SELECT string_agg(p."digits", ' ' ORDER BY p."position", p."phone") FROM "counterparty_phones" p WHERE p."counterparty_id" = c."id"), '')
    WHERE c."id" IN (SELECT "counterparty_id" FROM "old_rows");
  ELSE
    UPDATE "counterparties" c SET "phone_digits" = coalesce((SELECT string_agg(p."digits", ' ' ORDER BY p."position", p."phone") FROM "counterparty_phones" p WHERE p."counterparty_id" = c."id"), '')
    WHERE c."id" IN (SELECT "counterparty_id" FROM "new_rows" UNION SELECT "counterparty_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "counterparty_phones_digits_ins" AFTER INSERT ON "counterparty_phones" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "counterparty_phone_digits_sync"();--> statement-breakpoint
CREATE TRIGGER "counterparty_phones_digits_del" AFTER DELETE ON "counterparty_phones" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "counterparty_phone_digits_sync"();--> statement-breakpoint
CREATE TRIGGER "counterparty_phones_digits_upd" AFTER UPDATE ON "counterparty_phones" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "counterparty_phone_digits_sync"();--> statement-breakpoint
UPDATE "counterparties" c SET "phone_digits" = s."digits"
FROM (SELECT "counterparty_id", string_agg("digits", ' ' ORDER BY "position", "phone") AS "digits" FROM "counterparty_phones" GROUP BY "counterparty_id") s
WHERE c."id" = s."counterparty_id";
