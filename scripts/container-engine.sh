#!/usr/bin/env bash
# Sets up a container engine that testcontainers can drive on a Debian machine without Docker and
# without a reachable image registry: rootful Podman with its Docker-compatible API socket, and
# locally built PostgreSQL 15 and MariaDB 10.11 images (recipes in scripts/images/).
#
#   bash scripts/container-engine.sh          # set up (idempotent: a second run only checks)
#   . /run/dbbench/container-engine.env       # then point testcontainers and dbbench at it
#   bash scripts/container-engine.sh --stop   # stop the API service and remove dbbench's containers
#
# Needs root and apt. Built images are saved to an image cache (DBBENCH_IMAGE_CACHE, default
# /var/cache/dbbench/images), so a later set-up on the same machine loads them instead of running
# debootstrap and the builds again. Every step prints what it does and how long it took.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RECIPES=$ROOT/scripts/images
CACHE=${DBBENCH_IMAGE_CACHE:-/var/cache/dbbench/images}
STATE=${DBBENCH_CONTAINER_STATE:-/run/dbbench}
ENV_FILE=$STATE/container-engine.env
SOCKET=/run/podman/podman.sock
SERVICE_PID=$STATE/podman-service.pid
SERVICE_LOG=$STATE/podman-service.log
CONF=/etc/containers/containers.conf

BASE_IMAGE=localhost/debian:bookworm
POSTGRES_IMAGE=localhost/dbbench/postgres:15
MARIADB_IMAGE=localhost/dbbench/mariadb:10.11
# The label that ties an image to the recipe it was built from; a changed recipe means a rebuild.
RECIPE_LABEL=dev.dbbench.recipe
# Containers dbbench starts carry this label; --stop removes them (and any from the images above).
CONTAINER_LABEL=dev.dbbench

PACKAGES=(podman runc uidmap slirp4netns fuse-overlayfs containers-storage debootstrap)

now() { date +%s.%N; }
elapsed() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f s", end - start }'; }
say() { printf '%s\n' "$*"; }
# step "what" command…: runs a step, printing what it does and how long it took.
step() {
  local title=$1 started
  shift
  started=$(now)
  say "== $title"
  "$@"
  say "   done in $(elapsed "$started")"
}
die() {
  printf 'container-engine: %s\n' "$*" >&2
  exit 1
}

install_packages() {
  local missing=()
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    say "   already installed: ${PACKAGES[*]}"
    return
  fi
  say "   apt-get install ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  say "   $(podman --version)"
}

# The settings rootful Podman needs in a container without systemd (see each line's comment).
write_config() {
  local nofile nproc wanted
  nofile=$(ulimit -Hn)
  nproc=$(ulimit -Hu)
  # Containers inherit these limits; Podman's defaults exceed what this machine allows ("error setting
  # rlimit type 7"), and runc refuses an nproc above 32768 here.
  if [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ]; then nproc=32768; fi
  [ "$nofile" = unlimited ] && nofile=1048576
  wanted=$(
    cat <<EOF
# Written by dbbench's scripts/container-engine.sh; rewritten on every run.
[containers]
# The machine's hard limits: Podman's defaults are higher than a process here may set.
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]

[engine]
# No systemd here: cgroups are managed directly and events go to a file, not the journal.
cgroup_manager = "cgroupfs"
events_logger = "file"
runtime = "runc"
# Without a short delay every exec (wait strategies use them) leaves two conmon processes for 300 s.
exit_command_delay = 10
EOF
  )
  if [ -f "$CONF" ] && ! grep -q "dbbench's scripts/container-engine.sh" "$CONF"; then
    cp "$CONF" "$CONF.before-dbbench"
    say "   kept the previous $CONF as $CONF.before-dbbench"
  fi
  if [ -f "$CONF" ] && [ "$(cat "$CONF")" = "$wanted" ]; then
    say "   $CONF is current"
  else
    mkdir -p "$(dirname "$CONF")"
    printf '%s\n' "$wanted" >"$CONF"
    say "   wrote $CONF (nofile=$nofile, nproc=$nproc, cgroupfs, file events, runc, exit_command_delay=10)"
  fi
}

service_answers() { curl -fsS --max-time 2 --unix-socket "$SOCKET" http://podman/_ping >/dev/null 2>&1; }

start_service() {
  if service_answers; then
    say "   already answering on $SOCKET"
    return
  fi
  mkdir -p "$(dirname "$SOCKET")" "$STATE"
  # --time=0: never exit for idleness. setsid: the service outlives this script's process group.
  setsid podman system service --time=0 "unix://$SOCKET" >"$SERVICE_LOG" 2>&1 </dev/null &
  echo $! >"$SERVICE_PID"
  for _ in $(seq 1 100); do
    service_answers && {
      say "   podman system service (pid $(cat "$SERVICE_PID")) answers on $SOCKET"
      return
    }
    sleep 0.1
  done
  die "the Podman API service did not answer on $SOCKET within 10 s; see $SERVICE_LOG"
}

# The label value of an image that exists locally, or nothing.
image_recipe() { podman image inspect --format "{{ index .Labels \"$RECIPE_LABEL\" }}" "$1" 2>/dev/null || true; }

# The cache file for an image built from a recipe: a changed recipe never loads a stale archive.
cache_prefix() { printf '%s-' "$(printf '%s' "$1" | tr '/:' '__')"; }
cache_file() { printf '%s/%s%s.tar' "$CACHE" "$(cache_prefix "$1")" "$2"; }

# ensure_image NAME RECIPE_HASH BUILD_FUNCTION: present with this recipe → nothing; cached → load;
# otherwise build and save to the cache.
ensure_image() {
  local image=$1 recipe=$2 build=$3 archive started previous
  archive=$(cache_file "$image" "$recipe")
  if [ "$(image_recipe "$image")" = "$recipe" ]; then
    say "   $image: present (recipe $recipe)"
    return
  fi
  # An image of an older recipe is replaced; its untagged layers are removed afterwards.
  previous=$(podman image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
  if [ -f "$archive" ]; then
    started=$(now)
    podman load -q -i "$archive" >/dev/null
    say "   $image: loaded from $archive in $(elapsed "$started")"
  else
    build_image "$image" "$recipe" "$build" "$archive"
  fi
  if [ -n "$previous" ]; then podman rmi "$previous" >/dev/null 2>&1 || true; fi
}

build_image() {
  local image=$1 recipe=$2 build=$3 archive=$4 started
  # A derived image needs the base first (timed as its own step).
  [ "$build" = build_base ] || ensure_base
  started=$(now)
  "$build" "$recipe"
  say "   $image: built in $(elapsed "$started")"
  started=$(now)
  mkdir -p "$CACHE"
  # Archives of older recipes of this image are of no further use.
  find "$CACHE" -maxdepth 1 -name "$(cache_prefix "$image")*.tar" -delete
  podman save -q -o "$archive.partial" "$image"
  mv "$archive.partial" "$archive"
  say "   $image: saved to $archive ($(du -h "$archive" | cut -f1)) in $(elapsed "$started")"
}

# The mirror apt already uses (first deb822 URIs or sources.list line), so debootstrap needs no
# other network access than apt does.
APT_SOURCES=/etc/apt/sources.list.d/debian.sources
apt_mirror() {
  local uri
  uri=$(awk '/^URIs:/ { print $2; exit }' "$APT_SOURCES" 2>/dev/null || true)
  [ -n "$uri" ] || uri=$(awk '$1 == "deb" && $0 !~ /security/ { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)
  printf '%s' "${uri:-http://deb.debian.org/debian}"
}

build_base() {
  local recipe=$1 root mirror
  mirror=$(apt_mirror)
  root=$(mktemp -d /var/tmp/dbbench-debootstrap.XXXXXX)
  say "   debootstrap --variant=minbase bookworm from $mirror"
  debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1 ||
    {
      tail -n 20 "$root.log" >&2
      die "debootstrap failed (log: $root.log)"
    }
  # The machine's own apt sources (updates and security included), so the servers in the images are
  # the same versions as the machine's packages.
  if [ -f "$APT_SOURCES" ]; then
    cp "$APT_SOURCES" "$root/etc/apt/sources.list.d/"
    rm -f "$root/etc/apt/sources.list"
  fi
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -c . | podman import -q \
    --change "LABEL $RECIPE_LABEL=$recipe" --change 'CMD ["/bin/bash"]' - "$BASE_IMAGE" >/dev/null
  rm -rf "$root" "$root.log"
}

# build_recipe IMAGE DIRECTORY RECIPE_HASH
build_recipe() {
  local image=$1 directory=$2 recipe=$3 log
  log=$(mktemp /var/tmp/dbbench-build.XXXXXX)
  podman build --build-arg "BASE=$BASE_IMAGE" --label "$RECIPE_LABEL=$recipe" \
    -t "$image" -f "$directory/Containerfile" "$directory" >"$log" 2>&1 || {
    tail -n 30 "$log" >&2
    die "building $image failed (log: $log)"
  }
  rm -f "$log"
}

# The first 12 hex digits of the SHA-256 of standard input.
hash_of() { sha256sum | cut -c1-12; }
base_recipe() { { printf 'debootstrap minbase bookworm %s\n' "$(apt_mirror)"; cat "$APT_SOURCES" 2>/dev/null || true; } | hash_of; }
# A derived image's recipe includes its base's, so a new base rebuilds it.
postgres_recipe() { { base_recipe; cat "$RECIPES"/postgres/*; } | hash_of; }
mariadb_recipe() { { base_recipe; cat "$RECIPES"/mariadb/*; } | hash_of; }

ensure_base() { ensure_image "$BASE_IMAGE" "$(base_recipe)" build_base; }
build_postgres() { build_recipe "$POSTGRES_IMAGE" "$RECIPES/postgres" "$1"; }
build_mariadb() { build_recipe "$MARIADB_IMAGE" "$RECIPES/mariadb" "$1"; }

ensure_images() {
  ensure_image "$POSTGRES_IMAGE" "$(postgres_recipe)" build_postgres
  ensure_image "$MARIADB_IMAGE" "$(mariadb_recipe)" build_mariadb
}

write_env_file() {
  mkdir -p "$STATE"
  cat >"$ENV_FILE.partial" <<EOF
# Written by scripts/container-engine.sh: source it to run testcontainers and dbbench on local Podman.
export DOCKER_HOST=unix://$SOCKET
# The machine may look like a container (/.dockerenv): connect to published ports on localhost.
export TESTCONTAINERS_HOST_OVERRIDE=localhost
# The Ryuk reaper image cannot be pulled here; dbbench removes its containers by label instead.
export TESTCONTAINERS_RYUK_DISABLED=true
export DBBENCH_POSTGRES_IMAGE=$POSTGRES_IMAGE
export DBBENCH_MYSQL_IMAGE=$MARIADB_IMAGE
EOF
  mv "$ENV_FILE.partial" "$ENV_FILE"
  say "   $ENV_FILE"
}

# Containers dbbench started (by label) and any container of its images, running or not.
known_containers() {
  {
    podman ps -aq --filter "label=$CONTAINER_LABEL"
    podman ps -aq --filter "ancestor=$POSTGRES_IMAGE"
    podman ps -aq --filter "ancestor=$MARIADB_IMAGE"
  } 2>/dev/null | sort -u
}

remove_containers() {
  local ids
  ids=$(known_containers)
  if [ -z "$ids" ]; then
    say "   none"
    return
  fi
  # shellcheck disable=SC2086 # one id per word
  podman rm -f -v -t 2 $ids >/dev/null
  say "   removed $(printf '%s\n' "$ids" | wc -l) container(s)"
}

stop_service() {
  local pid
  if [ -f "$SERVICE_PID" ]; then
    pid=$(cat "$SERVICE_PID")
    if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q 'system service'; then
      kill "$pid"
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      say "   stopped podman system service (pid $pid)"
    else
      say "   not running"
    fi
    rm -f "$SERVICE_PID"
  elif service_answers; then
    say "   a service this script did not start answers on $SOCKET: left alone"
  else
    say "   not running"
  fi
  rm -f "$ENV_FILE"
}

main() {
  [ "$(id -u)" = 0 ] || die "run as root (rootful Podman, apt-get, /etc/containers)"
  local started
  started=$(now)
  case "${1:-}" in
    --stop)
      if command -v podman >/dev/null; then step "containers of dbbench" remove_containers; fi
      step "Podman API service" stop_service
      ;;
    '')
      command -v apt-get >/dev/null || die "needs a Debian-like system with apt-get"
      step "packages" install_packages
      step "containers.conf" write_config
      step "images (cache: $CACHE)" ensure_images
      step "Podman API service" start_service
      step "environment file" write_env_file
      say "ready: . $ENV_FILE"
      ;;
    -h | --help)
      sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
      return
      ;;
    *) die "unknown argument $1 (use --stop, --help or nothing)" ;;
  esac
  say "total $(elapsed "$started")"
}

main "$@"
