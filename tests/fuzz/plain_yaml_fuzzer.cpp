// libFuzzer target: wherever the plain reader takes a file, it must read it exactly as yaml-cpp
// does (values, types, marks, diagnostics); a difference aborts with both readings.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "manifest/yaml_document.hpp"

namespace {

using topicform::Diagnostic;
using topicform::YamlDocument;

bool same_marks(const YamlDocument& a, const YamlDocument& b) {
  if (a.marks.size() != b.marks.size() || !(a.start == b.start)) return false;
  for (const auto& [pointer, m] : a.marks) {
    auto other = b.marks.find(pointer);
    if (other == b.marks.end() || !(other->second.key_at == m.key_at) ||
        !(other->second.value_at == m.value_at)) {
      std::fprintf(stderr, "marks differ at '%s'\n", pointer.c_str());
      return false;
    }
  }
  return true;
}

bool same_documents(const std::vector<YamlDocument>& a, const std::vector<YamlDocument>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].root != b[i].root) {
      std::fprintf(stderr, "plain: %s\nyaml-cpp: %s\n", a[i].root.dump().c_str(),
                   b[i].root.dump().c_str());
      return false;
    }
    if (!same_marks(a[i], b[i])) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace topicform;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<Diagnostic> plain_said, yaml_cpp_said;
  auto plain = parse_yaml_documents(text, "f.yaml", plain_said, YamlReaders::plain_first);
  auto yaml_cpp = parse_yaml_documents(text, "f.yaml", yaml_cpp_said, YamlReaders::yaml_cpp_only);
  if (!same_documents(plain, yaml_cpp) || plain_said != yaml_cpp_said) {
    std::fprintf(stderr, "the plain reader and yaml-cpp read this input differently\n");
    std::abort();
  }
  return 0;
}
