/**
 * The address of a version's public view: /view/{public id}, the version's random, unguessable id (never its
 * sequential id, which would let anyone walk through other clients' drafts).
 */
export function publicViewPath(publicId: string): string {
  return `/view/${encodeURIComponent(publicId)}`;
}
