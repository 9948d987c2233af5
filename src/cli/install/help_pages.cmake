# Writes the man page and the bash and zsh completions from the built binary's own --help, so
# they always name the commands and options this topicform has.
# Usage: cmake -DBINARY=path/to/topicform -DOUT=dir -DVERSION=x.y.z -P help_pages.cmake
cmake_minimum_required(VERSION 3.25)

function(help_of command out)
  if(command STREQUAL "")
    execute_process(COMMAND ${BINARY} --help OUTPUT_VARIABLE text RESULT_VARIABLE status)
  else()
    execute_process(COMMAND ${BINARY} ${command} --help OUTPUT_VARIABLE text RESULT_VARIABLE status)
  endif()
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "topicform ${command} --help failed (${status})")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Roff for a block kept as it is: backslashes escaped, lines starting with . or ' made literal.
function(roff_literal text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# The commands: the two-space-indented first words under "Commands:" in the top help.
help_of("" top)
string(REGEX MATCH "Commands:\n(  [^\n]*\n)+" listing "${top}")
string(REGEX MATCHALL "\n  [a-z]+" names "${listing}")
set(commands "")
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  list(APPEND commands "${name}")
endforeach()
string(REGEX MATCH "^topicform - ([^\n]*)" _ "${top}")
set(summary "${CMAKE_MATCH_1}")

roff_literal("${top}" top_roff)
set(man ".TH TOPICFORM 1 \"\" \"topicform ${VERSION}\" \"User Commands\"\n.SH NAME\n")
string(APPEND man "topicform \\- ${summary}\n.SH SYNOPSIS\n.B topicform\n\\fIcommand\\fR [\\fIoptions\\fR] [\\fIPATH\\fR...]\n")
string(APPEND man ".SH DESCRIPTION\n.nf\n${top_roff}.fi\n.SH COMMANDS\n")
set(bash_cases "")
set(zsh_cases "")
foreach(command IN LISTS commands)
  help_of("${command}" text)
  roff_literal("${text}" text_roff)
  string(APPEND man ".SS topicform ${command}\n.nf\n${text_roff}.fi\n")
  # Options from their table (its lines start with the flag); a command without one names its
  # few options in its usage line.
  string(FIND "${text}" "\nOptions:\n" table)
  if(table GREATER -1)
    string(SUBSTRING "${text}" ${table} -1 options)
    # "-h [ --help ]" becomes "--help ]": an open bracket would stop CMake splitting the list.
    string(REGEX REPLACE "\n  -[a-zA-Z] \\[ --" "\n  --" options "${options}")
    string(REGEX MATCHALL "\n  --[a-z][a-z-]*" entries "${options}")
    set(flags "")
    foreach(entry IN LISTS entries)
      string(REGEX MATCH "--[a-z][a-z-]*" flag "${entry}")
      list(APPEND flags "${flag}")
    endforeach()
  else()
    string(REGEX MATCHALL "--[a-z][a-z-]*" flags "${text}")
  endif()
  list(REMOVE_DUPLICATES flags)
  list(JOIN flags " " flag_words)
  string(APPEND bash_cases "    ${command}) flags=\"${flag_words}\" ;;\n")
  string(APPEND zsh_cases "    ${command}) flags=(${flag_words}) ;;\n")
endforeach()
string(APPEND man ".SH ENVIRONMENT\n.TP\n.B KAFKA_BOOTSTRAP_SERVERS\nthe cluster, when no --bootstrap-server is given\n.TP\n.B NO_COLOR\nno colour, even on a terminal\n")
string(APPEND man ".SH SEE ALSO\nkafka-topics.sh(1)\n")
file(WRITE "${OUT}/topicform.1" "${man}")

list(JOIN commands " " command_words)
file(WRITE "${OUT}/topicform.bash"
"# bash completion for topicform ${VERSION} (generated from its --help): commands, then each
# command's options; anything else completes as a file or folder.
_topicform() {
  local cur=\${COMP_WORDS[COMP_CWORD]} flags=\"\"
  if [ \"\$COMP_CWORD\" -eq 1 ]; then
    mapfile -t COMPREPLY < <(compgen -W \"${command_words} --help --version\" -- \"\$cur\")
    return
  fi
  case \${COMP_WORDS[1]} in
${bash_cases}  esac
  if [[ \$cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W \"\$flags\" -- \"\$cur\")
  else
    mapfile -t COMPREPLY < <(compgen -f -- \"\$cur\")
  fi
}
complete -o filenames -F _topicform topicform
")
file(WRITE "${OUT}/_topicform"
"#compdef topicform
# zsh completion for topicform ${VERSION} (generated from its --help): commands, then each
# command's options; anything else completes as a file or folder.
_topicform() {
  local -a commands flags
  commands=(${command_words})
  if (( CURRENT == 2 )); then
    compadd -a commands
    return
  fi
  case \$words[2] in
${zsh_cases}  esac
  if [[ \$PREFIX == -* ]]; then
    compadd -a flags
  else
    _files
  fi
}
_topicform \"\$@\"
")
