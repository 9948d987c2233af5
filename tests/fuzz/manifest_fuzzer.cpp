// libFuzzer target: any bytes as a manifest file must give diagnostics, never a crash or hang.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/rules/check.hpp"
#include "manifest/project_loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace topicform;
  Project project;
  load_manifest_text(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.yaml",
                     project);
  RuleSink sink(project.settings, project.diagnostics);
  Environment environment = select_environment(project.settings, "", sink);
  check_topics(project.topics, project.settings, environment, sink);
  sort_diagnostics(project.diagnostics);
  return 0;
}
