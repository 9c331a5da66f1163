-- The live site map (docs/decisions.md, "Live site map"): every change a sector's plan shows — a permit event (each
-- transition, suspension, emergency stop, the scheduler's moves) or an isolation applied, proven or released —
-- publishes the sector on the `openpermit_site` channel. In the database, so no way of changing these rows can
-- forget it; a NOTIFY is delivered on commit only, and identical payloads of one transaction are sent once (an
-- emergency stop of a whole sector is one message).
CREATE FUNCTION publish_site_change_of_permit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('openpermit_site', json_build_object('e', p.enterprise_id, 'd', p.division_id, 's', p.sector_id)::text)
    FROM permits p WHERE p.id = NEW.permit_id AND p.sector_id IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER permit_events_publish_site AFTER INSERT ON "permit_events" FOR EACH ROW EXECUTE FUNCTION publish_site_change_of_permit();--> statement-breakpoint
CREATE FUNCTION publish_site_change_of_isolation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('openpermit_site', json_build_object('e', s.enterprise_id, 'd', s.division_id, 's', s.id)::text)
    FROM isolation_points ip JOIN sectors s ON s.id = ip.sector_id WHERE ip.id = NEW.point_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER isolation_applications_publish_site AFTER INSERT OR UPDATE ON "isolation_applications" FOR EACH ROW EXECUTE FUNCTION publish_site_change_of_isolation();
