// libFuzzer target: any bytes as a cluster snapshot and as a saved plan file: no crash, no
// exception, no undefined behaviour (a number too large for its field included), and what
// parses writes back and parses to the same.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cluster/snapshot.hpp"
#include "fuzz_require.hpp"
#include "render/plan_file.hpp"

using namespace topicform;

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
  return 0;
}
