// Who writes and reads a topic, as a graph drawn both as Mermaid text and as inline SVG.
#pragma once

#include <string>
#include <vector>

#include "docs/catalogue.hpp"

namespace topicform {

struct FlowNode {
  enum class Kind { service, topic, dead };
  std::string label;
  Kind kind = Kind::service;
  int column = 0;                   // producers 0, topics 1, consumer groups 2, dead topics 3
  std::vector<std::string> topics;  // the topics it is drawn for: a search shows it with them
};

struct FlowEdge {
  std::size_t from = 0;
  std::size_t to = 0;
  bool failure = false;             // a consumer's failed message sent to the dead topic
  std::vector<std::string> topics;  // the topics it is drawn for
};

struct Flow {
  std::vector<FlowNode> nodes;
  std::vector<FlowEdge> edges;
};

// producer -> topic -> consumer groups, and each group -> the `.dead` topic.
Flow topic_flow(const CatalogueTopic& topic);
// The same for several topics at once; a service appears once per column it is in.
Flow domain_flow(const Catalogue& catalogue, const std::vector<std::size_t>& topics);

// A `flowchart LR` block body (without the fences).
std::string render_mermaid(const Flow& flow);
// A standalone <svg> element: boxes in columns, arrows between them; no scripts, no fonts fetched.
// `id` names its arrowhead marker, so several drawings on one page keep distinct ids. Boxes and
// arrows carry `data-topics`, the topics they are drawn for, so a page's search can hide them.
std::string render_svg(const Flow& flow, const std::string& title, const std::string& id);

}  // namespace topicform
