-- Company names searched without regard to accents or case ("Rhone Refinery" finds "Rhône Refinery"): unaccent is a
-- trusted extension (a database owner may create it). f_unaccent is the immutable form that expressions and indexes
-- can use (unaccent itself is only stable: its dictionary could change).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
