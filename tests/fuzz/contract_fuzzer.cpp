// libFuzzer target: any bytes as two schema files (split at the first "\n----\n") must be read
// with diagnostics, as JSON Schemas (then compared under every mode, both ways) and as Avro
// schemas: never a crash, a hang or a deep stack.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/contract/compatibility.hpp"
#include "fuzz_require.hpp"
#include "manifest/message_schema_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace topicform;
  auto [first, second] = two_files(data, size);
  std::vector<Diagnostic> diagnostics;
  read_avro_file(first, "old.avsc", diagnostics);
  read_avro_file(second, "new.avsc", diagnostics);
  auto earlier = read_message_schema(first, "old.json", diagnostics);
  auto later = read_message_schema(second, "new.json", diagnostics);
  if (!earlier || !later) return 0;
  for (auto mode : {CompatibilityMode::full_transitive, CompatibilityMode::backward,
                    CompatibilityMode::forward}) {
    schema_breaks({&earlier->root, &later->root}, later->root, mode);
    schema_breaks({&later->root}, earlier->root, mode);
  }
  return 0;
}
