/**
 * One value per SQLite file for the life of the process, made on first use: what the
 * handles of one process on one file share (their turns, sqlite-turns.ts; their session
 * writes, connection.ts). Keyed by the file's real path; a process has a few files at most
 * (one per test database).
 */
export function onePerFile<T>(make: () => T): (file: string) => T {
  const byFile = new Map<string, T>();
  return (file) => {
    let value = byFile.get(file);
    if (value === undefined) {
      value = make();
      byFile.set(file, value);
    }
    return value;
  };
}
