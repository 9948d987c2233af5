// Builds flows from the owner cards and lays them out in four columns for SVG.
#include "docs/flow.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "docs/escape.hpp"

namespace topicform {
namespace {

// Adds `name` to `topics` once.
void add_topic(std::vector<std::string>& topics, const std::string& name) {
  if (std::find(topics.begin(), topics.end(), name) == topics.end()) topics.push_back(name);
}

class Builder {
 public:
  std::size_t node(const std::string& label, FlowNode::Kind kind, int column) {
    auto key = std::make_pair(column, label);
    auto it = m_index.find(key);
    std::size_t i = it != m_index.end() ? it->second : m_flow.nodes.size();
    if (it == m_index.end()) {
      m_flow.nodes.push_back({label, kind, column, {}});
      m_index[key] = i;
    }
    add_topic(m_flow.nodes[i].topics, m_topic);
    return i;
  }
  void edge(std::size_t from, std::size_t to, bool failure) {
    for (auto& e : m_flow.edges) {
      if (e.from == from && e.to == to) return add_topic(e.topics, m_topic);
    }
    m_flow.edges.push_back({from, to, failure, {m_topic}});
  }
  void add(const CatalogueTopic& entry) {
    m_topic = entry.name();
    const OwnerCard& owner = entry.spec().owner;
    std::size_t topic = node(entry.name(), FlowNode::Kind::topic, 1);
    if (!owner.producer.value.empty()) {
      edge(node(owner.producer.value, FlowNode::Kind::service, 0), topic, false);
    }
    for (const auto& group : owner.consumers) {
      std::size_t reader = node(group.group.value, FlowNode::Kind::service, 2);
      edge(topic, reader, false);
      if (entry.dead) edge(reader, node(entry.dead->name, FlowNode::Kind::dead, 3), true);
    }
    if (entry.dead && owner.consumers.empty()) {
      edge(topic, node(entry.dead->name, FlowNode::Kind::dead, 3), true);
    }
  }
  Flow take() { return std::move(m_flow); }

 private:
  Flow m_flow;
  std::map<std::pair<int, std::string>, std::size_t> m_index;
  std::string m_topic;  // the topic being added
};

constexpr int kColumnWidth = 250;
constexpr int kBoxHeight = 34;
constexpr int kRowGap = 14;
constexpr int kMargin = 10;
constexpr double kCharWidth = 7.2;  // average width of a 12px sans-serif character

int box_width(const std::string& label) {
  return std::min(kColumnWidth - 30,
                  static_cast<int>(static_cast<double>(label.size()) * kCharWidth) + 20);
}

// Topic names are single words (Kafka allows no spaces), so a space-separated list is exact.
std::string topics_attribute(const std::vector<std::string>& topics) {
  return html_escape(fmt::format("{}", fmt::join(topics, " ")));
}

}  // namespace

Flow topic_flow(const CatalogueTopic& topic) {
  Builder b;
  b.add(topic);
  return b.take();
}

Flow domain_flow(const Catalogue& catalogue, const std::vector<std::size_t>& topics) {
  Builder b;
  for (std::size_t i : topics) b.add(catalogue.topics[i]);
  return b.take();
}

std::string render_mermaid(const Flow& flow) {
  std::string out = "flowchart LR\n";
  for (std::size_t i = 0; i < flow.nodes.size(); ++i) {
    const auto& n = flow.nodes[i];
    std::string label = mermaid_label(n.label);
    out += n.kind == FlowNode::Kind::service ? fmt::format("  n{}[\"{}\"]\n", i, label)
                                             : fmt::format("  n{}[(\"{}\")]\n", i, label);
  }
  for (const auto& e : flow.edges) {
    out += e.failure ? fmt::format("  n{} -. failures .-> n{}\n", e.from, e.to)
                     : fmt::format("  n{} --> n{}\n", e.from, e.to);
  }
  return out;
}

namespace {

// One node's box at `at` (its top left), with its label and the topics it stands for.
std::string svg_box(const FlowNode& n, std::pair<int, int> at) {
  const char* kind = n.kind == FlowNode::Kind::service ? "service"
                     : n.kind == FlowNode::Kind::topic ? "topic"
                                                       : "dead";
  int w = box_width(n.label);
  return fmt::format(
      "<g class=\"node {0}\" data-topics=\"{9}\"><rect x=\"{1}\" y=\"{2}\" width=\"{3}\" "
      "height=\"{4}\" rx=\"{5}\"/><text x=\"{6}\" y=\"{7}\" "
      "text-anchor=\"middle\">{8}</text></g>\n",
      kind, at.first, at.second, w, kBoxHeight, n.kind == FlowNode::Kind::service ? 4 : 14,
      at.first + w / 2, at.second + kBoxHeight / 2 + 4, html_escape(n.label),
      topics_attribute(n.topics));
}

}  // namespace

std::string render_svg(const Flow& flow, const std::string& title, const std::string& id) {
  const std::string marker = "arrow-" + page_name(id);
  // Each column stacks its boxes from the top; the drawing is as tall as the fullest column.
  std::map<int, int> rows;
  std::vector<std::pair<int, int>> at(flow.nodes.size());  // x, y of each box's top left
  for (std::size_t i = 0; i < flow.nodes.size(); ++i) {
    int column = flow.nodes[i].column;
    at[i] = {kMargin + column * kColumnWidth, kMargin + rows[column]++ * (kBoxHeight + kRowGap)};
  }
  int tallest = 0;
  int widest = 0;
  for (const auto& [column, count] : rows) {
    tallest = std::max(tallest, count);
    widest = std::max(widest, column + 1);
  }
  int width = 2 * kMargin + widest * kColumnWidth - 30;
  int height = 2 * kMargin + tallest * (kBoxHeight + kRowGap) - kRowGap;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"flow\" role=\"img\" width=\"{0}\" "
      "height=\"{1}\" viewBox=\"0 0 {0} {1}\">\n<title>{2}</title>\n"
      "<defs><marker id=\"{3}\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"8\" "
      "markerHeight=\"8\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\"/>"
      "</marker></defs>\n",
      width, height, html_escape(title), marker);
  for (const auto& e : flow.edges) {
    int x1 = at[e.from].first + box_width(flow.nodes[e.from].label);
    int y1 = at[e.from].second + kBoxHeight / 2;
    int x2 = at[e.to].first;
    int y2 = at[e.to].second + kBoxHeight / 2;
    out += fmt::format(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"{}\" marker-end=\"url(#{})\" "
        "data-topics=\"{}\"/>\n",
        x1, y1, x2, y2, e.failure ? "edge failure" : "edge", marker, topics_attribute(e.topics));
  }
  for (std::size_t i = 0; i < flow.nodes.size(); ++i) out += svg_box(flow.nodes[i], at[i]);
  out += "</svg>\n";
  return out;
}

}  // namespace topicform
