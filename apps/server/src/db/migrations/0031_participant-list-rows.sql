-- Hand-written: the participant list's rows of these participants, in the order of `ids`, with
-- `ord` their place in it (participant-list.repository.ts). PL/pgSQL keeps the plan of its
-- query per connection: planned anew inside the list's one statement, this six-table join took
-- most of that statement's planning time.
CREATE FUNCTION participant_list_rows(ids integer[])
  RETURNS TABLE (
    ord bigint,
    id integer,
    first_name text,
    last_name text,
    email text,
    birth_date date,
    mrn text,
    participant_type participant_type,
    group_name text,
    tracker text,
    last_app_open timestamptz,
    active_session_count integer,
    coach_chat_count integer,
    coach_call_count integer,
    nudge_open_count integer,
    invited_at timestamptz,
    joined_at timestamptz,
    status user_status,
    can_remind boolean,
    last_reminded_at timestamptz,
    next_remind_date timestamptz,
    open_flag_count integer,
    top_open_severity flag_severity,
    last_reviewed_at timestamptz,
    last_reviewed_by text,
    last_telemetry_at timestamptz,
    responsible_id integer,
    responsible_name text,
    next_task_due_on text
  )
  LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT p.ord, u.id, u.first_name, u.last_name, u.email, u.birth_date, u.mrn,
      u.participant_type, g.name, u.tracker, s.last_app_open, s.active_session_count,
      s.coach_chat_count, s.coach_call_count, s.nudge_open_count, u.invited_at, u.joined_at,
      u.status,
      (u.status = 'PENDING_ACTIVATION' AND (u.next_remind_date IS NULL OR u.next_remind_date <= now())),
      u.last_reminded_at, u.next_remind_date, t.open_flag_count, t.top_open_severity,
      t.last_reviewed_at,
      coalesce(nullif(trim(rv.first_name || ' ' || rv.last_name), ''), rv.email),
      s.last_telemetry_at, rs.id,
      coalesce(nullif(trim(rs.first_name || ' ' || rs.last_name), ''), rs.email),
      (SELECT min(k.due_on)::text FROM tasks AS k WHERE k.participant_id = u.id AND k.done_at IS NULL)
    FROM unnest(ids) WITH ORDINALITY AS p(id, ord)
    JOIN users AS u ON u.id = p.id AND u.role = 'PARTICIPANT'
    LEFT JOIN participant_stats AS s ON s.user_id = u.id
    LEFT JOIN participant_triage AS t ON t.user_id = u.id
    LEFT JOIN user_groups AS g ON g.id = u.group_id
    LEFT JOIN users AS rv ON rv.id = t.last_reviewed_by
    LEFT JOIN users AS rs ON rs.id = u.responsible_clinician_id;
END
$$;
