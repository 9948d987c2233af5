#!/usr/bin/env bash
# `cmake --install BUILD --prefix P` lays out what a package needs, and each piece works: the
# binary runs, the man page renders without warnings, the bash and zsh completions complete
# commands and a command's options (zsh's completion system stood in for by stubs).
# Usage: tests/delivery/install.sh BUILD_DIR   (from the repository root)
set -uo pipefail
build="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
suite=install
. "$(dirname "$0")/../lib.sh"
P="$tmp/prefix"

cmake --install "$build" --prefix "$P" >"$tmp/install.log" 2>&1 || { bad "cmake --install"; cat "$tmp/install.log" >&2; }
for file in bin/topicform share/topicform/schema/topic.schema.json share/topicform/schema/settings.schema.json \
  share/man/man1/topicform.1 share/bash-completion/completions/topicform \
  share/zsh/vendor-completions/_topicform share/doc/topicform/LICENSE; do
  [ -s "$P/$file" ] && ok || bad "$file is installed"
done
"$P/bin/topicform" version | grep -q "^topicform " && ok || bad "the installed binary runs"
cmp -s "$P/share/topicform/schema/topic.schema.json" schema/topic.schema.json && ok || bad "the installed schema is the repository's"
grep -q "Apache License" "$P/share/doc/topicform/LICENSE" && grep -q "Version 2.0" "$P/share/doc/topicform/LICENSE" && ok || bad "LICENSE is Apache-2.0"

# The man page: no groff warnings, every command has its section, the options are there.
MANWIDTH=100 man --warnings -l "$P/share/man/man1/topicform.1" >"$tmp/man.txt" 2>"$tmp/man.err"
[ ! -s "$tmp/man.err" ] && ok || { bad "the man page renders without warnings"; cat "$tmp/man.err" >&2; }
for command in validate plan apply docs rules version; do
  grep -q "^   topicform $command$" "$tmp/man.txt" && ok || bad "the man page has a section for $command"
done
grep -q -- "--detailed-exitcode" "$tmp/man.txt" && ok || bad "the man page lists plan's options"

# bash: COMPREPLY for a command prefix, an option prefix, and a file.
bash_complete() {  # WORDS...: the completions of the last word
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _topicform; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$P/share/bash-completion/completions/topicform" "$@"
}
[ "$(bash_complete topicform pl)" = "plan" ] && ok || bad "bash completes 'pl' to plan"
[ "$(bash_complete topicform plan --detailed)" = "--detailed-exitcode" ] && ok || bad "bash completes plan's --detailed-exitcode"
[ "$(bash_complete topicform apply --auto)" = "--auto-approve" ] && ok || bad "bash completes apply's --auto-approve"
[ -z "$(bash_complete topicform validate --auto)" ] && ok || bad "bash offers apply's options to validate"
[ "$(cd tests/corpus && bash_complete topicform validate alias-b)" = "alias-bomb" ] && ok || bad "bash completes a path"

# zsh: the completion function with compadd and _files stubbed, as the completion system calls it.
zsh_complete() {  # WORDS...
  zsh -fc 'compadd() { [[ $1 == -a ]] && print -rl -- ${(P)2}; }; _files() { print _files; }
    words=("${@:2}"); CURRENT=$(($# - 1)); PREFIX=${@[-1]}; source "$1"' _ "$P/share/zsh/vendor-completions/_topicform" "$@"
}
zsh_complete topicform "" | grep -qx apply && ok || bad "zsh offers the commands"
zsh_complete topicform plan --s | grep -qx -- --stats && ok || bad "zsh offers plan's options"
[ "$(zsh_complete topicform plan top)" = "_files" ] && ok || bad "zsh completes paths after the command"
finish
