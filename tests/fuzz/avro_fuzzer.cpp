// libFuzzer target: any bytes as two Avro schema files (split at the first "\n----\n") must be
// read with diagnostics, the second also with the first as its reference (schema.references),
// and two valid ones resolved both ways (reader and writer) and compared for meaning: never a
// crash, a hang or a deep stack, whatever recursion the types hold.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/contract/avro_compatibility.hpp"
#include "core/contract/avro_meaning.hpp"
#include "fuzz_require.hpp"
#include "manifest/message_schema_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace topicform;
  auto [first, second] = two_files(data, size);
  std::vector<Diagnostic> diagnostics;
  auto earlier = read_avro_file(first, "old.avsc", diagnostics);
  if (earlier) {
    auto user = read_avro_document(second, "user.avsc", diagnostics, {&*earlier});
    if (user) avro_reader_breaks(user->avro, user->avro);  // the copied types resolve
  }
  auto later = read_avro_file(second, "new.avsc", diagnostics);
  if (!earlier || !later) return 0;
  avro_reader_breaks(*later, *earlier);
  avro_reader_breaks(*earlier, *later);
  avro_meaning_changes(*earlier, *later);
  avro_meaning_changes(*later, *earlier);
  return 0;
}
