/**
 * The statements the app runs for each benched request, verbatim (recorded from PostgreSQL's statement log,
 * docs/performance.md "The limit"): the limit server runs them with nothing around them. Regenerate them when
 * the app's queries change; a statement here that the app no longer runs makes the limit measure something else.
 */
export const SQL = {
  /** The auth hook's caller lookup (p_auth_caller), on every request: $1 session id, $2 user id, $3 1. */
  authCaller: `select "users"."id", "users"."email", "users"."name", "users"."role", "users"."status", "users"."language", "users"."enterprise_id", "users"."division_id", "users"."supplier_id", "users"."password_changed_at", coalesce("enterprises"."status", "suppliers"."status"), coalesce("enterprises"."name", "suppliers"."name"), EXISTS (SELECT 1 FROM "refresh_tokens" r
          WHERE r.family_id = $1::uuid AND r.revoked_at IS NOT NULL) from "users" left join "enterprises" on "enterprises"."id" = "users"."enterprise_id" left join "suppliers" on "suppliers"."id" = "users"."supplier_id" where "users"."id" = $2 limit $3`,
  /** A whole permit as the Enterprise account reads it (p_whole_permit_principal_Enterprise_all). */
  wholePermitEnterprise: `select (SELECT json_build_object('id', l.id, 'label', l.label)
    FROM "matrix_axis_levels" l WHERE l.id = "permits"."probability_id"), (SELECT json_build_object('id', l.id, 'label', l.label)
    FROM "matrix_axis_levels" l WHERE l.id = "permits"."severity_id"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."verified_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."approved_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."accepted_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."closed_out_by"), (SELECT coalesce(json_agg(json_build_object('kind', g.kind,
        'signer', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = g.signer_id),
        'signedAt', to_char(g.signed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'language', g.language, 'declaration', g.declaration,
        'contentHash', g.content_hash, 'voidedAt', to_char(g.voided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY g.signed_at, g.id), '[]')
      FROM "permit_signatures" g WHERE g.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', u.name,
      'signedOnAt', to_char(o.signed_on_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'signedOnBy', (SELECT json_build_object('id', b.id, 'name', b.name) FROM "users" b WHERE b.id = o.signed_on_by),
      'signedOffAt', CASE WHEN o.id IS NULL THEN (SELECT to_char(max(f.signed_off_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM "permit_crew_sign_ons" f
        WHERE f.permit_id = c.permit_id AND f.worker_id = c.worker_id) END) ORDER BY c.position), '[]')
    FROM "permit_crew" c JOIN "users" u ON u.id = c.worker_id
    LEFT JOIN "permit_crew_sign_ons" o ON o.permit_id = c.permit_id AND o.worker_id = c.worker_id AND o.signed_off_at IS NULL
    WHERE c.permit_id = "permits"."id"), coalesce((SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."holder_id"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."created_by")), (SELECT coalesce(json_agg(json_build_object('id', x.id,
        'askedBy', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = x.asked_by), 'askedAt', to_char(x.asked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'reason', x.reason,
        'oldEndAt', to_char(x.old_end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'newEndAt', to_char(x.new_end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'decision', x.decision,
        'decidedBy', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = x.decided_by), 'decidedAt', to_char(x.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'remark', x.remark)
        ORDER BY x.asked_at, x.id), '[]')
      FROM "permit_extensions" x WHERE x.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('id', h.id,
        'from', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = h.from_id), 'to', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = h.to_id), 'note', h.note,
        'startedAt', to_char(h.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'acceptedAt', to_char(h.accepted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'crewKept', h.crew_kept, 'cancelledAt', to_char(h.cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'cancelledBy', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = h.cancelled_by)) ORDER BY h.started_at, h.id), '[]')
      FROM "permit_handovers" h WHERE h.permit_id = "permits"."id"), (SELECT
      coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'critical', r.critical) ORDER BY pr.position), '[]')
      FROM "permit_risks" pr JOIN "risks" r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
        'logogramFileId', r.logogram_file_id, 'trainingUrl', r.training_url, 'procedureLinks', r.procedure_links,
        'procedureFiles', (SELECT coalesce(json_agg(json_build_object('id', pf.file_id, 'name', pf.name)
          ORDER BY f.created_at, pf.file_id), '[]')
          FROM "procedure_files" pf JOIN "files" f ON f.id = pf.file_id WHERE pf.specific_risk_id = r.id))
        ORDER BY ps.position), '[]')
      FROM "permit_specific_risks" ps JOIN "specific_risks" r ON r.id = ps.specific_risk_id WHERE ps.permit_id = "permits"."id"), (SELECT
      coalesce(json_agg(json_build_object('id', e.id, 'name', e.name, 'nameFr', e.name_fr, 'iconFileId', e.icon_file_id)
        ORDER BY pe.position), '[]')
      FROM "permit_epis" pe JOIN "epis" e ON e.id = pe.epi_id WHERE pe.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('source', c.source,
        'sourceId', c.source_id, 'index', c.item_index, 'checked', c.checked, 'notApplicable', c.not_applicable,
        'notApplicableReason', c.not_applicable_reason, 'sourceName', c.source_name, 'text', c.text)
        ORDER BY c.position), '[]')
      FROM "permit_checklist_items" c WHERE c.permit_id = "permits"."id"), (SELECT
      coalesce(json_agg(json_build_object('id', pf.id, 'name', pf.name, 'contentType', f.content_type,
        'byteSize', f.byte_size, 'createdAt', to_char(pf.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY pf.created_at, pf.id), '[]')
      FROM "permit_files" pf JOIN "files" f ON f.id = pf.file_id WHERE pf.permit_id = "permits"."id"), "permits"."enterprise_id" = $1, "permits"."id", "permits"."enterprise_id", "permits"."division_id", "permits"."sector_id", "permits"."sub_sector_id", "permits"."work_type_id", "permits"."supplier_id", "permits"."internal", "permits"."created_by", "permits"."status", "permits"."document_number", "permits"."task_title", "permits"."job_description", "permits"."general_information", "permits"."additional_information", "permits"."subcontractor", "permits"."start_at", "permits"."end_at", "permits"."probability_id", "permits"."severity_id", "permits"."level_name", "permits"."level_colour", "permits"."level_flow", "permits"."answers", "permits"."new_risk_description", "permits"."remark", "permits"."sent_at", "permits"."verified_by", "permits"."verified_at", "permits"."approved_by", "permits"."approved_at", "permits"."check_token", "permits"."start_reminder_sent_at", "permits"."overdue_warned_at", "permits"."accepted_by", "permits"."accepted_at", "permits"."acceptance_declaration", "permits"."overdue_escalated_at", "permits"."wait_escalated_at", "permits"."expired_at", "permits"."closed_out_at", "permits"."closed_out_by", "permits"."close_out", "permits"."suspended_at", "permits"."suspended_by", "permits"."suspension_reason", "permits"."suspended_by_emergency_id", "permits"."gas_tested_at", "permits"."gas_test_passed", "permits"."gas_retest_warned_at", "permits"."compliance_lapsed_at", "permits"."compliance_lapse", "permits"."holder_id", "permits"."shift_started_at", "permits"."handover_due_warned_at", "permits"."created_at", "permits"."updated_at", (SELECT json_build_object('id', e.id, 'name', e.name)
      FROM "enterprises" e WHERE e.id = "permits"."enterprise_id"), (SELECT json_build_object('id', d.id, 'name', d.name)
      FROM "divisions" d WHERE d.id = "permits"."division_id"), (SELECT
      json_build_object('id', s.id, 'name', s.name, 'number', s.number, 'deleted', s.deleted_at IS NOT NULL)
      FROM "sectors" s WHERE s.id = "permits"."sector_id"), (SELECT
      json_build_object('id', s.id, 'name', s.name, 'x', s.x, 'y', s.y, 'deleted', s.deleted_at IS NOT NULL)
      FROM "sub_sectors" s WHERE s.id = "permits"."sub_sector_id"), (SELECT
      json_build_object('id', w.id, 'name', w.name, 'kind', w.kind)
      FROM "work_types" w WHERE w.id = "permits"."work_type_id"), (SELECT json_build_object('id', s.id, 'name', s.name)
      FROM "suppliers" s WHERE s.id = "permits"."supplier_id"), (SELECT json_build_object('retestMinutes', w.gas_retest_minutes)
      FROM "work_types" w WHERE w.id = "permits"."work_type_id" AND w.gas_test_required), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."created_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."suspended_by"), (SELECT e.shift_length_hours FROM "enterprises" e
      WHERE e.id = "permits"."enterprise_id"), "criticality_levels"."name", "criticality_levels"."colour", "criticality_levels"."flow", "sector_permissions"."can_verify", "sector_permissions"."can_approve" from "permits" left join "matrix_cells" on ("matrix_cells"."probability_id" = "permits"."probability_id" and "matrix_cells"."severity_id" = "permits"."severity_id") left join "criticality_levels" on "criticality_levels"."id" = CASE WHEN "permits"."status" in ($2, $3) AND "matrix_cells"."level_id" IS NOT NULL THEN (
  SELECT l.id FROM criticality_levels l
  WHERE l.enterprise_id = "permits"."enterprise_id" AND (
    l.id = "matrix_cells"."level_id"
    OR l.id IN (SELECT r.min_level_id FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id")
    OR l.id IN (SELECT s.min_level_id FROM permit_specific_risks ps JOIN specific_risks s ON s.id = ps.specific_risk_id
                WHERE ps.permit_id = "permits"."id"))
  ORDER BY l.position DESC LIMIT 1) END left join "sector_permissions" on ("sector_permissions"."sector_id" = "permits"."sector_id" and "sector_permissions"."manager_id" = $4) where (("permits"."enterprise_id" = $5 and (("permits"."created_by" = $6 or EXISTS (SELECT 1 FROM "permit_crew" c WHERE c.permit_id = "permits"."id"
    AND c.worker_id = $7) or EXISTS (SELECT 1 FROM "permit_handovers" h WHERE h.permit_id = "permits"."id"
    AND (h.to_id = $8 OR h.from_id = $9))) or "permits"."status" <> $10)) and "permits"."id" = $11)`,
  /** A whole permit as a Supplier reads it (p_whole_permit_contractor_Supplier). */
  wholePermitSupplier: `select (SELECT json_build_object('id', l.id, 'label', l.label)
    FROM "matrix_axis_levels" l WHERE l.id = "permits"."probability_id"), (SELECT json_build_object('id', l.id, 'label', l.label)
    FROM "matrix_axis_levels" l WHERE l.id = "permits"."severity_id"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."verified_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."approved_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."accepted_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."closed_out_by"), (SELECT coalesce(json_agg(json_build_object('kind', g.kind,
        'signer', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = g.signer_id),
        'signedAt', to_char(g.signed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'language', g.language, 'declaration', g.declaration,
        'contentHash', g.content_hash, 'voidedAt', to_char(g.voided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY g.signed_at, g.id), '[]')
      FROM "permit_signatures" g WHERE g.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', u.name,
      'signedOnAt', to_char(o.signed_on_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'signedOnBy', (SELECT json_build_object('id', b.id, 'name', b.name) FROM "users" b WHERE b.id = o.signed_on_by),
      'signedOffAt', CASE WHEN o.id IS NULL THEN (SELECT to_char(max(f.signed_off_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM "permit_crew_sign_ons" f
        WHERE f.permit_id = c.permit_id AND f.worker_id = c.worker_id) END) ORDER BY c.position), '[]')
    FROM "permit_crew" c JOIN "users" u ON u.id = c.worker_id
    LEFT JOIN "permit_crew_sign_ons" o ON o.permit_id = c.permit_id AND o.worker_id = c.worker_id AND o.signed_off_at IS NULL
    WHERE c.permit_id = "permits"."id"), coalesce((SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."holder_id"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."created_by")), (SELECT coalesce(json_agg(json_build_object('id', x.id,
        'askedBy', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = x.asked_by), 'askedAt', to_char(x.asked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'reason', x.reason,
        'oldEndAt', to_char(x.old_end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'newEndAt', to_char(x.new_end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'decision', x.decision,
        'decidedBy', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = x.decided_by), 'decidedAt', to_char(x.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'remark', x.remark)
        ORDER BY x.asked_at, x.id), '[]')
      FROM "permit_extensions" x WHERE x.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('id', h.id,
        'from', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = h.from_id), 'to', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = h.to_id), 'note', h.note,
        'startedAt', to_char(h.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'acceptedAt', to_char(h.accepted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'crewKept', h.crew_kept, 'cancelledAt', to_char(h.cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'cancelledBy', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = h.cancelled_by)) ORDER BY h.started_at, h.id), '[]')
      FROM "permit_handovers" h WHERE h.permit_id = "permits"."id"), (SELECT
      coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'critical', r.critical) ORDER BY pr.position), '[]')
      FROM "permit_risks" pr JOIN "risks" r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
        'logogramFileId', r.logogram_file_id, 'trainingUrl', r.training_url, 'procedureLinks', r.procedure_links,
        'procedureFiles', (SELECT coalesce(json_agg(json_build_object('id', pf.file_id, 'name', pf.name)
          ORDER BY f.created_at, pf.file_id), '[]')
          FROM "procedure_files" pf JOIN "files" f ON f.id = pf.file_id WHERE pf.specific_risk_id = r.id))
        ORDER BY ps.position), '[]')
      FROM "permit_specific_risks" ps JOIN "specific_risks" r ON r.id = ps.specific_risk_id WHERE ps.permit_id = "permits"."id"), (SELECT
      coalesce(json_agg(json_build_object('id', e.id, 'name', e.name, 'nameFr', e.name_fr, 'iconFileId', e.icon_file_id)
        ORDER BY pe.position), '[]')
      FROM "permit_epis" pe JOIN "epis" e ON e.id = pe.epi_id WHERE pe.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('source', c.source,
        'sourceId', c.source_id, 'index', c.item_index, 'checked', c.checked, 'notApplicable', c.not_applicable,
        'notApplicableReason', c.not_applicable_reason, 'sourceName', c.source_name, 'text', c.text)
        ORDER BY c.position), '[]')
      FROM "permit_checklist_items" c WHERE c.permit_id = "permits"."id"), (SELECT
      coalesce(json_agg(json_build_object('id', pf.id, 'name', pf.name, 'contentType', f.content_type,
        'byteSize', f.byte_size, 'createdAt', to_char(pf.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY pf.created_at, pf.id), '[]')
      FROM "permit_files" pf JOIN "files" f ON f.id = pf.file_id WHERE pf.permit_id = "permits"."id"), EXISTS (SELECT 1 FROM affiliations a
  JOIN enterprises e ON e.id = a.enterprise_id
  JOIN suppliers s ON s.id = a.supplier_id
  WHERE a.enterprise_id = "permits"."enterprise_id" AND a.supplier_id = $1
    AND a.status = 'affiliated' AND e.status = 'active' AND s.status = 'active'), "permits"."id", "permits"."enterprise_id", "permits"."division_id", "permits"."sector_id", "permits"."sub_sector_id", "permits"."work_type_id", "permits"."supplier_id", "permits"."internal", "permits"."created_by", "permits"."status", "permits"."document_number", "permits"."task_title", "permits"."job_description", "permits"."general_information", "permits"."additional_information", "permits"."subcontractor", "permits"."start_at", "permits"."end_at", "permits"."probability_id", "permits"."severity_id", "permits"."level_name", "permits"."level_colour", "permits"."level_flow", "permits"."answers", "permits"."new_risk_description", "permits"."remark", "permits"."sent_at", "permits"."verified_by", "permits"."verified_at", "permits"."approved_by", "permits"."approved_at", "permits"."check_token", "permits"."start_reminder_sent_at", "permits"."overdue_warned_at", "permits"."accepted_by", "permits"."accepted_at", "permits"."acceptance_declaration", "permits"."overdue_escalated_at", "permits"."wait_escalated_at", "permits"."expired_at", "permits"."closed_out_at", "permits"."closed_out_by", "permits"."close_out", "permits"."suspended_at", "permits"."suspended_by", "permits"."suspension_reason", "permits"."suspended_by_emergency_id", "permits"."gas_tested_at", "permits"."gas_test_passed", "permits"."gas_retest_warned_at", "permits"."compliance_lapsed_at", "permits"."compliance_lapse", "permits"."holder_id", "permits"."shift_started_at", "permits"."handover_due_warned_at", "permits"."created_at", "permits"."updated_at", (SELECT json_build_object('id', e.id, 'name', e.name)
      FROM "enterprises" e WHERE e.id = "permits"."enterprise_id"), (SELECT json_build_object('id', d.id, 'name', d.name)
      FROM "divisions" d WHERE d.id = "permits"."division_id"), (SELECT
      json_build_object('id', s.id, 'name', s.name, 'number', s.number, 'deleted', s.deleted_at IS NOT NULL)
      FROM "sectors" s WHERE s.id = "permits"."sector_id"), (SELECT
      json_build_object('id', s.id, 'name', s.name, 'x', s.x, 'y', s.y, 'deleted', s.deleted_at IS NOT NULL)
      FROM "sub_sectors" s WHERE s.id = "permits"."sub_sector_id"), (SELECT
      json_build_object('id', w.id, 'name', w.name, 'kind', w.kind)
      FROM "work_types" w WHERE w.id = "permits"."work_type_id"), (SELECT json_build_object('id', s.id, 'name', s.name)
      FROM "suppliers" s WHERE s.id = "permits"."supplier_id"), (SELECT json_build_object('retestMinutes', w.gas_retest_minutes)
      FROM "work_types" w WHERE w.id = "permits"."work_type_id" AND w.gas_test_required), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."created_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."suspended_by"), (SELECT e.shift_length_hours FROM "enterprises" e
      WHERE e.id = "permits"."enterprise_id"), "criticality_levels"."name", "criticality_levels"."colour", "criticality_levels"."flow", "sector_permissions"."can_verify", "sector_permissions"."can_approve" from "permits" left join "matrix_cells" on ("matrix_cells"."probability_id" = "permits"."probability_id" and "matrix_cells"."severity_id" = "permits"."severity_id") left join "criticality_levels" on "criticality_levels"."id" = CASE WHEN "permits"."status" in ($2, $3) AND "matrix_cells"."level_id" IS NOT NULL THEN (
  SELECT l.id FROM criticality_levels l
  WHERE l.enterprise_id = "permits"."enterprise_id" AND (
    l.id = "matrix_cells"."level_id"
    OR l.id IN (SELECT r.min_level_id FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id")
    OR l.id IN (SELECT s.min_level_id FROM permit_specific_risks ps JOIN specific_risks s ON s.id = ps.specific_risk_id
                WHERE ps.permit_id = "permits"."id"))
  ORDER BY l.position DESC LIMIT 1) END left join "sector_permissions" on ("sector_permissions"."sector_id" = "permits"."sector_id" and "sector_permissions"."manager_id" = $4) where ((("permits"."created_by" = $5 or EXISTS (SELECT 1 FROM "permit_crew" c WHERE c.permit_id = "permits"."id"
    AND c.worker_id = $6) or EXISTS (SELECT 1 FROM "permit_handovers" h WHERE h.permit_id = "permits"."id"
    AND (h.to_id = $7 OR h.from_id = $8))) or "permits"."supplier_id" = $9) and "permits"."id" = $10)`,
  /** A whole permit as a division's Responsible reads it (p_whole_permit_principal_Responsible_division). */
  wholePermitResponsible: `select (SELECT json_build_object('id', l.id, 'label', l.label)
    FROM "matrix_axis_levels" l WHERE l.id = "permits"."probability_id"), (SELECT json_build_object('id', l.id, 'label', l.label)
    FROM "matrix_axis_levels" l WHERE l.id = "permits"."severity_id"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."verified_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."approved_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."accepted_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."closed_out_by"), (SELECT coalesce(json_agg(json_build_object('kind', g.kind,
        'signer', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = g.signer_id),
        'signedAt', to_char(g.signed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'language', g.language, 'declaration', g.declaration,
        'contentHash', g.content_hash, 'voidedAt', to_char(g.voided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY g.signed_at, g.id), '[]')
      FROM "permit_signatures" g WHERE g.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', u.name,
      'signedOnAt', to_char(o.signed_on_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'signedOnBy', (SELECT json_build_object('id', b.id, 'name', b.name) FROM "users" b WHERE b.id = o.signed_on_by),
      'signedOffAt', CASE WHEN o.id IS NULL THEN (SELECT to_char(max(f.signed_off_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM "permit_crew_sign_ons" f
        WHERE f.permit_id = c.permit_id AND f.worker_id = c.worker_id) END) ORDER BY c.position), '[]')
    FROM "permit_crew" c JOIN "users" u ON u.id = c.worker_id
    LEFT JOIN "permit_crew_sign_ons" o ON o.permit_id = c.permit_id AND o.worker_id = c.worker_id AND o.signed_off_at IS NULL
    WHERE c.permit_id = "permits"."id"), coalesce((SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."holder_id"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."created_by")), (SELECT coalesce(json_agg(json_build_object('id', x.id,
        'askedBy', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = x.asked_by), 'askedAt', to_char(x.asked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'reason', x.reason,
        'oldEndAt', to_char(x.old_end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'newEndAt', to_char(x.new_end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'decision', x.decision,
        'decidedBy', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = x.decided_by), 'decidedAt', to_char(x.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'remark', x.remark)
        ORDER BY x.asked_at, x.id), '[]')
      FROM "permit_extensions" x WHERE x.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('id', h.id,
        'from', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = h.from_id), 'to', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = h.to_id), 'note', h.note,
        'startedAt', to_char(h.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'acceptedAt', to_char(h.accepted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'crewKept', h.crew_kept, 'cancelledAt', to_char(h.cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'cancelledBy', (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role) FROM "users" u WHERE u.id = h.cancelled_by)) ORDER BY h.started_at, h.id), '[]')
      FROM "permit_handovers" h WHERE h.permit_id = "permits"."id"), (SELECT
      coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'critical', r.critical) ORDER BY pr.position), '[]')
      FROM "permit_risks" pr JOIN "risks" r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
        'logogramFileId', r.logogram_file_id, 'trainingUrl', r.training_url, 'procedureLinks', r.procedure_links,
        'procedureFiles', (SELECT coalesce(json_agg(json_build_object('id', pf.file_id, 'name', pf.name)
          ORDER BY f.created_at, pf.file_id), '[]')
          FROM "procedure_files" pf JOIN "files" f ON f.id = pf.file_id WHERE pf.specific_risk_id = r.id))
        ORDER BY ps.position), '[]')
      FROM "permit_specific_risks" ps JOIN "specific_risks" r ON r.id = ps.specific_risk_id WHERE ps.permit_id = "permits"."id"), (SELECT
      coalesce(json_agg(json_build_object('id', e.id, 'name', e.name, 'nameFr', e.name_fr, 'iconFileId', e.icon_file_id)
        ORDER BY pe.position), '[]')
      FROM "permit_epis" pe JOIN "epis" e ON e.id = pe.epi_id WHERE pe.permit_id = "permits"."id"), (SELECT coalesce(json_agg(json_build_object('source', c.source,
        'sourceId', c.source_id, 'index', c.item_index, 'checked', c.checked, 'notApplicable', c.not_applicable,
        'notApplicableReason', c.not_applicable_reason, 'sourceName', c.source_name, 'text', c.text)
        ORDER BY c.position), '[]')
      FROM "permit_checklist_items" c WHERE c.permit_id = "permits"."id"), (SELECT
      coalesce(json_agg(json_build_object('id', pf.id, 'name', pf.name, 'contentType', f.content_type,
        'byteSize', f.byte_size, 'createdAt', to_char(pf.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY pf.created_at, pf.id), '[]')
      FROM "permit_files" pf JOIN "files" f ON f.id = pf.file_id WHERE pf.permit_id = "permits"."id"), "permits"."enterprise_id" = $1, "permits"."id", "permits"."enterprise_id", "permits"."division_id", "permits"."sector_id", "permits"."sub_sector_id", "permits"."work_type_id", "permits"."supplier_id", "permits"."internal", "permits"."created_by", "permits"."status", "permits"."document_number", "permits"."task_title", "permits"."job_description", "permits"."general_information", "permits"."additional_information", "permits"."subcontractor", "permits"."start_at", "permits"."end_at", "permits"."probability_id", "permits"."severity_id", "permits"."level_name", "permits"."level_colour", "permits"."level_flow", "permits"."answers", "permits"."new_risk_description", "permits"."remark", "permits"."sent_at", "permits"."verified_by", "permits"."verified_at", "permits"."approved_by", "permits"."approved_at", "permits"."check_token", "permits"."start_reminder_sent_at", "permits"."overdue_warned_at", "permits"."accepted_by", "permits"."accepted_at", "permits"."acceptance_declaration", "permits"."overdue_escalated_at", "permits"."wait_escalated_at", "permits"."expired_at", "permits"."closed_out_at", "permits"."closed_out_by", "permits"."close_out", "permits"."suspended_at", "permits"."suspended_by", "permits"."suspension_reason", "permits"."suspended_by_emergency_id", "permits"."gas_tested_at", "permits"."gas_test_passed", "permits"."gas_retest_warned_at", "permits"."compliance_lapsed_at", "permits"."compliance_lapse", "permits"."holder_id", "permits"."shift_started_at", "permits"."handover_due_warned_at", "permits"."created_at", "permits"."updated_at", (SELECT json_build_object('id', e.id, 'name', e.name)
      FROM "enterprises" e WHERE e.id = "permits"."enterprise_id"), (SELECT json_build_object('id', d.id, 'name', d.name)
      FROM "divisions" d WHERE d.id = "permits"."division_id"), (SELECT
      json_build_object('id', s.id, 'name', s.name, 'number', s.number, 'deleted', s.deleted_at IS NOT NULL)
      FROM "sectors" s WHERE s.id = "permits"."sector_id"), (SELECT
      json_build_object('id', s.id, 'name', s.name, 'x', s.x, 'y', s.y, 'deleted', s.deleted_at IS NOT NULL)
      FROM "sub_sectors" s WHERE s.id = "permits"."sub_sector_id"), (SELECT
      json_build_object('id', w.id, 'name', w.name, 'kind', w.kind)
      FROM "work_types" w WHERE w.id = "permits"."work_type_id"), (SELECT json_build_object('id', s.id, 'name', s.name)
      FROM "suppliers" s WHERE s.id = "permits"."supplier_id"), (SELECT json_build_object('retestMinutes', w.gas_retest_minutes)
      FROM "work_types" w WHERE w.id = "permits"."work_type_id" AND w.gas_test_required), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."created_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."suspended_by"), (SELECT e.shift_length_hours FROM "enterprises" e
      WHERE e.id = "permits"."enterprise_id"), "criticality_levels"."name", "criticality_levels"."colour", "criticality_levels"."flow", "sector_permissions"."can_verify", "sector_permissions"."can_approve" from "permits" left join "matrix_cells" on ("matrix_cells"."probability_id" = "permits"."probability_id" and "matrix_cells"."severity_id" = "permits"."severity_id") left join "criticality_levels" on "criticality_levels"."id" = CASE WHEN "permits"."status" in ($2, $3) AND "matrix_cells"."level_id" IS NOT NULL THEN (
  SELECT l.id FROM criticality_levels l
  WHERE l.enterprise_id = "permits"."enterprise_id" AND (
    l.id = "matrix_cells"."level_id"
    OR l.id IN (SELECT r.min_level_id FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id")
    OR l.id IN (SELECT s.min_level_id FROM permit_specific_risks ps JOIN specific_risks s ON s.id = ps.specific_risk_id
                WHERE ps.permit_id = "permits"."id"))
  ORDER BY l.position DESC LIMIT 1) END left join "sector_permissions" on ("sector_permissions"."sector_id" = "permits"."sector_id" and "sector_permissions"."manager_id" = $4) where ((("permits"."created_by" = $5 or EXISTS (SELECT 1 FROM "permit_crew" c WHERE c.permit_id = "permits"."id"
    AND c.worker_id = $6) or EXISTS (SELECT 1 FROM "permit_handovers" h WHERE h.permit_id = "permits"."id"
    AND (h.to_id = $7 OR h.from_id = $8))) or ("permits"."enterprise_id" = $9 and "permits"."division_id" = $10 and "permits"."status" <> $11)) and "permits"."id" = $12)`,
  /** A permit's row as a division's Responsible reads it before an action (p_permit_principal_Responsible_division). */
  permitResponsible: `select "permits"."id", "permits"."enterprise_id", "permits"."division_id", "permits"."sector_id", "permits"."sub_sector_id", "permits"."work_type_id", "permits"."supplier_id", "permits"."internal", "permits"."created_by", "permits"."status", "permits"."document_number", "permits"."task_title", "permits"."job_description", "permits"."general_information", "permits"."additional_information", "permits"."subcontractor", "permits"."start_at", "permits"."end_at", "permits"."probability_id", "permits"."severity_id", "permits"."level_name", "permits"."level_colour", "permits"."level_flow", "permits"."answers", "permits"."new_risk_description", "permits"."remark", "permits"."sent_at", "permits"."verified_by", "permits"."verified_at", "permits"."approved_by", "permits"."approved_at", "permits"."check_token", "permits"."start_reminder_sent_at", "permits"."overdue_warned_at", "permits"."accepted_by", "permits"."accepted_at", "permits"."acceptance_declaration", "permits"."overdue_escalated_at", "permits"."wait_escalated_at", "permits"."expired_at", "permits"."closed_out_at", "permits"."closed_out_by", "permits"."close_out", "permits"."suspended_at", "permits"."suspended_by", "permits"."suspension_reason", "permits"."suspended_by_emergency_id", "permits"."gas_tested_at", "permits"."gas_test_passed", "permits"."gas_retest_warned_at", "permits"."compliance_lapsed_at", "permits"."compliance_lapse", "permits"."holder_id", "permits"."shift_started_at", "permits"."handover_due_warned_at", "permits"."created_at", "permits"."updated_at", (SELECT json_build_object('id', e.id, 'name', e.name)
      FROM "enterprises" e WHERE e.id = "permits"."enterprise_id"), (SELECT json_build_object('id', d.id, 'name', d.name)
      FROM "divisions" d WHERE d.id = "permits"."division_id"), (SELECT
      json_build_object('id', s.id, 'name', s.name, 'number', s.number, 'deleted', s.deleted_at IS NOT NULL)
      FROM "sectors" s WHERE s.id = "permits"."sector_id"), (SELECT
      json_build_object('id', s.id, 'name', s.name, 'x', s.x, 'y', s.y, 'deleted', s.deleted_at IS NOT NULL)
      FROM "sub_sectors" s WHERE s.id = "permits"."sub_sector_id"), (SELECT
      json_build_object('id', w.id, 'name', w.name, 'kind', w.kind)
      FROM "work_types" w WHERE w.id = "permits"."work_type_id"), (SELECT json_build_object('id', s.id, 'name', s.name)
      FROM "suppliers" s WHERE s.id = "permits"."supplier_id"), (SELECT json_build_object('retestMinutes', w.gas_retest_minutes)
      FROM "work_types" w WHERE w.id = "permits"."work_type_id" AND w.gas_test_required), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."created_by"), (SELECT json_build_object('id', u.id, 'name', u.name, 'role', u.role)
    FROM "users" u WHERE u.id = "permits"."suspended_by"), (SELECT e.shift_length_hours FROM "enterprises" e
      WHERE e.id = "permits"."enterprise_id"), "criticality_levels"."name", "criticality_levels"."colour", "criticality_levels"."flow", "sector_permissions"."can_verify", "sector_permissions"."can_approve" from "permits" left join "matrix_cells" on ("matrix_cells"."probability_id" = "permits"."probability_id" and "matrix_cells"."severity_id" = "permits"."severity_id") left join "criticality_levels" on "criticality_levels"."id" = CASE WHEN "permits"."status" in ($1, $2) AND "matrix_cells"."level_id" IS NOT NULL THEN (
  SELECT l.id FROM criticality_levels l
  WHERE l.enterprise_id = "permits"."enterprise_id" AND (
    l.id = "matrix_cells"."level_id"
    OR l.id IN (SELECT r.min_level_id FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id")
    OR l.id IN (SELECT s.min_level_id FROM permit_specific_risks ps JOIN specific_risks s ON s.id = ps.specific_risk_id
                WHERE ps.permit_id = "permits"."id"))
  ORDER BY l.position DESC LIMIT 1) END left join "sector_permissions" on ("sector_permissions"."sector_id" = "permits"."sector_id" and "sector_permissions"."manager_id" = $3) where ((("permits"."created_by" = $4 or EXISTS (SELECT 1 FROM "permit_crew" c WHERE c.permit_id = "permits"."id"
    AND c.worker_id = $5) or EXISTS (SELECT 1 FROM "permit_handovers" h WHERE h.permit_id = "permits"."id"
    AND (h.to_id = $6 OR h.from_id = $7))) or ("permits"."enterprise_id" = $8 and "permits"."division_id" = $9 and "permits"."status" <> $10)) and "permits"."id" = $11)`,
  /** The list's rows of a page (p_permit_summaries_by_ids_principal): $1, $2 the draft statuses, $3 the page's ids. */
  permitSummariesByIds: `select "permits"."id", "permits"."document_number", "permits"."status", "permits"."task_title", "permits"."start_at", "permits"."end_at", "permits"."level_name", "permits"."level_colour", "permits"."level_flow", "permits"."expired_at", "permits"."closed_out_at", "permits"."suspended_at", "permits"."gas_tested_at", "permits"."gas_test_passed", "permits"."compliance_lapsed_at", "permits"."shift_started_at", (SELECT x.name FROM "suppliers" x WHERE x.id = "permits"."supplier_id"), (SELECT x.name FROM "sectors" x WHERE x.id = "permits"."sector_id"), (SELECT x.name FROM "sub_sectors" x WHERE x.id = "permits"."sub_sector_id"), (SELECT json_build_object('retestMinutes', w.gas_retest_minutes)
      FROM "work_types" w WHERE w.id = "permits"."work_type_id" AND w.gas_test_required), (SELECT e.shift_length_hours FROM "enterprises" e
      WHERE e.id = "permits"."enterprise_id"), "criticality_levels"."name", "criticality_levels"."colour" from "permits" left join "matrix_cells" on ("matrix_cells"."probability_id" = "permits"."probability_id" and "matrix_cells"."severity_id" = "permits"."severity_id") left join "criticality_levels" on "criticality_levels"."id" = CASE WHEN "permits"."status" in ($1, $2) AND "matrix_cells"."level_id" IS NOT NULL THEN (
  SELECT l.id FROM criticality_levels l
  WHERE l.enterprise_id = "permits"."enterprise_id" AND (
    l.id = "matrix_cells"."level_id"
    OR l.id IN (SELECT r.min_level_id FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id")
    OR l.id IN (SELECT s.min_level_id FROM permit_specific_risks ps JOIN specific_risks s ON s.id = ps.specific_risk_id
                WHERE ps.permit_id = "permits"."id"))
  ORDER BY l.position DESC LIMIT 1) END where "permits"."id" = ANY($3::uuid[])`,
  /** The contractors whose name contains the search (unnamed in the app). */
  suppliersNamed: `select "id" from "suppliers" where f_unaccent("suppliers"."name") ILIKE f_unaccent($1)`,
  /** The filtered list's page of ids with its count (unnamed in the app: planned for its values). */
  pageIdsFiltered: `select "permits"."id", count(*) OVER () from "permits" left join "sector_permissions" on ("sector_permissions"."sector_id" = "permits"."sector_id" and "sector_permissions"."manager_id" = $1) left join "matrix_cells" on ("matrix_cells"."probability_id" = "permits"."probability_id" and "matrix_cells"."severity_id" = "permits"."severity_id") left join "criticality_levels" on "criticality_levels"."id" = CASE WHEN "permits"."status" in ($2, $3) AND "matrix_cells"."level_id" IS NOT NULL THEN (
  SELECT l.id FROM criticality_levels l
  WHERE l.enterprise_id = "permits"."enterprise_id" AND (
    l.id = "matrix_cells"."level_id"
    OR l.id IN (SELECT r.min_level_id FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id")
    OR l.id IN (SELECT s.min_level_id FROM permit_specific_risks ps JOIN specific_risks s ON s.id = ps.specific_risk_id
                WHERE ps.permit_id = "permits"."id"))
  ORDER BY l.position DESC LIMIT 1) END where (("permits"."enterprise_id" = $4 and (("permits"."created_by" = $5 or EXISTS (SELECT 1 FROM "permit_crew" c WHERE c.permit_id = "permits"."id"
    AND c.worker_id = $6) or EXISTS (SELECT 1 FROM "permit_handovers" h WHERE h.permit_id = "permits"."id"
    AND (h.to_id = $7 OR h.from_id = $8))) or "permits"."status" <> $9)) and "permits"."status" in ($10, $11, $12, $13) and "permits"."sector_id" = $14 and "permits"."end_at" >= $15 and "permits"."start_at" <= $16 and ("permits"."document_number" ilike $17 or "permits"."task_title" ilike $18 or "permits"."job_description" ilike $19)) order by "permits"."created_at" DESC NULLS LAST, "permits"."id" desc limit $20`,
  /** The code search's page of ids with its count (unnamed in the app). */
  pageIdsSearch: `select "permits"."id", count(*) OVER () from "permits" left join "sector_permissions" on ("sector_permissions"."sector_id" = "permits"."sector_id" and "sector_permissions"."manager_id" = $1) left join "matrix_cells" on ("matrix_cells"."probability_id" = "permits"."probability_id" and "matrix_cells"."severity_id" = "permits"."severity_id") left join "criticality_levels" on "criticality_levels"."id" = CASE WHEN "permits"."status" in ($2, $3) AND "matrix_cells"."level_id" IS NOT NULL THEN (
  SELECT l.id FROM criticality_levels l
  WHERE l.enterprise_id = "permits"."enterprise_id" AND (
    l.id = "matrix_cells"."level_id"
    OR l.id IN (SELECT r.min_level_id FROM permit_risks pr JOIN risks r ON r.id = pr.risk_id WHERE pr.permit_id = "permits"."id")
    OR l.id IN (SELECT s.min_level_id FROM permit_specific_risks ps JOIN specific_risks s ON s.id = ps.specific_risk_id
                WHERE ps.permit_id = "permits"."id"))
  ORDER BY l.position DESC LIMIT 1) END where (("permits"."enterprise_id" = $4 and (("permits"."created_by" = $5 or EXISTS (SELECT 1 FROM "permit_crew" c WHERE c.permit_id = "permits"."id"
    AND c.worker_id = $6) or EXISTS (SELECT 1 FROM "permit_handovers" h WHERE h.permit_id = "permits"."id"
    AND (h.to_id = $7 OR h.from_id = $8))) or "permits"."status" <> $9)) and ("permits"."document_number" ilike $10 or "permits"."task_title" ilike $11 or "permits"."job_description" ilike $12)) order by "permits"."created_at" DESC NULLS LAST, "permits"."id" desc limit $13`,
  /** The contractor's affiliation with the enterprise, FOR SHARE. */
  affiliation: `
    SELECT a.status AS affiliation, e.status AS enterprise, s.status AS supplier
    FROM affiliations a
    JOIN enterprises e ON e.id = a.enterprise_id
    JOIN suppliers s ON s.id = a.supplier_id
    WHERE a.enterprise_id = $1 AND a.supplier_id = $2
    FOR SHARE`,
  /** The draft's sector. */
  sectorOf: `select "division_id", "deleted_at" from "sectors" where ("sectors"."id" = $1 and "sectors"."enterprise_id" = $2)`,
  /** The draft's work type. */
  workTypeOf: `select "id", "name", "checklist", "checklist_may_be_not_applicable" from "work_types" where ("work_types"."id" = $1 and ("work_types"."enterprise_id" = $2 and "work_types"."deleted_at" is null))`,
  /** The draft. */
  insertPermit: `insert into "permits" ("id", "enterprise_id", "division_id", "sector_id", "sub_sector_id", "work_type_id", "supplier_id", "internal", "created_by", "status", "document_number", "task_title", "job_description", "general_information", "additional_information", "subcontractor", "start_at", "end_at", "probability_id", "severity_id", "level_name", "level_colour", "level_flow", "answers", "new_risk_description", "remark", "sent_at", "verified_by", "verified_at", "approved_by", "approved_at", "check_token", "start_reminder_sent_at", "overdue_warned_at", "accepted_by", "accepted_at", "acceptance_declaration", "overdue_escalated_at", "wait_escalated_at", "expired_at", "closed_out_at", "closed_out_by", "close_out", "suspended_at", "suspended_by", "suspension_reason", "suspended_by_emergency_id", "gas_tested_at", "gas_test_passed", "gas_retest_warned_at", "compliance_lapsed_at", "compliance_lapse", "holder_id", "shift_started_at", "handover_due_warned_at", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, default, $10, $11, $12, $13, $14, $15, $16, $17, $18, default, default, default, $19, $20, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default, default) returning "id"`,
  deleteRisks: `delete from "permit_risks" where "permit_risks"."permit_id" = $1`,
  deleteSpecificRisks: `delete from "permit_specific_risks" where "permit_specific_risks"."permit_id" = $1`,
  deleteEpis: `delete from "permit_epis" where "permit_epis"."permit_id" = $1`,
  deleteChecklist: `delete from "permit_checklist_items" where "permit_checklist_items"."permit_id" = $1`,
  /** The draft's history event. */
  insertCreateEvent: `insert into "permit_events" ("id", "permit_id", "action", "from_status", "to_status", "actor_id", "remark", "rerate", "worker_id", "created_at") values (default, $1, $2, $3, $4, $5, default, default, default, default)`,
  crewOf: `select "worker_id" from "permit_crew" where "permit_crew"."permit_id" = $1 order by "permit_crew"."position" asc`,
  deleteCrewNotIn: `
    DELETE FROM permit_crew WHERE permit_id = $1 AND NOT (worker_id = ANY($2::uuid[]))`,
  /** A transaction-scoped lock (signing per person, clashes and the audit chain per enterprise). */
  advisoryLock: `select pg_advisory_xact_lock(hashtext($1))`,
  /** Failed signing attempts in the window (the five-in-a-row lock). */
  signingFailures: `select count(*), extract(epoch FROM min("created_at") + make_interval(mins => $1) - now())::float8 from "auth_attempts" where ("auth_attempts"."user_id" = $2 and "auth_attempts"."purpose" = $3 and "auth_attempts"."outcome" = $4 and "auth_attempts"."created_at" > now() - make_interval(mins => $5) and "auth_attempts"."created_at" > coalesce((SELECT max("auth_attempts"."created_at") FROM "auth_attempts" WHERE "auth_attempts"."user_id" = $6
    AND "auth_attempts"."purpose" = 'signature' AND "auth_attempts"."outcome" = 'success'), '-infinity'::timestamptz))`,
  /** The signing attempt, reserved as a failure before the password is checked. */
  insertAttempt: `insert into "auth_attempts" ("id", "email", "ip", "user_id", "outcome", "reason", "purpose", "created_at") values (default, $1, $2, $3, $4, $5, $6, default) returning "id"`,
  passwordHash: `select "password_hash" from "users" where "users"."id" = $1`,
  settleAttempt: `update "auth_attempts" set "outcome" = $1, "reason" = $2 where "auth_attempts"."id" = $3`,
  /** The verify itself: guarded by the status it was read in. */
  movePermit: `update "permits" set "status" = $1, "verified_by" = $2, "verified_at" = $3, "updated_at" = $4 where ("permits"."id" = $5 and "permits"."status" = $6 and "permits"."created_by" IS DISTINCT FROM $7) returning "id"`,
  insertSignature: `insert into "permit_signatures" ("id", "permit_id", "kind", "signer_id", "signed_at", "language", "declaration", "content_hash", "voided_at") values (default, $1, $2, $3, $4, $5, $6, $7, default)`,
  /** The permit's enterprise and window, read first: the clash statement takes them as constants. */
  clashWindow: `select "enterprise_id", "start_at", "end_at" from "permits" where "permits"."id" = $1`,
  /** The live permits at the same place and time: $1 and $3 the permit, $2 its enterprise, $4–$9 its window. */
  clashes: `
    WITH me AS (
      SELECT id, enterprise_id, sector_id, sub_sector_id, work_type_id
      FROM "permits" WHERE id = $1
    ), candidates AS (
      SELECT "permits"."id" AS id, "permits"."document_number" AS document_number, "permits"."task_title" AS task_title,
        "permits"."status" AS status, "permits"."start_at" AS start_at, "permits"."end_at" AS end_at,
        "permits"."sector_id" AS sector_id, "permits"."sub_sector_id" AS sub_sector_id, "permits"."work_type_id" AS work_type_id,
        ("permits"."sector_id" = me.sector_id AND (me.sub_sector_id IS NULL OR "permits"."sub_sector_id" IS NULL
          OR "permits"."sub_sector_id" = me.sub_sector_id)) AS same_place,
        ("permits"."sector_id" = me.sector_id AND EXISTS (SELECT 1 FROM "incompatible_work_types" i
          WHERE i.enterprise_id = me.enterprise_id
            AND i.low_work_type_id = LEAST("permits"."work_type_id", me.work_type_id)
            AND i.high_work_type_id = GREATEST("permits"."work_type_id", me.work_type_id))) AS incompatible_work,
        EXISTS (SELECT 1 FROM "permit_isolations" mine JOIN "permit_isolations" theirs ON theirs.point_id = mine.point_id
          WHERE mine.permit_id = me.id AND theirs.permit_id = "permits"."id") AS shared_isolation,
        (true) AS visible
      FROM me JOIN "permits" ON "permits"."enterprise_id" = $2 AND "permits"."id" <> $3
        AND "permits"."status" IN ('sended', 'Recheck', 'Confirmed', 'Approved', 'accepted', 'In_progress')
        AND tstzrange(least("permits"."start_at", "permits"."end_at"), greatest("permits"."start_at", "permits"."end_at"), '[]') && tstzrange(least($4::timestamptz, $5::timestamptz), greatest($6::timestamptz, $7::timestamptz), '[]')
        AND "permits"."start_at" < $8 AND $9 < "permits"."end_at"
    )
    SELECT c.*, s.name AS sector_name, ss.name AS sub_sector_name, w.name AS work_type_name
    FROM candidates c
    LEFT JOIN "sectors" s ON s.id = c.sector_id
    LEFT JOIN "sub_sectors" ss ON ss.id = c.sub_sector_id
    LEFT JOIN "work_types" w ON w.id = c.work_type_id
    WHERE c.same_place OR c.incompatible_work OR c.shared_isolation
    ORDER BY c.start_at, c.document_number, c.id`,
  /** The verify's history event. */
  insertActionEvent: `insert into "permit_events" ("id", "permit_id", "action", "from_status", "to_status", "actor_id", "remark", "rerate", "worker_id", "created_at") values (default, $1, $2, $3, $4, $5, $6, default, default, $7)`,
  /** The notifications this verify answers. */
  finishNotifications: `update "notifications" set "read_at" = coalesce("notifications"."read_at", now()), "done_at" = now() where ("notifications"."permit_id" in ($1) and "notifications"."done_at" is null and "notifications"."kind" in ($2, $3, $4, $5, $6, $7, $8, $9)) returning "id", "user_id"`,
  /** Who is told of the verify. */
  recipients: `
    WITH p AS (
      SELECT id, created_by, holder_id, supplier_id, sector_id, enterprise_id, division_id, verified_by, approved_by,
        document_number, task_title
      FROM permits WHERE id = ANY($1::uuid[])
    ),
    candidates(permit_id, user_id) AS (
      SELECT id, created_by FROM p WHERE $2
      UNION SELECT id, holder_id FROM p WHERE $3 AND holder_id IS NOT NULL
      UNION SELECT p.id, u.id FROM users u JOIN p ON u.supplier_id = p.supplier_id
        WHERE $4 AND u.role = 'Supplier'
      UNION SELECT p.id, sp.manager_id FROM sector_permissions sp JOIN p ON sp.sector_id = p.sector_id
        WHERE ($5 AND sp.can_verify) OR ($6 AND sp.can_approve)
      UNION SELECT id, verified_by FROM p WHERE $7
      UNION SELECT id, approved_by FROM p WHERE $8
      UNION SELECT p.id, u.id FROM users u JOIN p ON u.enterprise_id = p.enterprise_id
        WHERE $9
          AND (u.role = 'Enterprise' OR (u.role = 'SuperResponsible' AND u.division_id = p.division_id))
      UNION SELECT p.id, person FROM p, unnest($10::uuid[]) AS person
      UNION SELECT pc.permit_id, pc.worker_id FROM permit_crew pc JOIN p ON p.id = pc.permit_id
        WHERE $11
    )
    SELECT p.id AS "permitId", u.id AS "userId", u.email, u.language, u.role,
      p.document_number AS "documentNumber", p.task_title AS "taskTitle",
      u.email_muted_kinds AS "emailMutedKinds"
    FROM candidates c
    JOIN p ON p.id = c.permit_id
    JOIN users u ON u.id = c.user_id
    LEFT JOIN enterprises e ON e.id = u.enterprise_id
    LEFT JOIN suppliers s ON s.id = u.supplier_id
    WHERE u.status = 'active' AND u.id IS DISTINCT FROM $12::uuid
      AND coalesce(e.status::text, s.status::text, 'active') <> 'disabled'
  `,
  /** The notifications (one VALUES row per recipient, as drizzle writes it): the head, then one row per recipient. */
  insertNotificationsHead: `insert into "notifications" ("id", "user_id", "kind", "params", "link", "read_at", "permit_id", "demand_id", "done_at", "created_at") values `,
  /** An e-mail job (pg-boss's own INSERT). */
  insertJob: `
    INSERT INTO pgboss.job (
      id,
      name,
      data,
      priority,
      start_after,
      singleton_key,
      singleton_on,
      dead_letter,
      expire_in,
      keep_until,
      retry_limit,
      retry_delay,
      retry_backoff,
      policy
    )
    SELECT
      id,
      j.name,
      data,
      priority,
      start_after,
      singleton_key,
      singleton_on,
      COALESCE(j.dead_letter, q.dead_letter) as dead_letter,
      CASE
        WHEN expire_in IS NOT NULL THEN expire_in::numeric * interval '1s'
        WHEN q.expire_seconds IS NOT NULL THEN q.expire_seconds * interval '1s'
        WHEN expire_in_default IS NOT NULL THEN expire_in_default::numeric * interval '1s'
        ELSE interval '15 minutes'
        END as expire_in,
      CASE
        WHEN right(keep_until, 1) = 'Z' THEN CAST(keep_until as timestamp with time zone)
        ELSE start_after + CAST(COALESCE(keep_until, (q.retention_minutes * 60)::text, keep_until_default, '14 days') as interval)
        END as keep_until,
      COALESCE(j.retry_limit, q.retry_limit, retry_limit_default, 2) as retry_limit,
      CASE
        WHEN COALESCE(j.retry_backoff, q.retry_backoff, retry_backoff_default, false)
        THEN GREATEST(COALESCE(j.retry_delay, q.retry_delay, retry_delay_default), 1)
        ELSE COALESCE(j.retry_delay, q.retry_delay, retry_delay_default, 0)
        END as retry_delay,
      COALESCE(j.retry_backoff, q.retry_backoff, retry_backoff_default, false) as retry_backoff,
      q.policy
    FROM
      ( SELECT
          COALESCE($1::uuid, gen_random_uuid()) as id,
          $2 as name,
          $3::jsonb as data,
          COALESCE($4::int, 0) as priority,
          CASE
            WHEN right($5, 1) = 'Z' THEN CAST($5 as timestamp with time zone)
            ELSE now() + CAST(COALESCE($5,'0') as interval)
            END as start_after,
          $6 as singleton_key,
          CASE
            WHEN $7::integer IS NOT NULL THEN 'epoch'::timestamp + '1 second'::interval * ($7 * floor((date_part('epoch', now()) + $8) / $7))
            ELSE NULL
            END as singleton_on,
          $9 as dead_letter,
          $10 as expire_in,
          $11 as expire_in_default,
          $12 as keep_until,
          $13 as keep_until_default,
          $14::int as retry_limit,
          $15::int as retry_limit_default,
          $16::int as retry_delay,
          $17::int as retry_delay_default,
          $18::bool as retry_backoff,
          $19::bool as retry_backoff_default
      ) j JOIN pgboss.queue q ON j.name = q.name
    ON CONFLICT DO NOTHING
    RETURNING id
  `,
  notify: `SELECT pg_notify($1, $2)`,
  auditLast: `select "seq", "hash" from "audit_log" where "audit_log"."chain" = $1 order by "audit_log"."seq" desc limit $2`,
  insertAudit: `insert into "audit_log" ("id", "chain", "seq", "at", "actor_id", "actor_role", "actor_label", "enterprise_id", "action", "object_type", "object_id", "details", "ip", "prev_hash", "hash") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
} as const;

/** The notifications' INSERT for `count` recipients: drizzle writes one VALUES row of five parameters each. */
export function insertNotifications(count: number): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const n = i * 5;
    return `(default, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, default, $${n + 5}, default, default, default)`;
  });
  return `${SQL.insertNotificationsHead}${rows.join(", ")} returning "id", "user_id"`;
}
