-- Trigram indexes for the search by part of a name or e-mail address (ADR 105). drizzle-kit
-- cannot express an extension, hence this hand-written step; PGlite loads pg_trgm at start
-- (app/server/db.server.ts), PostgreSQL ships it (trusted: the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
