-- Tenancy: every object in callgrade belongs to a tenant; API keys belong to a tenant and carry scopes.
-- Keys are stored only as the SHA-256 of the full key; the prefix (first characters) is kept so a
-- user can tell their keys apart in a listing.

create table tenants (
    id uuid primary key,
    name text not null unique check (name ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
    created_at timestamptz not null default now()
);

create table api_keys (
    id uuid primary key,
    tenant_id uuid not null references tenants (id),
    name text not null default '',
    prefix text not null,
    key_sha256 bytea not null unique check (octet_length(key_sha256) = 32),
    scopes text[] not null check (scopes <@ array['ingest', 'read', 'review', 'admin']::text[]
                                  and cardinality(scopes) > 0),
    created_at timestamptz not null default now(),
    revoked_at timestamptz
);

create index api_keys_tenant on api_keys (tenant_id, created_at);
