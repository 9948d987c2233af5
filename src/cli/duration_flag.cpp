// Duration flags read into milliseconds, with the one message every duration flag gives.
#include "cli/duration_flag.hpp"

#include <fmt/format.h>
#include <boost/program_options.hpp>

#include "core/model/units.hpp"

namespace topicform {
namespace po = boost::program_options;
namespace {

constexpr const char* kNotADuration = "is not a duration between 1ms and 24h (e.g. 30s, 2m)";

// Boost names the flag (%canonical_option%) once it knows which option the value was for.
class NotADuration : public po::error_with_option_name {
 public:
  explicit NotADuration(const std::string& value)
      : po::error_with_option_name(std::string("%canonical_option% '%value%' ") + kNotADuration) {
    set_substitute("value", value);
  }
};

}  // namespace

Result<int> duration_flag_ms(const std::string& flag, const std::string& value) {
  constexpr std::int64_t kDay = 24LL * 3'600'000;
  auto seconds = parse_integer(value);
  bool seconds_fit = seconds && *seconds > 0 && *seconds <= kDay / 1000;
  auto ms = seconds ? std::optional<std::int64_t>(seconds_fit ? *seconds * 1000 : -1)
                    : parse_duration_ms(value);
  if (!ms || *ms <= 0 || *ms > kDay)
    return Error{fmt::format("{} '{}' {}", flag, value, kNotADuration)};
  return static_cast<int>(*ms);
}

void validate(boost::any& out, const std::vector<std::string>& values, DurationMs*, int) {
  po::validators::check_first_occurrence(out);
  const std::string& value = po::validators::get_single_string(values);
  auto ms = duration_flag_ms("", value);
  if (!ms) throw NotADuration(value);
  out = DurationMs{*ms};
}

}  // namespace topicform
