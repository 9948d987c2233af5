// Prints topicform's verdict on each pair of a differential pairs file, one line each, for
// tests/contract/differential.py (JSON Schema: "NAME compatible" or "NAME incompatible", the new
// schema under the pair's mode) and tests/contract/avro_differential.py (Avro, "format": "avro":
// whether "reader" reads what "writer" wrote, "NAME incompatible KIND,KIND" with the kinds) to
// set beside another's; and Protobuf ("format": "protobuf", the .proto texts under the pair's
// mode, by the pair's "rules", Apicurio's when not given). Usage: contract_verdicts PAIRS.json
#include <fstream>
#include <iostream>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "core/contract/avro_compatibility.hpp"
#include "core/contract/compatibility.hpp"
#include "core/contract/proto_against.hpp"
#include "manifest/proto_reader.hpp"

namespace {

// "compatible", or "incompatible" and the sorted kinds; "invalid" when either is no Avro schema.
std::string avro_verdict(const nlohmann::json& pair) {
  std::vector<topicform::Diagnostic> problems;
  auto reader = topicform::read_avro({"reader.avsc", pair.at("reader"), {}}, problems);
  auto writer = topicform::read_avro({"writer.avsc", pair.at("writer"), {}}, problems);
  if (!reader || !writer) return "invalid " + (problems.empty() ? "" : problems[0].message);
  std::set<std::string> kinds;
  for (const auto& found : topicform::avro_reader_breaks(*reader, *writer))
    kinds.insert(topicform::avro_incompatibility_name(found.kind));
  if (kinds.empty()) return "compatible";
  return fmt::format("incompatible {}", fmt::join(kinds, ","));
}

std::shared_ptr<const topicform::ProtoDocument> built(
    const nlohmann::json& text, std::vector<topicform::Diagnostic>& problems) {
  // The pair's text alone: its imports are only the well-known types.
  auto file = topicform::memory_proto_files("pair.proto", "pair.proto",
                                            {{"pair.proto", text.get<std::string>()}});
  return topicform::read_proto_document("pair.proto", *file, problems);
}

// "compatible", or "incompatible" and the breaks in words; "invalid" when either does not build.
std::string proto_verdict(const nlohmann::json& pair) {
  auto mode = topicform::parse_compatibility(pair.at("mode").get<std::string>());
  auto rules = topicform::parse_proto_rules(pair.value("rules", "apicurio"));
  if (!mode || !rules) return "";
  std::vector<topicform::Diagnostic> problems;
  auto earlier = built(pair.at("old"), problems);
  auto now = built(pair.at("new"), problems);
  if (!earlier || !now) return "invalid " + (problems.empty() ? "" : problems[0].message);
  auto breaks = topicform::proto_breaks_in_words(*now, *earlier, *mode, *rules);
  if (breaks.empty()) return "compatible";
  return fmt::format("incompatible {}", fmt::join(breaks, "; "));
}

// "compatible" or "incompatible": the new JSON Schema under the pair's mode; "" for a bad mode.
std::string json_verdict(const nlohmann::json& pair) {
  auto mode = topicform::parse_compatibility(pair.at("mode").get<std::string>());
  if (!mode) return "";
  const nlohmann::json& old_schema = pair.at("old");
  auto breaks = topicform::schema_breaks({&old_schema}, pair.at("new"), *mode);
  return breaks.empty() ? "compatible" : "incompatible";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: contract_verdicts PAIRS.json\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  nlohmann::json pairs = nlohmann::json::parse(file, nullptr, false);
  if (!pairs.is_array()) {
    std::cerr << "contract_verdicts: " << argv[1] << " is not a JSON list of pairs\n";
    return 2;
  }
  for (const auto& pair : pairs) {
    std::string format = pair.value("format", "json");
    std::string verdict = format == "avro"       ? avro_verdict(pair)
                          : format == "protobuf" ? proto_verdict(pair)
                                                 : json_verdict(pair);
    if (verdict.empty()) {
      std::cerr << "contract_verdicts: unknown mode in " << pair.at("name") << "\n";
      return 2;
    }
    std::cout << pair.at("name").get<std::string>() << " " << verdict << "\n";
  }
  return 0;
}
