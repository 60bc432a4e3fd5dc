-- Trigram indexes for the catalogue search (name, SKU, barcode matched anywhere): pg_trgm is a trusted
-- extension (PostgreSQL 13+), so the database owner can create it; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
