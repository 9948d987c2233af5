// The rows every format shows for a topic, worded once so Markdown and HTML say the same.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "docs/catalogue.hpp"

namespace topicform {

struct Fact {
  std::string label;
  std::string value;
  std::string link;  // a URL, or a path relative to the topic's page; empty for none
};

// Owner card: kind, domain, team, producer, consumer groups, key, ordering, schema, labels.
std::vector<Fact> owner_facts(const CatalogueTopic& topic);
// Storage: partitions, replication, retention, cleanup, dead topic, storage estimate.
std::vector<Fact> storage_facts(const CatalogueTopic& topic);
// Every desired config override, key -> value, with durations and sizes also in human units.
std::vector<std::pair<std::string, std::string>> config_rows(const CatalogueTopic& topic);
// "delivery-service (12 replicas), audit-service"
std::string consumer_list(const OwnerCard& owner);

// What the config section says above its table.
inline constexpr const char* kConfigNote =
    "The complete set of dynamic configs apply sets on the topic.";

// A table in plain text; each renderer escapes and draws it.
struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

// One row per declared environment: partitions, replication, retention, min in-sync replicas.
Table environment_table(const CatalogueTopic& topic);
// "The environments differ:" or "Every environment has the same figures."
std::string environments_note(const CatalogueTopic& topic);

// The index's columns: the header, and a topic's cells after its name (which renderers link).
std::vector<std::string> index_header();
std::vector<std::string> index_cells(const CatalogueTopic& topic);

}  // namespace topicform
