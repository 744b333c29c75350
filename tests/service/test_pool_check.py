"""The API pool's checkout check: a connection whose backend went away (a database restart, an
administrator's pg_terminate_backend) is replaced before a request gets it, with no query per
checkout on healthy connections."""

from __future__ import annotations

import asyncio

import psycopg

from service.db import looks_disturbed, open_async_pool


def test_a_terminated_connection_is_replaced_before_a_request_uses_it(database_url: str) -> None:
    async def scenario() -> None:
        pool = await open_async_pool(database_url, min_size=1, max_size=1, timeout=5)
        try:
            async with pool.connection() as conn:
                assert not looks_disturbed(conn)  # healthy and idle: nothing to read
                row = await (await conn.execute("select pg_backend_pid()")).fetchone()
                assert row is not None
                first_pid = row[0]
            with psycopg.connect(database_url, autocommit=True) as admin:
                admin.execute("select pg_terminate_backend(%s)", (first_pid,))
            # The server's termination notice reaches the pooled connection's socket.
            for _ in range(100):
                async with pool.connection() as conn:
                    if conn.pgconn.backend_pid != first_pid:
                        break
                await asyncio.sleep(0.05)
            # The only connection was dead; the request still got a working one, and no error.
            async with pool.connection() as conn:
                row = await (await conn.execute("select pg_backend_pid()")).fetchone()
                assert row is not None
                assert row[0] != first_pid
        finally:
            await pool.close()

    asyncio.run(scenario())
