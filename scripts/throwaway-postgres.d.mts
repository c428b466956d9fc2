/** See throwaway-postgres.mjs: a throwaway PostgreSQL server from Debian's package, for test:pg and bench:results. */
export type PostgresBinaries = { dir: string; initdb: string; pgCtl: string };
export function findPostgresBinaries(): PostgresBinaries | null;
export function throwawayPostgres(
  binaries: PostgresBinaries,
  prefix: string,
): { start(): Promise<{ url: string; version: string }>; stop(): void; stopAsync(): Promise<void> };
