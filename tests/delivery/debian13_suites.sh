#!/usr/bin/env bash
# One of the suites that reach a cluster (integration, auth, ACLs, dead-letter operations) again,
# with the image's binary (built in the Debian 13 root by tests/delivery/image.sh, librdkafka 2.8)
# running in the runtime root against real brokers on the host's loopback, so each newer
# librdkafka path is tested where the fallback is on the host. The services' client
# (KAFKA_CLIENT, for the ACL suite) stays the host's: only topicform changes.
# Usage: tests/delivery/debian13_suites.sh BINARY KAFKA_CLIENT SUITE   (from the repository root,
# as root; SUITE is a script under tests/, such as integration/run.sh)
set -uo pipefail
usage="usage: tests/delivery/debian13_suites.sh BINARY KAFKA_CLIENT SUITE"
binary=$(readlink -f "${1:?$usage}")
kafka_client=$(readlink -f "${2:?$usage}")
suite="${3:?$usage}"
[ -f "tests/$suite" ] || { echo "debian13: no suite tests/$suite" >&2; exit 1; }
root=$(pwd)
[ -x "$binary" ] || { echo "debian13: no binary at $binary (tests/delivery/image.sh makes it)" >&2; exit 1; }
runtime_root=$(ci/debian-root runtime) || exit 1
# The view's mount point stays out of /tmp, which is bound into the view itself.
work=$(mktemp -d -p /var/tmp topicform-view.XXXXXX)
trap 'rm -rf "$work"' EXIT
# topicform as the image runs it, in the caller's folder: the suites call this as their binary.
cat >"$work/topicform" <<'SH'
#!/bin/sh
exec unshare --root="$TOPICFORM_VIEW" --wd="$PWD" /usr/local/bin/topicform "$@"
SH
chmod +x "$work/topicform"
# Only what differs between the librdkafka versions runs twice: the integration suite's faults
# during an apply (case 10) exercise the engine and the broker, not the client's requests.
export TOPICFORM_SKIP_CASES="10"
ci/debian-view "$runtime_root" "$work/view" --copy "$binary:/usr/local/bin/topicform" \
  --bind /tmp:/tmp --bind "$root:$root" --host -- bash -c '
    "$1" version | sed -n "2,6s/^/debian13: /p" >&2
    exec "tests/$3" "$1" "$2"' debian13 "$work/topicform" "$kafka_client" "$suite"
