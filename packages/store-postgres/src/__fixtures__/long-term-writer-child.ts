// Writes one record to a long-term memory on PostgreSQL and exits: the
// records-survive-a-new-process test reads it back from another process.
// Usage: node --conditions=@acm/source --import tsx long-term-writer-child.ts <url> <table>
import pg from 'pg';
import { migratePostgresLongTermBackend } from '../migrate-postgres-long-term-backend';
import { createPostgresLongTermBackend } from '../postgres-long-term-backend';

const [connectionString, table] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString });
try {
  await migratePostgresLongTermBackend({ pool, table });
  await createPostgresLongTermBackend({ pool, table }).add([
    {
      id: 'returning-1',
      owner: { userId: 'returning-customer' },
      text: 'Reservation ZFA04Y is booked for May 3',
      createdAt: 1_700_000_000_000,
      source: 'framework',
    },
  ]);
} finally {
  await pool.end();
}
