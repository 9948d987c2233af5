// libFuzzer target: any bytes as each answer of a Schema Registry (a server topicform does not
// control): no crash, no exception, no undefined behaviour, and error words stay bounded.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_require.hpp"
#include "registry/registry_answers.hpp"

using namespace topicform;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
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
  return 0;
}
