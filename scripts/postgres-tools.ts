import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Where Debian's PostgreSQL packages put each version's programs: <root>/<version>/bin. */
const PG_ROOT = "/usr/lib/postgresql";

/**
 * The newest installed PostgreSQL's `tool` (pg_ctl, pg_dump, pg_restore, psql): Debian keeps them
 * off the PATH, under /usr/lib/postgresql/<version>/bin; null when no version has it. The newest,
 * because pg_dump refuses a server newer than itself and pg_restore an archive from a newer pg_dump.
 */
export function installedPostgresTool(tool: string): string | null {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(PG_ROOT, name, "bin", tool)))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length === 0 ? null : join(PG_ROOT, versions[0]!, "bin", tool);
}

/** As `installedPostgresTool`, else the tool by its name on the PATH (another system's packages). */
export function postgresTool(tool: string): string {
  return installedPostgresTool(tool) ?? tool;
}
