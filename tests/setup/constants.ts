/** Fixed values shared by the test setup and the integration tests. */
export const TEST_PUBLIC_URL = "http://localhost:3999";
/** 40 characters, fixed, so that signed cookies are reproducible inside a run. */
export const TEST_AUTH_SECRET = "test-secret-0123456789-abcdefghijklmnopq";

/** What the global setup hands to each test file (through vitest's provide/inject). */
export type TestDatabaseTemplate =
  | { kind: "pglite"; tarball: string }
  | { kind: "postgres"; url: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
    /** A temp folder for this run; each test file's DATA_DIR is made inside it. */
    testRunDir: string;
  }
}
