// Prints topicform's verdict on each pair of a differential pairs file: "NAME compatible" or
// "NAME incompatible", one line each, for tests/contract/differential.py to set beside a
// registry's. Usage: contract_verdicts PAIRS.json
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "core/contract/compatibility.hpp"

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
    auto mode = topicform::parse_compatibility(pair.at("mode").get<std::string>());
    if (!mode) {
      std::cerr << "contract_verdicts: unknown mode in " << pair.at("name") << "\n";
      return 2;
    }
    const nlohmann::json& old_schema = pair.at("old");
    auto breaks = topicform::schema_breaks({&old_schema}, pair.at("new"), *mode);
    std::cout << pair.at("name").get<std::string>() << " "
              << (breaks.empty() ? "compatible" : "incompatible") << "\n";
  }
  return 0;
}
