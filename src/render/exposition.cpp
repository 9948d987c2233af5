// Prometheus text: HELP and TYPE lines, then samples with escaped label values.
#include "render/exposition.hpp"

#include <cstdint>

#include <fmt/format.h>

namespace topicform {

std::string metric_label_value(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\' || c == '"') out += '\\';
    out += c == '\n' ? std::string("\\n") : std::string(1, c);
  }
  return out;
}

void Exposition::metric(const std::string& name, const std::string& help, const char* type) {
  m_out << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n";
  m_name = name;
}

void Exposition::sample(const MetricLabels& labels, double value) {
  m_out << m_name;
  const char* separator = "{";
  for (const MetricLabels* list : {static_cast<const MetricLabels*>(&m_common), &labels}) {
    for (const auto& [key, text] : *list) {
      m_out << separator << key << "=\"" << metric_label_value(text) << "\"";
      separator = ",";
    }
  }
  if (*separator == ',') m_out << "}";
  bool whole = value == static_cast<double>(static_cast<std::int64_t>(value));
  m_out << " "
        << (whole ? fmt::format("{}", static_cast<std::int64_t>(value)) : fmt::format("{}", value))
        << "\n";
}

}  // namespace topicform
