/**
 * A URL as a message may quote it: its password (`scheme://user:password@`)
 * hidden. The team database's URLs are shown by the PostgreSQL adapter's
 * `describeUrl` once they are PostgreSQL's; a URL refused before that (a
 * mistyped scheme, `postgress://skc:secret@…`) is quoted back through this,
 * so a slip of the scheme does not print the password to a terminal or a
 * CI log.
 */
export const withoutPassword = (url: string): string => url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#@:\s]*):[^/?#@\s]*@/, "$1:***@")
