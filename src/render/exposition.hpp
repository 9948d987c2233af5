// The Prometheus text exposition format, written one family at a time: check's gauges and
// serve's metrics share it, so both escape and print numbers alike.
#pragma once

#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace topicform {

using MetricLabels = std::vector<std::pair<std::string, std::string>>;

class Exposition {
 public:
  // `common`: labels every sample carries first (check's environment).
  explicit Exposition(MetricLabels common = {}) : m_common(std::move(common)) {}

  // Starts a family: its HELP and TYPE ("gauge", "counter").
  void metric(const std::string& name, const std::string& help, const char* type = "gauge");
  // One sample of the family last started; a whole value is printed without a fraction.
  void sample(const MetricLabels& labels, double value);
  std::string text() const { return m_out.str(); }

 private:
  MetricLabels m_common;
  std::string m_name;
  std::ostringstream m_out;
};

// A label value as the exposition format escapes it: backslash, double quote and newline.
std::string metric_label_value(const std::string& text);

}  // namespace topicform
