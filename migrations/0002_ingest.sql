-- Ingestion: fact sheet versions, platform integrations, canonical calls, the grading outbox and grades.
--
-- Invariants held by the schema itself, not only by the code:
--   * a fact sheet version is immutable; the only update allowed is the single approve transition
--     (approved_by/approved_at from null to set), and versions are never deleted (trigger);
--   * one call per (tenant, source, external_id): a platform's retry lands on the same row;
--   * one grading job per call and generation (a regrade is a new generation);
--   * exactly one grade per job (grades.job_id unique): a worker killed at any instruction can
--     only ever add the grade once.

create table fact_sheets (
    tenant_id   uuid        not null references tenants (id),
    agent       text        not null,
    version     integer     not null check (version >= 1),
    body        jsonb       not null,
    sha256      text        not null,
    created_by  text,
    created_at  timestamptz not null default now(),
    approved_by text,
    approved_at timestamptz,
    primary key (tenant_id, agent, version),
    check ((approved_by is null) = (approved_at is null))
);

create index fact_sheets_approved on fact_sheets (tenant_id, agent, approved_at)
    where approved_at is not null;

create function fact_sheets_immutable() returns trigger language plpgsql as $$
begin
    if tg_op = 'DELETE' then
        raise exception 'fact sheet versions are immutable and cannot be deleted'
            using errcode = 'restrict_violation';
    end if;
    if old.approved_at is null and new.approved_at is not null
       and new.tenant_id = old.tenant_id and new.agent = old.agent and new.version = old.version
       and new.body = old.body and new.sha256 = old.sha256
       and new.created_by is not distinct from old.created_by and new.created_at = old.created_at then
        return new;
    end if;
    raise exception 'fact sheet versions are immutable; only approving a draft is allowed'
        using errcode = 'restrict_violation';
end;
$$;

create trigger fact_sheets_immutable before update or delete on fact_sheets
    for each row execute function fact_sheets_immutable();

create table integrations (
    id         uuid        primary key,
    tenant_id  uuid        not null references tenants (id),
    platform   text        not null,
    -- Verification keys as the platform gave them (HMAC keys must be usable as is); every entry
    -- is active, so a rotation adds the new one and later removes the old one. Never logged.
    secrets    jsonb       not null check (jsonb_typeof(secrets) = 'array' and jsonb_array_length(secrets) >= 1),
    agent      text        not null,
    agents     jsonb       not null default '{}'::jsonb,
    options    jsonb       not null default '{}'::jsonb,
    created_by text,
    created_at timestamptz not null default now()
);

create index integrations_tenant on integrations (tenant_id, created_at);

create table calls (
    id                 uuid        primary key,
    tenant_id          uuid        not null references tenants (id),
    source             text        not null,
    external_id        text        not null,
    agent              text        not null,
    agent_version      text,
    started_at         timestamptz not null,
    ended_at           timestamptz not null,
    end_reason         text        not null,
    body               jsonb       not null,
    blob_key           text,
    integration_id     uuid        references integrations (id),
    -- The approved fact sheet version in force for this call (null while status = no_fact_sheet).
    fact_sheet_version integer,
    status             text        not null
        check (status in ('queued', 'graded', 'grading_failed', 'no_fact_sheet')),
    received_at        timestamptz not null default now(),
    unique (tenant_id, source, external_id),
    check ((status = 'no_fact_sheet') = (fact_sheet_version is null))
);

create index calls_list on calls (tenant_id, started_at desc, id desc);
create index calls_agent on calls (tenant_id, agent, started_at desc);
create index calls_waiting on calls (tenant_id, agent) where status = 'no_fact_sheet';

create table grading_jobs (
    id           uuid        primary key,
    call_id      uuid        not null references calls (id),
    tenant_id    uuid        not null references tenants (id),
    generation   integer     not null default 1,
    state        text        not null default 'pending'
        check (state in ('pending', 'published', 'running', 'failed', 'done', 'dead')),
    attempts     integer     not null default 0,
    last_error   text,
    available_at timestamptz not null default now(),
    published_at timestamptz,
    claimed_at   timestamptz,
    heartbeat_at timestamptz,
    finished_at  timestamptz,
    created_at   timestamptz not null default now(),
    unique (call_id, generation)
);

-- The relay's scan: every job that is not finished, by when it may next be published.
create index grading_jobs_open on grading_jobs (available_at)
    where state in ('pending', 'published', 'running', 'failed');

create table grades (
    id                 uuid        primary key,
    job_id             uuid        not null unique references grading_jobs (id),
    call_id            uuid        not null references calls (id),
    tenant_id          uuid        not null references tenants (id),
    fact_sheet_version integer,
    fact_sheet_sha256  text,
    body               jsonb       not null,
    score              double precision,
    verdict            text check (verdict in ('pass', 'fail')),
    tags               text[]      not null default '{}',
    judge_failed       boolean     not null default false,
    created_at         timestamptz not null default now()
);

create index grades_call on grades (call_id, created_at desc);

create function grades_immutable() returns trigger language plpgsql as $$
begin
    raise exception 'grades are immutable; a regrade is a new row' using errcode = 'restrict_violation';
end;
$$;

create trigger grades_immutable before update or delete on grades
    for each row execute function grades_immutable();
