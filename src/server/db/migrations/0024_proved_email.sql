-- hand-written: what proved e-mail means for accounts made before it (docs/decisions/0057-proved-email-and-sign-in-links.md).
-- Addresses keep the mark they have: Google vouched for its accounts' (email_verified from Google)
-- and the demo accounts are seeded proved; no password account ever proved its address, so none is
-- counted proved now. An account ADMIN_EMAILS made a moderator without a proved address (whoever
-- signed up first with it) goes back to the role it had, with its audit entry; it becomes a
-- moderator again once its owner opens a verification link. Moderators named by the operator's
-- command line stay.
WITH last_role_change AS (
  SELECT DISTINCT ON (target_id) target_id, reason, details->>'from' AS previous
  FROM moderation_log
  WHERE action = 'role_changed' AND target_type = 'user'
  ORDER BY target_id, created_at DESC, id
), demoted AS (
  UPDATE users SET role = last_role_change.previous, updated_at = now()
  FROM last_role_change
  WHERE users.id = last_role_change.target_id
    AND last_role_change.reason = 'ADMIN_EMAILS'
    AND users.role = 'moderator'
    AND NOT users.email_verified
  RETURNING users.id, last_role_change.previous
)
INSERT INTO moderation_log (actor_id, action, target_type, target_id, reason, details)
SELECT NULL, 'role_changed', 'user', id, 'ADMIN_EMAILS: address not proved', jsonb_build_object('from', 'moderator', 'to', previous)
FROM demoted;
