/**
 * SQLite's Unix file layer opens paths of at most 512 bytes (MAX_PATHNAME); past that it says only
 * "unable to open database file". A project at a long (but legal) path could then never be built nor log,
 * and the message named no cause. The adapter adds this cause to SQLite's error; W002 names it again
 * when a log cannot be written for it. The adapter writes this text itself (Node loads it by type stripping,
 * which resolves no import of ours); the SQLite adapter's own test checks the two agree.
 */
export const SQLITE_MAX_PATHNAME = 512

/** The cause, for a path of `bytes` bytes. */
export const pathTooLongText = (bytes: number): string =>
  `its path is ${bytes} bytes; SQLite opens paths of at most ${SQLITE_MAX_PATHNAME}: use a shorter directory`

/** The cause as an error message holds it, if it does. */
export const pathTooLongIn = (message: string): string | undefined =>
  /its path is \d+ bytes; SQLite opens paths of at most \d+: use a shorter directory/.exec(message)?.[0]
