/**
 * Git sync (`gitRepo`): a project's connection to a branch of a git repository, at most one per
 * project, with the SSH private key sealed by the secret box, its public half when the server made
 * it, and the host keys the remote showed on first contact (`knownHosts`, OpenSSH's known_hosts
 * text), which later connections must match. Goes with its project.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gitRepo')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().unique().references('project.id').onDelete('cascade'))
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('remoteUrl', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('branchType', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('sshPrivateKey', 'text', (c) => c.notNull())
    .addColumn('sshPublicKey', 'text')
    .addColumn('knownHosts', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
}

/** The `gitRepo` table. */
export const gitRepos: Migration = { up };
