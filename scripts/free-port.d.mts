/** See free-port.mjs: a free TCP port on 127.0.0.1, for the tests and scripts that start servers of their own. */
export function freePort(): Promise<number>;
