// The Node lines Yardkeep runs on (package.json engines). Checked before anything loads a native
// module: better-sqlite3 13 on an older Node crashes instead of saying why.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Yardkeep needs Node.js 22.12 or newer (22, 24 or 26); this is ${process.version}. Install a current Node and run the command again.`,
  );
  process.exit(1);
}
