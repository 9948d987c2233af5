#!/usr/bin/env bash
# The differential test of the JSON Schema rules: every pair of differential_pairs.json through a
# real Apicurio Registry 3.3.3 (its Confluent API) and through topicform's own check.
# Usage: tests/contract/differential.sh CONTRACT_VERDICTS   (from the repository root)
set -uo pipefail
verdicts=$(readlink -f "$1")
tmp=$(mktemp -d)
trap 'ci/registry/registry stop "$tmp/registry"; rm -rf "$tmp"' EXIT
port=$(ci/kafka/broker free-port 2)
ci/registry/registry start "$tmp/registry" "$port" >/dev/null || { echo "differential: the registry did not start"; exit 1; }
python3 tests/contract/differential.py "$(cat "$tmp/registry/url")" "$verdicts" tests/contract/differential_pairs.json
