#!/usr/bin/env node
// `npm run test:wordpress` (issue 15): publishing against a real WordPress, not the fake one.
//
// Installs nothing: it uses Debian's `wordpress` package (/usr/share/wordpress), PHP's command line (its built-in
// web server) and MariaDB's server, which `.ci/run` installs when they are missing. In a temporary folder it
// starts a throwaway MariaDB (its own data folder and socket, no network), lays out a WordPress whose code is
// Debian's (linked, never changed) with a configuration and a wp-content of its own, installs it with an
// administrator, turns on WP_ENVIRONMENT_TYPE=local (application passwords then work over plain HTTP), makes
// an application password, and serves it with `php -S` on a free port of 127.0.0.1. Then it runs the tests of
// tests/wordpress/ with its address and credentials (the `wordpress` project of vitest.config.ts), and always
// stops both servers (their process groups) and removes the folder (also on failure or Ctrl-C). Exits with vitest's exit code.
// Extra arguments are passed to vitest.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

const root = path.resolve(import.meta.dirname, "..");
const WORDPRESS = process.env.WORDPRESS_DIR ?? "/usr/share/wordpress";
const PACKAGES = "apt-get install -y --no-install-recommends wordpress php-cli php-mysql mariadb-server";

function fail(message) {
  console.error(`test:wordpress: ${message}`);
  process.exit(1);
}

/** The first of `names` found in PATH or in the sbin folders (mariadbd lives in /usr/sbin). */
function which(...names) {
  const dirs = [...(process.env.PATH ?? "").split(":"), "/usr/sbin", "/usr/local/sbin", "/sbin"];
  for (const name of names) for (const dir of dirs) if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  return null;
}

const tools = {
  php: which("php"),
  mariadbd: which("mariadbd", "mysqld"),
  installDb: which("mariadb-install-db", "mysql_install_db"),
  client: which("mariadb", "mysql"),
};
const missing = Object.entries(tools).flatMap(([name, found]) => (found ? [] : [name]));
if (!fs.existsSync(path.join(WORDPRESS, "wp-settings.php"))) missing.push(`WordPress (${WORDPRESS})`);
if (missing.length) fail(`missing ${missing.join(", ")}. Install Debian's packages: ${PACKAGES}`);
const phpModules = spawnSync(tools.php, ["-m"], { encoding: "utf8" }).stdout ?? "";
if (!/^mysqli$/m.test(phpModules)) fail(`PHP has no mysqli module. Install Debian's packages: ${PACKAGES}`);

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "seo-test-wp-"));
const dataDir = path.join(tmp, "db");
const socket = path.join(tmp, "mysqld.sock");
const site = path.join(tmp, "site");
const children = [];
/** Set once MariaDB is started. */
let mariadb;

/**
 * Each server runs in a process group of its own, and the whole group is stopped: PHP's server forks workers,
 * which outlive a SIGTERM to it (they are killed; they hold nothing), while MariaDB shuts down on SIGTERM.
 */
function signalAll() {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, child === mariadb ? "SIGTERM" : "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/** Stops the servers, waits until they have (MariaDB writes its files until then; at most 10 s), removes the folder. */
async function stopAll() {
  signalAll();
  const exited = children.map((child) =>
    child.exitCode !== null || child.signalCode !== null ? null : new Promise((resolve) => child.once("exit", resolve)),
  );
  await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  fs.rmSync(tmp, { recursive: true, force: true });
}
// The last resort, when the script ends another way (a failed step): stop them without waiting.
process.on("exit", () => {
  signalAll();
  fs.rmSync(tmp, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    void stopAll().then(() => process.exit(130));
  });
}

/** The end of the servers' logs, before the folder that holds them is removed. */
function showLogs() {
  for (const log of ["php.log", "mysqld.log"]) {
    const file = path.join(tmp, log);
    const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    if (text.trim()) console.error(`--- the end of ${log} ---\n${text.split("\n").slice(-30).join("\n")}`);
  }
}

/** Runs a command to its end; its output is shown only when it fails. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    fail(
      `${path.basename(command)} ${args.join(" ")} failed (${result.status ?? result.signal}):\n${result.stdout ?? ""}${result.stderr ?? ""}`,
    );
  }
  return result.stdout;
}

/** Waits until `check` is true; else shows the logs and fails, with what the last try saw (`lastSeen`). */
async function waitFor(what, check, lastSeen = () => "", timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) {
      showLogs();
      fail(`${what} did not start within ${timeoutMs / 1000} s. ${lastSeen()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// --- MariaDB: its own data folder, reached through its socket only ----------------------------------------
const userArgs = asRoot ? ["--user=root"] : [];
run(tools.installDb, ["--no-defaults", `--datadir=${dataDir}`, "--auth-root-authentication-method=normal", "--skip-test-db", ...userArgs]);
mariadb = spawn(
  tools.mariadbd,
  [
    "--no-defaults",
    `--datadir=${dataDir}`,
    `--socket=${socket}`,
    "--skip-networking",
    `--pid-file=${path.join(tmp, "mysqld.pid")}`,
    `--log-error=${path.join(tmp, "mysqld.log")}`,
    "--innodb-buffer-pool-size=32M",
    ...userArgs,
  ],
  { stdio: "ignore", detached: true },
);
children.push(mariadb);
const sql = (statement) =>
  spawnSync(tools.client, ["--no-defaults", `--socket=${socket}`, "-uroot", "-e", statement], { encoding: "utf8" });
await waitFor("MariaDB", () => sql("SELECT 1").status === 0);
run(tools.client, ["--no-defaults", `--socket=${socket}`, "-uroot", "-e", "CREATE DATABASE wordpress CHARACTER SET utf8mb4"]);

// --- WordPress: Debian's code, linked; a configuration and a wp-content of its own --------------------------
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
fs.mkdirSync(site);
for (const entry of fs.readdirSync(WORDPRESS)) {
  if (entry === "wp-config.php" || entry === "wp-content" || entry === ".htaccess") continue;
  fs.symlinkSync(path.join(WORDPRESS, entry), path.join(site, entry));
}
for (const dir of ["wp-content/themes", "wp-content/plugins", "wp-content/uploads"])
  fs.mkdirSync(path.join(site, dir), { recursive: true });
const php = (value) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
fs.writeFileSync(
  path.join(site, "wp-config.php"),
  `<?php
// Written by scripts/test-wordpress.mjs for one test run.
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', ${php(`localhost:${socket}`)});
define('DB_CHARSET', 'utf8mb4');
define('WP_HOME', ${php(url)});
define('WP_SITEURL', ${php(url)});
define('WP_CONTENT_DIR', ${php(path.join(site, "wp-content"))});
define('WP_CONTENT_URL', ${php(`${url}/wp-content`)});
// Application passwords over plain HTTP (wp_is_application_passwords_supported).
define('WP_ENVIRONMENT_TYPE', 'local');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
define('WP_DEBUG', false);
define('AUTH_KEY', ${php(Math.random().toString(36))});
define('SECURE_AUTH_KEY', ${php(Math.random().toString(36))});
define('LOGGED_IN_KEY', ${php(Math.random().toString(36))});
define('NONCE_KEY', ${php(Math.random().toString(36))});
$table_prefix = 'wp_';
require_once ABSPATH . 'wp-settings.php';
`,
);
// Debian's files find their configuration beside ABSPATH, which they would set to their own folder (PHP
// resolves the links): it is set to this one first, for the web server and for the installer alike.
const prepend = path.join(tmp, "prepend.php");
fs.writeFileSync(prepend, `<?php define('ABSPATH', ${php(`${site}/`)});\n`);
const phpIni = [
  "-d",
  `auto_prepend_file=${prepend}`,
  "-d",
  "upload_max_filesize=16M",
  "-d",
  "post_max_size=16M",
  "-d",
  "memory_limit=256M",
];

const PASSWORD = "test-wordpress-admin";
const installer = path.join(tmp, "install.php");
fs.writeFileSync(
  installer,
  `<?php
define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] = ${php(`127.0.0.1:${port}`)};
require ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
$installed = wp_install('Boulangerie réelle', 'editor', 'editor@example.com', false, '', ${php(PASSWORD)});
$user = (int) $installed['user_id'];
// A fresh site, without the installer's 'Hello world!' post and sample page: the tests count what they publish.
foreach (get_posts(array('post_type' => array('post', 'page'), 'post_status' => 'any', 'numberposts' => -1)) as $post) {
  wp_delete_post($post->ID, true);
}
update_option('permalink_structure', '');
[$application] = WP_Application_Passwords::create_new_application_password($user, array('name' => 'SEO test'));
echo json_encode(array('user' => 'editor', 'applicationPassword' => $application));
`,
);
const installed = JSON.parse(
  run(tools.php, [...phpIni, installer], { cwd: site })
    .trim()
    .split("\n")
    .at(-1),
);

// Sets the permalink structure ('' for plain, '/%postname%/' for pretty): the test tries the API both ways.
const permalinks = path.join(tmp, "permalinks.php");
fs.writeFileSync(
  permalinks,
  `<?php
$_SERVER['HTTP_HOST'] = ${php(`127.0.0.1:${port}`)};
require ABSPATH . 'wp-load.php';
global $wp_rewrite;
$wp_rewrite->set_permalink_structure($argv[1] ?? '');
flush_rewrite_rules();
`,
);
// What Apache's rewrite rules do for pretty permalinks: a path that is no file goes to index.php. PHP's server
// does not prepend auto_prepend_file to its router: the router does.
const router = path.join(tmp, "router.php");
fs.writeFileSync(
  router,
  `<?php
require_once ${php(prepend)};
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if ($path !== '/' && (is_file($file) || is_file(rtrim($file, '/') . '/index.php'))) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
require $_SERVER['DOCUMENT_ROOT'] . '/index.php';
`,
);

const server = spawn(tools.php, [...phpIni, "-S", `127.0.0.1:${port}`, "-t", site, router], {
  cwd: site,
  stdio: ["ignore", fs.openSync(path.join(tmp, "php.log"), "a"), fs.openSync(path.join(tmp, "php.log"), "a")],
  env: { ...process.env, PHP_CLI_SERVER_WORKERS: "4" },
  detached: true,
});
children.push(server);
let lastAnswer = "";
await waitFor(
  "PHP's web server",
  async () => {
    try {
      const answer = await fetch(`${url}/?rest_route=/`);
      lastAnswer = `${answer.status}: ${(await answer.text()).slice(0, 600)}`;
      return answer.ok;
    } catch (error) {
      lastAnswer = String(error);
      return false;
    }
  },
  () => `Its last answer: ${lastAnswer}`,
);
console.log(
  `test:wordpress: WordPress ${run(tools.php, ["-r", `include '${WORDPRESS}/wp-includes/version.php'; echo $wp_version;`]).trim()} on ${url}`,
);

// --- the tests --------------------------------------------------------------------------------------------
const vitest = spawnSync(
  process.execPath,
  [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--project", "wordpress", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      WORDPRESS_TEST_URL: url,
      WORDPRESS_TEST_USER: installed.user,
      WORDPRESS_TEST_APPLICATION_PASSWORD: installed.applicationPassword,
      // The command that switches the site's permalinks (the argument: the structure), run by the test.
      WORDPRESS_TEST_SET_PERMALINKS: JSON.stringify([tools.php, ...phpIni, permalinks]),
    },
  },
);
if (vitest.status !== 0) showLogs();
// The servers would keep Node running: stop them, then leave with vitest's code.
await stopAll();
process.exit(vitest.status ?? 1);
