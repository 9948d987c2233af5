#!/usr/bin/env bash
# Messages through the logger: levels filter them, --log-format json writes one JSON object per
# line (time, level, message, command), colour only on a terminal and never with NO_COLOR, -v
# shows the detail (librdkafka's own lines, registry requests), -X debug still shows librdkafka's
# debug lines, results on stdout are the same whatever the level, and bad values are refused.
# Usage: tests/cli/logging.sh TOPICFORM_BINARY   (from the repository root; needs no cluster)
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
suite=logging
. "$(dirname "$0")/../lib.sh"
trap '[ "$failed" -eq 0 ] && rm -rf "$tmp"' EXIT
unset NO_COLOR TOPICFORM_LOG_LEVEL TOPICFORM_LOG_FORMAT
down=127.0.0.1:1  # nothing listens: every connection is refused at once

# Levels: info shows the notes, warn and error hide them; the error itself shows at error.
expect_exit 0 "docs at the default level" "$bin" docs --out "$tmp/d1" topics
expect_out "^docs: wrote [0-9]+ file\(s\) for 5 topic\(s\) to $tmp/d1$" "info shows at the default level"
expect_exit 0 "docs at warn" "$bin" docs --log-level warn --out "$tmp/d2" topics
[ -s "$tmp/err" ] && bad "--log-level warn still printed: $(head -1 "$tmp/err")" || ok
[ -f "$tmp/d2/README.md" ] && ok || bad "the command ran at warn"
expect_exit 1 "an unreachable cluster at error" "$bin" --log-level error plan --bootstrap-server "$down" --timeout 2s topics
expect_out "^topicform: error: " "the error shows at --log-level error"
grep -q "^debug:" "$tmp/err" && bad "debug lines at --log-level error" || ok
expect_exit 1 "the same at off" "$bin" --log-level off plan --bootstrap-server "$down" --timeout 2s topics
[ -s "$tmp/err" ] && bad "--log-level off printed" || ok

# -v: the detail behind the error (librdkafka's lines); without it, none.
expect_exit 1 "plan -v" "$bin" -v plan --bootstrap-server "$down" --timeout 2s topics
expect_out "^debug: librdkafka [A-Z]+: " "-v shows librdkafka's lines as debug"
expect_exit 1 "plan at info" "$bin" plan --bootstrap-server "$down" --timeout 2s topics
grep -q "librdkafka" "$tmp/err" && bad "librdkafka's lines at the default level" || ok
expect_exit 1 "plan -X debug=broker" "$bin" plan --bootstrap-server "$down" --timeout 2s -X debug=broker topics
expect_out "^librdkafka [A-Z]+: " "-X debug still shows librdkafka's debug lines"

# JSON lines: every stderr line an object with time, level, message and the command.
expect_exit 1 "plan --log-format json" "$bin" -vv plan --log-format json --bootstrap-server "$down" --timeout 2s topics
python3 - "$tmp/err" <<'PY' && ok || bad "every stderr line is a JSON object with time, level, message, command"
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
assert lines, "no lines"
levels = set()
for line in lines:
    o = json.loads(line)
    assert list(o)[:3] == ["time", "level", "message"], o
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", o["time"]), o
    assert o["command"] == "plan", o
    assert "\033" not in o["message"], o
    levels.add(o["level"])
assert {"error", "debug"} <= levels, levels
PY
[ -s "$tmp/out" ] && bad "a failed plan wrote to stdout" || ok
TOPICFORM_LOG_FORMAT=json expect_exit 0 "TOPICFORM_LOG_FORMAT=json" "$bin" validate topics
python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1])]" "$tmp/err" && ok || bad "the variable sets the format"

# The files init and schema --out write are told as JSON lines too.
wrote_as_json() {  # DIR FILE...: every stderr line is JSON, and says "wrote DIR/FILE" for each
  python3 - "$tmp/err" "$@" <<'PY'
import json, sys
lines = [json.loads(line) for line in open(sys.argv[1])]
wrote = {o["message"] for o in lines}
want = {f"wrote {sys.argv[2]}/{name}" for name in sys.argv[3:]}
assert want <= wrote, (want, wrote)
PY
}
expect_exit 0 "init --log-format json" "$bin" --log-format json init "$tmp/init-json"
wrote_as_json "$tmp/init-json" topics/topicform.yaml topics/orders/created.yaml \
  && ok || bad "init tells each file it wrote as a JSON line"
expect_exit 0 "schema --out --log-format json" "$bin" --log-format json schema --out "$tmp/schema-json"
wrote_as_json "$tmp/schema-json" topic.schema.json settings.schema.json \
  && ok || bad "schema --out tells each file it wrote as a JSON line"

# Results on stdout do not depend on the level or the format.
"$bin" validate --format json topics >"$tmp/v1" 2>/dev/null
"$bin" -vv --log-format json validate --format json topics >"$tmp/v2" 2>/dev/null
cmp -s "$tmp/v1" "$tmp/v2" && ok || bad "validate's result changed with the log level"

# Colour: the level's prefix on a terminal; never with NO_COLOR; never when not a terminal.
on_tty() { script -qec "$*" /dev/null >"$tmp/tty" 2>&1; }
on_tty "$bin plan --bootstrap-server $down --timeout 2s topics"
grep -q $'\033\[1;31mtopicform: error:' "$tmp/tty" && ok || bad "the error's prefix is red on a terminal"
NO_COLOR=1 on_tty "$bin plan --bootstrap-server $down --timeout 2s topics"
grep -q "topicform: error:" "$tmp/tty" && ok || bad "the error shows with NO_COLOR"
grep -q $'\033\[1;31m' "$tmp/tty" && bad "NO_COLOR still coloured the prefix" || ok
expect_exit 1 "stderr not a terminal" "$bin" plan --bootstrap-server "$down" --timeout 2s topics
grep -q $'\033' "$tmp/err" && bad "escape codes off a terminal" || ok

# Bad values are refused before anything runs.
expect_exit 1 "a bad level" "$bin" --log-level loud validate topics
expect_out "^topicform: error: --log-level 'loud': use error, warn, info, debug or trace$" "the bad level is named"
expect_exit 1 "a bad format" "$bin" validate --log-format=xml topics
expect_out "^topicform: error: --log-format 'xml': use text or json$" "the bad format is named"
TOPICFORM_LOG_LEVEL=chatty expect_exit 1 "a bad variable" "$bin" validate topics
expect_out "^topicform: error: TOPICFORM_LOG_LEVEL: --log-level 'chatty': use error, warn, info, debug or trace$" "the variable is named"
expect_exit 1 "a flag without its value" "$bin" validate topics --log-level
expect_out "^topicform: error: --log-level needs a value$" "the missing value is said"
finish
