// libFuzzer target: any bytes as a cluster snapshot, as a saved plan file and as each answer of a
// Schema Registry: no crash, no exception, no undefined behaviour (a number too large for its
// field included), and what parses writes back and parses to the same.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "cluster/snapshot.hpp"
#include "registry/registry_answers.hpp"
#include "render/plan_file.hpp"

namespace {

using namespace topicform;

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "saved_files_fuzzer: %s\n", what);
  std::abort();
}

// The registry's answers are read from a server topicform does not control.
void read_as_registry_answers(const std::string& text) {
  SubjectState state;
  (void)parse_latest(text, state);
  (void)parse_versions(text);
  (void)parse_level(text);
  (void)parse_verdict(text);
  (void)parse_version_of(text);
  (void)parse_id(text);
  (void)error_code(text);
  // 300 bytes quoted, each written as at most four (\xHH), and the words around them.
  require(error_words(500, text).size() <= 4 * 300 + 100, "an error answer is quoted unbounded");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  if (auto state = parse_snapshot(text)) {
    auto again = parse_snapshot(write_snapshot(*state));
    require(again.has_value(), "a written snapshot does not read back");
    require(*again == *state, "a snapshot reads back as another");
  }
  if (auto saved = read_plan_file(text)) {
    auto again = read_plan_file(write_plan_file(*saved));
    require(again.has_value(), "a written plan does not read back");
    require(again->plan.actions.size() == saved->plan.actions.size(),
            "a plan reads back with other actions");
  }
  read_as_registry_answers(text);
  return 0;
}
