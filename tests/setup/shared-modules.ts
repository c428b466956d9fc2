/**
 * setupFiles entry of the integration project, after env.ts: the files of a worker share the app's modules
 * there (isolate: false in vitest.config.ts), so each file starts with the configuration, the storage driver,
 * the mail transport and the auth instance made again from its own environment and database.
 * Not for the files that need modules of their own (the integration-own-modules project): importing the auth
 * module here would load better-auth before such a file sets its environment.
 */
import { resetAuthForTests, setPasswordHasherForTests } from "~/services/auth.server";
import { resetEnvForTests } from "~/services/env.server";
import { resetMailForTests } from "~/services/mail.server";
import { resetStorageForTests } from "~/services/storage.server";
import { cheapPasswordHasher } from "./password";

resetEnvForTests();
resetStorageForTests();
resetMailForTests();
resetAuthForTests();
setPasswordHasherForTests(cheapPasswordHasher);
