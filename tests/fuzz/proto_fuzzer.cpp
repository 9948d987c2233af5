// libFuzzer target: any bytes as two .proto files (split at the first "\n----\n"), each allowed to
// import the other and a third, parsed and built by the protobuf library through topicform's
// bounded source; two that build are compared both ways by both rule sets. Never a crash or a
// hang, whatever cycles the imports make; and a file compared with itself breaks nothing.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "core/contract/proto_compatibility.hpp"
#include "fuzz_require.hpp"
#include "manifest/proto_reader.hpp"

namespace {

// The two fuzzed files and a common one both may import.
std::unique_ptr<topicform::ProtoFiles> fuzz_files(std::string_view a, std::string_view b) {
  return topicform::memory_proto_files(
      "a.proto", "a.proto",
      {{"a.proto", std::string(a)},
       {"b.proto", std::string(b)},
       {"common.proto",
        "syntax = \"proto3\";\npackage common;\nmessage Money { int64 minor = 1; }\nenum Kind { "
        "K0 = 0; }\n"}});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace topicform;
  auto [first, second] = two_files(data, size);
  auto files = fuzz_files(first, second);
  std::vector<Diagnostic> diagnostics;
  auto earlier = read_proto_document("a.proto", *files, diagnostics);
  auto later = read_proto_document("b.proto", *files, diagnostics);
  for (const auto& d : diagnostics)
    require(d.at.line >= 1 && d.at.column >= 1, "a place is 1-based");
  if (!earlier || !later) return 0;
  for (ProtoRules rules : {ProtoRules::confluent, ProtoRules::apicurio}) {
    proto_changes(*earlier, *later, rules);
    proto_changes(*later, *earlier, rules);
    for (const auto& change : proto_changes(*earlier, *earlier, rules))
      require(!change.breaking, "a file compared with itself breaks nothing");
  }
  return 0;
}
