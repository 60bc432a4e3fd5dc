-- The running row count and turnover of each cashbox (0012) for ledgers written before them: recounted
-- from cash_movements with the engine's rule (a reversal row reduces the side it reverses).
UPDATE "cash_balances" b
SET "rows" = s.n, "total_in" = s.tin, "total_out" = s.tout
FROM (
  SELECT "cashbox_id",
    count(*) AS n,
    coalesce(sum(CASE WHEN ("amount" > 0) <> "cancellation" THEN "amount" ELSE 0 END), 0) AS tin,
    coalesce(sum(CASE WHEN ("amount" > 0) <> "cancellation" THEN 0 ELSE -"amount" END), 0) AS tout
  FROM "cash_movements"
  GROUP BY "cashbox_id"
) s
WHERE b."cashbox_id" = s."cashbox_id";
