#!/usr/bin/env bash
# The Dockerfile without a Docker engine: its build stage's RUN steps run in a clean folder (the
# repository's tracked files, as `COPY . /src` sees them), then the binary runs inside a root made
# of nothing but the files of the runtime stage's packages (and what apt would pull in with
# them), so a library missing from ci/runtime-packages fails here.
# Usage: tests/delivery/image.sh   (from the repository root)
set -uo pipefail
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { echo "image: FAILED $*" >&2; failed=$((failed + 1)); }

# The build stage, step by step: COPY . /src gets the tracked files minus .dockerignore.
mkdir -p "$tmp/src" "$tmp/out"
git ls-files -z | grep -zv -e '^build/' -e '^\.git/' | xargs -0 cp -a --parents -t "$tmp/src"
/usr/bin/python3 - Dockerfile "$tmp" >"$tmp/steps" <<'PY'
import re, sys
text = open(sys.argv[1]).read().replace("\\\n", " ")
stages = re.split(r"^FROM ", text, flags=re.M)[1:]
build = stages[0]
for line in build.splitlines():
    if line.startswith("RUN "):
        print(line[4:].replace("/src", sys.argv[2] + "/src").replace("/out", sys.argv[2] + "/out"))
PY
[ "$(wc -l <"$tmp/steps")" -ge 2 ] && ok || bad "the build stage has its RUN steps"
while read -r step; do
  echo "image: RUN $step" >&2
  # CI=true turns on -Werror, so the optimised release build is held to the same warnings as the
  # test build whether or not the caller's environment sets CI.
  CI=true bash -c "$step" >"$tmp/step.log" 2>&1 || { bad "build step failed: $step"; tail -20 "$tmp/step.log" >&2; }
done <"$tmp/steps"
binary="$tmp/out/topicform"
[ -x "$binary" ] && ok || { bad "the build stage produced no binary"; echo "image: $passed passed, $failed failed"; exit 1; }

# Which packages the runtime stage would hold: the list, the base image's C and C++ runtime,
# and everything apt installs with them (Depends and Pre-Depends, no Recommends).
mapfile -t runtime < <(sed '/^#/d;/^$/d' ci/runtime-packages)
apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
  --no-replaces --no-enhances "${runtime[@]}" libc6 libgcc-s1 libstdc++6 2>/dev/null |
  grep -v '^ ' | grep -v '^<' | sed 's/:amd64$//' | sort -u >"$tmp/closure"
ldd "$binary" | awk '/=>/ {print $3} /ld-linux/ {print $1}' | while read -r lib; do
  pkg=$(dpkg -S "$(readlink -f "$lib")" 2>/dev/null | head -1 | cut -d: -f1)
  [ -z "$pkg" ] && pkg=$(dpkg -S "$lib" 2>/dev/null | head -1 | cut -d: -f1)
  if grep -qx "$pkg" "$tmp/closure"; then echo ok; else echo "missing $lib ($pkg)"; fi
done >"$tmp/libs"
if grep -q missing "$tmp/libs"; then bad "libraries not in the runtime stage: $(grep missing "$tmp/libs" | tr '\n' ' ')"; else ok; fi

# A root holding only those packages' libraries, the binary and the manifests.
jail="$tmp/jail"
mkdir -p "$jail/usr/local/bin" "$jail/topics" "$jail/tmp"
while read -r pkg; do
  dpkg -L "$pkg" 2>/dev/null | grep -E '^/(usr/)?lib(64|/x86_64-linux-gnu)?/[^ ]*\.so' || true
done <"$tmp/closure" | sort -u | while read -r file; do
  [ -e "$file" ] || [ -L "$file" ] || continue
  cp -a --parents "$file" "$jail" 2>/dev/null
done
# Debian 12 is merged-/usr: /lib and /lib64 are links into /usr.
for d in lib lib64; do [ -L "/$d" ] && ln -sfn "usr/$d" "$jail/$d"; done
cp "$binary" "$jail/usr/local/bin/topicform"
cp -r topics/. "$jail/topics/"
run_in_jail() {
  if [ "$(id -u)" = 0 ]; then chroot "$jail" "$@"; else unshare -r chroot "$jail" "$@"; fi
}
run_in_jail /usr/local/bin/topicform validate /topics >"$tmp/jail.log" 2>&1
status=$?
[ "$status" = 0 ] && ok || { bad "the binary runs with only the runtime libraries (exit $status)"; cat "$tmp/jail.log" >&2; }
grep -q "^ok in 6 files, 10 topics" "$tmp/jail.log" && ok || { bad "it validates the mounted manifests"; cat "$tmp/jail.log" >&2; }
run_in_jail /usr/local/bin/topicform docs --format html --out /tmp/catalogue /topics >/dev/null 2>&1 && ok || bad "docs runs in the runtime root"
strip_check=$(file "$binary")
[[ "$strip_check" == *"stripped"* && "$strip_check" != *"not stripped"* ]] && ok || bad "the binary is stripped"
echo "image: runtime root $(du -sm "$jail" | cut -f1) MiB, binary $(($(stat -c %s "$binary") / 1024)) KiB"
echo "image: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
