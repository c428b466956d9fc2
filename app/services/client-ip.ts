/** Header set by the Express server from the socket address (or a trusted proxy's), never by the client. */
export const CLIENT_IP_HEADER = "x-seo-client-ip";
