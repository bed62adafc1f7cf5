#!/usr/bin/env bash
# What `npm run test:container` needs before it builds the image, each step only when missing:
# podman and runc (and debootstrap) from the distribution's packages, and a stand-in for the
# official `node:<version>-bookworm-slim` base image for machines that cannot pull from an image
# registry: Debian bookworm minbase (debootstrap) with the Node binary of the project's own `node`
# devDependency, npm, and the `node` user (uid 1000) the official image has.
#
# Usage: scripts/container/prepare.sh [TAG]   (run from the project root, after npm ci)
#   TAG  the base image to make (default: localhost/node:<node version>-bookworm-slim)
# Prints `phase <name> <seconds>` lines for the test's timing table, and `base <TAG>` last.
# podman reads scripts/container/containers.conf (CONTAINERS_CONF), never the machine's own.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF=$PWD/scripts/container/containers.conf
node_bin=$PWD/node_modules/node/bin/node
[ -x "$node_bin" ] || { echo "prepare: no $node_bin: run npm ci first" >&2; exit 2; }
version=$("$node_bin" --version | tr -d v)
tag=${1:-localhost/node:${version}-bookworm-slim}

mark=$(date +%s%N)
phase() { local now; now=$(date +%s%N); echo "phase $1 $(( (now - mark) / 1000000 ))"; mark=$now; }

missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || missing+=(runc)
command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
  echo "prepare: installing ${missing[*]} from the distribution's packages" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" ca-certificates >/dev/null
fi
phase packages

if ! podman image exists "$tag"; then
  echo "prepare: making the stand-in base image $tag" >&2
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # The distribution mirror this machine's apt already uses.
  mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$mirror" ] || mirror=$(awk '/^deb / {print $2; exit}' /etc/apt/sources.list)
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >/dev/null
  install -m 0755 "$node_bin" "$work/rootfs/usr/local/bin/node"
  # npm, as the official image has it: the Dockerfile's build stage runs `npm ci`.
  (cd "$work" && npm pack npm@10 --silent >/dev/null)
  mkdir -p "$work/rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  # The build stage reaches the npm registry as this machine does, through TLS that the machine's
  # CA bundle may vouch for (the official image trusts the public CAs only).
  mkdir -p "$work/rootfs/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$work/rootfs/etc/ssl/certs/ca-certificates.crt"
  # The official image's unprivileged user.
  chroot "$work/rootfs" groupadd --gid 1000 node
  chroot "$work/rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$work/rootfs/var/cache/apt/archives"/*.deb "$work/rootfs/var/lib/apt/lists"/*
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["node"]' \
    --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$tag" >/dev/null
fi
phase base-image
echo "base $tag"
