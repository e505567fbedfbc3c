-- Hand-written: accounts single sign-on created before users.provisioned_by_sso existed are
-- found by their provisioning audit row; a portal password one of them set through "Forgot
-- password?" goes with it (ADR 0015: such accounts never have one).
UPDATE "users" SET "provisioned_by_sso" = true, "password_hash" = NULL
WHERE "role" <> 'PARTICIPANT' AND "id" IN (
	SELECT "subject_id" FROM "audit_log"
	WHERE "action" = 'account.sso.provisioned' AND "subject_type" = 'user'
);
