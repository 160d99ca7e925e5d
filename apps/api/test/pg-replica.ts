import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The PostgreSQL server's programs (initdb, pg_ctl, pg_basebackup) of the newest version installed, or null. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_basebackup')) && existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** The `postgres` OS user's ids (/etc/passwd): the server runs as it when the tests run as root. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('no postgres user to run the PostgreSQL server as');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A primary PostgreSQL server and a streaming replica of it (pg_basebackup -R), each in a temporary folder on its
 * own port, for the read-replica tests. The server refuses to run as root: as root, both run as the `postgres`
 * user (runuser), in folders it owns. `stopReplica` stops the replica at once (as a crash would); `stop` ends both
 * and removes their folders.
 */
export function startPrimaryAndReplica(bin: string, ports: { primary: number; replica: number }) {
  const root = process.getuid?.() === 0;
  const owner = root ? postgresUser() : null;
  const dir = mkdtempSync(path.join(tmpdir(), 'staybook-replica-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (program: string, args: string[]) =>
    execFileSync(
      root ? 'runuser' : path.join(bin, program),
      root ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args,
      {
        cwd: dir,
        stdio: 'pipe',
        timeout: 60_000,
      },
    );
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  const settings = (port: number) =>
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = off\nwal_level = replica\nmax_wal_senders = 4\nhot_standby = on\nhot_standby_feedback = on\n`;
  run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync']);
  // initdb's pg_hba.conf lets 127.0.0.1 replicate (trust); said again here so the test does not rely on its defaults.
  appendFileSync(primary + '/pg_hba.conf', '\nhost replication all 127.0.0.1/32 trust\n');
  appendFileSync(path.join(primary, 'postgresql.conf'), settings(ports.primary));
  run('pg_ctl', ['-D', primary, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream']);
  appendFileSync(path.join(replica, 'postgresql.conf'), settings(ports.replica));
  run('pg_ctl', ['-D', replica, '-l', path.join(dir, 'replica.log'), '-w', 'start']);
  let replicaUp = true;
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${ports.primary}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${ports.replica}/postgres`,
    stopReplica: () => {
      if (!replicaUp) return;
      replicaUp = false;
      run('pg_ctl', ['-D', replica, '-m', 'immediate', '-w', 'stop']);
    },
    stop: () => {
      for (const [d, up] of [
        [replica, replicaUp],
        [primary, true],
      ] as const)
        if (up) {
          try {
            run('pg_ctl', ['-D', d, '-m', 'immediate', '-w', 'stop']);
          } catch {
            // already stopped
          }
        }
      replicaUp = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
